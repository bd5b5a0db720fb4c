// A sync whose connection dropped after the builder had answered (its first batch pushed): it said
// "Check your internet connection and the email builder’s address in Settings (http://127.0.0.1:…)",
// though that address had just answered, so Settings was a wrong lead. Now, once the address has
// answered, the words name the connection alone; a builder never reached there still names the address.
// The real runner against the fake Figma and the builder emulator (its "drop" fault: no answer).
import { describe, expect, it } from 'vitest';
import { createFigmaFetchTransport } from '../../../src/http/figma-fetch-transport';
import { createPlugin } from '../../../src/handlers';
import type { HttpRequest } from '../../../src/shared/api/http/transport';
import { readSyncState } from '../../../src/sync/sync-state';
import { generateDocumentAsync } from '../../bench/generate-document';
import { createFakeFigma } from '../../fake-figma';
import { controlAsync } from '../clients/support/transports';
import { context, linkAsync, useSyncHarness } from './support/sync-harness';

const h = useSyncHarness();
const isPush = (request: HttpRequest) => request.method === 'POST' && request.url.endsWith('/sync');

describe('a sync whose connection drops', () => {
  it('never answered there: the address typed in Settings is said', async () => {
    await linkAsync(h, 'ds_empty');
    await controlAsync(h.emulator.builderUrl, 'faults', { rate: 1, kinds: ['drop'] });
    const failed = h.plugin.handlers['sync/compare']({}, context);
    await expect(failed).rejects.toMatchObject({
      code: 'network_error',
      message: `Envelope could not reach the email builder. Check your internet connection and the email builder’s address in Settings (${h.emulator.builderUrl}).`,
    });
  }, 60_000);

  it('after its first batch was pushed: the connection is said, not the address', async () => {
    h.fake = createFakeFigma({ currentUser: { id: 'u1', name: 'Dana Designer' }, allowedDomains: [h.emulator.builderUrl] });
    await generateDocumentAsync(h.fake.figma, 150);
    const transport = createFigmaFetchTransport(h.fake.fetch);
    let acknowledged = 0;
    // Once the first push is acknowledged, every later answer is dropped.
    h.plugin = createPlugin({
      figma: h.fake.figma,
      transport: async (request) => {
        const response = await transport(request);
        if (isPush(request) && response.status === 200 && acknowledged === 0) {
          acknowledged = (JSON.parse(request.body ?? '{}') as { upserts: unknown[] }).upserts.length;
          await controlAsync(h.emulator.builderUrl, 'faults', { rate: 1, kinds: ['drop'] });
        }
        return response;
      },
    });
    await linkAsync(h, 'ds_empty');
    await h.plugin.handlers['sync/compare']({}, context);
    const error = (await h.plugin.handlers['sync/run']({}, context).catch((caught: unknown) => caught)) as { code: string; message: string; details?: { problem?: unknown } };
    await controlAsync(h.emulator.builderUrl, 'faults', { rate: 0 });

    expect(acknowledged).toBeGreaterThan(0);
    expect(error).toMatchObject({ code: 'network_error', message: 'Envelope could not reach the email builder. Check your internet connection, then try again.' });
    expect(error.details?.problem).toBeUndefined();
    // The first batch did land: the address was right all along.
    const stored = readSyncState(h.fake.figma.root);
    expect(stored.status === 'ok' ? stored.state.history[0]?.pushed : null).toBe(acknowledged);
  }, 90_000);
});
