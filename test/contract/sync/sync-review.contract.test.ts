// Sync's promises under interruption, kept choices, damaged states and teammates' edits made while
// the designer decides: the real runner against the fake Figma and the builder emulator, outcomes
// checked where they land (the emulator's changes feed, the document and its sync state).
import { describe, expect, it } from 'vitest';
import { createFigmaFetchTransport } from '../../../src/http/figma-fetch-transport';
import { createPlugin } from '../../../src/handlers';
import type { HttpResponse } from '../../../src/shared/api/http/transport';
import { readSyncState, SYNC_STATE_HEAD_KEY } from '../../../src/sync/sync-state';
import { CHANGED_SINCE_COMPARISON_STEP } from '../../../src/sync/take-theirs-step';
import { controlAsync } from '../clients/support/transports';
import { generateDocumentAsync } from '../../bench/generate-document';
import { createFakeFigma } from '../../fake-figma';
import { componentNamed, context, linkAsync, remoteComponentsAsync, syncedOnceAsync, teammatePushesAsync, useSyncHarness } from './support/sync-harness';

const h = useSyncHarness();
describe('a sync that fails after taking theirs', () => {
  it('tried again, pushes nothing over the version it just took (the file holds theirs now)', async () => {
    let failPushes = false;
    const transport = createFigmaFetchTransport(h.fake.fetch);
    h.plugin = createPlugin({
      figma: h.fake.figma,
      transport: (request) =>
        failPushes && request.method === 'POST' && request.url.endsWith('/sync')
          ? Promise.resolve({ status: 400, headers: { 'content-type': 'application/json' }, text: JSON.stringify({ error: 'invalid_request', message: 'Refused for this test.' }) })
          : transport(request),
    });
    await syncedOnceAsync(h);
    const footer = componentNamed(h, 'Footer');
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: footer.key, description: 'Theirs.' });
    componentNamed(h, 'Header').description = 'Mine, to push.';
    const compared = await h.plugin.handlers['sync/compare']({}, context);
    expect(compared.items.find((item) => item.key === footer.key)).toMatchObject({ kind: 'remote-change', choice: 'take' });

    failPushes = true;
    await expect(h.plugin.handlers['sync/run']({}, context)).rejects.toThrow(/Refused for this test/);
    expect(footer.description).toBe('Theirs.');
    failPushes = false;
    // "Try the sync again" on the screen: the same comparison, run again.
    await h.plugin.handlers['sync/run']({}, context);
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(footer.key)?.description).toBe('Theirs.');
    expect(footer.description).toBe('Theirs.');
    expect((await h.plugin.handlers['sync/compare']({}, context)).items).toEqual([]);
  });
});

/** Synced once; then Hero changed here and by a teammate, and the designer chose "keep mine". */
async function keepMineOnAConflictAsync(): Promise<ComponentNode | ComponentSetNode> {
  await syncedOnceAsync(h);
  const hero = componentNamed(h, 'Hero');
  hero.description = 'Mine.';
  await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: hero.key, description: 'Theirs.' });
  await h.plugin.handlers['sync/compare']({}, context);
  await h.plugin.handlers['sync/choose']({ choices: { [hero.key]: 'push' } }, context);
  return hero;
}

describe('a kept choice and a newer remote version', () => {
  it('"keep mine" chosen against one teammate version is not carried over to a later one the designer has not seen', async () => {
    const hero = await keepMineOnAConflictAsync();

    // Before the designer syncs, the teammate changes it again.
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: hero.key, description: 'Theirs, again.' });
    const again = await h.plugin.handlers['sync/compare']({}, context);
    expect(again.items.find((item) => item.key === hero.key)).toMatchObject({ kind: 'conflict', choice: 'skip' });
    await h.plugin.handlers['sync/run']({}, context);
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(hero.key)?.description).toBe('Theirs, again.');
  });

  it('"push" chosen for a local change is not carried over once the teammate has changed the component too (a conflict)', async () => {
    await syncedOnceAsync(h);
    const hero = componentNamed(h, 'Hero');
    hero.description = 'Mine.';
    await h.plugin.handlers['sync/compare']({}, context);
    await h.plugin.handlers['sync/choose']({ choices: { [hero.key]: 'skip' } }, context);
    await h.plugin.handlers['sync/choose']({ choices: { [hero.key]: 'push' } }, context);

    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: hero.key, description: 'Theirs.' });
    const again = await h.plugin.handlers['sync/compare']({}, context);
    expect(again.items.find((item) => item.key === hero.key)).toMatchObject({ kind: 'conflict', choice: 'skip' });
    await h.plugin.handlers['sync/run']({}, context);
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(hero.key)?.description).toBe('Theirs.');
  });
});

