// Bad input on sync's way: answers from the builder that are not as documented, clientStorage that
// refuses a write, nodes that change under a run. The real runner against the fake Figma and the
// builder emulator; outcomes checked where they land (the document's sync state, the screen's answers).
import { describe, expect, it } from 'vitest';
import { createFigmaFetchTransport } from '../../../src/http/figma-fetch-transport';
import { createPlugin } from '../../../src/handlers';
import type { HttpResponse } from '../../../src/shared/api/http/transport';
import { readSyncState } from '../../../src/sync/sync-state';
import { controlAsync } from '../clients/support/transports';
import { CLIENT_STORAGE_LIMIT_BYTES } from '../../fake-figma/client-storage';
import { componentNamed, context, replaceTwo, syncedOnceAsync, useSyncHarness, type SyncHarness } from './support/sync-harness';

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

/** clientStorage filled to Figma's 5 MB but for `room` bytes (other plugin data, the cache of another file…). */
async function fillClientStorageAsync(harness: SyncHarness, room = 20): Promise<void> {
  const key = 'filler';
  await harness.fake.figma.clientStorage.setAsync(key, '');
  const free = CLIENT_STORAGE_LIMIT_BYTES - harness.fake.clientStorageBytes();
  await harness.fake.figma.clientStorage.setAsync(key, 'x'.repeat(free - room));
}

describe('clientStorage full when the designer decides', () => {
  it('keeping a pair apart is refused in words (not Figma’s quota message), the pair stays one row, and it can be kept apart once there is room', async () => {
    await syncedOnceAsync(h);
    const oldFooter = componentNamed(h, 'Footer').key;
    const { footer } = replaceTwo(h);
    const pair = { oldKey: oldFooter, newKey: footer.key };
    expect((await h.plugin.handlers['sync/compare']({}, context)).replacements).toContainEqual(pair);
    await fillClientStorageAsync(h);
    const refused = h.plugin.handlers['sync/keep-apart'](pair, context);
    await expect(refused).rejects.toMatchObject({ code: 'storage_failed' });
    const message = ((await refused.catch((error: unknown) => error)) as Error).message;
    expect(message).toMatch(/could not store .* on this computer/);
    expect(message).not.toMatch(/quota|bytes|clientStorage/i);
    await h.fake.figma.clientStorage.deleteAsync('filler');
    expect((await h.plugin.handlers['sync/keep-apart'](pair, context)).replacements).not.toContainEqual(pair);
  });

  it('a choice is refused in words too, and the choice kept before stays', async () => {
    await syncedOnceAsync(h);
    componentNamed(h, 'Footer').description = 'Edited here.';
    componentNamed(h, 'Header').description = 'Edited here.';
    const compared = await h.plugin.handlers['sync/compare']({}, context);
    const [first, second] = compared.items;
    await h.plugin.handlers['sync/choose']({ choices: { [first!.key]: 'skip' } }, context);
    await fillClientStorageAsync(h);
    const refused = h.plugin.handlers['sync/choose']({ choices: { [second!.key]: 'skip' } }, context);
    await expect(refused).rejects.toMatchObject({ code: 'storage_failed' });
    expect(((await refused.catch((error: unknown) => error)) as Error).message).not.toMatch(/quota|bytes|clientStorage/i);
    const again = await h.plugin.handlers['sync/compare']({}, context);
    expect(again.items.find((item) => item.key === first!.key)?.choice).toBe('skip');
    expect(again.items.find((item) => item.key === second!.key)?.choice).toBe('push');
  });
});

describe('a component deleted by the designer while a sync runs', () => {
  it('during the push (its thumbnail not yet made): the push goes on without its picture instead of stopping with Figma’s “does not exist”', async () => {
    await syncedOnceAsync(h);
    const footer = componentNamed(h, 'Footer');
    const header = componentNamed(h, 'Header');
    footer.description = 'Edited here.';
    header.description = 'Edited here.';
    await h.plugin.handlers['sync/compare']({}, context);
    // Whichever picture is made first, the other component is deleted meanwhile (the designer works on).
    let deleted: string | null = null;
    for (const [node, other] of [
      [footer, header],
      [header, footer],
    ] as const) {
      const exportAsync = node.exportAsync.bind(node);
      node.exportAsync = ((settings: ExportSettingsImage) => {
        if (deleted === null) {
          deleted = other.name;
          other.remove();
        }
        return exportAsync(settings);
      }) as typeof node.exportAsync;
    }
    const outcome = await h.plugin.handlers['sync/run']({}, context);
    expect(deleted).not.toBeNull();
    expect(outcome.pushed).toBe(2);
    const after = await h.plugin.handlers['sync/compare']({}, context);
    expect(after.items.map((item) => [item.name, item.kind])).toEqual([[deleted, 'local-delete']]);
  });

  it('during the take (a page loading): the others are taken, and it is said to be no longer in the file instead of the run stopping half-way', async () => {
    await syncedOnceAsync(h);
    const footer = componentNamed(h, 'Footer');
    const header = componentNamed(h, 'Header');
    // Read while it is there: a removed node's fields throw.
    const headerKey = header.key;
    const emails = h.fake.figma.root.children.find((page) => page.name === 'Emails')!;
    emails.appendChild(footer);
    await h.plugin.handlers['sync/compare']({}, context);
    await h.plugin.handlers['sync/run']({}, context);
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: footer.key, description: 'Theirs.' });
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: header.key, description: 'Theirs.' });
    const compared = await h.plugin.handlers['sync/compare']({}, context);
    expect(compared.items.map((item) => [item.name, item.choice])).toEqual(expect.arrayContaining([['Footer', 'take'], ['Header', 'take']]));
    // Header (on Components) is found, then deleted while the Emails page loads.
    const loadAsync = emails.loadAsync.bind(emails);
    emails.loadAsync = () => {
      if (!header.removed) header.remove();
      return loadAsync();
    };
    const outcome = await h.plugin.handlers['sync/run']({}, context);
    expect(outcome.taken).toBe(1);
    expect(footer.description).toBe('Theirs.');
    expect(outcome.manualSteps).toEqual([{ key: headerKey, name: 'Header', steps: [expect.stringContaining('no longer in this file') as string] }]);
  });
});
