// Builder requests from the Templates screen run one at a time in the sandbox. One the window
// stopped waiting for before its turn came (queued behind others that each waited out the
// builder's "slow down", past the window's 120 s) was said to have failed: it must not happen
// after all, when its turn comes.
import { expect, it } from 'vitest';
import { createCancelSource } from '../../../src/shared/api/http/cancel-signal';
import type { HttpResponse } from '../../../src/shared/api/http/transport';
import { handlerContext } from '../../../src/shared/bridge/endpoint';
import { serializeTemplateLink, TEMPLATE_LINK_KEY } from '../../../src/templates/template-link';
import { createTemplatesFeature } from '../../../src/templates/templates-handlers';
import { createFakeFigma } from '../../fake-figma/index';

it('does not unlink a frame when the window gave up on the unlink before its turn came', async () => {
  const fake = createFakeFigma();
  const frame = fake.figma.createFrame();
  frame.name = 'Spring';
  const link = serializeTemplateLink({ templateId: 'tpl_1', templateName: 'Spring', hash: 'h', savedAt: '2026-11-21T10:00:00.000Z' });
  frame.setPluginData(TEMPLATE_LINK_KEY, link);
  // The builder holds a rename (as while it waits out a "slow down"), until released.
  let release: () => void = () => undefined;
  const held = new Promise<HttpResponse>((resolve) => (release = () => resolve({ status: 404, headers: { 'content-type': 'application/json' }, text: JSON.stringify({ error: { code: 'not_found', message: 'No such template.' } }) })));
  const templates = createTemplatesFeature({ figma: fake.figma, transport: () => held, readBuilderCredentialsAsync: () => Promise.resolve({ baseUrl: 'https://builder.example', key: 'ef_live_0123456789abcdef0123' }), undoStepOpen: () => false });
  const renaming = templates.handlers['templates/rename']({ id: 'tpl_2', name: 'Summer', description: '' }, handlerContext()).catch(() => undefined);
  const gaveUp = createCancelSource();
  const unlinking = templates.handlers['templates/unlink']({ frameId: frame.id }, handlerContext({ signal: gaveUp.signal }));
  // The window's wait ran out (it said the unlink failed) while the rename still held the queue.
  gaveUp.cancel();
  release();
  await renaming;
  await expect(unlinking).rejects.toMatchObject({ code: 'cancelled' });
  expect(frame.getPluginData(TEMPLATE_LINK_KEY)).toBe(link);
});