describe('a damaged sync state', () => {
  it('is said in words on the comparison, not only read as a first sync', async () => {
    await syncedOnceAsync(h);
    // A part of the state lost (two collaborators writing at once, say).
    const part = h.fake.figma.root.getSharedPluginDataKeys('envelope').find((key) => key.startsWith(`${SYNC_STATE_HEAD_KEY}.`))!;
    h.fake.figma.root.setSharedPluginData('envelope', part, '');
    expect(readSyncState(h.fake.figma.root).status).toBe('damaged');
    const compared = await h.plugin.handlers['sync/compare']({}, context);
    expect(compared.stateProblem).toMatch(/sync state cannot be read \(part 1 of 1 is missing\)/);
    // Synced again, the state is whole: the notice goes.
    const outcome = await h.plugin.handlers['sync/run']({}, context);
    expect(outcome.comparison.stateProblem ?? null).toBeNull();
    expect((await h.plugin.handlers['sync/compare']({}, context)).stateProblem ?? null).toBeNull();
  });
});

describe('a conflict deleted here', () => {
  it('says it cannot be taken, so the screen offers only keep mine (delete) or skip', async () => {
    await syncedOnceAsync(h);
    const hero = componentNamed(h, 'Hero');
    const heroKey = hero.key;
    hero.remove();
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: heroKey, description: 'Theirs.' });
    const compared = await h.plugin.handlers['sync/compare']({}, context);
    expect(compared.items.find((item) => item.key === heroKey)).toMatchObject({ kind: 'conflict', choice: 'skip', choices: ['push', 'skip'] });
    await expect(h.plugin.handlers['sync/choose']({ choices: { [heroKey]: 'take' } }, context)).rejects.toMatchObject({ code: 'invalid_input' });
    // Rows with every choice of their kind carry no list.
    expect(compared.items.filter((item) => item.key !== heroKey).every((item) => item.choices === undefined)).toBe(true);
  });
});

describe('a teammate change that could not be taken', () => {
  it('because the component left the file after the comparison comes back next time as a conflict, not as a plain local deletion', async () => {
    await syncedOnceAsync(h);
    const footer = componentNamed(h, 'Footer');
    const footerKey = footer.key;
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: footerKey, description: 'Theirs.' });
    const compared = await h.plugin.handlers['sync/compare']({}, context);
    expect(compared.items.find((item) => item.key === footerKey)).toMatchObject({ kind: 'remote-change', choice: 'take' });
    // Deleted in the file between the comparison and the sync.
    footer.remove();
    const outcome = await h.plugin.handlers['sync/run']({}, context);
    expect(outcome.manualSteps).toEqual([{ key: footerKey, name: 'Footer', steps: ['It is no longer in this file: nothing was taken.'] }]);
    const again = await h.plugin.handlers['sync/compare']({}, context);
    // Deleted here and changed there: the teammate's change is still shown, and not deleted by default.
    expect(again.items.find((item) => item.key === footerKey)).toMatchObject({ kind: 'conflict', choice: 'skip' });
    await h.plugin.handlers['sync/run']({}, context);
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(footerKey)).toMatchObject({ deleted: false, description: 'Theirs.' });
  });
});

