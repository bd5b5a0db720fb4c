// A template name of only zero-width characters is an empty name: refused before it is sent, by the
// window's form and by the sandbox, as one of only spaces is (it was saved, then shown as “”).
import { describe, expect, it } from 'vitest';
import { named, quotedName } from '../../../src/shared/quoted-name';
import { visibleNameProblem } from '../../../src/shared/template-name';
import { createTemplatesSession } from '../../../src/templates/templates-session';
import { createFakeFigma } from '../../fake-figma/index';

describe('a template name with nothing visible in it', () => {
  it('is refused as empty; visible names are checked as before', () => {
    for (const name of ['\u200b', ' \u200b\u200c ', '\u2060\u200d']) expect(visibleNameProblem(name)).toBe('Enter a template name.');
    expect(visibleNameProblem('Spring\u200b sale')).toBeNull();
    expect(visibleNameProblem('x'.repeat(201))).toBe('A template name is at most 200 characters; this one has 201.');
  });

  it('is said in words wherever a name is quoted, a frame’s too (the sandbox’s notices and the window’s alike)', () => {
    expect(quotedName('\u200b\u200c', 'a frame with no name')).toBe('a frame with no name');
    expect(named('template', ' \u2060 ')).toBe('a template with no name');
    expect(quotedName('Spring\u200b sale', 'x')).toBe('“Spring\u200b sale”');
  });

  it('is refused by the sandbox before anything is sent, for a save and a rename', async () => {
    const fake = createFakeFigma();
    const frame = fake.figma.createFrame();
    frame.name = 'Spring sale';
    fake.figma.currentPage.selection = [frame];
    const sent: unknown[] = [];
    const session = createTemplatesSession({
      figma: fake.figma,
      transport: (request: unknown) => (sent.push(request), Promise.reject(new Error('no network here'))),
      readBuilderCredentialsAsync: () => Promise.resolve({ baseUrl: 'https://builder.acme.test', key: 'ef_test_key_0123456789' }),
    });
    await expect(session.createAsync('\u200b', '', frame.id)).rejects.toMatchObject({ code: 'invalid_input', message: 'Enter a template name.' });
    await expect(session.renameAsync('tpl_1', '\u200b\u200b', '')).rejects.toMatchObject({ code: 'invalid_input', message: 'Enter a template name.' });
    expect(sent).toEqual([]);
  });
});
