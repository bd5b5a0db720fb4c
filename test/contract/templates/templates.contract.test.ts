// The Templates room end to end without a browser: the real handlers against the fake Figma with
// the demo document, and the builder emulator (real limits) behind Figma-style fetch. Outcomes
// are checked where they land: the emulator read back through its API, and the document.
import { deflateSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFigmaFetchTransport } from '../../../src/http/figma-fetch-transport';
import { createPlugin } from '../../../src/handlers';
import type { HttpRequest } from '../../../src/shared/api/http/transport';
import type { SandboxEndpoint } from '../../../src/bridge/sandbox-endpoint';
import { handlerContext } from '../../../src/shared/bridge/endpoint';
import type { TemplateSelection } from '../../../src/shared/bridge/messages';
import { DELETED_HERE, parseTemplateLink, TEMPLATE_INDEX_KEY, TEMPLATE_LINK_KEY } from '../../../src/templates/template-link';
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
let sent: HttpRequest[];
/** Runs as each request leaves (a test's way to change the document meanwhile). */
let onSend: ((request: HttpRequest) => void) | null = null;
/** A builder that stalls: the requests it matches get no answer. */
let stalls: ((request: HttpRequest) => boolean) | null = null;
/** A builder that asks Envelope to slow down: the requests it matches are answered 429 with this Retry-After (seconds). */
let slowDown: ((request: HttpRequest) => number | null) | null = null;

const context = handlerContext();
const EMAIL = 'Spring sale — 2026-03-18';

interface TreeNode {
  type?: string;
  componentKey?: string;
  fills?: unknown;
  children?: TreeNode[];
}

interface StoredTemplate {
  id: string;
  name: string;
  description: string;
  updated_at: string;
  thumbnail_url: string;
  content: { format: string; root: TreeNode; preview_png_base64: string };
}

async function apiAsync(path: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: { data: StoredTemplate } }> {
  const response = await fetch(`${emulator.builderUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${builderKey}`, 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? null : JSON.parse(text)) as { data: StoredTemplate } };
}

/** `createPluginOf`: the plugin as loaded by the test (by default, with the file's modules). */
async function startAsync(options: { deflate: boolean; createPluginOf?: typeof createPlugin }): Promise<void> {
  fake = createFakeFigma({ currentUser: { id: 'u1', name: 'Dana Designer' }, allowedDomains: [emulator.builderUrl], ...(options.deflate ? { deflate: deflateSync } : {}) });
  await buildDemoDocumentAsync(fake.figma);
  // The document as the person had it before the plugin ran: not part of any undo step of the plugin's.
  fake.figma.commitUndo();
  const transport = createFigmaFetchTransport(fake.fetch);
  sent = [];
  plugin = (options.createPluginOf ?? createPlugin)({
    figma: fake.figma,
    transport: (request) => {
      sent.push(request);
      onSend?.(request);
      if (stalls?.(request)) return new Promise(() => undefined);
      const retryAfter = slowDown?.(request) ?? null;
      if (retryAfter !== null) return Promise.resolve({ status: 429, headers: { 'retry-after': String(retryAfter) }, text: JSON.stringify({ error: 'rate_limited', message: 'Slow down.' }) });
      return transport(request);
    },
  });
  await plugin.handlers['settings/save-api']({ api: 'builder', baseUrl: emulator.builderUrl, key: builderKey }, context);
}

async function selectEmailAsync(): Promise<FrameNode> {
  const page = fake.figma.root.children.find((each) => each.name === 'Emails')!;
  await fake.figma.setCurrentPageAsync(page);
  const frame = page.children.find((node) => node.name === EMAIL) as FrameNode;
  page.selection = [frame];
  return frame;
}

/** The demo email selected and saved as the template “Spring”: the frame, the create's answer and the template's id. */
async function linkedSpringAsync() {
  await startAsync({ deflate: true });
  const frame = await selectEmailAsync();
  const created = await plugin.handlers['templates/create']({ name: 'Spring', description: '' }, context);
  return { frame, created, id: created.template!.id };
}

function linkOf(frame: FrameNode) {
  return parseTemplateLink(fake.inspect.run(() => frame.getPluginData(TEMPLATE_LINK_KEY)));
}

function findNode(node: TreeNode, test: (node: TreeNode) => boolean): TreeNode | null {
  if (test(node)) return node;
  for (const child of node.children ?? []) {
    const found = findNode(child, test);
    if (found) return found;
  }
  return null;
}

async function rejectionOf(promise: Promise<unknown>): Promise<{ code: string; message: string; details?: Record<string, unknown> }> {
  try {
    await promise;
  } catch (error) {
    return error as { code: string; message: string; details?: Record<string, unknown> };
  }
  throw new Error('expected a rejection');
}

beforeEach(async () => {
  emulator = await startEmulator({ limits: 'real' });
  builderKey = (await emulatorKeysAsync(emulator.libraryUrl)).builder.demo;
});

afterEach(async () => {
  onSend = null;
  stalls = null;
  slowDown = null;
  await emulator.close();
});