describe('keep mine and a teammate edit after the comparison', () => {
  it('is not forced over a version the designer has not seen: it comes back as a conflict', async () => {
    const hero = await keepMineOnAConflictAsync();
    // While the designer looks at the list, the teammate edits it again.
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: hero.key, description: 'Theirs, again.' });
    const outcome = await h.plugin.handlers['sync/run']({}, context);
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(hero.key)?.description).toBe('Theirs, again.');
    expect(outcome.newConflicts).toBe(1);
    expect(outcome.comparison.items.find((item) => item.key === hero.key)).toMatchObject({ kind: 'conflict', choice: 'skip' });
  });
});

describe('keep mine on a conflict the sync itself returned', () => {
  // The list after a sync holds what the server refused as a conflict: a version newer than the
  // comparison (that is why it was refused). Its "keep mine" was then dropped as "changed since the
  // comparison" at every sync, and the same version came back as "1 new conflict" until Check again.
  /** Divider changed here, then by a teammate between the comparison and the sync: the sync returns it as a conflict, and keep mine is chosen on that row. */
  async function keepMineOnReturnedConflictAsync(): Promise<ComponentNode | ComponentSetNode> {
    await syncedOnceAsync(h);
    const divider = componentNamed(h, 'Divider');
    divider.description = 'Mine.';
    await h.plugin.handlers['sync/compare']({}, context);
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: divider.key, description: 'Theirs, meanwhile.' });
    const first = await h.plugin.handlers['sync/run']({}, context);
    expect(first.newConflicts).toBe(1);
    expect(first.comparison.items.find((item) => item.key === divider.key)).toMatchObject({ kind: 'conflict', choice: 'skip' });
    await h.plugin.handlers['sync/choose']({ choices: { [divider.key]: 'push' } }, context);
    return divider;
  }

  it('goes through on the next sync, over the version the designer was shown', async () => {
    const divider = await keepMineOnReturnedConflictAsync();
    const second = await h.plugin.handlers['sync/run']({}, context);
    expect(second).toMatchObject({ pushed: 1, newConflicts: 0 });
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(divider.key)?.description).toBe('Mine.');
    expect(second.comparison.items.find((item) => item.key === divider.key)).toBeUndefined();
  });

  it('is still not forced over a later version of it the designer has not seen', async () => {
    const divider = await keepMineOnReturnedConflictAsync();
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: divider.key, description: 'Theirs, again.' });
    const second = await h.plugin.handlers['sync/run']({}, context);
    expect(second).toMatchObject({ pushed: 0, newConflicts: 1 });
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(divider.key)?.description).toBe('Theirs, again.');
  });
});

describe('keep mine and a teammate edit made while the push runs', () => {
  // The check for versions the designer has not seen ran once, before the push: a long push
  // (thumbnails, 429 waits) sends its forced deletions in its last request, and an edit made
  // meanwhile was deleted unseen, with no conflict said.
  it('a forced deletion sent in a later request is not forced over it: it comes back as a conflict', async () => {
    h.fake = createFakeFigma({ currentUser: { id: 'u1', name: 'Dana Designer' }, allowedDomains: [h.emulator.builderUrl] });
    await generateDocumentAsync(h.fake.figma, 150);
    const transport = createFigmaFetchTransport(h.fake.fetch);
    let beforeFirstPush: (() => Promise<unknown>) | null = null;
    h.plugin = createPlugin({
      figma: h.fake.figma,
      transport: async (request) => {
        const step = request.method === 'POST' && request.url.endsWith('/sync') ? beforeFirstPush : null;
        beforeFirstPush = null;
        if (step) await step();
        return transport(request);
      },
    });
    await syncedOnceAsync(h);
    const components = h.fake.inspect.allNodes().filter((node) => node.type === 'COMPONENT' && node.parent?.type !== 'COMPONENT_SET') as ComponentNode[];
    // More than one request's worth of changes here, and one component deleted here that a teammate changed: "keep mine" deletes it.
    const gone = components[components.length - 1]!;
    const goneKey = gone.key;
    for (const component of components.slice(0, 120)) if (component !== gone) component.description = `Mine: ${component.name}`;
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: goneKey, description: 'Theirs.' });
    gone.remove();
    const compared = await h.plugin.handlers['sync/compare']({}, context);
    expect(compared.items.find((item) => item.key === goneKey)).toMatchObject({ kind: 'conflict' });
    await h.plugin.handlers['sync/choose']({ choices: { [goneKey]: 'push' } }, context);

    // The teammate edits it again as the push's first request leaves.
    beforeFirstPush = () => controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: goneKey, description: 'Theirs, during the push.' });
    const outcome = await h.plugin.handlers['sync/run']({}, context);
    expect(beforeFirstPush).toBeNull();
    expect(outcome.newConflicts).toBe(1);
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(goneKey)).toMatchObject({ deleted: false, description: 'Theirs, during the push.' });
    expect(outcome.comparison.items.find((item) => item.key === goneKey)).toMatchObject({ kind: 'conflict', choice: 'skip' });
  }, 60_000);
});

