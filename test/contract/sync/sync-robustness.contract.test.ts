// Bad input on sync's way: answers from the builder that are not as documented, clientStorage that
// refuses a write, nodes that change under a run. The real runner against the fake Figma and the
// builder emulator; outcomes checked where they land (the document's sync state, the screen's answers).
import { describe, expect, it } from 'vitest';
import { createFigmaFetchTransport } from '../../../src/http/figma-fetch-transport';
import { createPlugin } from '../../../src/handlers';
import type { HttpResponse } from '../../../src/shared/api/http/transport';
import { readSyncState } from '../../../src/sync/sync-state';
import { controlAsync } from '../clients/support/transports';
import { componentNamed, context, syncedOnceAsync, useSyncHarness, type SyncHarness } from './support/sync-harness';

const h = useSyncHarness();

/** The plugin again, with each changes answer's `data` passed through `edit` on its way. */
function editChangesAnswers(harness: SyncHarness, edit: (data: Record<string, unknown>) => void): void {
  const transport = createFigmaFetchTransport(harness.fake.fetch);
  harness.plugin = createPlugin({
    figma: harness.fake.figma,
    transport: async (request) => {
      const response: HttpResponse = await transport(request);
      if (request.method !== 'GET' || !request.url.includes('/changes') || response.status !== 200) return response;
      const body = JSON.parse(response.text) as { data: Record<string, unknown> };
      edit(body.data);
      return { ...response, text: JSON.stringify(body) };
    },
  });
}

describe('a changes answer whose times are not times', () => {
  it.each([
    ['its server time', (data: Record<string, unknown>) => void (data.server_time = '27/11/2026 10:00')],
    ['a component’s time', (data: Record<string, unknown>) => void ((data.components as Array<Record<string, unknown>>).forEach((component) => (component.updated_at = 'yesterday')))],
    ['an impossible date', (data: Record<string, unknown>) => void (data.server_time = '2026-13-45T99:99:00Z')],
  ])('(%s) is said as an unreadable answer, and the file’s sync state is kept, not written so that it reads as damaged', async (_what, edit) => {
    await syncedOnceAsync(h);
    const footer = componentNamed(h, 'Footer');
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: footer.key, description: 'Theirs.' });
    const before = readSyncState(h.fake.figma.root);
    expect(before.status).toBe('ok');
    editChangesAnswers(h, edit);
    // Taken and recorded, it read as damaged next time (or, 2026-13-45, as a `since` the builder refuses at every check).
    await expect(h.plugin.handlers['sync/compare']({}, context)).rejects.toMatchObject({ code: 'malformed_response', message: expect.stringContaining('sent a reply Envelope cannot read') as unknown });
    expect(readSyncState(h.fake.figma.root)).toEqual(before);
    expect(componentNamed(h, 'Footer').description).not.toBe('Theirs.');
  });
});
