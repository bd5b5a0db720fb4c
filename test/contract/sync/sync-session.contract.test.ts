// The sync runner end to end without a browser: the real handlers against the fake Figma with
// the demo document, and the builder emulator (real limits) behind Figma-style fetch. Outcomes
// are checked where they land: the emulator's changes feed and the document's sync state.
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createFigmaFetchTransport } from '../../../src/http/figma-fetch-transport';
import { createPlugin } from '../../../src/handlers';
import { SNAPSHOT_FORMAT } from '../../../src/snapshot/format-version';
import { readSyncState, SYNC_STATE_HEAD_KEY, writeSyncState } from '../../../src/sync/sync-state';
import { generateDocumentAsync } from '../../bench/generate-document';
import { controlAsync } from '../clients/support/transports';
import { createFakeFigma } from '../../fake-figma';
import { startEmulator } from '../../emulator/index';
import type { Component } from '../../../src/shared/api/builder/schemas';
import type { HandlerContext } from '../../../src/shared/bridge/endpoint';
import { collaborator, componentNamed, context, footerChangedAfterLaterSyncAsync, linkAsync, remoteComponentsAsync, replaceTwo, syncedOnceAsync, useSyncHarness, watchAnswers } from './support/sync-harness';

const h = useSyncHarness();

function componentNamedKeyOf(comparison: { items: Array<{ key: string; name: string }> }, name: string): string {
  const found = comparison.items.find((item) => item.name === name);
  if (!found) throw new Error(`no row named ${name}`);
  return found.key;
}