describe('keep mine and a teammate edit made while its request waits out a 429', () => {
  // The check for versions the designer has not seen ran just before the request, but the request
  // itself waited (a 429's Retry-After, a retry after a dropped answer) and went out forced: an
  // edit made during the wait was overwritten unseen.
  it('is not forced over that edit: it comes back as a conflict, and the teammate’s version stays', async () => {
    const transport = createFigmaFetchTransport(h.fake.fetch);
    let onPush: ((body: string) => Promise<HttpResponse | null>) | null = null;
    h.plugin = createPlugin({
      figma: h.fake.figma,
      transport: async (request) => {
        const step = request.method === 'POST' && request.url.endsWith('/sync') ? onPush : null;
        const answer = step === null ? null : await step(request.body ?? '');
        return answer ?? transport(request);
      },
    });
    const hero = await keepMineOnAConflictAsync();
    let refused = 0;
    onPush = async (body) => {
      if (refused > 0 || !body.includes(hero.key)) return null;
      refused++;
      // The teammate edits it again while the request waits out the builder's "slow down".
      await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: hero.key, description: 'Theirs, during the wait.' });
      return { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '1' }, text: JSON.stringify({ error: 'rate_limited', message: 'Too many requests.' }) };
    };
    const outcome = await h.plugin.handlers['sync/run']({}, context);
    expect(refused).toBe(1);
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(hero.key)?.description).toBe('Theirs, during the wait.');
    expect(outcome.newConflicts).toBe(1);
    expect(outcome.comparison.items.find((item) => item.key === hero.key)).toMatchObject({ kind: 'conflict', choice: 'skip' });
  }, 60_000);

  it('still goes through over the version the designer saw when nobody edits it during the wait', async () => {
    const transport = createFigmaFetchTransport(h.fake.fetch);
    let refused = 0;
    h.plugin = createPlugin({
      figma: h.fake.figma,
      transport: (request) => {
        if (request.method === 'POST' && request.url.endsWith('/sync') && refused === 0 && (request.body ?? '').includes('"Mine."')) {
          refused++;
          return Promise.resolve({ status: 429, headers: { 'content-type': 'application/json', 'retry-after': '1' }, text: JSON.stringify({ error: 'rate_limited', message: 'Too many requests.' }) });
        }
        return transport(request);
      },
    });
    const hero = await keepMineOnAConflictAsync();
    const outcome = await h.plugin.handlers['sync/run']({}, context);
    expect(refused).toBe(1);
    expect(outcome).toMatchObject({ pushed: 1, newConflicts: 0 });
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(hero.key)?.description).toBe('Mine.');
  }, 60_000);
});

