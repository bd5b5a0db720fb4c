// The Sync screen's read of the file's link and history waits its turn behind a sync on its way:
// it reads what the run writes. Read beside it, it answered with the history from before the run.
import { describe, expect, it } from 'vitest';
import { createFigmaFetchTransport } from '../../../src/http/figma-fetch-transport';
import { createPlugin } from '../../../src/handlers';
import { context, linkAsync, useSyncHarness } from './support/sync-harness';

const h = useSyncHarness();

describe('the overview while a sync runs', () => {
  it('answers once the run has ended, with its entry in the history', async () => {
    // The plugin again, its pushes held until released.
    const transport = createFigmaFetchTransport(h.fake.fetch);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let pushed!: () => void;
    const pushing = new Promise<void>((resolve) => (pushed = resolve));
    h.plugin = createPlugin({
      figma: h.fake.figma,
      transport: async (request) => {
        if (request.method === 'POST' && request.url.endsWith('/sync')) {
          pushed();
          await released;
        }
        return transport(request);
      },
    });
    await linkAsync(h, 'ds_empty');
    await h.plugin.handlers['sync/compare']({}, context);
    const run = h.plugin.handlers['sync/run']({}, context);
    await pushing;
    // Asked while the push is held, then the push goes: read beside the run, the overview had no entry yet.
    const overview = h.plugin.handlers['sync/overview']({}, context);
    release();
    await run;
    const read = await overview;
    expect(read.history).toHaveLength(1);
    expect(read.lastSyncedAt).not.toBeNull();
  });
});
