// A list read takes a teammate's rename in the builder into the frame's link only when the
// builder's version is later than the link's save, compared as times: the builder may write the
// same instant as "Z" or "+00:00", with or without milliseconds (as text, "…00Z" sorted after
// "…00.500Z", and "+01:00" times were taken for later than the UTC ones they precede).
import { describe, expect, it } from 'vitest';
import { parseTemplateLink, serializeTemplateLink, serverTimeAfter, TEMPLATE_INDEX_KEY, TEMPLATE_LINK_KEY } from '../../../src/templates/template-link';
import { createTemplatesSession } from '../../../src/templates/templates-session';
import { createFakeFigma } from '../../fake-figma/index';

async function listedNameAsync(savedAt: string, updatedAt: string): Promise<string | undefined> {
  const fake = createFakeFigma();
  const frame = fake.figma.createFrame();
  frame.name = 'Spring sale';
  frame.setPluginData(TEMPLATE_LINK_KEY, serializeTemplateLink({ templateId: 'tpl_1', templateName: 'Spring', hash: 'h', savedAt }));
  fake.figma.root.setPluginData(TEMPLATE_INDEX_KEY, JSON.stringify({ tpl_1: frame.id }));
  const template = { id: 'tpl_1', name: 'Spring (approved)', description: '', thumbnail_url: null, created_at: '2026-11-20T09:00:00Z', updated_at: updatedAt };
  const session = createTemplatesSession({
    figma: fake.figma,
    transport: () => Promise.resolve({ status: 200, headers: { 'content-type': 'application/json' }, text: JSON.stringify({ data: [template], meta: { page: 1, per_page: 50, total: 1 } }) }),
    readBuilderCredentialsAsync: () => Promise.resolve({ baseUrl: 'https://builder.acme.test', key: 'ef_test_key_0123456789' }),
  });
  await session.listAsync(1);
  return parseTemplateLink(frame.getPluginData(TEMPLATE_LINK_KEY))?.templateName;
}

describe('a template renamed in the builder, as the list shows it', () => {
  it('is followed when the builder’s version is later, however the time is written', async () => {
    expect(await listedNameAsync('2026-11-21T10:00:00Z', '2026-11-21T10:00:00.250+00:00')).toBe('Spring (approved)');
  });

  it('is left alone when this file saved after the builder’s version, however the time is written', async () => {
    expect(await listedNameAsync('2026-11-21T10:00:00.500Z', '2026-11-21T10:00:00Z')).toBe('Spring');
    expect(await listedNameAsync('2026-11-21T11:00:00Z', '2026-11-21T11:30:00+01:00')).toBe('Spring');
    expect(await listedNameAsync('2026-11-21T10:00:00.000Z', '2026-11-21T10:00:00+00:00')).toBe('Spring');
  });
});

describe('serverTimeAfter', () => {
  it('compares as times, and as text when either is not a time', () => {
    expect(serverTimeAfter('2026-11-21T10:00:00.250+00:00', '2026-11-21T10:00:00Z')).toBe(true);
    expect(serverTimeAfter('2026-11-21T10:00:00Z', '2026-11-21T10:00:00.500Z')).toBe(false);
    expect(serverTimeAfter('2026-11-21T11:30:00+01:00', '2026-11-21T11:00:00Z')).toBe(false);
    expect(serverTimeAfter('2026-11-21T10:00:00+00:00', '2026-11-21T10:00:00.000Z')).toBe(false);
    expect(serverTimeAfter('v2', 'v1')).toBe(true);
  });
});