describe('sync against the builder emulator', () => {
  it('first sync pushes every component once; the next comparison is empty and the state is in the document', async () => {
    await linkAsync(h, 'ds_empty');
    const first = await h.plugin.handlers['sync/compare']({}, context);
    const adds = first.items.filter((item) => item.kind === 'local-add');
    expect(adds.length).toBeGreaterThan(3);
    expect(first.items.every((item) => item.kind === 'local-add' && item.choice === 'push')).toBe(true);

    const outcome = await h.plugin.handlers['sync/run']({}, context);
    expect(outcome.pushed).toBe(adds.length);
    expect(outcome.comparison.items).toEqual([]);

    const remote = await remoteComponentsAsync(h, 'ds_empty');
    expect([...remote.keys()].sort()).toEqual(adds.map((item) => item.key).sort());
    for (const component of remote.values()) expect(component.thumbnail_url).not.toBeNull();

    const stored = readSyncState(h.fake.figma.root);
    expect(stored.status).toBe('ok');
    if (stored.status !== 'ok') return;
    expect(stored.state.components.size).toBe(adds.length);
    for (const [key, entry] of stored.state.components) expect(entry.hash).toBe(remote.get(key)?.hash);
    expect(stored.state.history[0]).toMatchObject({ user: 'Dana Designer', pushed: adds.length, conflicts: 0 });

    const again = await h.plugin.handlers['sync/compare']({}, context);
    expect(again.items).toEqual([]);
  });

  it('list thumbnails: one document walk per batch, local PNGs and the remote thumbnail for remote-only rows, cached by hash', async () => {
    await linkAsync(h, 'ds_empty');
    const first = await h.plugin.handlers['sync/compare']({}, context);
    const keys = first.items.map((item) => item.key);
    const loads: string[] = [];
    for (const page of h.fake.figma.root.children) {
      const load = page.loadAsync.bind(page);
      page.loadAsync = () => (loads.push(page.name), load());
    }
    const { pictures } = await h.plugin.handlers['sync/pictures']({ keys: [...keys, 'not-a-key'] }, context);
    expect(loads.length).toBeLessThanOrEqual(h.fake.figma.root.children.length);
    for (const key of keys) expect(pictures[key]).toMatch(/^data:image\/png;base64,/);
    expect(pictures['not-a-key']).toBeNull();
    // Asked again with nothing changed: answered from the cache, without walking the document.
    loads.length = 0;
    expect((await h.plugin.handlers['sync/pictures']({ keys: keys.slice(0, 2) }, context)).pictures).toEqual({ [keys[0]!]: pictures[keys[0]!], [keys[1]!]: pictures[keys[1]!] });
    expect(loads).toEqual([]);

    // A component added in the design system only: its row shows the remote thumbnail.
    await h.plugin.handlers['sync/run']({}, context);
    const footer = componentNamed(h, 'Footer');
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: footer.key, description: 'Edited in the builder.' });
    const incoming = await h.plugin.handlers['sync/compare']({}, context);
    const remoteRow = incoming.items.find((item) => item.key === footer.key)!;
    const remote = (await remoteComponentsAsync(h, 'ds_empty')).get(footer.key)!;
    expect(remote.thumbnail_url).toMatch(/^https?:/);
    expect((await h.plugin.handlers['sync/pictures']({ keys: [remoteRow.key] }, context)).pictures[remoteRow.key]).toBe(remote.thumbnail_url);
  });

  it('after a reopen, a local change shows the design system\'s picture of the version last synced, read with one request', async () => {
    const footer = await footerChangedAfterLaterSyncAsync(h);
    // The plugin closed and opened again: nothing of the last run is in memory.
    const changesReads: string[] = [];
    const fetchCounting: typeof h.fake.fetch = (url, init) => {
      if (url.includes('/changes')) changesReads.push(url);
      return h.fake.fetch(url, init);
    };
    h.plugin = createPlugin({ figma: h.fake.figma, transport: createFigmaFetchTransport(fetchCounting) });
    const compared = await h.plugin.handlers['sync/compare']({}, context);
    expect(compared.items.find((item) => item.key === footer.key)).toMatchObject({ kind: 'local-change', remoteUpdatedAt: null });
    const readsToCompare = changesReads.length;
    const detail = await h.plugin.handlers['sync/detail']({ key: footer.key }, context);
    const stored = (await remoteComponentsAsync(h, 'ds_empty')).get(footer.key)!;
    expect(detail.beforePicture).toBe(stored.thumbnail_url);
    expect(detail.afterPicture).toMatch(/^data:image\/png;base64,/);
    expect(changesReads.length - readsToCompare).toBe(1);
    // Opened again: no second request.
    await h.plugin.handlers['sync/detail']({ key: footer.key }, context);
    expect(changesReads.length - readsToCompare).toBe(1);
  });

  it('a component deleted and re-created under the same name is one replacement; pushing it deletes the old key and adds the new', async () => {
    await syncedOnceAsync(h);
    const old = componentNamed(h, 'Footer');
    const oldKey = old.key;
    const page = old.parent as PageNode;
    old.remove();
    const fresh = h.fake.figma.createComponent();
    fresh.name = 'Footer';
    fresh.resize(600, 80);
    fresh.fills = [{ type: 'SOLID', color: { r: 0.1, g: 0.2, b: 0.3 } }];
    page.appendChild(fresh);
    // Another pair with different names is never paired.
    componentNamed(h, 'Header').remove();
    const other = h.fake.figma.createComponent();
    other.name = 'Header 2';
    page.appendChild(other);

    const compared = await h.plugin.handlers['sync/compare']({}, context);
    expect(compared.replacements).toEqual([{ oldKey, newKey: fresh.key }]);
    expect(compared.items.find((item) => item.key === oldKey)).toMatchObject({ kind: 'local-delete', choice: 'push' });
    // The replaced row's chips: the added component against the deleted one as last synced.
    expect(compared.items.find((item) => item.key === fresh.key)?.chips).toContain('fill');
    expect(compared.items.find((item) => item.key === other.key)?.chips).toBeUndefined();
    const detail = await h.plugin.handlers['sync/detail']({ key: fresh.key, replaces: oldKey }, context);
    expect(detail).toMatchObject({ beforeLabel: 'Deleted (old key)', afterLabel: 'Added (new key)', beforeKnown: true });
    expect(detail.changes.some((change) => change.property === 'fill')).toBe(true);
    expect(detail.beforePicture).toMatch(/^data:image\/png;base64,/);
    await expect(h.plugin.handlers['sync/detail']({ key: other.key, replaces: componentNamedKeyOf(compared, 'Header') }, context)).rejects.toThrow(/no longer replaces/);

    await h.plugin.handlers['sync/run']({}, context);
    const remote = await remoteComponentsAsync(h, 'ds_empty');
    expect(remote.get(oldKey)?.deleted).toBe(true);
    expect(remote.get(fresh.key)).toMatchObject({ name: 'Footer', deleted: false });
  });

  it('a component re-created under another name with the same description and content is one replacement, paired by that rule', async () => {
    const old = componentNamed(h, 'Footer') as ComponentNode;
    old.description = 'Legal footer with the unsubscribe link.';
    await syncedOnceAsync(h);
    const oldKey = old.key;
    // Re-created: a copy (a new component, a new key) renamed, the original deleted.
    const fresh = old.clone() as ComponentNode;
    fresh.name = 'Footer / Legal';
    fresh.description = old.description;
    old.remove();

    const compared = await h.plugin.handlers['sync/compare']({}, context);
    expect(compared.replacements).toEqual([{ oldKey, newKey: fresh.key }]);
    const detail = await h.plugin.handlers['sync/detail']({ key: fresh.key, replaces: oldKey }, context);
    expect(detail.beforeKnown).toBe(true);
    expect(detail.changes.map((change) => change.property)).toContain('name');

    // A sync stopped before anything was sent keeps the pair: the row still opens as replaced.
    const stop = () => {
      throw new Error('Stopped.');
    };
    const stopped: HandlerContext = { ...context, throwIfCancelled: stop };
    await expect(h.plugin.handlers['sync/run']({}, stopped)).rejects.toThrow('Stopped.');
    expect((await h.plugin.handlers['sync/detail']({ key: fresh.key, replaces: oldKey }, context)).beforeKnown).toBe(true);

    // Two kinds of change besides the name: no longer nearly the same, so shown apart.
    fresh.resize(fresh.width + 40, fresh.height);
    fresh.fills = [{ type: 'SOLID', color: { r: 0.9, g: 0.1, b: 0.1 } }];
    expect((await h.plugin.handlers['sync/compare']({}, context)).replacements).toEqual([]);
  });

  it('a local edit is one local change, pushed alone; a teammate edit comes in and is taken into the file', async () => {
    await syncedOnceAsync(h);

    const header = componentNamed(h, 'Header');
    header.description = 'Logo and navigation, edited locally.';
    const afterEdit = await h.plugin.handlers['sync/compare']({}, context);
    expect(afterEdit.items.map((item) => [item.name, item.kind, item.chips])).toEqual([['Header', 'local-change', ['description']]]);
    const detail = await h.plugin.handlers['sync/detail']({ key: header.key }, context);
    expect(detail.changes.some((change) => change.property === 'description')).toBe(true);
    await h.plugin.handlers['sync/run']({}, context);
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(header.key)?.description).toBe('Logo and navigation, edited locally.');

    const footer = componentNamed(h, 'Footer');
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: footer.key, description: 'Edited in the builder by a teammate.' });
    const incoming = await h.plugin.handlers['sync/compare']({}, context);
    expect(incoming.items.map((item) => [item.name, item.kind, item.choice, item.chips])).toEqual([['Footer', 'remote-change', 'take', ['description']]]);
    const outcome = await h.plugin.handlers['sync/run']({}, context);
    expect(outcome.taken).toBe(1);
    expect(footer.description).toBe('Edited in the builder by a teammate.');
    expect((await h.plugin.handlers['sync/compare']({}, context)).items).toEqual([]);
  });

  it('the same component edited on both sides is a conflict: skip leaves both, keep mine forces ours', async () => {
    await syncedOnceAsync(h);
    const hero = componentNamed(h, 'Hero');
    hero.description = 'Mine.';
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: hero.key, description: 'Theirs.' });

    const compared = await h.plugin.handlers['sync/compare']({}, context);
    expect(compared.items.map((item) => [item.name, item.kind, item.choice])).toEqual([['Hero', 'conflict', 'skip']]);
    await h.plugin.handlers['sync/run']({}, context);
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(hero.key)?.description).toBe('Theirs.');
    expect((await h.plugin.handlers['sync/compare']({}, context)).items.map((item) => item.kind)).toEqual(['conflict']);

    await h.plugin.handlers['sync/choose']({ choices: { [hero.key]: 'push' } }, context);
    await h.plugin.handlers['sync/run']({}, context);
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(hero.key)?.description).toBe('Mine.');
    expect((await h.plugin.handlers['sync/compare']({}, context)).items).toEqual([]);
  });

  it('a teammate push between the comparison and the push comes back as a conflict, not an overwrite', async () => {
    await syncedOnceAsync(h);
    const divider = componentNamed(h, 'Divider');
    divider.description = 'Mine.';
    await h.plugin.handlers['sync/compare']({}, context);
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: divider.key, description: 'Theirs, meanwhile.' });
    const outcome = await h.plugin.handlers['sync/run']({}, context);
    expect(outcome.newConflicts).toBe(1);
    expect(outcome.comparison.items.map((item) => [item.name, item.kind])).toEqual([['Divider', 'conflict']]);
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(divider.key)?.description).toBe('Theirs, meanwhile.');
  });
});