describe('keep mine beside another change a teammate edited after the comparison', () => {
  // A batch with "keep mine" goes on the base of a fresh read when nothing else in it changed
  // since the comparison; a local change a teammate edited meanwhile must keep the comparison's
  // base, and come back as a conflict.
  it('sends keep mine over the version seen, and returns the other as a conflict, the teammate’s edit kept', async () => {
    const hero = await keepMineOnAConflictAsync();
    const divider = componentNamed(h, 'Divider');
    divider.description = 'Mine, too.';
    const compared = await h.plugin.handlers['sync/compare']({}, context);
    expect(compared.items.find((item) => item.key === divider.key)).toMatchObject({ kind: 'local-change', choice: 'push' });
    expect(compared.items.find((item) => item.key === hero.key)).toMatchObject({ kind: 'conflict', choice: 'push' });
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: divider.key, description: 'Theirs, meanwhile.' });
    const outcome = await h.plugin.handlers['sync/run']({}, context);
    const remote = await remoteComponentsAsync(h, 'ds_empty');
    expect(remote.get(hero.key)?.description).toBe('Mine.');
    expect(remote.get(divider.key)?.description).toBe('Theirs, meanwhile.');
    expect(outcome.newConflicts).toBe(1);
  });
});

describe('a take after a style the component uses was renamed', () => {
  // The session read components with styles' names as it first met them: after a rename, a take
  // of a component using that style read it as changed since the comparison, and was refused at
  // every sync until the plugin was opened again.
  it('reads the style as it is named now: the take goes through', async () => {
    await syncedOnceAsync(h);
    const hero = componentNamed(h, 'Hero');
    // A first take of Hero: the session reads it, and its style, as named then.
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: hero.key, description: 'Theirs.' });
    await h.plugin.handlers['sync/compare']({}, context);
    expect(await h.plugin.handlers['sync/run']({}, context)).toMatchObject({ taken: 1, manualSteps: [] });

    const paper = (await h.fake.figma.getLocalPaintStylesAsync()).find((style) => hero.fillStyleId === style.id)!;
    paper.name = `${paper.name} (renamed)`;
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: hero.key, description: 'Theirs, again.' });
    const compared = await h.plugin.handlers['sync/compare']({}, context);
    expect(compared.items.find((item) => item.key === hero.key)).toMatchObject({ kind: 'conflict' });
    await h.plugin.handlers['sync/choose']({ choices: { [hero.key]: 'take' } }, context);
    const outcome = await h.plugin.handlers['sync/run']({}, context);
    expect(outcome.taken).toBe(1);
    expect(hero.description).toBe('Theirs, again.');
    // Their version names the style as it was: that is left to the designer, in words.
    expect(outcome.manualSteps.flatMap((said) => said.steps)).not.toContain(CHANGED_SINCE_COMPARISON_STEP);
    expect(outcome.manualSteps.flatMap((said) => said.steps)).toContain(`Hero: fill style "${paper.name}" → "${paper.name.replace(' (renamed)', '')}"`);
  });
});

describe('the design system changed in Settings after the comparison', () => {
  it('a sync of the old comparison refuses in words and pushes nothing to the design system the file left', async () => {
    await linkAsync(h, 'ds_empty');
    const compared = await h.plugin.handlers['sync/compare']({}, context);
    expect(compared.items.length).toBeGreaterThan(0);
    await h.plugin.handlers['settings/set-design-system']({ id: 'ds_demo' }, context);
    await expect(h.plugin.handlers['sync/run']({}, context)).rejects.toMatchObject({ code: 'no_comparison', message: expect.stringContaining('Check again') as unknown });
    expect((await remoteComponentsAsync(h, 'ds_empty')).size).toBe(0);
  });
});

/** The fake Figma whose clientStorage refuses every write under `prefix`, as a full one does. */
function refusingWrites(prefix: string): PluginAPI {
  const storage = h.fake.figma.clientStorage;
  const refuse = (key: string, write: () => Promise<void>) => (key.startsWith(prefix) ? Promise.reject(new Error('Storage quota exceeded.')) : write());
  return new Proxy(h.fake.figma, {
    get(target, name, receiver) {
      if (name !== 'clientStorage') return Reflect.get(target, name, receiver) as unknown;
      return {
        getAsync: (key: string) => storage.getAsync(key),
        setAsync: (key: string, value: unknown) => refuse(key, () => storage.setAsync(key, value)),
        deleteAsync: (key: string) => refuse(key, () => storage.deleteAsync(key)),
        keysAsync: () => storage.keysAsync(),
      };
    },
  });
}

