// The second review of sync: what changes in the file, in Settings or in clientStorage between the
// comparison the designer saw and the sync they run. The real runner against the fake Figma and the
// builder emulator; outcomes checked where they land (the document, the emulator's changes feed).
import { describe, expect, it, vi } from 'vitest';
import { createFigmaFetchTransport } from '../../../src/http/figma-fetch-transport';
import { createPlugin } from '../../../src/handlers';
import type { HttpRequest } from '../../../src/shared/api/http/transport';
import type { Progress } from '../../../src/shared/bridge/protocol';
import { addHistoryEntry, readSyncState, SYNC_STATE_HEAD_KEY, writeSyncState } from '../../../src/sync/sync-state';
import { controlAsync, emulatorKeysAsync } from '../clients/support/transports';
import { collaboratorAsync, componentNamed, context, linkAsync, remoteComponentsAsync, syncedOnceAsync, useSyncHarness } from './support/sync-harness';

const h = useSyncHarness();

describe('take theirs on a component edited here after the comparison', () => {
  it('does not overwrite the edit the comparison never showed: nothing is taken, and it comes back as a conflict', async () => {
    await syncedOnceAsync(h);
    const footer = componentNamed(h, 'Footer');
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: footer.key, description: 'Theirs.' });
    const compared = await h.plugin.handlers['sync/compare']({}, context);
    expect(compared.items.find((item) => item.key === footer.key)).toMatchObject({ kind: 'remote-change', choice: 'take' });
    // While the list is open, the designer edits Footer's description.
    footer.description = 'Mine, after the comparison.';
    const outcome = await h.plugin.handlers['sync/run']({}, context);
    expect(footer.description).toBe('Mine, after the comparison.');
    expect(outcome.manualSteps).toEqual([{ key: footer.key, name: 'Footer', steps: [expect.stringMatching(/changed in this file since the comparison: nothing was taken/) as string] }]);
    expect((await h.plugin.handlers['sync/compare']({}, context)).items.find((item) => item.key === footer.key)).toMatchObject({ kind: 'conflict', choice: 'skip' });
  });

  it('does not hide a layer edit made after the comparison by recording it as the version taken', async () => {
    await syncedOnceAsync(h);
    const footer = componentNamed(h, 'Footer');
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: footer.key, description: 'Theirs.' });
    await h.plugin.handlers['sync/compare']({}, context);
    // A fill, which taking theirs does not touch: recorded as taken, it would never be pushed nor listed.
    footer.fills = [{ type: 'SOLID', color: { r: 1, g: 0.2, b: 0 } }];
    await h.plugin.handlers['sync/run']({}, context);
    const again = await h.plugin.handlers['sync/compare']({}, context);
    expect(again.items.find((item) => item.key === footer.key)).toMatchObject({ kind: 'conflict' });
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(footer.key)?.description).toBe('Theirs.');
  });
});

describe('the builder key changed in Settings after the comparison', () => {
  it('a key forgotten since is not used: the sync refuses in words and sends nothing', async () => {
    await linkAsync(h, 'ds_empty');
    expect((await h.plugin.handlers['sync/compare']({}, context)).items.length).toBeGreaterThan(0);
    await h.plugin.handlers['settings/forget-key']({ api: 'builder' }, context);
    await expect(h.plugin.handlers['sync/run']({}, context)).rejects.toMatchObject({ code: 'not_linked', message: expect.stringContaining('Add it in Settings') as unknown });
    expect((await remoteComponentsAsync(h, 'ds_empty')).size).toBe(0);
  });

  it('a key replaced since is not used either: the sync asks for a new comparison', async () => {
    await linkAsync(h, 'ds_empty');
    await h.plugin.handlers['sync/compare']({}, context);
    const other = (await emulatorKeysAsync(h.emulator.libraryUrl)).builder.other;
    await h.plugin.handlers['settings/save-api']({ api: 'builder', baseUrl: h.emulator.builderUrl, key: other }, context);
    await expect(h.plugin.handlers['sync/run']({}, context)).rejects.toMatchObject({ code: 'no_comparison', message: expect.stringContaining('Check again') as unknown });
    expect((await remoteComponentsAsync(h, 'ds_empty')).size).toBe(0);
  });
});