describe('sync under faults and errors', () => {
  it('with 503, 429, drops, slow and garbled answers at 20 %, a 2,000-component sync completes and the design system holds each component once, with the file\'s hashes', async () => {
    // Thumbnails compressed as Figma's are (the fake stores PNGs uncompressed without deflate).
    h.fake = createFakeFigma({ currentUser: { id: 'u1', name: 'Dana Designer' }, allowedDomains: [h.emulator.builderUrl], deflate: (data) => deflateSync(data) });
    await generateDocumentAsync(h.fake.figma, 2000);
    const faulted: string[] = [];
    watchAnswers(h, (_request, response) => {
      if (response.headers['x-emulator-fault'] !== undefined) faulted.push(response.headers['x-emulator-fault']);
    });
    await linkAsync(h, 'ds_empty');
    await controlAsync(h.emulator.builderUrl, 'faults', { rate: 0.2, kinds: ['503', '429', 'drop', 'slow', 'malformed'], seed: 7, slow_ms: 300 });
    const compared = await h.plugin.handlers['sync/compare']({}, context);
    const outcome = await h.plugin.handlers['sync/run']({}, context);
    await controlAsync(h.emulator.builderUrl, 'faults', { rate: 0 });
    // The faults really happened (drops carry no header, so this counts the others).
    expect(new Set(faulted).size).toBeGreaterThanOrEqual(3);

    expect(outcome.pushed).toBe(compared.items.length);
    const stored = readSyncState(h.fake.figma.root);
    if (stored.status !== 'ok') throw new Error(`sync state ${stored.status}`);
    const remote = await allRemoteAsync('ds_empty');
    expect(remote.size).toBe(compared.items.length);
    for (const item of compared.items) expect(remote.get(item.key)?.hash).toBe(stored.state.components.get(item.key)?.hash);
    expect((await h.plugin.handlers['sync/compare']({}, context)).items).toEqual([]);
  }, 240_000);

  it('an unknown design system and an unreachable builder are said in words, and the choices are kept', async () => {
    await linkAsync(h, 'ds_empty');
    await h.plugin.handlers['sync/compare']({}, context);
    const hero = componentNamed(h, 'Hero');
    await h.plugin.handlers['sync/choose']({ choices: { [hero.key]: 'skip' } }, context);

    await h.plugin.handlers['settings/set-design-system']({ id: 'ds_missing' }, context);
    await expect(h.plugin.handlers['sync/compare']({}, context)).rejects.toMatchObject({ code: 'not_found', message: expect.stringContaining('The design system "ds_missing" was not found') as unknown });

    await h.plugin.handlers['settings/set-design-system']({ id: 'ds_empty' }, context);
    await h.emulator.close();
    await expect(h.plugin.handlers['sync/compare']({}, context)).rejects.toMatchObject({ code: 'network_error', message: expect.stringContaining('Envelope could not reach the email builder') as unknown });
    h.emulator = await startEmulator({ limits: 'real' });
    // The choice survives: it is kept per user in clientStorage until the sync runs.
    const keys = await h.fake.figma.clientStorage.keysAsync();
    const choices = await h.fake.figma.clientStorage.getAsync(keys.find((key) => key.startsWith('envelope.sync.choices.'))!);
    expect(choices).toEqual({ [hero.key]: { choice: 'skip', madeFor: 'local-add|' } });
  }, 60_000);
});