describe('the last synced versions cannot be kept (clientStorage full)', () => {
  it('the sync still completes: that cache is best effort, and every component reaches the design system', async () => {
    h.plugin = createPlugin({ figma: refusingWrites('envelope.payloadCache.'), transport: createFigmaFetchTransport(h.fake.fetch) });
    await linkAsync(h, 'ds_empty');
    const compared = await h.plugin.handlers['sync/compare']({}, context);
    const outcome = await h.plugin.handlers['sync/run']({}, context);
    expect(outcome.pushed).toBe(compared.items.length);
    expect((await remoteComponentsAsync(h, 'ds_empty')).size).toBe(compared.items.length);
    expect((await h.plugin.handlers['sync/compare']({}, context)).items).toEqual([]);
  });
});

describe('the choices cannot be forgotten after a sync (clientStorage refuses the write)', () => {
  it('the sync is still reported as done, with what it pushed', async () => {
    await linkAsync(h, 'ds_empty');
    const compared = await h.plugin.handlers['sync/compare']({}, context);
    const [first, second] = compared.items;
    await h.plugin.handlers['sync/choose']({ choices: { [first!.key]: 'skip' } }, context);
    await h.plugin.handlers['sync/choose']({ choices: { [first!.key]: 'push', [second!.key]: 'push' } }, context);
    h.plugin = createPlugin({ figma: refusingWrites('envelope.sync.choices.'), transport: createFigmaFetchTransport(h.fake.fetch) });
    await h.plugin.handlers['sync/compare']({}, context);
    const outcome = await h.plugin.handlers['sync/run']({}, context);
    expect(outcome.pushed).toBe(compared.items.length);
    expect((await remoteComponentsAsync(h, 'ds_empty')).size).toBe(compared.items.length);
  });
});

describe('a component that fits a request only without its thumbnail', () => {
  it('is pushed without it, and the others with theirs', async () => {
    await syncedOnceAsync(h);
    const footer = componentNamed(h, 'Footer');
    // Its content alone comes close to the builder's 2 MB a request: with a thumbnail it would not fit.
    footer.description = 'x'.repeat(1_990_000);
    const header = componentNamed(h, 'Header');
    header.description = 'Top of every email.';
    await h.plugin.handlers['sync/compare']({}, context);
    const outcome = await h.plugin.handlers['sync/run']({}, context);
    expect(outcome.pushed).toBe(2);
    const remote = await remoteComponentsAsync(h, 'ds_empty');
    expect(remote.get(footer.key)?.description).toHaveLength(1_990_000);
    expect(remote.get(header.key)).toMatchObject({ description: 'Top of every email.', thumbnail_url: expect.stringMatching(/^https?:/) as string });
  });
});

describe('a teammate version taken only in part (layers Envelope cannot rebuild)', () => {
  it('stays listed until the file matches it, and an edit here meanwhile is a conflict, not a push over their layers', async () => {
    await syncedOnceAsync(h);
    const header = componentNamed(h, 'Header');
    // A teammate's plugin pushes Header with another fill on its root, as the builder API allows.
    const stored = (await remoteComponentsAsync(h, 'ds_empty')).get(header.key)!;
    const theirs = { ...stored, description: 'Theirs.', hash: 'teammate-header-v2', node: { ...stored.node, fills: ['#ff2200'] } };
    await teammatePushesAsync(h, theirs);

    const compared = await h.plugin.handlers['sync/compare']({}, context);
    expect(compared.items.find((item) => item.key === header.key)).toMatchObject({ kind: 'remote-change', choice: 'take' });
    const outcome = await h.plugin.handlers['sync/run']({}, context);
    // The description was taken; the fill is a step to make by hand, and said to stay pending.
    expect(header.description).toBe('Theirs.');
    const steps = outcome.manualSteps.find((entry) => entry.name === 'Header')?.steps ?? [];
    expect(steps.some((step) => step.includes('#ff2200'))).toBe(true);
    expect(steps.at(-1)).toMatch(/stays listed as taken in part/);
    expect(outcome.comparison.items.find((item) => item.key === header.key)).toMatchObject({ kind: 'remote-change' });
    expect((await h.plugin.handlers['sync/compare']({}, context)).items.find((item) => item.key === header.key)).toMatchObject({ kind: 'remote-change' });

    // The designer edits Header without making the fill change: a conflict, skipped by default.
    header.description = 'Mine, later.';
    const later = await h.plugin.handlers['sync/compare']({}, context);
    expect(later.items.find((item) => item.key === header.key)).toMatchObject({ kind: 'conflict', choice: 'skip' });
    await h.plugin.handlers['sync/run']({}, context);
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(header.key)).toMatchObject({ hash: 'teammate-header-v2', description: 'Theirs.' });
  });
});

