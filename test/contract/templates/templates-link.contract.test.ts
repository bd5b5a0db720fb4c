// Templates: linking a frame to a template already in the builder (a save whose answer was lost)
// against the builder emulator, with the fake Figma and the demo document. Linked only when the
// template holds the frame's content as it is now; otherwise refused in words, nothing written.
import { deflateSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFigmaFetchTransport } from '../../../src/http/figma-fetch-transport';
import { createPlugin } from '../../../src/handlers';
import { handlerContext } from '../../../src/shared/bridge/endpoint';
import { parseTemplateLink, TEMPLATE_INDEX_KEY, TEMPLATE_LINK_KEY } from '../../../src/templates/template-link';
import { createFakeFigma, type FakeFigma } from '../../fake-figma';
import { buildDemoDocumentAsync } from '../../fixtures/demo-document';
import { startEmulator } from '../../emulator/index';
import { controlAsync, emulatorKeysAsync } from '../clients/support/transports';
import { messageProblems } from '../../support/message-rules';

type Emulator = Awaited<ReturnType<typeof startEmulator>>;

let emulator: Emulator;
let fake: FakeFigma;
let plugin: ReturnType<typeof createPlugin>;
let builderKey: string;

const context = handlerContext();
const EMAIL = 'Spring sale — 2026-03-18';

interface StoredTemplate {
  id: string;
  name: string;
  updated_at: string;
}

async function apiAsync(path: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; data: StoredTemplate[] & StoredTemplate }> {
  const response = await fetch(`${emulator.builderUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${builderKey}`, 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, data: ((await response.json()) as { data: StoredTemplate[] & StoredTemplate }).data };
}

async function startWithEmailAsync(): Promise<FrameNode> {
  fake = createFakeFigma({ currentUser: { id: 'u1', name: 'Dana Designer' }, allowedDomains: [emulator.builderUrl], deflate: deflateSync });
  await buildDemoDocumentAsync(fake.figma);
  fake.figma.commitUndo();
  plugin = createPlugin({ figma: fake.figma, transport: createFigmaFetchTransport(fake.fetch) });
  await plugin.handlers['settings/save-api']({ api: 'builder', baseUrl: emulator.builderUrl, key: builderKey }, context);
  const page = fake.figma.root.children.find((each) => each.name === 'Emails')!;
  await fake.figma.setCurrentPageAsync(page);
  const frame = page.children.find((node) => node.name === EMAIL) as FrameNode;
  page.selection = [frame];
  return frame;
}

function linkOf(frame: FrameNode) {
  return parseTemplateLink(fake.inspect.run(() => frame.getPluginData(TEMPLATE_LINK_KEY)));
}

async function rejectionOf(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error('expected a rejection');
}

/** The demo email saved as “Spring” with the builder's answer garbled (made, the answer unread): the template's id. */
async function lostSaveAsync(frame: FrameNode): Promise<string> {
  // Seed 7 garbles the first answer (the create, which the builder applies) and not the next.
  await controlAsync(emulator.builderUrl, 'faults', { rate: 0.5, kinds: ['malformed'], seed: 7 });
  expect(await rejectionOf(plugin.handlers['templates/create']({ name: 'Spring', description: '', frameId: frame.id }, context))).toMatchObject({ code: 'answer_lost' });
  await controlAsync(emulator.builderUrl, 'faults', { rate: 0 });
  expect(linkOf(frame)).toBeNull();
  const made = (await apiAsync('/templates')).data.filter((template) => template.name === 'Spring');
  expect(made).toHaveLength(1);
  return made[0]!.id;
}

beforeEach(async () => {
  emulator = await startEmulator({ limits: 'real' });
  builderKey = (await emulatorKeysAsync(emulator.libraryUrl)).builder.demo;
});

afterEach(async () => {
  await emulator.close();
});