describe('templates against the builder emulator', () => {
  it('a frame deleted while its template is created: the template is said as created, not linked, and not made twice', async () => {
    await startAsync({ deflate: true });
    const frame = await selectEmailAsync();
    onSend = (request) => {
      if (request.method === 'POST' && request.url.endsWith('/api/templates')) frame.remove();
    };
    const created = await plugin.handlers['templates/create']({ name: EMAIL, description: '' }, context);
    expect(created).toMatchObject({ outcome: 'created', template: { name: EMAIL, linkedFrame: null } });
    const listed = await plugin.handlers['templates/list']({ page: 1 }, context);
    expect(listed.templates.filter((template) => template.name === EMAIL)).toHaveLength(1);
  });

  it('a linked frame deleted while its update, rename or delete is under way: what the builder did is said as done, not as a Figma error', async () => {
    const { frame, id } = await linkedSpringAsync();
    frame.fills = [{ type: 'SOLID', color: { r: 1, g: 0, b: 0 } }];
    onSend = (request) => {
      if (request.method === 'PUT' && !frame.removed) frame.remove();
    };
    const updated = await plugin.handlers['templates/update']({ frameId: frame.id }, context);
    expect(updated).toMatchObject({ outcome: 'updated', template: { id, linkedFrame: null } });
    expect((await apiAsync(`/templates/${id}`)).body.data.content.root.fills).toEqual(['#ff0000']);

    const again = await linkedSpringAsync();
    onSend = (request) => {
      if (request.method === 'PUT' && !again.frame.removed) again.frame.remove();
    };
    await expect(plugin.handlers['templates/rename']({ id: again.id, name: 'Spring 🌷 (final)', description: '' }, context)).resolves.toMatchObject({ name: 'Spring 🌷 (final)', linkedFrame: null });

    const third = await linkedSpringAsync();
    onSend = (request) => {
      if (request.method === 'DELETE' && !third.frame.removed) third.frame.remove();
    };
    await expect(plugin.handlers['templates/delete']({ id: third.id }, context)).resolves.toEqual({ alreadyGone: false });
    expect((await apiAsync(`/templates/${third.id}`)).status).toBe(404);
    // The index names no frame for it, only that it was deleted from here (copies of the frame read so).
    expect(JSON.parse(fake.inspect.run(() => fake.figma.root.getPluginData(TEMPLATE_INDEX_KEY))) as Record<string, string>).toHaveProperty(third.id, DELETED_HERE);
  });

  it('a link Envelope cannot read (a newer version’s, or edited) is said before a save would replace it', async () => {
    await startAsync({ deflate: true });
    const frame = await selectEmailAsync();
    for (const stored of [JSON.stringify({ v: 2, template: { id: 'tpl_1' } }), '{"v":1,"templateId":"tpl_1","templ']) {
      fake.inspect.run(() => frame.setPluginData(TEMPLATE_LINK_KEY, stored));
      const selection = await plugin.handlers['templates/selection']({}, context);
      expect(selection).toMatchObject({ kind: 'frame', link: null });
      expect(selection.what).toBe(
        `“${EMAIL}” holds a link to a template that this version of Envelope cannot read (a newer version saved it, or it was damaged). Saving it here makes a new template and replaces that link; to update the linked template instead, update Envelope.`,
      );
    }
  });

  it('a file index of linked frames that this Envelope cannot read (a newer version’s) is not written over by a save', async () => {
    await startAsync({ deflate: true });
    const frame = await selectEmailAsync();
    const newer = JSON.stringify({ v: 2, frames: { tpl_other: { frame: '9:9', page: 'Emails' } } });
    fake.inspect.run(() => fake.figma.root.setPluginData(TEMPLATE_INDEX_KEY, newer));
    const created = await plugin.handlers['templates/create']({ name: EMAIL, description: '' }, context);
    expect(linkOf(frame)).toMatchObject({ templateId: created.template!.id });
    expect(fake.inspect.run(() => fake.figma.root.getPluginData(TEMPLATE_INDEX_KEY))).toBe(newer);
  });

  it('create, unchanged, update, rename, open on another page and delete; the frame link follows each step', async () => {
    await startAsync({ deflate: true });
    const frame = await selectEmailAsync();
    expect(await plugin.handlers['templates/selection']({}, context)).toMatchObject({ kind: 'frame', frame: { id: frame.id, name: EMAIL }, link: null });

    const blank = await rejectionOf(plugin.handlers['templates/create']({ name: '  ', description: '' }, context));
    expect(blank).toMatchObject({ code: 'invalid_input', message: 'Enter a template name.', details: { field: 'name' } });
    expect(sent).toHaveLength(0);

    // Create: content by the snapshot normalizer (instances by key), a PNG preview as thumbnail.
    const created = await plugin.handlers['templates/create']({ name: EMAIL, description: 'March promotion' }, context);
    expect(created).toMatchObject({ outcome: 'created', template: { name: EMAIL, description: 'March promotion', linkedFrame: { id: frame.id, pageName: 'Emails' } } });
    expect(created.previewSize).toEqual({ width: 600, height: Math.round(frame.height) });
    const id = created.template!.id;
    const stored = (await apiAsync(`/templates/${id}`)).body.data;
    expect(stored.content).toMatchObject({ format: 'figma-node-tree', version: 1, root: { type: 'FRAME', name: EMAIL } });
    expect(findNode(stored.content.root, (node) => node.type === 'INSTANCE')?.componentKey).toMatch(/^[0-9a-f]{10,}/);
    expect(Buffer.from(stored.content.preview_png_base64, 'base64').subarray(1, 4).toString()).toBe('PNG');
    const thumbnail = await fetch(stored.thumbnail_url);
    expect(thumbnail.headers.get('content-type')).toBe('image/png');
    expect(linkOf(frame)).toMatchObject({ templateId: id, templateName: EMAIL, savedAt: stored.updated_at });
    expect(fake.inspect.relaunchButtons(frame).map((button) => button.command).sort()).toEqual(['update-template']);
    const listed = await plugin.handlers['templates/list']({ page: 1 }, context);
    expect(listed.templates[0]).toMatchObject({ id, linkedFrame: { id: frame.id } });
    expect(listed.templates.slice(1).every((row) => row.linkedFrame === null)).toBe(true);

    // Unchanged: nothing sent.
    const before = sent.length;
    expect(await plugin.handlers['templates/update']({}, context)).toMatchObject({ outcome: 'unchanged', template: null });
    expect(sent.length).toBe(before);

    // Edited: new content and a later updated_at, and what changed in words.
    await controlAsync(emulator.builderUrl, 'clock', { advance_seconds: 120 });
    frame.fills = [{ type: 'SOLID', color: { r: 1, g: 0.9, b: 0.8 } }];
    const updated = await plugin.handlers['templates/update']({ frameId: frame.id }, context);
    expect(updated.outcome).toBe('updated');
    expect(updated.changes).toEqual(['fill']);
    const after = (await apiAsync(`/templates/${id}`)).body.data;
    expect(after.updated_at > stored.updated_at).toBe(true);
    expect(after.content.root.fills).not.toEqual(stored.content.root.fills);
    expect(linkOf(frame)?.savedAt).toBe(after.updated_at);

    // Rename and describe.
    const renamed = await plugin.handlers['templates/rename']({ id, name: 'Spring sale (final)', description: 'Sent 18 March' }, context);
    expect(renamed).toMatchObject({ name: 'Spring sale (final)', description: 'Sent 18 March', linkedFrame: { id: frame.id } });
    expect((await apiAsync(`/templates/${id}`)).body.data).toMatchObject({ name: 'Spring sale (final)', description: 'Sent 18 March' });
    expect(linkOf(frame)?.templateName).toBe('Spring sale (final)');

    // Open from another page: the frame's page becomes current, it is selected and zoomed to.
    await fake.figma.setCurrentPageAsync(fake.figma.root.children.find((each) => each.name === 'Components')!);
    const opened = await plugin.handlers['templates/open']({ id }, context);
    expect(opened).toMatchObject({ opened: true, frame: { id: frame.id, pageName: 'Emails' } });
    expect(fake.inspect.currentPage.name).toBe('Emails');
    expect(fake.figma.currentPage.selection.map((node) => node.id)).toEqual([frame.id]);
    // As Show does: the email's width and top in view, at a zoom it can be read at (not fitted to its height).
    const box = frame.absoluteBoundingBox!;
    const view = fake.figma.viewport.bounds;
    expect(fake.figma.viewport.center.x).toBe(box.x + box.width / 2);
    expect(box.x >= view.x && box.x + box.width <= view.x + view.width && box.y >= view.y && box.y < view.y + view.height / 4).toBe(true);

    // A template without a frame here opens as details.
    const other = listed.templates[1]!;
    expect(await plugin.handlers['templates/open']({ id: other.id }, context)).toMatchObject({ opened: false, template: { id: other.id, name: other.name } });

    // Delete: gone from the builder; the frame says so when next selected, then has no link.
    expect(await plugin.handlers['templates/delete']({ id }, context)).toEqual({ alreadyGone: false });
    expect((await apiAsync(`/templates/${id}`)).status).toBe(404);
    expect(fake.inspect.relaunchButtons(frame).map((button) => button.command)).toEqual([]);
    const lost = await plugin.handlers['templates/selection']({}, context);
    expect(lost).toMatchObject({ kind: 'frame', link: null, lostLink: { templateName: 'Spring sale (final)' } });
    expect(fake.notifications.at(-1)?.message).toBe(`“${EMAIL}” is no longer linked: its template “Spring sale (final)” was deleted.`);
    expect(linkOf(frame)).toBeNull();
    expect((await plugin.handlers['templates/selection']({}, context)).lostLink).toBeNull();
  });

  it('saves the frame the form was filled for, even when the selection moved before the request was handled', async () => {
    await startAsync({ deflate: true });
    const frame = await selectEmailAsync();
    fake.figma.currentPage.selection = [];
    const created = await plugin.handlers['templates/create']({ name: 'Typed for the email', description: '', frameId: frame.id }, context);
    expect(created).toMatchObject({ outcome: 'created', template: { name: 'Typed for the email', linkedFrame: { id: frame.id } } });
    expect((await apiAsync(`/templates/${created.template!.id}`)).body.data.content.root).toMatchObject({ type: 'FRAME', name: EMAIL });
    expect(linkOf(frame)?.templateId).toBe(created.template!.id);
    // A layer that is not a top-level frame is refused in words, as a selection of it would be.
    const inner = frame.children[0]!;
    expect(await rejectionOf(plugin.handlers['templates/create']({ name: 'Inner', description: '', frameId: inner.id }, context))).toMatchObject({ code: 'no_frame' });
  });

  it('a template the saved key cannot find is said as deleted or in another workspace, never as surely deleted; unlinking keeps the frame', async () => {
    await startAsync({ deflate: true });
    const frame = await selectEmailAsync();
    const created = await plugin.handlers['templates/create']({ name: 'Spring', description: '' }, context);
    await apiAsync(`/templates/${created.template!.id}`, { method: 'DELETE' });
    frame.fills = [];
    const error = await rejectionOf(plugin.handlers['templates/update']({}, context));
    expect(error).toMatchObject({ code: 'template_missing', details: { templateId: created.template!.id, frameId: frame.id } });
    expect(error.message).toBe(
      'The builder finds no template “Spring” with the saved key: it was deleted, or it is in another workspace than this key’s. If it was deleted, unlink the frame to save it as a new template; for another workspace, save that workspace’s key in Settings.',
    );
    expect(linkOf(frame)?.templateId).toBe(created.template!.id);
    expect(await plugin.handlers['templates/unlink']({ frameId: frame.id }, context)).toMatchObject({ kind: 'frame', link: null });
    expect(linkOf(frame)).toBeNull();
  });

  it('a frame linked to a template of another workspace (saved with another key) keeps its link when that template is not found with this key', async () => {
    await startAsync({ deflate: true });
    const frame = await selectEmailAsync();
    // Saved by a teammate whose key is for workspace A; this person's key is for workspace B, where the id is unknown.
    const link = { v: 1, templateId: 'tpl_workspace_a_7f3c', templateName: 'Spring (workspace A)', hash: '1:0', savedAt: '2026-11-20T09:00:00.000Z' };
    fake.inspect.run(() => {
      frame.setPluginData(TEMPLATE_LINK_KEY, JSON.stringify(link));
      fake.figma.root.setPluginData(TEMPLATE_INDEX_KEY, JSON.stringify({ [link.templateId]: frame.id }));
    });
    expect(await plugin.handlers['templates/selection']({}, context)).toMatchObject({ link: { templateId: link.templateId }, lostLink: null });
    const error = await rejectionOf(plugin.handlers['templates/update']({ frameId: frame.id }, context));
    expect(error.code).toBe('template_missing');
    expect(error.message).toContain('it was deleted, or it is in another workspace than this key’s');
    expect(error.message).not.toContain('deleted elsewhere');
    // Nothing was changed by the refusal: the link, its index entry and its relaunch data are as they were.
    expect(linkOf(frame)).toEqual(link);
    expect(fake.inspect.run(() => JSON.parse(fake.figma.root.getPluginData(TEMPLATE_INDEX_KEY)) as unknown)).toEqual({ [link.templateId]: frame.id });
    expect(await plugin.handlers['templates/selection']({}, context)).toMatchObject({ link: { templateId: link.templateId }, lostLink: null });
  });

  it('an update never replaces a newer version saved elsewhere unseen: it is said, and replaced only when asked', async () => {
    const { frame, created, id } = await linkedSpringAsync();
    // A teammate changes the template's content in the builder (another client).
    await controlAsync(emulator.builderUrl, 'clock', { advance_seconds: 60 });
    const theirs = { format: 'figma-node-tree', version: 1, root: { type: 'FRAME', name: 'Edited in the builder' } };
    expect((await apiAsync(`/templates/${id}`, { method: 'PUT', body: { content: theirs } })).status).toBe(200);
    const theirUpdatedAt = (await apiAsync(`/templates/${id}`)).body.data.updated_at;

    frame.fills = [{ type: 'SOLID', color: { r: 0.2, g: 0.4, b: 0.6 } }];
    const before = sent.length;
    const error = await rejectionOf(plugin.handlers['templates/update']({ frameId: frame.id }, context));
    expect(error).toMatchObject({ code: 'template_changed', details: { templateId: id, frameId: frame.id } });
    expect(error.message).toBe(
      'The template “Spring” was changed in the builder since this frame was last saved to it. Updating would replace those changes with this frame. Replace them, or unlink the frame to save it as a new template.',
    );
    // Nothing was sent but the read: their version stands, and the link still says the last save from here.
    expect(sent.slice(before).map((request) => request.method)).toEqual(['GET']);
    expect((await apiAsync(`/templates/${id}`)).body.data).toMatchObject({ updated_at: theirUpdatedAt, content: { root: { name: 'Edited in the builder' } } });
    expect(linkOf(frame)?.savedAt).toBe(created.template!.updatedAt);

    // Asked to replace: this frame's content goes, and the link follows.
    const replaced = await plugin.handlers['templates/update']({ frameId: frame.id, replaceChanges: true }, context);
    expect(replaced.outcome).toBe('updated');
    const after = (await apiAsync(`/templates/${id}`)).body.data;
    expect(after.content.root).toMatchObject({ type: 'FRAME', name: EMAIL });
    expect(linkOf(frame)?.savedAt).toBe(after.updated_at);
  });

  it('a teammate who only renamed and described the template is not warned about: the update goes and keeps their name and description', async () => {
    const { frame, id } = await linkedSpringAsync();
    await controlAsync(emulator.builderUrl, 'clock', { advance_seconds: 60 });
    expect((await apiAsync(`/templates/${id}`, { method: 'PUT', body: { name: 'Spring (theirs)', description: 'Renamed in the builder' } })).status).toBe(200);

    frame.fills = [{ type: 'SOLID', color: { r: 0.2, g: 0.4, b: 0.6 } }];
    const updated = await plugin.handlers['templates/update']({ frameId: frame.id }, context);
    expect(updated).toMatchObject({ outcome: 'updated', template: { name: 'Spring (theirs)', description: 'Renamed in the builder' }, changes: ['fill'] });
    const after = (await apiAsync(`/templates/${id}`)).body.data;
    expect(after).toMatchObject({ name: 'Spring (theirs)', description: 'Renamed in the builder', content: { root: { type: 'FRAME', name: EMAIL } } });
    expect(linkOf(frame)).toMatchObject({ templateName: 'Spring (theirs)', savedAt: after.updated_at });
    expect(fake.inspect.relaunchButtons(frame).find((button) => button.command === 'update-template')?.description).toBe('Send this frame to the template “Spring (theirs)” again');

    // Their content changed as well as the name: that is still said before anything is replaced.
    await controlAsync(emulator.builderUrl, 'clock', { advance_seconds: 60 });
    const theirs = { format: 'figma-node-tree', version: 1, root: { type: 'FRAME', name: 'Edited in the builder' } };
    expect((await apiAsync(`/templates/${id}`, { method: 'PUT', body: { name: 'Spring (theirs, again)', content: theirs } })).status).toBe(200);
    frame.fills = [];
    expect(await rejectionOf(plugin.handlers['templates/update']({ frameId: frame.id }, context))).toMatchObject({ code: 'template_changed' });
  });

  it('an update whose answer was lost is not taken for a change made elsewhere when it is tried again', async () => {
    await startAsync({ deflate: true });
    const frame = await selectEmailAsync();
    const created = await plugin.handlers['templates/create']({ name: 'Spring', description: '' }, context);
    await controlAsync(emulator.builderUrl, 'clock', { advance_seconds: 60 });
    frame.fills = [{ type: 'SOLID', color: { r: 0.2, g: 0.4, b: 0.6 } }];
    // Seed 2 lets the read through and garbles the answer to the update, which the builder applies.
    await controlAsync(emulator.builderUrl, 'faults', { rate: 0.5, kinds: ['malformed'], seed: 2 });
    await rejectionOf(plugin.handlers['templates/update']({ frameId: frame.id }, context));
    await controlAsync(emulator.builderUrl, 'faults', { rate: 0 });
    expect(linkOf(frame)?.savedAt).toBe(created.template!.updatedAt);
    expect((await apiAsync(`/templates/${created.template!.id}`)).body.data.updated_at).not.toBe(created.template!.updatedAt);

    // The builder holds exactly this frame: no one else's change to keep.
    const again = await plugin.handlers['templates/update']({ frameId: frame.id }, context);
    expect(again.outcome).toBe('updated');
    expect(linkOf(frame)?.savedAt).toBe((await apiAsync(`/templates/${created.template!.id}`)).body.data.updated_at);
  });

  it('a rename from here is not taken for a change made elsewhere, nor does it hide one', async () => {
    const { frame, id } = await linkedSpringAsync();
    await controlAsync(emulator.builderUrl, 'clock', { advance_seconds: 60 });
    await plugin.handlers['templates/rename']({ id, name: 'Spring (final)', description: 'Sent in March' }, context);
    frame.fills = [{ type: 'SOLID', color: { r: 0.2, g: 0.4, b: 0.6 } }];
    expect((await plugin.handlers['templates/update']({ frameId: frame.id }, context)).outcome).toBe('updated');

    await controlAsync(emulator.builderUrl, 'clock', { advance_seconds: 60 });
    const theirs = { format: 'figma-node-tree', version: 1, root: { type: 'FRAME', name: 'Edited in the builder' } };
    expect((await apiAsync(`/templates/${id}`, { method: 'PUT', body: { content: theirs } })).status).toBe(200);
    frame.fills = [];
    await plugin.handlers['templates/rename']({ id, name: 'Spring (really final)', description: '' }, context);
    expect(await rejectionOf(plugin.handlers['templates/update']({ frameId: frame.id }, context))).toMatchObject({ code: 'template_changed' });
  });

  it('deleting a template already deleted elsewhere is done, said as such, and its frame here loses the link', async () => {
    await startAsync({ deflate: true });
    const frame = await selectEmailAsync();
    const created = await plugin.handlers['templates/create']({ name: 'Spring', description: '' }, context);
    expect((await apiAsync(`/templates/${created.template!.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await plugin.handlers['templates/delete']({ id: created.template!.id }, context)).toEqual({ alreadyGone: true });
    expect(fake.inspect.relaunchButtons(frame).map((button) => button.command)).toEqual([]);
    expect(await plugin.handlers['templates/selection']({}, context)).toMatchObject({ link: null, lostLink: { templateName: 'Spring' } });
  });

  it('a deletion whose answer was lost names the template: as the list shows it, else as the linked frame knows it', async () => {
    await startAsync({ deflate: true });
    await selectEmailAsync();
    const linked = await plugin.handlers['templates/create']({ name: 'Spring', description: '' }, context);
    const listed = await plugin.handlers['templates/list']({ page: 1 }, context);
    const other = listed.templates.find((row) => row.id !== linked.template!.id)!;
    // Every answer dropped: the builder deletes each template, and its answer is lost.
    await controlAsync(emulator.builderUrl, 'faults', { rate: 1, kinds: ['drop'] });
    const named = await rejectionOf(plugin.handlers['templates/delete']({ id: other.id, name: other.name }, context));
    const known = await rejectionOf(plugin.handlers['templates/delete']({ id: linked.template!.id }, context));
    await controlAsync(emulator.builderUrl, 'faults', { rate: 0 });
    expect(named).toMatchObject({ code: 'answer_lost' });
    expect(named.message).toBe(`The builder’s answer to deleting “${other.name}” was lost (check the connection), so it may have been deleted all the same. Delete it again to be sure.`);
    expect(known.message).toBe('The builder’s answer to deleting “Spring” was lost (check the connection), so it may have been deleted all the same. Delete it again to be sure.');
  });

  it('renaming a template deleted elsewhere names it as it was, never by the name being typed', async () => {
    await startAsync({ deflate: true });
    const frame = await selectEmailAsync();
    const linked = await plugin.handlers['templates/create']({ name: 'Spring', description: '' }, context);
    const listed = await plugin.handlers['templates/list']({ page: 1 }, context);
    const other = listed.templates.find((row) => row.id !== linked.template!.id)!;
    for (const id of [linked.template!.id, other.id]) expect((await apiAsync(`/templates/${id}`, { method: 'DELETE' })).status).toBe(204);
    const renamedLinked = await rejectionOf(plugin.handlers['templates/rename']({ id: linked.template!.id, name: 'Spring (final)', description: '' }, context));
    expect(renamedLinked).toMatchObject({ code: 'not_found', details: { frameId: frame.id } });
    expect(renamedLinked.message).toBe('The template “Spring” is no longer in the builder: it has been deleted. Unlink the frame to save it as a new template.');
    const renamedOther = await rejectionOf(plugin.handlers['templates/rename']({ id: other.id, name: 'Typed name', description: '' }, context));
    expect(renamedOther.message).toBe('This template is no longer in the builder: it has been deleted.');
  });

  it('a refused key says it is the builder key; a 429 still answered after Envelope waited says so; nothing is linked', async () => {
    await startAsync({ deflate: true });
    const frame = await selectEmailAsync();
    await plugin.handlers['settings/save-api']({ api: 'builder', baseUrl: emulator.builderUrl, key: 'ef_revoked_000000' }, context);
    const refused = await rejectionOf(plugin.handlers['templates/create']({ name: 'Spring', description: '' }, context));
    expect(refused.code).toBe('unauthorized');
    expect(refused.message).toContain('builder API key');
    await plugin.handlers['settings/save-api']({ api: 'builder', baseUrl: emulator.builderUrl, key: builderKey }, context);
    await controlAsync(emulator.builderUrl, 'faults', { rate: 1, kinds: ['429'], seed: 3 });
    const limited = await rejectionOf(plugin.handlers['templates/create']({ name: 'Spring', description: '' }, context));
    expect(limited.code).toBe('rate_limited');
    // Not the last answer's "Try again in 2 seconds": Envelope waited that long already, each time, and says how long in all (as Sync does).
    const stillAsks = /^Envelope waited \d+ seconds as the email builder asked, and it still asks Envelope to slow down\.$/;
    expect(limited.message).toMatch(stillAsks);
    expect(linkOf(frame)).toBeNull();
    // The list's read says it the same way.
    const listed = await rejectionOf(plugin.handlers['templates/list']({ page: 1 }, context));
    expect(listed.code).toBe('rate_limited');
    expect(listed.message).toMatch(stillAsks);
  });

  it('lists a page at a time, newest first, saying whether more pages follow', async () => {
    await startAsync({ deflate: true });
    const other = (await emulatorKeysAsync(emulator.libraryUrl)).builder.other;
    // Another integration of the workspace adds templates (its own key, its own rate limit).
    for (let i = 0; i < 50; i++) {
      await controlAsync(emulator.builderUrl, 'clock', { advance_seconds: 1 });
      const response = await fetch(`${emulator.builderUrl}/api/templates`, {
        method: 'POST',
        headers: { authorization: `Bearer ${other}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Campaign ${i + 1}` }),
      });
      expect(response.status).toBe(201);
    }
    const first = await plugin.handlers['templates/list']({ page: 1 }, context);
    expect(first).toMatchObject({ page: 1, total: 54, hasMore: true });
    expect(first.templates).toHaveLength(50);
    expect(first.templates[0]!.name).toBe('Campaign 50');
    const second = await plugin.handlers['templates/list']({ page: 2 }, context);
    expect(second).toMatchObject({ page: 2, total: 54, hasMore: false });
    expect(second.templates).toHaveLength(4);
    expect(new Set([...first.templates, ...second.templates].map((row) => row.id)).size).toBe(54);
  });

  it('a preview Figma cannot export is said in plain words, not Figma’s, whether the frame was deleted meanwhile or the export refused; nothing is sent', async () => {
    await startAsync({ deflate: true });
    const frame = await selectEmailAsync();
    const exportAsync = frame.exportAsync.bind(frame);
    // The person deletes the frame while its preview is being made.
    frame.exportAsync = ((settings: ExportSettingsImage) => {
      frame.remove();
      return exportAsync(settings);
    }) as typeof frame.exportAsync;
    const deleted = await rejectionOf(plugin.handlers['templates/create']({ name: 'Spring', description: '' }, context));
    expect(deleted.message).toBe(`“${EMAIL}” was deleted while it was being saved, so nothing was sent to the builder.`);
    expect(messageProblems(deleted.message)).toEqual([]);

    const { frame: linked } = await linkedSpringAsync();
    linked.fills = [{ type: 'SOLID', color: { r: 1, g: 0, b: 0 } }];
    linked.exportAsync = (() => Promise.reject(new Error('in exportAsync: Failed to rasterize node (GPU context lost)'))) as typeof linked.exportAsync;
    const refused = await rejectionOf(plugin.handlers['templates/update']({ frameId: linked.id }, context));
    expect(refused.message).toBe(`Figma could not make a preview image of “${EMAIL}”, so nothing was sent to the builder. Check that the frame shows something, then try again.`);
    expect(messageProblems(refused.message)).toEqual([]);
    expect(sent.filter((request) => request.method === 'PUT')).toHaveLength(0);

    // Deleted while the update reads the template first.
    const { frame: third } = await linkedSpringAsync();
    third.fills = [{ type: 'SOLID', color: { r: 0, g: 1, b: 0 } }];
    onSend = (request) => {
      if (request.method === 'GET' && !third.removed) third.remove();
    };
    const gone = await rejectionOf(plugin.handlers['templates/update']({ frameId: third.id }, context));
    expect(gone.message).toBe(`“${EMAIL}” was deleted while it was being saved, so nothing was sent to the builder.`);
  });

  it('each save is its own undo step: ⌘Z after saving a second frame unlinks that frame only, and the file’s index with it', async () => {
    await startAsync({ deflate: true });
    const first = await selectEmailAsync();
    const page = fake.figma.currentPage;
    const second = fake.figma.createFrame();
    second.name = 'Autumn sale';
    second.resize(600, 800);
    second.fills = [{ type: 'SOLID', color: { r: 0.9, g: 0.6, b: 0.2 } }];
    // The person's frame, there before the saves: not part of the plugin's undo steps.
    fake.figma.commitUndo();
    const firstId = (await plugin.handlers['templates/create']({ name: 'Spring', description: '' }, context)).template!.id;
    page.selection = [second];
    const created = await plugin.handlers['templates/create']({ name: 'Autumn', description: '' }, context);
    expect(linkOf(second)?.templateId).toBe(created.template!.id);
    fake.figma.triggerUndo();
    expect(linkOf(second)).toBeNull();
    expect(linkOf(first)?.templateId).toBe(firstId);
    const index = JSON.parse(fake.inspect.run(() => fake.figma.root.getPluginData(TEMPLATE_INDEX_KEY))) as Record<string, string>;
    expect(index).toEqual({ [firstId]: first.id });
  });

  it('the file’s id, made by the first save, is a step of its own: ⌘Z on that save leaves it, and the next save’s link carries it', async () => {
    await startAsync({ deflate: true });
    const frame = await selectEmailAsync();
    const fileId = () => fake.inspect.run(() => fake.figma.root.getSharedPluginData('envelope', 'fileId'));
    expect(fileId()).toBe('');
    await plugin.handlers['templates/create']({ name: 'Spring', description: '' }, context);
    const made = linkOf(frame)!.fileId!;
    expect(fileId()).toBe(made);
    fake.figma.triggerUndo();
    expect(linkOf(frame)).toBeNull();
    expect(fileId()).toBe(made);
    await plugin.handlers['templates/create']({ name: 'Spring again', description: '' }, context);
    expect(linkOf(frame)?.fileId).toBe(made);
  });

  it('the selection is read while the list waits for a builder that stalls: the form is there to save the frame', async () => {
    await startAsync({ deflate: true });
    stalls = (request) => request.method === 'GET' && request.url.includes('/api/templates?');
    const listing = plugin.handlers['templates/list']({ page: 1 }, context);
    void listing.catch(() => undefined);
    const frame = await selectEmailAsync();
    const waited = await Promise.race([
      plugin.handlers['templates/selection']({}, context),
      new Promise((resolve) => setTimeout(resolve, 5_000, 'still waiting behind the list')),
    ]);
    expect(waited).toMatchObject({ kind: 'frame', frame: { id: frame.id } });
  });

  it('a frame whose preview cannot fit under the body limit is refused in words, before any request', async () => {
    await startAsync({ deflate: false });
    const page = fake.figma.root.children.find((each) => each.name === 'Emails')!;
    await fake.figma.setCurrentPageAsync(page);
    const tall = fake.figma.createFrame();
    tall.name = 'Endless scroll';
    tall.resize(600, 40_000);
    tall.fills = [{ type: 'SOLID', color: { r: 0.5, g: 0.5, b: 0.5 } }];
    page.selection = [tall];
    const error = await rejectionOf(plugin.handlers['templates/create']({ name: 'Endless', description: '' }, context));
    expect(error.code).toBe('too_large');
    expect(error.message).toMatch(/^The preview of “Endless scroll” would be \d+\.\d MB even at \d+ px wide, too large to send/);
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(0);
  });
});

describe('an update or rename while the builder stalls both its read and its write', () => {
  /** The window's wait for a save (ui/templates/save-section.tsx): the sandbox must have answered by then. */
  const WINDOW_WAITS_MS = 120_000;
  /** Moves the test's clock a second at a time, letting the real sockets and the fake Figma work in between. */
  const passAsync = async (ms: number) => {
    for (let passed = 0; passed < ms; passed += 1_000) {
      await vi.advanceTimersByTimeAsync(1_000);
      await new Promise((resolve) => setImmediate(resolve));
    }
  };

  const cases = [
    {
      action: 'update',
      startAsync: (frame: FrameNode) => plugin.handlers['templates/update']({ frameId: frame.id }, context),
      words: 'The builder did not confirm the update of “Spring” within 100 seconds, so it may still go through. Update again to be sure: an update sent twice is the same update.',
    },
    {
      action: 'rename',
      startAsync: (frame: FrameNode, id: string) => plugin.handlers['templates/rename']({ id, name: 'Spring again', description: '' }, context),
      words: 'The builder did not confirm the rename of “Spring” within 100 seconds, so it may still go through. Rename it again to be sure: a rename sent twice is the same rename.',
    },
  ] as const;

  for (const { action, startAsync: runAsync, words } of cases) {
    it(`${action === 'update' ? 'an update' : 'a rename'} ends in words before the window stops waiting, and sends nothing to the builder after that`, { timeout: 60_000 }, async () => {
      const { frame, id } = await linkedSpringAsync();
      const stored = await apiAsync(`/templates/${id}`);
      frame.fills = [{ type: 'SOLID', color: { r: 0.2, g: 0.6, b: 0.3 } }];
      // The read gets no answer three times (the fourth try is answered), the write never.
      let reads = 0;
      stalls = (request) => request.url.includes(`/api/templates/${id}`) && (request.method === 'PUT' || ++reads <= 3);
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      try {
        let outcome: unknown = 'still waiting';
        void runAsync(frame, id).then(
          () => (outcome = 'done'),
          (error: unknown) => (outcome = error),
        );
        await passAsync(WINDOW_WAITS_MS - 1_000);
        // The write went out and got no answer: whether it lands is not known, and said so.
        expect(outcome).toMatchObject({ code: 'timeout', message: words });
        expect(messageProblems(words)).toEqual([]);
        const sentWhenSaid = sent.length;
        await passAsync(WINDOW_WAITS_MS);
        expect(sent.length).toBe(sentWhenSaid);
        expect(sent.filter((request) => request.method === 'PUT').length).toBeGreaterThan(0);
        // No write reached the builder (the test's stall kept them all), and the frame keeps the link of its last save.
        expect((await apiAsync(`/templates/${id}`)).body.data.updated_at).toBe(stored.body.data.updated_at);
        expect(linkOf(frame)).toMatchObject({ templateName: 'Spring', savedAt: stored.body.data.updated_at });
      } finally {
        vi.useRealTimers();
      }
    });
  }
});

describe('a save as a new template while the builder keeps asking Envelope to slow down', () => {
  /** The window's wait for a save (ui/templates/save-section.tsx): the sandbox must have answered by then. */
  const WINDOW_WAITS_MS = 120_000;
  const passAsync = async (ms: number) => {
    for (let passed = 0; passed < ms; passed += 1_000) {
      await vi.advanceTimersByTimeAsync(1_000);
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const templateNamesAsync = async () => {
    const response = await fetch(`${emulator.builderUrl}/api/templates?per_page=100`, { headers: { authorization: `Bearer ${builderKey}` } });
    return ((await response.json()) as { data: Array<{ name: string }> }).data.map((template) => template.name);
  };

  const cases = [
    {
      what: 'every try refused (a minute’s wait each): said as not created, before the window stops waiting',
      retryAfter: 60,
      stallFrom: Infinity,
      words: 'The builder did not answer within 100 seconds, so “Spring” was not created. Try again in a little while.',
      writeSent: false,
    },
    {
      what: 'the last try sent and not answered when the time runs out: said as perhaps made, to look before saving again',
      retryAfter: 45,
      stallFrom: 3,
      words: 'The builder did not confirm the creation of “Spring” within 100 seconds, so it may still go through. Look for it in the list below before saving again, so that it is not made twice.',
      writeSent: true,
    },
  ];

  for (const { what, retryAfter, stallFrom, words, writeSent } of cases) {
    it(what, { timeout: 60_000 }, async () => {
      // The refusals pause the key's allowance in the bundle's shared request gate until past the
      // real clock the next tests run on: this plugin is loaded afresh, with a gate of its own.
      vi.resetModules();
      const fresh = (await import('../../../src/handlers')).createPlugin;
      await startAsync({ deflate: true, createPluginOf: fresh });
      const frame = await selectEmailAsync();
      let tries = 0;
      const creates = (request: HttpRequest) => request.method === 'POST' && request.url.endsWith('/api/templates');
      // Counted as the test's transport asks: first whether it stalls, then whether it is refused.
      stalls = (request) => creates(request) && ++tries >= stallFrom;
      slowDown = (request) => (creates(request) ? retryAfter : null);
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      try {
        let outcome: unknown = 'still waiting';
        void plugin.handlers['templates/create']({ name: 'Spring', description: '' }, context).then(
          () => (outcome = 'done'),
          (error: unknown) => (outcome = error),
        );
        await passAsync(WINDOW_WAITS_MS - 1_000);
        // Whether it was sent goes with the words: the window tells "not created" from "may still go through" by it (template-words.ts).
        expect(outcome).toMatchObject({ code: 'timeout', message: words, details: { writeSent } });
        expect(messageProblems(words)).toEqual([]);
        const sentWhenSaid = sent.length;
        await passAsync(WINDOW_WAITS_MS);
        expect(sent.length).toBe(sentWhenSaid);
      } finally {
        vi.useRealTimers();
      }
      expect(await templateNamesAsync()).not.toContain('Spring');
      expect(linkOf(frame)).toBeNull();
    });
  }
});

describe('⌘Z after an Update', () => {
  // ⌘Z takes back the frame's link (plugin data), not what the builder holds: the link then named
  // the version before, and the next Update took the designer's own version for a teammate's.
  /** Spring linked; the frame's fill changed (a step of its own, as the designer's edit is) and updated; ⌘Z of the Update's link. */
  async function updatedThenUndoneAsync() {
    const { frame, created, id } = await linkedSpringAsync();
    await controlAsync(emulator.builderUrl, 'clock', { advance_seconds: 60 });
    const fills = frame.fills;
    frame.fills = [{ type: 'SOLID', color: { r: 0.2, g: 0.4, b: 0.6 } }];
    fake.figma.commitUndo();
    const updated = await plugin.handlers['templates/update']({ frameId: frame.id }, context);
    expect(updated.outcome).toBe('updated');
    fake.figma.triggerUndo();
    expect(linkOf(frame)?.savedAt).toBe(created.template!.updatedAt);
    await controlAsync(emulator.builderUrl, 'clock', { advance_seconds: 60 });
    return { frame, id, fills };
  }

  /** Said as the designer's own version (never a teammate's), and asked before it is replaced: in a copy of the file it is their newer work. */
  async function askedOwnAsync(frameId: string) {
    const asked = await rejectionOf(plugin.handlers['templates/update']({ frameId }, context));
    expect(asked).toMatchObject({ code: 'template_changed', details: { ownVersion: true } });
    expect(asked.message).toBe(
      'The template “Spring” holds a later version than this frame’s link remembers, one you sent from this frame (undo took its link back, or this file is a copy). Updating would replace that version with this frame as it is now. Replace it, or unlink the frame to save it as a new template.',
    );
    expect(messageProblems(asked.message)).toEqual([]);
  }

  it('then Update with the frame as it sent it: the link is put back as that Update left it, and nothing is sent', async () => {
    const { frame, id } = await updatedThenUndoneAsync();
    const before = sent.length;
    expect((await plugin.handlers['templates/update']({ frameId: frame.id }, context)).outcome).toBe('unchanged');
    expect(sent.slice(before).map((request) => request.method)).toEqual(['GET']);
    expect(linkOf(frame)?.savedAt).toBe((await apiAsync(`/templates/${id}`)).body.data.updated_at);
  });

  it('then an edit and Update: said as this designer’s own version, not a change in the builder, and replaced when asked', async () => {
    const { frame, id } = await updatedThenUndoneAsync();
    frame.fills = [{ type: 'SOLID', color: { r: 0.9, g: 0.1, b: 0.1 } }];
    const before = sent.length;
    await askedOwnAsync(frame.id);
    expect(sent.slice(before).map((request) => request.method)).toEqual(['GET']);
    const again = await plugin.handlers['templates/update']({ frameId: frame.id, replaceChanges: true }, context);
    expect(again).toMatchObject({ outcome: 'updated', changes: ['fill'] });
    const after = (await apiAsync(`/templates/${id}`)).body.data;
    expect(linkOf(frame)?.savedAt).toBe(after.updated_at);
  });

  it('then ⌘Z of the edit too and Update: asked, not “unchanged”, and the builder gets the frame as it is now', async () => {
    const { frame, id, fills } = await updatedThenUndoneAsync();
    fake.figma.triggerUndo();
    expect(frame.fills).toEqual(fills);
    const before = (await apiAsync(`/templates/${id}`)).body.data;
    await askedOwnAsync(frame.id);
    const again = await plugin.handlers['templates/update']({ frameId: frame.id, replaceChanges: true }, context);
    expect(again.outcome).toBe('updated');
    const after = (await apiAsync(`/templates/${id}`)).body.data;
    expect(after.updated_at).not.toBe(before.updated_at);
    expect(JSON.stringify(after.content.root)).not.toBe(JSON.stringify(before.content.root));
    // And now it is in step: pressed again, nothing to send.
    expect((await plugin.handlers['templates/update']({ frameId: frame.id }, context)).outcome).toBe('unchanged');
  });

  it('still says a teammate’s change made after it before replacing it', async () => {
    const { frame, id } = await updatedThenUndoneAsync();
    const theirs = { format: 'figma-node-tree', version: 1, root: { type: 'FRAME', name: 'Edited in the builder' } };
    expect((await apiAsync(`/templates/${id}`, { method: 'PUT', body: { content: theirs } })).status).toBe(200);
    frame.fills = [{ type: 'SOLID', color: { r: 0.9, g: 0.1, b: 0.1 } }];
    const refused = await rejectionOf(plugin.handlers['templates/update']({ frameId: frame.id }, context));
    expect(refused).toMatchObject({ code: 'template_changed' });
    expect(refused.details?.ownVersion).toBeUndefined();
    expect(refused.message).toMatch(/was changed in the builder since this frame was last saved to it/);
  });
});

describe('⌘Z after a save', () => {
  // ⌘Z took back the frame's link (plugin data), not the template the save made: the frame read as
  // never saved, and saving it again made a second template.
  async function savedThenUndoneAsync() {
    await startAsync({ deflate: true });
    const frame = await selectEmailAsync();
    fake.figma.commitUndo();
    const created = await plugin.handlers['templates/create']({ name: 'Spring', description: '' }, context);
    const link = linkOf(frame)!;
    fake.figma.triggerUndo();
    expect(linkOf(frame)).toBeNull();
    return { frame, id: created.template!.id, link };
  }

  it('offers to link the frame to its template again, which restores the link as the save left it', async () => {
    const { frame, id, link } = await savedThenUndoneAsync();
    const selection = await plugin.handlers['templates/selection']({}, context);
    expect(selection).toMatchObject({ link: null, undoneSave: { templateId: id, templateName: 'Spring' } });
    const before = sent.length;
    const linked = await plugin.handlers['templates/link']({ frameId: frame.id, templateId: id }, context);
    expect(linked.selection).toMatchObject({ link: { templateId: id }, undoneSave: null });
    expect(linkOf(frame)).toEqual(link);
    expect(sent.slice(before).filter((request) => request.method !== 'GET')).toEqual([]);
    expect((await plugin.handlers['templates/update']({ frameId: frame.id }, context)).outcome).toBe('unchanged');
  });

  it('linked again after an edit, the next Update sends the edit (not refused as a change in the builder)', async () => {
    const { frame, id } = await savedThenUndoneAsync();
    frame.fills = [{ type: 'SOLID', color: { r: 0.9, g: 0.1, b: 0.1 } }];
    await plugin.handlers['templates/link']({ frameId: frame.id, templateId: id }, context);
    await controlAsync(emulator.builderUrl, 'clock', { advance_seconds: 60 });
    expect(await plugin.handlers['templates/update']({ frameId: frame.id }, context)).toMatchObject({ outcome: 'updated', changes: ['fill'] });
  });

  it('a template a teammate changed since is linked only when it holds the frame as it is (as a lost save’s)', async () => {
    const { frame, id } = await savedThenUndoneAsync();
    await controlAsync(emulator.builderUrl, 'clock', { advance_seconds: 60 });
    const theirs = { format: 'figma-node-tree', version: 1, root: { type: 'FRAME', name: 'Edited in the builder' } };
    expect((await apiAsync(`/templates/${id}`, { method: 'PUT', body: { content: theirs } })).status).toBe(200);
    const refused = await rejectionOf(plugin.handlers['templates/link']({ frameId: frame.id, templateId: id }, context));
    expect(refused).toMatchObject({ code: 'other_content' });
    expect(refused.message).toBe(`“${EMAIL}” was not linked again: the template “Spring” was changed in the builder since this frame was saved to it. Save the frame as a new template, or ask who changed it.`);
    expect(messageProblems(refused.message)).toEqual([]);
    expect(linkOf(frame)).toBeNull();
    // No longer offered as this frame's own.
    expect((await plugin.handlers['templates/selection']({}, context)).undoneSave).toBeNull();
  });

  it('a link made by content (a lost save’s), then undone, is offered back as a save’s is', async () => {
    await startAsync({ deflate: true });
    const frame = await selectEmailAsync();
    const id = (await plugin.handlers['templates/create']({ name: 'Spring', description: '' }, context)).template!.id;
    await plugin.handlers['templates/unlink']({ frameId: frame.id }, context);
    expect((await plugin.handlers['templates/selection']({}, context)).undoneSave).toBeNull();
    fake.figma.commitUndo();
    await plugin.handlers['templates/link']({ frameId: frame.id, templateId: id }, context);
    fake.figma.triggerUndo();
    expect(linkOf(frame)).toBeNull();
    expect((await plugin.handlers['templates/selection']({}, context)).undoneSave).toEqual({ templateId: id, templateName: 'Spring' });
  });

  it('a template a teammate deleted since: linking says so, and it is offered no more', async () => {
    const { frame, id } = await savedThenUndoneAsync();
    expect((await apiAsync(`/templates/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await rejectionOf(plugin.handlers['templates/link']({ frameId: frame.id, templateId: id }, context))).toMatchObject({ code: 'not_found' });
    expect((await plugin.handlers['templates/selection']({}, context)).undoneSave).toBeNull();
  });

  it('Update pressed on the frame shown as linked still says which template it is no longer linked to, and sends nothing', async () => {
    const { frame } = await savedThenUndoneAsync();
    const before = sent.length;
    const refused = await rejectionOf(plugin.handlers['templates/update']({ frameId: frame.id }, context));
    expect(refused).toMatchObject({ code: 'not_linked' });
    expect(refused.message).toBe(`Nothing was sent: “${EMAIL}” is no longer linked to the template its save made. Link it again to update that template.`);
    expect(messageProblems(refused.message)).toEqual([]);
    expect(sent.slice(before)).toEqual([]);
  });

  it('a duplicate of a linked frame saved as its own template, then undone: back to a copy, and offered its own template again', async () => {
    const { frame, id } = await linkedSpringAsync();
    const copy = frame.clone();
    frame.parent!.appendChild(copy);
    fake.figma.currentPage.selection = [copy];
    fake.figma.commitUndo();
    const own = (await plugin.handlers['templates/create']({ name: 'Spring, second', description: '', frameId: copy.id }, context)).template!.id;
    fake.figma.triggerUndo();
    expect(linkOf(copy)?.templateId).toBe(id);
    const selection = await plugin.handlers['templates/selection']({}, context);
    expect(selection.what).toMatch(/is a copy of a frame linked to the template “Spring”/);
    expect(selection.undoneSave).toEqual({ templateId: own, templateName: 'Spring, second' });
    await plugin.handlers['templates/link']({ frameId: copy.id, templateId: own }, context);
    expect(linkOf(copy)?.templateId).toBe(own);
    expect(linkOf(frame)?.templateId).toBe(id);
  });

  it('is not offered after an Unlink on purpose, nor once the template is deleted', async () => {
    await startAsync({ deflate: true });
    const frame = await selectEmailAsync();
    await plugin.handlers['templates/create']({ name: 'Spring', description: '' }, context);
    await plugin.handlers['templates/unlink']({ frameId: frame.id }, context);
    expect((await plugin.handlers['templates/selection']({}, context)).undoneSave).toBeNull();

    const { id } = await savedThenUndoneAsync();
    expect((await plugin.handlers['templates/selection']({}, context)).undoneSave).toMatchObject({ templateId: id });
    await plugin.handlers['templates/delete']({ id, name: 'Spring' }, context);
    // Its index entry taken back by ⌘Z too: still not offered.
    fake.figma.triggerUndo();
    expect((await plugin.handlers['templates/selection']({}, context)).undoneSave).toBeNull();
  });
});

describe('the selection watch (selectionchange, and the selected frame’s own changes)', () => {
  /** The selections the sandbox pushes to the window on its own (startBackground's watch). */
  function watchPushes(): TemplateSelection[] {
    const pushed: TemplateSelection[] = [];
    plugin.startBackground({ emit: (type: string, payload: unknown) => void (type === 'templates/selection' && pushed.push(payload as TemplateSelection)) } as unknown as SandboxEndpoint);
    return pushed;
  }

  it('pushes the offer as soon as ⌘Z takes back a save’s link, the frame still selected', async () => {
    await startAsync({ deflate: true });
    const frame = await selectEmailAsync();
    fake.figma.commitUndo();
    const created = await plugin.handlers['templates/create']({ name: 'Spring', description: '' }, context);
    const pushed = watchPushes();
    fake.figma.triggerUndo();
    await vi.waitFor(() => expect(pushed.at(-1)).toMatchObject({ frame: { id: frame.id }, link: null, undoneSave: { templateId: created.template!.id } }), { timeout: 10_000 });
  });

  it('does not take back again the link ⌘Z brought back after a frame whose template was deleted was unlinked', async () => {
    const { frame, id } = await linkedSpringAsync();
    expect(await plugin.handlers['templates/delete']({ id }, context)).toEqual({ alreadyGone: false });
    const pushed = watchPushes();
    // Selected anew: the frame says its template was deleted, and its link goes (one undo step).
    const page = fake.figma.currentPage;
    page.selection = [];
    page.selection = [frame];
    // (The read after its own unlink says no lost link: the window keeps the notice while the frame stays selected.)
    await vi.waitFor(() => expect(pushed.some((selection) => selection.lostLink?.templateName === 'Spring')).toBe(true), { timeout: 10_000 });
    await fake.settleAsync();
    expect(linkOf(frame)).toBeNull();
    const notices = fake.notifications.length;
    // ⌘Z brings the link back (marked deleted): the watch reads it and says so, and writes nothing.
    fake.figma.triggerUndo();
    expect(linkOf(frame)).toMatchObject({ templateId: id, deleted: true });
    const seen = pushed.length;
    await vi.waitFor(() => expect(pushed.length).toBeGreaterThan(seen), { timeout: 10_000 });
    await fake.settleAsync();
    expect(pushed.at(-1)).toMatchObject({ link: null, lostLink: { templateName: 'Spring' } });
    expect(linkOf(frame)).toMatchObject({ templateId: id, deleted: true });
    expect(fake.notifications.length).toBe(notices);
  });
});

describe('a duplicated linked frame', () => {
  // The deletion marked the frame it was linked to and took the template out of the index: with no
  // entry, the copy read as linked to the deleted template, offered Update (and its relaunch button),
  // and Update failed as "deleted, or in another workspace".
  it('is said to have lost its template when that template is deleted from here, and its link goes', async () => {
    const { frame, id } = await linkedSpringAsync();
    const copy = frame.clone();
    frame.parent!.appendChild(copy);
    await plugin.handlers['templates/delete']({ id, name: 'Spring' }, context);
    fake.figma.currentPage.selection = [copy];
    const selection = await plugin.handlers['templates/selection']({}, context);
    expect(selection).toMatchObject({ kind: 'frame', frame: { id: copy.id }, link: null, lostLink: { templateName: 'Spring' } });
    expect(linkOf(copy)).toBeNull();
    expect(fake.inspect.relaunchButtons(copy).map((button) => button.command)).toEqual([]);
    // Saved now, it makes a new template and is linked to it.
    const saved = await plugin.handlers['templates/create']({ name: 'Spring again', description: '', frameId: copy.id }, context);
    expect(linkOf(copy)?.templateId).toBe(saved.template!.id);
  });

  it('is said to be a copy of the linked frame, so saving it makes a new template while the original keeps its link', async () => {
    const { frame } = await linkedSpringAsync();
    const copy = frame.clone();
    frame.parent!.appendChild(copy);
    fake.figma.currentPage.selection = [copy];
    const selection = await plugin.handlers['templates/selection']({}, context);
    expect(selection).toMatchObject({ kind: 'frame', frame: { id: copy.id }, link: null });
    expect(selection.what).toBe(`“${EMAIL}” is a copy of a frame linked to the template “Spring”. Saving it makes a new template; the frame it was copied from keeps its link.`);
    fake.figma.currentPage.selection = [frame];
    expect(await plugin.handlers['templates/selection']({}, context)).toMatchObject({ what: `“${EMAIL}” is selected.`, link: { templateName: 'Spring' } });
  });

  it('is still said to be a copy after the file’s id was taken back and made anew (a collaborator’s undo, then a save)', async () => {
    const { frame } = await linkedSpringAsync();
    const copy = frame.clone();
    frame.parent!.appendChild(copy);
    fake.inspect.run(() => fake.figma.root.setSharedPluginData('envelope', 'fileId', 'file_madeanew'));
    fake.figma.currentPage.selection = [copy];
    const selection = await plugin.handlers['templates/selection']({}, context);
    expect(selection.what).toBe(`“${EMAIL}” is a copy of a frame linked to the template “Spring”. Saving it makes a new template; the frame it was copied from keeps its link.`);
    expect(selection.otherFileTemplateId).toBeNull();
  });
});

describe('a linked frame copied into another file', () => {
  // Figma carries plugin data with a frame pasted into another file, and that file's index names no
  // frame for the template: the copy read as linked, offered Update, and its Update replaced the
  // template that the frame in the first file is linked to, with no warning to either designer.
  it('is said to come from another file: Update is refused and sends nothing, and saving it makes a new template', async () => {
    const { frame, id } = await linkedSpringAsync();
    const stored = fake.inspect.run(() => frame.getPluginData(TEMPLATE_LINK_KEY));
    expect(parseTemplateLink(stored)?.fileId).toMatch(/^file_/);
    // The second file: the same demo document, opened fresh, with the frame pasted in as Figma would (its plugin data with it).
    await startAsync({ deflate: true });
    const copy = await selectEmailAsync();
    fake.inspect.run(() => copy.setPluginData(TEMPLATE_LINK_KEY, stored));

    const selection = await plugin.handlers['templates/selection']({}, context);
    // The template it was saved as there, so a lost save's offers here leave it out.
    expect(selection).toMatchObject({ kind: 'frame', frame: { id: copy.id }, link: null, lostLink: null, otherFileTemplateId: id });
    expect(selection.what).toBe(`“${EMAIL}” was copied from another file, where it was saved as the template “Spring”. Saving it here makes a new template and leaves that one as it is.`);
    expect(messageProblems(selection.what)).toEqual([]);

    const before = sent.length;
    expect(await rejectionOf(plugin.handlers['templates/update']({ frameId: copy.id }, context))).toMatchObject({ code: 'not_linked' });
    // Nor is it linked back to that template (offered by name and content after a save whose answer was lost).
    const relink = await rejectionOf(plugin.handlers['templates/link']({ frameId: copy.id, templateId: id }, context));
    expect(relink).toMatchObject({ code: 'linked_elsewhere' });
    expect(relink.message).toBe(`“${EMAIL}” was copied from another file, where it was saved as the template “Spring”, so nothing was linked: that template is the other file’s. If the list shows another template “Spring” that this frame’s save made, link the frame to that one.`);
    expect(messageProblems(relink.message)).toEqual([]);
    expect(sent.slice(before).filter((request) => request.method !== 'GET')).toEqual([]);
    // Still the first file's link: one made here would carry this file's id.
    expect(linkOf(copy)?.fileId).toBe(parseTemplateLink(stored)!.fileId);

    const saved = await plugin.handlers['templates/create']({ name: 'Spring, second file', description: '', frameId: copy.id }, context);
    expect(saved.template!.id).not.toBe(id);
    const relinked = linkOf(copy)!;
    expect(relinked.templateId).toBe(saved.template!.id);
    expect(relinked.fileId).toMatch(/^file_/);
    expect(relinked.fileId).not.toBe(parseTemplateLink(stored)!.fileId);
    expect(await plugin.handlers['templates/selection']({}, context)).toMatchObject({ link: { templateName: 'Spring, second file' }, otherFileTemplateId: null });
  });

  it('in its own file stays linked when the file’s id is gone (a collaborator’s undo took back the save that made it): the file’s index names the frame', async () => {
    const { frame } = await linkedSpringAsync();
    fake.inspect.run(() => fake.figma.root.setSharedPluginData('envelope', 'fileId', ''));
    fake.figma.currentPage.selection = [frame];
    expect(await plugin.handlers['templates/selection']({}, context)).toMatchObject({ what: `“${EMAIL}” is selected.`, link: { templateName: 'Spring' } });
  });
});