describe('a damaged cache of last synced versions in clientStorage', () => {
  it('does not stop the comparison: the edit is listed, its "before" said to be unknown', async () => {
    await syncedOnceAsync(h);
    const hero = componentNamed(h, 'Hero');
    hero.description = 'Mine.';
    // An index cut short or edited by hand, read by the next plugin run.
    const indexKey = (await h.fake.figma.clientStorage.keysAsync()).find((key) => key.startsWith('envelope.payloadCache.') && key.endsWith('.index'))!;
    const index = (await h.fake.figma.clientStorage.getAsync(indexKey)) as { entries: Record<string, unknown> };
    await h.fake.figma.clientStorage.setAsync(indexKey, { ...index, entries: { ...index.entries, [hero.key]: null } });
    h.plugin = createPlugin({ figma: h.fake.figma, transport: createFigmaFetchTransport(h.fake.fetch) });
    const compared = await h.plugin.handlers['sync/compare']({}, context);
    expect(compared.items.find((item) => item.key === hero.key)).toMatchObject({ kind: 'local-change', choice: 'push' });
    expect(await h.plugin.handlers['sync/detail']({ key: hero.key }, context)).toMatchObject({ beforeKnown: false });
  });
});

describe('the document’s sync state, read while the designer works', () => {
  it('is parsed from its parts again only when it changed, not at every count or screen (≈ 140 ms at 10,000 components)', async () => {
    await syncedOnceAsync(h);
    const root = h.fake.figma.root;
    const reads = vi.spyOn(root, 'getSharedPluginData');
    const partReads = () => reads.mock.calls.filter(([, key]) => key.startsWith(`${SYNC_STATE_HEAD_KEY}.`)).length;
    await h.plugin.handlers['sync/overview']({}, context);
    expect(partReads()).toBeGreaterThan(0);
    reads.mockClear();
    await h.plugin.handlers['sync/overview']({}, context);
    await h.plugin.handlers['sync/compare']({}, context);
    await h.plugin.handlers['sync/overview']({}, context);
    expect(partReads()).toBe(0);

    // A collaborator's sync writes a new state: it is read, with their history.
    const read = readSyncState(root);
    if (read.status !== 'ok') throw new Error(read.status);
    writeSyncState(root, addHistoryEntry(read.state, { at: '2026-11-25T09:00:00.000Z', user: 'Ana Lima', pushed: 1, deleted: 0, taken: 0, conflicts: 0 }));
    expect((await h.plugin.handlers['sync/overview']({}, context)).history[0]).toMatchObject({ user: 'Ana Lima' });
    reads.mockRestore();
  });
});

describe('two designers syncing the same file', () => {
  it('a teammate version one of them took is not pushed back over by the other’s older comparison (it read as a local change there)', async () => {
    await syncedOnceAsync(h);
    const footer = componentNamed(h, 'Footer');
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: footer.key, description: 'Theirs.' });
    const robin = await collaboratorAsync(h);
    const robinCompared = await robin.handlers['sync/compare']({}, context);
    expect(robinCompared.items.find((item) => item.key === footer.key)).toMatchObject({ kind: 'remote-change', choice: 'take' });

    // Dana syncs first and takes the teammate's version into the file.
    await h.plugin.handlers['sync/compare']({}, context);
    expect(await h.plugin.handlers['sync/run']({}, context)).toMatchObject({ taken: 1 });
    expect(footer.description).toBe('Theirs.');

    // Robin then presses Sync on the list he has been looking at.
    const outcome = await robin.handlers['sync/run']({}, context);
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(footer.key)?.description).toBe('Theirs.');
    expect(footer.description).toBe('Theirs.');
    expect(outcome.pushed).toBe(0);
    expect((await h.plugin.handlers['sync/compare']({}, context)).items).toEqual([]);
  });

  it('an edit here after the comparison is not sent from the comparison’s older copy: it is listed again as the file has it', async () => {
    await syncedOnceAsync(h);
    const hero = componentNamed(h, 'Hero');
    hero.description = 'Mine, first.';
    await h.plugin.handlers['sync/compare']({}, context);
    hero.description = 'Mine, second.';
    const outcome = await h.plugin.handlers['sync/run']({}, context);
    expect(outcome.pushed).toBe(0);
    expect(outcome.manualSteps).toEqual([{ key: hero.key, name: 'Hero', steps: [expect.stringMatching(/changed in this file since the comparison .*: nothing was sent/) as string] }]);
    expect(outcome.comparison.items.find((item) => item.key === hero.key)).toMatchObject({ kind: 'local-change', choice: 'push' });
    expect(await h.plugin.handlers['sync/detail']({ key: hero.key }, context)).toMatchObject({ changes: [expect.objectContaining({ after: '"Mine, second."' })] });
    await h.plugin.handlers['sync/run']({}, context);
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(hero.key)?.description).toBe('Mine, second.');
  });
});