describe('linking a frame to a template a lost save made', () => {
  it('links the frame when the template holds its content now, as a save would; one undo step takes it back', async () => {
    const frame = await startWithEmailAsync();
    const id = await lostSaveAsync(frame);
    const linked = await plugin.handlers['templates/link']({ frameId: frame.id, templateId: id }, context);
    const stored = (await apiAsync(`/templates/${id}`)).data;
    expect(linked.selection.link).toMatchObject({ templateId: id, templateName: 'Spring', savedAt: stored.updated_at });
    expect(linked.template.linkedFrame?.id).toBe(frame.id);
    expect(linkOf(frame)).toMatchObject({ templateId: id, savedAt: stored.updated_at });
    expect(fake.inspect.relaunchButtons(frame).map((button) => button.command)).toEqual(['update-template']);
    // The hash is the save's: nothing to send until the frame changes.
    expect((await plugin.handlers['templates/update']({ frameId: frame.id }, context)).outcome).toBe('unchanged');

    fake.figma.triggerUndo();
    expect(linkOf(frame)).toBeNull();
    expect(JSON.parse(fake.inspect.run(() => fake.figma.root.getPluginData(TEMPLATE_INDEX_KEY)) || '{}')).toEqual({});
  });

  it('refuses, in words, a template that holds other content than the frame now; nothing is linked', async () => {
    const frame = await startWithEmailAsync();
    const id = await lostSaveAsync(frame);
    // The frame changed since the lost save: the template is not what it holds now.
    frame.fills = [{ type: 'SOLID', color: { r: 0.2, g: 0.4, b: 0.6 } }];
    const changed = await rejectionOf(plugin.handlers['templates/link']({ frameId: frame.id, templateId: id }, context));
    expect(changed).toMatchObject({ code: 'other_content' });
    expect(changed.message).toBe(
      `“${EMAIL}” was not linked: the template “Spring” holds other content than the frame has now (it was changed since it was saved, or it is another frame’s). Save the frame as a template again, or pick another template.`,
    );
    expect(messageProblems(changed.message)).toEqual([]);
    expect(linkOf(frame)).toBeNull();
    expect(fake.inspect.relaunchButtons(frame)).toEqual([]);

    // Another client's template of the same name, holding other content.
    const theirs = await apiAsync('/templates', { method: 'POST', body: { name: 'Spring', content: { format: 'figma-node-tree', version: 1, root: { type: 'FRAME', name: 'Made elsewhere' } } } });
    expect(theirs.status).toBe(201);
    expect(await rejectionOf(plugin.handlers['templates/link']({ frameId: frame.id, templateId: theirs.data.id }, context))).toMatchObject({ code: 'other_content' });
    expect(linkOf(frame)).toBeNull();
  });

  // Two saves of one frame queued one behind the other (the window gave up on the first while it
  // waited its turn here, then saved again): the second made another template and took the link.
  it('a save of a frame linked meanwhile makes no second template and keeps its link', async () => {
    const frame = await startWithEmailAsync();
    const first = await plugin.handlers['templates/create']({ name: 'Spring', description: '', frameId: frame.id }, context);
    const refused = await rejectionOf(plugin.handlers['templates/create']({ name: 'Spring', description: '', frameId: frame.id }, context));
    expect(refused).toMatchObject({ code: 'already_linked' });
    expect(refused.message).toBe(`“${EMAIL}” was saved as the template “Spring” meanwhile and is linked to it, so no second template was made. Update template saves your changes to it.`);
    expect(messageProblems(refused.message)).toEqual([]);
    expect(linkOf(frame)?.templateId).toBe(first.template!.id);
    expect((await apiAsync('/templates')).data.filter((template) => template.name === 'Spring')).toHaveLength(1);
  });

  // The rename reads the template, then renames it: a teammate's save between the two was in the
  // rename's answer, and the link took that answer's time as its own save's, so the frame's next
  // update replaced the teammate's content without a word.
  it('a rename answered with a teammate’s save made just before it leaves the next update to say so', async () => {
    const frame = await startWithEmailAsync();
    let beforeRename: (() => Promise<unknown>) | null = null;
    const fetchAsIs = fake.fetch;
    const held = (async (url: string, init?: { method?: string }) => {
      const step = init?.method === 'PUT' ? beforeRename : null;
      if (step) {
        beforeRename = null;
        await step();
      }
      return fetchAsIs(url, init as never);
    }) as typeof fake.fetch;
    plugin = createPlugin({ figma: fake.figma, transport: createFigmaFetchTransport(held) });
    const created = await plugin.handlers['templates/create']({ name: 'Spring', description: '', frameId: frame.id }, context);
    const id = created.template!.id;
    beforeRename = () => apiAsync(`/templates/${id}`, { method: 'PUT', body: { content: { format: 'figma-node-tree', version: 1, root: { type: 'FRAME', name: 'Made by a teammate' } } } });
    await plugin.handlers['templates/rename']({ id, name: 'Spring (final)', description: '' }, context);
    expect(beforeRename).toBeNull();

    frame.fills = [{ type: 'SOLID', color: { r: 0.9, g: 0.1, b: 0.1 } }];
    expect(await rejectionOf(plugin.handlers['templates/update']({ frameId: frame.id }, context))).toMatchObject({ code: 'template_changed' });
    const stored = (await apiAsync(`/templates/${id}`)).data as unknown as { content: { root: { name: string } } };
    expect(stored.content.root.name).toBe('Made by a teammate');
  });

  it('a frame already linked is not linked to another template over its link', async () => {
    const frame = await startWithEmailAsync();
    const first = await plugin.handlers['templates/create']({ name: 'Spring', description: '', frameId: frame.id }, context);
    const refused = await rejectionOf(plugin.handlers['templates/link']({ frameId: frame.id, templateId: first.template!.id }, context));
    expect(refused).toMatchObject({ code: 'already_linked' });
    expect(linkOf(frame)?.templateId).toBe(first.template!.id);
  });
});
