// The bridge's `sidesKnown` on a conflict's detail (src/shared/bridge/messages.ts, syncDetailSchema):
// whether the version last synced was kept, so that each change can say which side made it. The
// detail screen says "not known" only when it is false (ui/sync/sync-detail.tsx). The real handler
// against the fake Figma and the builder emulator, its reply read through the bridge's reply schema
// as the sandbox sends it to the window: a field the handler leaves out, misspells or mistypes, or
// the schema drops (it strips fields it does not name), does not arrive, and the test fails.
import { describe, expect, it } from 'vitest';
import { createFigmaFetchTransport } from '../../../src/http/figma-fetch-transport';
import { createPlugin } from '../../../src/handlers';
import { sandboxRequests, type SyncDetail } from '../../../src/shared/bridge/messages';
import { safeParseDescribed } from '../../../src/shared/validation/describe-issues';
import { controlAsync } from '../clients/support/transports';
import { componentNamed, context, syncedOnceAsync, useSyncHarness } from './support/sync-harness';

const h = useSyncHarness();

/** The detail of `key`'s row as the window gets it: the handler's reply through the bridge's schema. */
async function detailSentAsync(key: string): Promise<SyncDetail> {
  const reply = safeParseDescribed(sandboxRequests['sync/detail'].reply, await h.plugin.handlers['sync/detail']({ key }, context), 'reply');
  if (!reply.ok) throw new Error(`The sync/detail reply does not fit the bridge: ${reply.message}`);
  return reply.value;
}

/** Footer changed here and by a teammate since the last sync: a conflict. */
async function footerInConflictAsync(): Promise<string> {
  await syncedOnceAsync(h);
  const footer = componentNamed(h, 'Footer');
  footer.description = 'Mine.';
  await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: footer.key, description: 'Theirs.' });
  const compared = await h.plugin.handlers['sync/compare']({}, context);
  expect(compared.items.find((item) => item.key === footer.key)).toMatchObject({ kind: 'conflict' });
  return footer.key;
}

describe('a conflict’s detail says whether the sides of its changes are known', () => {
  it('true when the version last synced was kept, each change marked with its side', async () => {
    const key = await footerInConflictAsync();
    const detail = await detailSentAsync(key);
    expect(detail.sidesKnown).toBe(true);
    expect(detail.changes.find((change) => change.property === 'description')).toMatchObject({ side: 'both' });
  });

  it('false when the version last synced was not kept (a damaged cache), and no change says a side', async () => {
    const key = await footerInConflictAsync();
    // The cache's index entry for Footer lost, read by the next plugin run.
    const indexKey = (await h.fake.figma.clientStorage.keysAsync()).find((each) => each.startsWith('envelope.payloadCache.') && each.endsWith('.index'))!;
    const index = (await h.fake.figma.clientStorage.getAsync(indexKey)) as { entries: Record<string, unknown> };
    await h.fake.figma.clientStorage.setAsync(indexKey, { ...index, entries: { ...index.entries, [key]: null } });
    h.plugin = createPlugin({ figma: h.fake.figma, transport: createFigmaFetchTransport(h.fake.fetch) });
    expect((await h.plugin.handlers['sync/compare']({}, context)).items.find((item) => item.key === key)).toMatchObject({ kind: 'conflict' });
    const detail = await detailSentAsync(key);
    expect(detail.sidesKnown).toBe(false);
    expect(detail.changes.filter((change) => change.side !== undefined)).toEqual([]);
  });
});