/** Every component the design system holds, reading every page of changes. */
async function allRemoteAsync(designSystemId: string): Promise<Map<string, Component>> {
  const all = new Map<string, Component>();
  let cursor: string | null = null;
  do {
    const query: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
    const response = await fetch(`${h.emulator.builderUrl}/api/plugin/design-systems/${designSystemId}/changes?limit=500${query}`, { headers: { authorization: `Bearer ${h.builderKey}` } });
    const body = (await response.json()) as { data: { components: Component[]; next_cursor: string | null } };
    for (const component of body.data.components) all.set(component.key, component);
    cursor = body.data.next_cursor;
  } while (cursor !== null);
  return all;
}

describe('a sync state written by an older component format', () => {
  it('reads as one format update, not as edits: pushed once with base, then the state is on the new format', async () => {
    await syncedOnceAsync(h);
    const synced = readSyncState(h.fake.figma.root);
    if (synced.status !== 'ok') throw new Error(`sync state ${synced.status}`);
    // As an older Envelope would have left it: every base hash made by the previous format.
    const older = new Map([...synced.state.components].map(([key, entry]) => [key, { ...entry, hash: `old-${entry.hash}` }]));
    writeSyncState(h.fake.figma.root, { ...synced.state, format: SNAPSHOT_FORMAT - 1, components: older });
    // Meanwhile a teammate changed one component in the builder.
    const footer = componentNamed(h, 'Footer');
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: footer.key, description: 'Theirs, meanwhile.' });

    const compared = await h.plugin.handlers['sync/compare']({}, context);
    expect(compared.counts['format-update']).toBe(older.size - 1);
    expect(compared.counts['local-change'] ?? 0).toBe(0);
    // Never overwritten unseen: the teammate's change is a conflict, not a format update.
    expect(compared.items.find((item) => item.key === footer.key)?.kind).toBe('conflict');

    let pushes = 0;
    const outcome = await h.plugin.handlers['sync/run']({}, { ...context, progress: (progress) => void (progress.label.startsWith('Pushing') && pushes++) });
    expect(pushes).toBeGreaterThan(0);
    expect(outcome.pushed).toBe(older.size - 1);
    // The conflict, undecided.
    expect(outcome.skipped).toBe(1);
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(footer.key)?.description).toBe('Theirs, meanwhile.');
    // Until the conflict is settled the base keeps the older format for it; after it, the new one.
    await h.plugin.handlers['sync/choose']({ choices: { [footer.key]: 'take' } }, context);
    await h.plugin.handlers['sync/run']({}, context);
    const after = readSyncState(h.fake.figma.root);
    if (after.status !== 'ok') throw new Error(`sync state ${after.status}`);
    expect(after.state.format).toBe(SNAPSHOT_FORMAT);
    expect((await h.plugin.handlers['sync/compare']({}, context)).items).toEqual([]);
  });
});