describe('a file linked to another design system than the one its sync state is for', () => {
  it('says so on the comparison (every component compared as if for the first time, that state replaced by a sync), not only starting afresh', async () => {
    await syncedOnceAsync(h, 'ds_empty');
    await h.plugin.handlers['settings/set-design-system']({ id: 'ds_demo' }, context);
    const compared = await h.plugin.handlers['sync/compare']({}, context);
    expect(compared.stateProblem).toMatch(/sync state is for the design system "ds_empty".*"ds_demo".*first time/);
    // Back to the design system it synced with: nothing to say, nothing changed.
    await h.plugin.handlers['settings/set-design-system']({ id: 'ds_empty' }, context);
    const back = await h.plugin.handlers['sync/compare']({}, context);
    expect(back.stateProblem ?? null).toBeNull();
    expect(back.items).toEqual([]);
  });
});

describe('a replaced component whose new version changed after the comparison', () => {
  it('keeps the old one in the design system until the new one is sent (not deleted alone)', async () => {
    await syncedOnceAsync(h);
    const divider = componentNamed(h, 'Divider');
    const oldKey = divider.key;
    const page = divider.parent as PageNode;
    divider.remove();
    const created = h.fake.figma.createComponent();
    created.name = 'Divider';
    created.resize(600, 2);
    page.appendChild(created);
    const compared = await h.plugin.handlers['sync/compare']({}, context);
    expect(compared.replacements).toEqual([{ oldKey, newKey: created.key }]);
    created.description = 'Edited after the comparison.';
    const outcome = await h.plugin.handlers['sync/run']({}, context);
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(oldKey)).toMatchObject({ deleted: false });
    expect(outcome.comparison.replacements).toEqual([{ oldKey, newKey: created.key }]);
    await h.plugin.handlers['sync/run']({}, context);
    const remote = await remoteComponentsAsync(h, 'ds_empty');
    expect(remote.get(oldKey)).toMatchObject({ deleted: true });
    expect(remote.get(created.key)).toMatchObject({ description: 'Edited after the comparison.' });
  });
});

/** A plugin whose first request matching `limit` is answered 429 (wait a second); returns how many were. */
function pluginLimitedOnce(limit: (request: { method: string; url: string }) => boolean): { limited: () => number } {
  let limited = 0;
  const transport = createFigmaFetchTransport(h.fake.fetch);
  h.plugin = createPlugin({
    figma: h.fake.figma,
    transport: (request) => {
      if (limit(request) && limited === 0) {
        limited += 1;
        return Promise.resolve({ status: 429, headers: { 'content-type': 'application/json', 'retry-after': '1' }, text: JSON.stringify({ error: 'rate_limited', message: 'Too many requests.' }) });
      }
      return transport(request);
    },
  });
  return { limited: () => limited };
}

describe('a push the builder asks to wait (429)', () => {
  it('says the wait on the progress line instead of standing still, then goes on and finishes', async () => {
    const { limited } = pluginLimitedOnce((request) => request.method === 'POST' && request.url.endsWith('/sync'));
    await linkAsync(h, 'ds_empty');
    const compared = await h.plugin.handlers['sync/compare']({}, context);
    const reports: Progress[] = [];
    const outcome = await h.plugin.handlers['sync/run']({}, { ...context, progress: (progress) => reports.push(progress) });
    expect(limited()).toBe(1);
    // The bar keeps its total through the wait (it went to an empty "working" bar); nothing pushed yet, the words say the wait alone.
    const total = compared.items.length;
    expect(reports).toContainEqual({ done: 0, total, label: 'The builder asked Envelope to wait a second before pushing; the sync starts after that.', waitSeconds: 1 });
    expect(reports.at(-1)?.label).toMatch(/^Pushing \d+ of \d+$/);
    expect(outcome.pushed).toBe(compared.items.length);
  });
});

describe('a comparison the builder asks to wait (429)', () => {
  it('says the wait on the progress line instead of standing still at “Asking the design system for changes…”', async () => {
    const { limited } = pluginLimitedOnce((request) => request.method === 'GET' && request.url.includes('/changes'));
    await linkAsync(h, 'ds_empty');
    const reports: Progress[] = [];
    const compared = await h.plugin.handlers['sync/compare']({}, { ...context, progress: (progress) => reports.push(progress) });
    expect(limited()).toBe(1);
    // A check has no count to keep: the wait alone.
    expect(reports).toContainEqual({ done: 0, total: null, label: 'The builder asked Envelope to wait a second; the check goes on after that.', waitSeconds: 1 });
    expect(compared.items.length).toBeGreaterThan(0);
  });
});

