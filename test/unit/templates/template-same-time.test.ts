// The builder may write the instant a frame was saved at in another form than it did then ("Z" or
// "+00:00", with or without milliseconds). Update and rename compare it with the link's as a time:
// compared as text, the same instant was taken for a change made in the builder (a false
// conflict on Update, and a rename that left the link out of step, so the next Update said so).
import { describe, expect, it } from 'vitest';
import type { HttpRequest } from '../../../src/shared/api/http/transport';
import { parseTemplateLink, sameServerTime, serializeTemplateLink, TEMPLATE_INDEX_KEY, TEMPLATE_LINK_KEY } from '../../../src/templates/template-link';
import { createTemplatesSession } from '../../../src/templates/templates-session';
import { createFakeFigma } from '../../fake-figma/index';

const SAVED_AT = '2026-11-21T10:00:00Z';

function template(updatedAt: string, name = 'Spring'): Record<string, unknown> {
  // Content that is neither the frame's nor known to the link: only the time says it is this file's save.
  return { id: 'tpl_1', name, description: '', thumbnail_url: null, created_at: '2026-11-20T09:00:00Z', updated_at: updatedAt, content: { format: 'figma-node-tree', version: 1, root: { type: 'FRAME', name: 'Spring, as saved before' } } };
}

function linkedSession(builderTime: string) {
  const fake = createFakeFigma();
  const frame = fake.figma.createFrame();
  frame.name = 'Spring';
  frame.resize(200, 100);
  frame.setPluginData(TEMPLATE_LINK_KEY, serializeTemplateLink({ templateId: 'tpl_1', templateName: 'Spring', hash: 'an older hash', savedAt: SAVED_AT }));
  fake.figma.root.setPluginData(TEMPLATE_INDEX_KEY, JSON.stringify({ tpl_1: frame.id }));
  const writes: HttpRequest[] = [];
  const answer = (data: unknown) => Promise.resolve({ status: 200, headers: { 'content-type': 'application/json' }, text: JSON.stringify({ data }) });
  const session = createTemplatesSession({
    figma: fake.figma,
    transport: (request) => {
      if (request.method === 'GET') return answer(template(builderTime));
      writes.push(request);
      const body = JSON.parse(request.body ?? '{}') as { name?: string };
      return answer(template('2026-11-21T10:05:00Z', body.name ?? 'Spring'));
    },
    readBuilderCredentialsAsync: () => Promise.resolve({ baseUrl: 'https://builder.acme.test', key: 'ef_test_key_0123456789' }),
  });
  return { session, frame, writes, fake };
}

describe('the builder’s time of this file’s last save, written another way', () => {
  for (const builderTime of ['2026-11-21T10:00:00.000Z', '2026-11-21T10:00:00+00:00', '2026-11-21T11:00:00+01:00']) {
    it(`Update sends the frame without a conflict (${builderTime})`, async () => {
      const { session, frame, writes } = linkedSession(builderTime);
      const outcome = await session.updateAsync(frame.id);
      expect(outcome.outcome).toBe('updated');
      expect(writes).toHaveLength(1);
    });

    it(`a rename keeps the link in step, so the next Update is no conflict (${builderTime})`, async () => {
      const { session, frame } = linkedSession(builderTime);
      await session.renameAsync('tpl_1', 'Spring (approved)', '');
      const link = parseTemplateLink(frame.getPluginData(TEMPLATE_LINK_KEY));
      expect(link).toMatchObject({ templateName: 'Spring (approved)', savedAt: '2026-11-21T10:05:00Z' });
    });
  }

  it('a later time is still a change made in the builder', async () => {
    const { session, frame, writes } = linkedSession('2026-11-21T10:00:00.001Z');
    await expect(session.updateAsync(frame.id)).rejects.toMatchObject({ code: 'template_changed' });
    expect(writes).toHaveLength(0);
  });
});

describe('sameServerTime', () => {
  it('compares as times, and as text when either is not a time', () => {
    expect(sameServerTime('2026-11-21T10:00:00Z', '2026-11-21T10:00:00.000Z')).toBe(true);
    expect(sameServerTime('2026-11-21T10:00:00Z', '2026-11-21T10:00:00+00:00')).toBe(true);
    expect(sameServerTime('2026-11-21T11:00:00+01:00', '2026-11-21T10:00:00Z')).toBe(true);
    expect(sameServerTime('2026-11-21T10:00:00.001Z', '2026-11-21T10:00:00Z')).toBe(false);
    expect(sameServerTime('v2', 'v2')).toBe(true);
    expect(sameServerTime('v2', 'v1')).toBe(false);
    expect(sameServerTime('v2', '2026-11-21T10:00:00Z')).toBe(false);
  });
});