describe('a component too large to send on its own (over 2 MB)', () => {
  it('as a format update, which cannot be unticked: left out in words, the others pushed and the format moved on, and listed again until it is smaller', async () => {
    await syncedOnceAsync(h);
    const synced = readSyncState(h.fake.figma.root);
    if (synced.status !== 'ok') throw new Error(`sync state ${synced.status}`);
    const older = new Map([...synced.state.components].map(([key, entry]) => [key, { ...entry, hash: `old-${entry.hash}` }]));
    writeSyncState(h.fake.figma.root, { ...synced.state, format: SNAPSHOT_FORMAT - 1, components: older });
    const header = componentNamed(h, 'Header');
    header.description = 'A long note. '.repeat(170_000);
    const before = (await remoteComponentsAsync(h, 'ds_empty')).get(header.key);

    const compared = await h.plugin.handlers['sync/compare']({}, context);
    expect(compared.items.find((item) => item.key === header.key)).toMatchObject({ kind: 'format-update', choice: 'push' });
    const outcome = await h.plugin.handlers['sync/run']({}, context);
    expect(outcome.pushed).toBe(older.size - 1);
    // Said in its steps, not as skipped by choice.
    expect(outcome.skipped).toBe(0);
    expect(outcome.manualSteps).toEqual([{ key: header.key, name: 'Header', steps: [expect.stringMatching(/^It is too large to sync \(over 2 MB on its own/) as unknown] }]);
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(header.key)).toEqual(before);
    // The state moves to the new format all the same: Header, left on its older base, is the one
    // row left, as a change here; and an edit elsewhere can be left out again (a format update could not).
    const after = readSyncState(h.fake.figma.root);
    expect(after.status === 'ok' ? after.state.format : null).toBe(SNAPSHOT_FORMAT);
    expect((await h.plugin.handlers['sync/compare']({}, context)).items.map((item) => [item.name, item.kind])).toEqual([['Header', 'local-change']]);
    const hero = componentNamed(h, 'Hero');
    hero.description = 'Work in progress.';
    expect((await h.plugin.handlers['sync/compare']({}, context)).items.find((item) => item.key === hero.key)).toMatchObject({ kind: 'local-change', choice: 'push' });
    await h.plugin.handlers['sync/choose']({ choices: { [hero.key]: 'skip' } }, context);

    header.description = 'Short again.';
    await h.plugin.handlers['sync/compare']({}, context);
    expect(await h.plugin.handlers['sync/run']({}, context)).toMatchObject({ pushed: 1, manualSteps: [] });
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(header.key)?.description).toBe('Short again.');
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(hero.key)?.description).not.toBe('Work in progress.');
  }, 60_000);

  it('as a change here: left out in words, a change beside it still sent', async () => {
    await syncedOnceAsync(h);
    const header = componentNamed(h, 'Header');
    header.description = 'A long note. '.repeat(170_000);
    componentNamed(h, 'Hero').description = 'Sent beside it.';
    await h.plugin.handlers['sync/compare']({}, context);
    const outcome = await h.plugin.handlers['sync/run']({}, context);
    expect(outcome).toMatchObject({ pushed: 1, skipped: 0, manualSteps: [{ key: header.key, name: 'Header' }] });
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(componentNamed(h, 'Hero').key)?.description).toBe('Sent beside it.');
    expect((await h.plugin.handlers['sync/compare']({}, context)).items.map((item) => [item.name, item.kind])).toEqual([['Header', 'local-change']]);
  }, 60_000);
});