/** One log of the progress said and the answers the plugin received, in order; the first request matching `limit` is answered 429 (wait a second). */
function loggedLimitedOnce(limit: (request: HttpRequest) => boolean): string[] {
  const log: string[] = [];
  const transport = createFigmaFetchTransport(h.fake.fetch);
  let limited = false;
  h.plugin = createPlugin({
    figma: h.fake.figma,
    transport: async (request) => {
      if (limit(request) && !limited) {
        limited = true;
        return { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '1' }, text: JSON.stringify({ error: 'rate_limited', message: 'Too many requests.' }) };
      }
      const response = await transport(request);
      if (limit(request)) log.push(`answer ${response.status}`);
      return response;
    },
  });
  return log;
}

describe('the wait said on the progress line when the builder asks to wait (429)', () => {
  const waitSaid = (what: string) => `The builder asked Envelope to wait a second; ${what} goes on after that.`;
  const pushWaitSaid = /^The builder asked Envelope to wait a second before pushing; the sync starts after that\.$/;

  it('goes when the wait is over: the pushing words are back before the batch sent again is acknowledged', async () => {
    const log = loggedLimitedOnce((request) => request.method === 'POST' && request.url.endsWith('/sync'));
    await linkAsync(h, 'ds_empty');
    await h.plugin.handlers['sync/compare']({}, context);
    await h.plugin.handlers['sync/run']({}, { ...context, progress: (progress) => log.push(progress.label) });
    const waited = log.findIndex((entry) => pushWaitSaid.test(entry));
    expect(waited).toBeGreaterThanOrEqual(0);
    expect(log.slice(waited + 1, log.indexOf('answer 200', waited))).toEqual([expect.stringMatching(/^Pushing \d+ of \d+$/)]);
  });

  it('goes when the wait is over in a check too: the check’s words are back before the changes come', async () => {
    const log = loggedLimitedOnce((request) => request.method === 'GET' && request.url.includes('/changes'));
    await linkAsync(h, 'ds_empty');
    await h.plugin.handlers['sync/compare']({}, { ...context, progress: (progress) => log.push(progress.label) });
    const waited = log.indexOf(waitSaid('the check'));
    expect(waited).toBeGreaterThanOrEqual(0);
    expect(log.slice(waited + 1, log.indexOf('answer 200', waited))).toEqual(['Asking the design system for changes…']);
    // Once they came, the line names the last step (seconds in a large file), not the question answered.
    expect(log.slice(log.indexOf('answer 200', waited) + 1)).toEqual(['Finding what changed in each component…']);
  });
});

describe('choices on a list older than the sync state (a collaborator synced, then this sync failed)', () => {
  it('ticking again a row the collaborator already synced is not refused, so it does not block every later sync', async () => {
    let offline = false;
    const transport = createFigmaFetchTransport(h.fake.fetch);
    await syncedOnceAsync(h);
    const hero = componentNamed(h, 'Hero');
    const divider = componentNamed(h, 'Divider');
    hero.description = 'Mine.';
    divider.description = 'Mine too.';
    const robin = await collaboratorAsync(h, (request) => (offline && request.method === 'POST' ? Promise.reject(new Error('offline')) : transport(request)));
    await robin.handlers['sync/compare']({}, context);
    // Dana syncs Hero (and leaves Divider for later).
    await h.plugin.handlers['sync/compare']({}, context);
    await h.plugin.handlers['sync/choose']({ choices: { [divider.key]: 'skip' } }, context);
    await h.plugin.handlers['sync/run']({}, context);
    // Robin's sync fails on the way; his list still shows Hero as a local change.
    offline = true;
    await expect(robin.handlers['sync/run']({}, context)).rejects.toMatchObject({ code: 'network_error' });
    offline = false;
    await robin.handlers['sync/choose']({ choices: { [hero.key]: 'skip' } }, context);
    await robin.handlers['sync/choose']({ choices: { [hero.key]: 'push' } }, context);
    await robin.handlers['sync/run']({}, context);
    const remote = await remoteComponentsAsync(h, 'ds_empty');
    expect(remote.get(hero.key)?.description).toBe('Mine.');
    expect(remote.get(divider.key)?.description).toBe('Mine too.');
  });
});