describe('the list after a sync that deleted a component', () => {
  it('does not show it as only in the design system: the deletion went through, and the next check agrees', async () => {
    await syncedOnceAsync(h);
    // A check after the first sync: its changes window holds that sync's own pushes (echoes).
    await h.plugin.handlers['sync/compare']({}, context);
    const divider = componentNamed(h, 'Divider');
    const key = divider.key;
    divider.remove();
    const compared = await h.plugin.handlers['sync/compare']({}, context);
    expect(compared.items.find((item) => item.key === key)).toMatchObject({ kind: 'local-delete', choice: 'push' });
    const outcome = await h.plugin.handlers['sync/run']({}, context);
    expect(outcome.deleted).toBe(1);
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(key)).toMatchObject({ deleted: true });
    expect(outcome.comparison.items.find((item) => item.key === key)).toBeUndefined();
    expect((await h.plugin.handlers['sync/compare']({}, context)).items.find((item) => item.key === key)).toBeUndefined();
  });
});

describe('a component a teammate deleted in the design system', () => {
  /** Synced once, then Divider deleted in the builder app; compared here. */
  async function deletedThereAsync() {
    await syncedOnceAsync(h);
    const divider = componentNamed(h, 'Divider');
    await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: divider.key, delete: true });
    const row = (await h.plugin.handlers['sync/compare']({}, context)).items.find((item) => item.key === divider.key);
    expect(row).toMatchObject({ kind: 'remote-delete', choice: 'skip' });
    return divider;
  }

  it('can be kept: this file’s version goes back to the design system, and the file is in sync with it', async () => {
    const divider = await deletedThereAsync();
    await h.plugin.handlers['sync/choose']({ choices: { [divider.key]: 'push' } }, context);
    const outcome = await h.plugin.handlers['sync/run']({}, context);
    expect(outcome).toMatchObject({ pushed: 1, newConflicts: 0 });
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(divider.key)).toMatchObject({ deleted: false, name: 'Divider', description: divider.description });
    expect(divider.removed).toBe(false);
    expect((await h.plugin.handlers['sync/compare']({}, context)).items.find((item) => item.key === divider.key)).toBeUndefined();
  });

  it('is not added back over a version the teammate made after the comparison: it comes back as a conflict', async () => {
    const divider = await deletedThereAsync();
    await h.plugin.handlers['sync/choose']({ choices: { [divider.key]: 'push' } }, context);
    // The teammate undoes the deletion in the builder app and edits it.
    await teammatePushesAsync(h, { ...(await remoteComponentsAsync(h, 'ds_empty')).get(divider.key)!, deleted: false, description: 'Back, theirs.', hash: 'theirs-back' } as never);
    const outcome = await h.plugin.handlers['sync/run']({}, context);
    expect(outcome.newConflicts).toBe(1);
    expect((await remoteComponentsAsync(h, 'ds_empty')).get(divider.key)).toMatchObject({ deleted: false, description: 'Back, theirs.' });
  });
});