describe('a sync state written by a newer Envelope', () => {
  it('is never overwritten: the screen says to update and sync stays read-only', async () => {
    await linkAsync(h, 'ds_empty');
    writeSyncState(h.fake.figma.root, { designSystemId: 'ds_empty', format: SNAPSHOT_FORMAT, lastSyncedAt: '2026-11-24T10:00:00.000Z', components: new Map(), history: [] });
    // As a newer Envelope would have left it: its head names a format this build does not know.
    const head = JSON.parse(h.fake.figma.root.getSharedPluginData('envelope', SYNC_STATE_HEAD_KEY)) as { format: number };
    h.fake.figma.root.setSharedPluginData('envelope', SYNC_STATE_HEAD_KEY, JSON.stringify({ ...head, format: SNAPSHOT_FORMAT + 1 }));
    // The sync state's entries (the file's id, which sync also keeps there, may be added).
    const syncEntries = () => Object.entries(h.fake.inspect.sharedPluginData(h.fake.figma.root).envelope ?? {}).filter(([key]) => key !== 'fileId');
    const before = syncEntries();
    const compared = await h.plugin.handlers['sync/compare']({}, context);
    expect(compared.readOnlyReason).toMatch(/update Envelope/i);
    expect(compared.items).toEqual([]);
    expect((await h.plugin.handlers['sync/overview']({}, context)).readOnlyReason).toBe(compared.readOnlyReason);
    await expect(h.plugin.handlers['sync/run']({}, context)).rejects.toMatchObject({ code: 'no_comparison' });
    expect(syncEntries()).toEqual(before);
    expect((await remoteComponentsAsync(h, 'ds_empty')).size).toBe(0);
  });
});

describe('conflicts, collaborators and the relaunch button', () => {
  it('take theirs in a conflict applies theirs to the file and records it, so the next sync is clean', async () => {
    await syncedOnceAsync(h);
    const divider = componentNamed(h, 'Divider');
    divider.description = 'Mine.';
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: divider.key, description: 'Theirs.' });
    await h.plugin.handlers['sync/compare']({}, context);
    await h.plugin.handlers['sync/choose']({ choices: { [divider.key]: 'take' } }, context);
    const outcome = await h.plugin.handlers['sync/run']({}, context);
    expect(outcome).toMatchObject({ taken: 1, pushed: 0 });
    expect(divider.description).toBe('Theirs.');
    const remote = (await remoteComponentsAsync(h, 'ds_empty')).get(divider.key)!;
    expect(remote.description).toBe('Theirs.');
    const stored = readSyncState(h.fake.figma.root);
    if (stored.status !== 'ok') throw new Error(`sync state ${stored.status}`);
    // The base is the file as it is now, seen up to theirs: neither a local nor a remote change.
    expect(stored.state.components.get(divider.key)?.updatedAt).toBe(remote.updated_at);
    expect((await h.plugin.handlers['sync/compare']({}, context)).items).toEqual([]);
  });

  it('a collaborator opening the file sees the same state and history, and a relaunch button on the document', async () => {
    await linkAsync(h, 'ds_empty');
    await h.plugin.handlers['sync/compare']({}, context);
    const first = await h.plugin.handlers['sync/run']({}, context);
    expect(h.fake.inspect.relaunchButtons(h.fake.figma.root)).toEqual([{ command: 'sync', description: 'Push and pull components with the design system' }]);

    // Robin opens the same document on another computer: the same file, their own clientStorage (no keys yet) and name.
    const robin = collaborator(h);
    const overview = await robin.handlers['sync/overview']({}, context);
    expect(overview).toMatchObject({ problem: 'no-builder-key', designSystemId: 'ds_empty' });
    expect(overview.history).toEqual([expect.objectContaining({ user: 'Dana Designer', pushed: first.pushed })]);
    await robin.handlers['settings/save-api']({ api: 'builder', baseUrl: h.emulator.builderUrl, key: h.builderKey }, context);
    expect((await robin.handlers['sync/compare']({}, context)).items).toEqual([]);
  });
});

