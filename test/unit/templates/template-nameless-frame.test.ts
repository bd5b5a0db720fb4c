// A frame or template with no name is said in words in the sandbox's messages too (Figma's notice,
// the errors the window shows), never as “”: the same helper as the window's words.
import { describe, expect, it } from 'vitest';
import { named, quotedName } from '../../../src/shared/quoted-name';
import { serializeTemplateLink, TEMPLATE_INDEX_KEY, TEMPLATE_LINK_KEY } from '../../../src/templates/template-link';
import { createTemplatesSession } from '../../../src/templates/templates-session';
import { createFakeFigma } from '../../fake-figma/index';
import { messageProblems } from '../../support/message-rules';

function sessionWithFrame(frameName: string, link: { templateName: string; deleted?: boolean } | null) {
  const fake = createFakeFigma();
  const frame = fake.figma.createFrame();
  frame.name = frameName;
  if (link !== null) {
    frame.setPluginData(TEMPLATE_LINK_KEY, serializeTemplateLink({ templateId: 'tpl_1', hash: 'h', savedAt: '2026-11-21T10:00:00Z', ...link }));
    fake.figma.root.setPluginData(TEMPLATE_INDEX_KEY, JSON.stringify({ tpl_1: frame.id }));
  }
  fake.figma.currentPage.selection = [frame];
  const session = createTemplatesSession({
    figma: fake.figma,
    transport: () => Promise.reject(new Error('no network here')),
    readBuilderCredentialsAsync: () => Promise.resolve({ baseUrl: 'https://builder.acme.test', key: 'ef_test_key_0123456789' }),
  });
  return { fake, frame, session };
}

describe('a frame or template with no name, in the sandbox’s words', () => {
  it('Figma’s notice of a link lost to a deleted template says it in words', async () => {
    const notices = async (frameName: string, templateName: string) => {
      const { fake, session } = sessionWithFrame(frameName, { templateName, deleted: true });
      await session.selectionAsync(true);
      return fake.notifications.map((notice) => notice.message);
    };
    expect(await notices('Spring', 'Spring sale')).toEqual(['“Spring” is no longer linked: its template “Spring sale” was deleted.']);
    expect(await notices('', 'Spring sale')).toEqual(['The selected frame is no longer linked: its template “Spring sale” was deleted.']);
    expect(await notices('Spring', ' ')).toEqual(['“Spring” is no longer linked: its template was deleted.']);
    for (const text of await notices('', '')) expect(messageProblems(text)).toEqual([]);
  });

  it('Update of a frame with no name and no link says it in words', async () => {
    const { frame, session } = sessionWithFrame('', null);
    await expect(session.updateAsync(frame.id)).rejects.toMatchObject({ code: 'not_linked', message: 'The frame is not linked to a template. Save it as a template first.' });
  });
});

describe('quotedName and named', () => {
  it('quote a name, or say in words that there is none', () => {
    expect(quotedName('Spring', 'The frame')).toBe('“Spring”');
    expect(quotedName(' \t', 'The frame')).toBe('The frame');
    expect(named('template', 'Spring')).toBe('the template “Spring”');
    expect(named('frame', '')).toBe('a frame with no name');
  });
});