describe('the overview after the builder key was replaced', () => {
  it('says the comparison it holds was made with another key, until the next comparison', async () => {
    await linkAsync(h, 'ds_empty');
    await h.plugin.handlers['sync/compare']({}, context);
    expect((await h.plugin.handlers['sync/overview']({}, context)).comparedWithOtherLink).toBeUndefined();
    await h.plugin.handlers['settings/save-api']({ api: 'builder', baseUrl: h.emulator.builderUrl, key: 'ef_mistypedkey12345' }, context);
    expect((await h.plugin.handlers['sync/overview']({}, context)).comparedWithOtherLink).toBe(true);
    await h.plugin.handlers['settings/save-api']({ api: 'builder', baseUrl: h.emulator.builderUrl, key: h.builderKey }, context);
    await h.plugin.handlers['sync/compare']({}, context);
    expect((await h.plugin.handlers['sync/overview']({}, context)).comparedWithOtherLink).toBeUndefined();
  });
});

describe('the overview after the builder refused the key', () => {
  it('says so for the same key and design system, until a comparison with it is answered or the key or design system changes', async () => {
    await linkAsync(h, 'ds_empty');
    await h.plugin.handlers['settings/save-api']({ api: 'builder', baseUrl: h.emulator.builderUrl, key: 'ef_mistypedkey12345' }, context);
    expect((await h.plugin.handlers['sync/overview']({}, context)).keyRefused).toBeUndefined();
    await expect(h.plugin.handlers['sync/compare']({}, context)).rejects.toMatchObject({ code: 'unauthorized' });
    expect((await h.plugin.handlers['sync/overview']({}, context)).keyRefused).toBe(true);
    // Check again asks again (refused again here).
    await expect(h.plugin.handlers['sync/compare']({}, context)).rejects.toMatchObject({ code: 'unauthorized' });
    expect((await h.plugin.handlers['sync/overview']({}, context)).keyRefused).toBe(true);
    // Another design system: not said refused before it is asked.
    await h.plugin.handlers['settings/set-design-system']({ id: 'ds_demo' }, context);
    expect((await h.plugin.handlers['sync/overview']({}, context)).keyRefused).toBeUndefined();
    await expect(h.plugin.handlers['sync/compare']({}, context)).rejects.toMatchObject({ code: 'unauthorized' });
    // Another key: not said refused, and once its comparison is answered, nothing is.
    await h.plugin.handlers['settings/save-api']({ api: 'builder', baseUrl: h.emulator.builderUrl, key: h.builderKey }, context);
    expect((await h.plugin.handlers['sync/overview']({}, context)).keyRefused).toBeUndefined();
    await h.plugin.handlers['sync/compare']({}, context);
    expect((await h.plugin.handlers['sync/overview']({}, context)).keyRefused).toBeUndefined();
  });
});

describe('the outcome’s "skipped for now"', () => {
  it('counts the rows left for later: a replaced row skipped is one', async () => {
    await syncedOnceAsync(h);
    replaceTwo(h);
    componentNamed(h, 'Hero').description = 'Sent.';
    const compared = await h.plugin.handlers['sync/compare']({}, context);
    expect(compared.replacements).toHaveLength(2);
    const first = compared.replacements?.[0];
    await h.plugin.handlers['sync/choose']({ choices: { [first!.oldKey]: 'skip', [first!.newKey]: 'skip' } }, context);
    expect(await h.plugin.handlers['sync/run']({}, context)).toMatchObject({ pushed: 2, deleted: 1, skipped: 1 });
  }, 60_000);
});
