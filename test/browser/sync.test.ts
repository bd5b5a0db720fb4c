// Design-system sync through the playground, as a designer does it: the real dist/code.js
// against the fake Figma with the demo document, the real dist/ui.html, the builder emulator
// behind. Driven by roles, labels and visible text; outcomes are read where they land (the
// emulator through its API, the fake document). Test hooks only reset the world and make a
// teammate's edit in the builder (the emulator's control surface).
import { mkdirSync } from 'node:fs';
import type { Frame, Locator } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Component } from '../../src/shared/api/builder/schemas';
import { BADGE_STILL_MS, LOCAL_COUNT_DELAY_MS } from '../../src/shared/sync/badge-timing';
import { parseEmulatorState, type EmulatorDemoState } from '../playground/page/emulator-link';
import { axeViolationsAsync } from './support/axe';
import { holdRequestsAsync } from './support/hold-requests';
import { copySummaryAsync, headerFillChangedDetailAsync, linkToEmptyDesignSystemAsync, readyUiAsync, rowPicturesAsync, syncWhileACollaboratorLinksDemoAsync, unlinkInSettingsAsync } from './support/sync-steps';
import { evaluateHooks, useHarness, textOf, VIEWPORT, type Harness } from './support/playground-harness';
import { smallestWindowAsync } from './support/window-steps';
import { pauseClockAtAsync, secondAheadAsync } from './support/clocked-window';

const h = useHarness();
let state: EmulatorDemoState;
const SHOTS = 'test-results/screenshots';

beforeAll(async () => {
  state = parseEmulatorState(await (await fetch(`${h.emulator.builderUrl}/_emulator/state`)).json());
  mkdirSync(SHOTS, { recursive: true });
});

async function openFreshAsync(theme: 'light' | 'dark'): Promise<void> {
  await h.openFreshAsync(`?theme=${theme}`);
}

/**
 * The playground reset in a browser context of its own, its clock installed for the test to stop and
 * move: `h`'s emulator, server and browser with the context's own page. `closeAsync` closes the context.
 */
async function openWithClockAsync(query: string): Promise<Harness> {
  const context = await h.browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  await context.clock.install();
  const page = await context.newPage();
  const openAsync = async (at = '') => {
    await page.goto(`${h.playground.url}${at}`);
    await page.waitForSelector('html[data-playground-ready="true"]', { state: 'attached', timeout: 40_000 });
  };
  const openFreshAsync = async (at = '') => {
    await openAsync(at);
    await evaluateHooks(page, (hooks) => hooks.reset());
    await page.waitForSelector('html[data-playground-ready="true"]', { state: 'attached' });
  };
  const uiFrameAsync = async () => (await (await page.waitForSelector('iframe[data-role="plugin-iframe"]', { state: 'attached' })).contentFrame())!;
  await openFreshAsync(query);
  return { ...h, context, page, console: [], openAsync, openFreshAsync, uiFrameAsync, closeAsync: () => context.close() };
}

async function remoteAsync(designSystemId: string): Promise<Map<string, Component>> {
  const response = await fetch(`${h.emulator.builderUrl}/api/plugin/design-systems/${designSystemId}/changes?limit=500`, {
    headers: { authorization: `Bearer ${state.builder.keys.demo}` },
  });
  const body = (await response.json()) as { data: { components: Component[] } };
  return new Map(body.data.components.map((component) => [component.key, component]));
}

/** The file's components that sync (standalone components and sets), by name, read from the fake document. */
function localComponentsAsync(): Promise<Record<string, { key: string; description: string }>> {
  return evaluateHooks(h.page, (hooks) => {
    const out: Record<string, { key: string; description: string }> = {};
    hooks.inspect().run(() => {
      for (const node of hooks.inspect().allNodes()) {
        const isRoot = node.type === 'COMPONENT_SET' || (node.type === 'COMPONENT' && node.parent?.type !== 'COMPONENT_SET');
        if (isRoot && !(node as ComponentNode).remote) out[node.name] = { key: (node as ComponentNode).key, description: (node as ComponentNode).description };
      }
    });
    return out;
  });
}

async function runSyncAsync(ui: Frame): Promise<string> {
  await ui.getByRole('button', { name: /^Sync \d[\d,]* changes?$/ }).click();
  const outcome = ui.getByTestId('sync-outcome');
  await expect.poll(() => textOf(outcome), { timeout: 30_000 }).toMatch(/^Sync done/);
  return (await outcome.textContent()) ?? '';
}

async function editTextInPlaygroundAsync(component: string, text: string): Promise<void> {
  // (The playground's labels wrap their controls, so their names start with the label's words.)
  await h.page.getByRole('combobox', { name: /^Component/ }).selectOption({ label: component });
  await h.page.getByRole('textbox', { name: /^Text/ }).fill(text);
  await h.page.getByRole('button', { name: 'Change text' }).click();
}

async function editFillInPlaygroundAsync(component: string, hex: string): Promise<void> {
  await h.page.getByRole('combobox', { name: /^Component/ }).selectOption({ label: component });
  await h.page.locator('input[type="color"]').fill(hex);
  await h.page.getByRole('button', { name: 'Change fill' }).click();
}

/** Opens a row's detail from the list by its name. */
async function openRowAsync(ui: Frame, name: string): Promise<void> {
  await ui.getByTestId('sync-row').filter({ hasText: name }).click();
  await ui.getByTestId('sync-detail').waitFor();
}

async function remoteEditAsync(key: string, edit: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${h.emulator.builderUrl}/_emulator/design-systems/ds_empty/remote-edit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key, ...edit }),
  });
  expect(response.ok).toBe(true);
}

/** A teammate's plugin pushes `key` with a red fill on its top layer and another description (layers Envelope cannot take). */
async function teammatePushesFillAsync(key: string): Promise<void> {
  const stored = (await remoteAsync('ds_empty')).get(key)!;
  const response = await fetch(`${h.emulator.builderUrl}/api/plugin/design-systems/ds_empty/sync`, {
    method: 'POST',
    headers: { authorization: `Bearer ${state.builder.keys.demo}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      base: null,
      source: { file_id: 'teammate-file', file_name: 'Teammate', user: 'Ana Lima', plugin_version: '0.1.0' },
      upserts: [{ key, name: stored.name, kind: stored.kind, description: 'Theirs.', hash: 'teammate-v2', properties: stored.properties, variants: stored.variants, node: { ...stored.node, fills: ['#ff2200'] } }],
      deletes: [],
      force: [],
    }),
  });
  expect(response.ok).toBe(true);
}


/** Synced, then Hero's text edited here and its description by a teammate: the list shows one conflict. */
async function heroConflictAsync(): Promise<{ ui: Frame; hero: { key: string } }> {
  const ui = await linkToEmptyDesignSystemAsync(h);
  await runSyncAsync(ui);
  const hero = (await localComponentsAsync()).Hero!;
  await editTextInPlaygroundAsync('Hero', 'Mine');
  await remoteEditAsync(hero.key, { description: 'Theirs' });
  await ui.getByRole('button', { name: 'Check again' }).click();
  await expect.poll(() => ui.getByRole('button', { name: 'Conflicts 1' }).count(), { timeout: 15_000 }).toBe(1);
  return { ui, hero };
}

describe('a teammate version taken only in part', () => {
  it('is listed as taken in part with the steps left, not ticked to take again, and an edit here then is a conflict', async () => {
    await openFreshAsync('light');
    const ui = await linkToEmptyDesignSystemAsync(h);
    await runSyncAsync(ui);
    const header = (await localComponentsAsync()).Header!;
    await teammatePushesFillAsync(header.key);
    await ui.getByRole('button', { name: 'Check again' }).click();
    await expect.poll(() => ui.getByRole('button', { name: /^Incoming/ }).count(), { timeout: 15_000 }).toBe(1);
    const taken = await runSyncAsync(ui);
    expect(taken).toContain('1 component taken into this file');
    expect(taken).toContain('#ff2200');
    expect((await localComponentsAsync()).Header!.description).toBe('Theirs.');

    await ui.getByRole('button', { name: 'Check again' }).click();
    const row = ui.getByTestId('sync-row').filter({ hasText: 'Header' });
    await expect.poll(() => textOf(row), { timeout: 15_000 }).toMatch(/Taken in part: \d+ steps? left · /);
    // Not ticked, it is not taken again: the row no longer says "Skipped for now" beside "Taken in part" (its tooltip says what it means).
    expect(await textOf(row)).not.toContain('Skipped for now');
    expect(await ui.getByRole('checkbox', { name: 'Take Header' }).isChecked()).toBe(false);
    // Nothing else to do: no sync is offered, so nothing is taken again.
    expect(await ui.getByRole('button', { name: /^Sync \d[\d,]* changes?$/ }).count()).toBe(0);
    await openRowAsync(ui, 'Header');
    await expect.poll(() => textOf(ui.getByTestId('sync-taken-in-part'))).toContain('#ff2200');
    expect(await axeViolationsAsync(ui)).toEqual([]);
    await ui.getByRole('button', { name: '← Back to the list' }).click();
    // A sync of something else takes nothing again and repeats none of Header's steps.
    await editTextInPlaygroundAsync('Footer', 'Unsubscribe here');
    await ui.getByRole('button', { name: 'Check again' }).click();
    await ui.getByTestId('sync-row').filter({ hasText: 'Footer' }).waitFor({ timeout: 30_000 });
    const next = await runSyncAsync(ui);
    expect(next).not.toContain('taken into this file');
    expect(next).not.toContain('#ff2200');

    // An edit here meanwhile: a conflict against their version (still said to be taken in part), not a change to push.
    await editTextInPlaygroundAsync('Header', 'Mine');
    await ui.getByRole('button', { name: 'Check again' }).click();
    await expect.poll(() => ui.getByRole('button', { name: 'Conflicts 1' }).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => textOf(ui.getByTestId('sync-row').filter({ hasText: 'Header' })), { timeout: 10_000 }).toContain('Taken in part');
    expect(await ui.getByRole('button', { name: /^Sync \d[\d,]* changes?$/ }).count()).toBe(0);
    expect((await remoteAsync('ds_empty')).get(header.key)).toMatchObject({ hash: 'teammate-v2', description: 'Theirs.' });
  }, 120_000);
});

describe('⌘Z of a take in part, then Check again', () => {
  it('the “Sync done” notice no longer says it was taken nor lists its steps; after ⌘⇧Z the row is taken in part again', async () => {
    await openFreshAsync('light');
    const ui = await linkToEmptyDesignSystemAsync(h);
    await runSyncAsync(ui);
    const header = (await localComponentsAsync()).Header!;
    const before = header.description;
    await teammatePushesFillAsync(header.key);
    await ui.getByRole('button', { name: 'Check again' }).click();
    await expect.poll(() => ui.getByRole('button', { name: /^Incoming/ }).count(), { timeout: 15_000 }).toBe(1);
    expect(await runSyncAsync(ui)).toContain('#ff2200');

    // The designer presses ⌘Z until Header is as it was (the sync's record of the take goes first).
    let presses = 0;
    while ((await localComponentsAsync()).Header!.description !== before) {
      expect(presses++).toBeLessThan(10);
      await evaluateHooks(h.page, (hooks) => hooks.fake().figma.triggerUndo());
    }
    await ui.getByRole('button', { name: 'Check again' }).click();
    const row = ui.getByTestId('sync-row').filter({ hasText: 'Header' });
    await expect.poll(() => textOf(row), { timeout: 15_000 }).not.toContain('Taken in part');
    expect(await ui.getByRole('button', { name: /^Incoming/ }).count()).toBe(1);
    expect(await ui.getByTestId('sync-outcome').count()).toBe(0);

    // ⌘⇧Z as many times: the take and its record are back.
    for (let i = 0; i < presses; i++) await evaluateHooks(h.page, (hooks) => hooks.fake().redo());
    expect((await localComponentsAsync()).Header!.description).toBe('Theirs.');
    await ui.getByRole('button', { name: 'Check again' }).click();
    await expect.poll(() => textOf(row), { timeout: 15_000 }).toMatch(/Taken in part: \d+ steps? left( ·|$)/);
    expect(await ui.getByRole('button', { name: /^Sync \d[\d,]* changes?$/ }).count()).toBe(0);
  }, 120_000);
});

describe('⌘Z of a take while Sync shows, no Check again', () => {
  it('the list compares again and the notice no longer says the take happened (the badge rose while the list and “taken” stayed)', async () => {
    await openFreshAsync('light');
    const ui = await linkToEmptyDesignSystemAsync(h);
    await runSyncAsync(ui);
    const header = (await localComponentsAsync()).Header!;
    const before = header.description;
    await remoteEditAsync(header.key, { description: 'Theirs, from the builder.' });
    await ui.getByRole('button', { name: 'Check again' }).click();
    await expect.poll(() => ui.getByRole('button', { name: /^Incoming/ }).count(), { timeout: 15_000 }).toBe(1);
    expect(await runSyncAsync(ui)).toMatch(/1 component taken into this file/);
    expect(await ui.getByRole('button', { name: /^Incoming/ }).count()).toBe(0);

    // ⌘Z in Figma until Header is as it was, the Sync tab still open and nothing pressed in it.
    let presses = 0;
    while ((await localComponentsAsync()).Header!.description !== before) {
      expect(presses++).toBeLessThan(10);
      await evaluateHooks(h.page, (hooks) => hooks.fake().figma.triggerUndo());
    }
    await expect.poll(() => ui.getByRole('button', { name: /^Incoming/ }).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => ui.getByTestId('sync-outcome').filter({ hasText: 'taken into this file' }).count(), { timeout: 5_000 }).toBe(0);
  }, 120_000);
});

describe('a slow builder while a detail opens', () => {
  it('after a reopen, a local change’s detail opens while the builder takes 25 s to answer (its “Last sync” picture is best effort)', async () => {
    await openFreshAsync('light');
    let ui = await linkToEmptyDesignSystemAsync(h);
    await runSyncAsync(ui);
    // A later sync of another component: Header's version is older than the last sync.
    await editTextInPlaygroundAsync('Footer', 'Unsubscribe here');
    await ui.getByRole('button', { name: 'Check again' }).click();
    await ui.getByTestId('sync-row').filter({ hasText: 'Footer' }).waitFor({ timeout: 30_000 });
    await runSyncAsync(ui);
    await h.page.getByRole('button', { name: 'Close plugin' }).click();
    await h.page.getByRole('button', { name: 'Run again' }).click();
    ui = await readyUiAsync(h);
    await ui.getByRole('button', { name: /^Sync/ }).first().click();
    await editTextInPlaygroundAsync('Header', 'Spring sale');
    await ui.getByRole('button', { name: 'Check again' }).click();
    const row = ui.getByTestId('sync-row').filter({ hasText: 'Header' });
    await row.waitFor({ timeout: 30_000 });
    const faults = (body: unknown) => fetch(`${h.emulator.builderUrl}/_emulator/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await faults({ rate: 1, kinds: ['slow'], slow_ms: 25_000, seed: 1 });
    try {
      await openRowAsync(ui, 'Header');
      const detail = ui.getByTestId('sync-detail');
      await expect.poll(() => textOf(detail.getByTestId('sync-changes')), { timeout: 15_000 }).toContain('"Spring sale"');
    } finally {
      await faults({ rate: 0 });
    }
  }, 120_000);
});

describe('⌘Z of the design-system link while Sync shows', () => {
  it('compares again when ⌘Z brings the link back (it kept saying “not linked yet” until the tab was left)', async () => {
    await openFreshAsync('light');
    const ui = await linkToEmptyDesignSystemAsync(h);
    await ui.getByTestId('sync-row').first().waitFor({ timeout: 30_000 });
    // The designer unlinks the file in Settings, then looks at Sync.
    const problem = await unlinkInSettingsAsync(ui);

    // ⌘Z in Figma, the Sync tab still open: the link is back, and so is the comparison.
    await evaluateHooks(h.page, (hooks) => hooks.fake().figma.triggerUndo());
    await ui.getByTestId('sync-row').first().waitFor({ timeout: 30_000 });
    expect(await problem.count()).toBe(0);
  }, 120_000);
});


/** A fresh file linked to ds_empty, its list compared with it (none of ds_demo's components listed as added remotely). */
async function listComparedWithEmptyAsync(): Promise<{ ui: Frame; syncButton: Locator; onlyThere: Locator }> {
  await openFreshAsync('light');
  const ui = await linkToEmptyDesignSystemAsync(h);
  const syncButton = ui.getByRole('button', { name: /^Sync \d[\d,]* changes?$/ });
  // ds_demo has components this file has not: listed as added remotely while the list compares with it.
  const onlyThere = ui.getByRole('button', { name: /^Added remotely/ });
  await expect.poll(async () => (await syncButton.count()) === 1 && (await onlyThere.count()) === 0, { timeout: 30_000 }).toBe(true);
  return { ui, syncButton, onlyThere };
}

describe('the design-system link changed by a collaborator while a sync runs', () => {
  it('compares with the new link once the sync ends, and says so (it said “Everything is in sync” with the old link until the tab was left)', async () => {
    const { ui, syncButton, onlyThere } = await listComparedWithEmptyAsync();
    // The builder's answer to the push is held until the link has changed: the sync has read its
    // link and is still sending then, however slow the machine (an answer slowed by 8 s could come first).
    const inEmptyBefore = (await remoteAsync('ds_empty')).size;
    const push = await holdRequestsAsync(h.page, h.emulator.builderUrl, (url) => url.pathname.endsWith('/sync'));
    try {
      await syncWhileACollaboratorLinksDemoAsync(h, ui, syncButton);
      // The push is still on its way: nothing has reached ds_empty yet.
      expect(push.count()).toBeGreaterThan(0);
      expect((await remoteAsync('ds_empty')).size).toBe(inEmptyBefore);
    } finally {
      await push.releaseAsync();
    }

    // The sync went to ds_empty, the design system it started with.
    await expect.poll(async () => (await remoteAsync('ds_empty')).size, { timeout: 30_000 }).toBeGreaterThan(0);
    // Then the list is the comparison with ds_demo, whose components this file does not have, and the words say why.
    await expect.poll(() => onlyThere.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await ui.getByTestId('sync-in-sync').count()).toBe(0);
    const said = 'This file’s design system changed to ds_demo while the sync ran (undo, redo or a collaborator). What was sent to ds_empty is recorded; the list now compares with ds_demo.';
    // Read without textOf's 250 ms: on a loaded machine that read timed out (null) while the list
    // redrew; the notice is always there, and a message wiped reads ''.
    const message = () => ui.getByTestId('sync-message').textContent({ timeout: 10_000 });
    expect(await message()).toBe(said);

    // Then a collaborator deletes a component: the badge's count moves, the list compares again,
    // and the words about the link, still true, stay (the new comparison wiped them).
    const buttonBefore = await syncButton.textContent();
    await evaluateHooks(h.page, (hooks) => {
      const fake = hooks.fake();
      fake.remoteEdit(() => fake.inspect.allNodes().find((node) => node.type === 'COMPONENT' && node.name === 'Divider')!.remove());
    });
    await expect.poll(() => syncButton.textContent(), { timeout: 30_000 }).not.toBe(buttonBefore);
    expect(await message()).toBe(said);
  }, 120_000);
});

describe('a sync cancelled while the design-system link changes', () => {
  it('says both that the sync was cancelled and that the file now syncs to the new design system, the list compared with it (the cancel’s words replaced the link’s)', async () => {
    const { ui, syncButton, onlyThere } = await listComparedWithEmptyAsync();
    // The push is held until the link has changed and the designer has pressed Cancel sync.
    const push = await holdRequestsAsync(h.page, h.emulator.builderUrl, (url) => url.pathname.endsWith('/sync'));
    try {
      await syncWhileACollaboratorLinksDemoAsync(h, ui, syncButton);
      await ui.getByRole('button', { name: 'Cancel sync' }).click();
    } finally {
      await push.releaseAsync();
    }

    const message = ui.getByTestId('sync-message');
    await expect
      .poll(() => message.textContent(), { timeout: 30_000 })
      .toBe('Sync cancelled. This file’s design system changed to ds_demo while the sync ran (undo, redo or a collaborator). What was sent to ds_empty is recorded; the list now compares with ds_demo.');
    // The list is the comparison with ds_demo, whose components this file does not have.
    await expect.poll(() => onlyThere.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await ui.getByTestId('sync-in-sync').count()).toBe(0);
    expect(await message.textContent()).toContain('Sync cancelled.');
  }, 120_000);
});

describe('a collaborator’s edits in a row while Sync shows', () => {
  it('the list compares once, when the badge’s count has been still, and ends up right (it compared at each move of the count)', async () => {
    // In a browser context of its own whose clock the test stops and moves: the sandbox's count of
    // each edit and the screen's wait for a still count run on it, not on real time (deletions 700 ms
    // apart against the screen's 800 ms wait: each 0.15 s later, as on a loaded machine, and the list
    // compared twice).
    const own = await openWithClockAsync('?theme=light');
    try {
      const ui = await linkToEmptyDesignSystemAsync(own);
      const syncButton = ui.getByRole('button', { name: /^Sync \d[\d,]* changes?$/ });
      await syncButton.waitFor({ timeout: 30_000 });
      const badge = ui.getByTestId('nav-sync-badge');
      const comparisons = () => evaluateHooks(own.page, (hooks) => hooks.requests().filter((request) => request.method === 'GET' && request.url.includes('/changes')).length);
      // The checks of the link's save are over: the count of comparisons stays put.
      let before = await comparisons();
      await expect
        .poll(async () => {
          await new Promise((settle) => setTimeout(settle, 1_000));
          const now = await comparisons();
          const still = now === before;
          before = now;
          return still;
        }, { timeout: 30_000 })
        .toBe(true);
      const changesBefore = Number(/\d+/.exec((await syncButton.textContent()) ?? '')![0]);
      await pauseClockAtAsync(own.context.clock, secondAheadAsync(ui));
      before = await comparisons();

      // A collaborator deletes three components, each after the sandbox's count of the one before
      // (each moves the badge on its own) and sooner than the screen's wait for a still count: the
      // clock moves to just short of each count, then to it (the screen's wait starts again within
      // a frame of the clock's next move, 600 ms after the one before).
      const deleted = ['Divider', 'Footer', 'Hero'];
      for (const [index, name] of deleted.entries()) {
        await evaluateHooks(own.page, (hooks, component) => {
          const fake = hooks.fake();
          fake.remoteEdit(() => fake.inspect.allNodes().find((node) => node.type === 'COMPONENT' && node.name === component)!.remove());
        }, name);
        await own.context.clock.runFor(LOCAL_COUNT_DELAY_MS - 1);
        expect((await comparisons()) - before).toBe(0);
        await expect.poll(() => textOf(badge), { timeout: 10_000 }).toBe(`${changesBefore - index} changes to review`);
        await own.context.clock.runFor(1);
        await expect.poll(() => textOf(badge)).toBe(`${changesBefore - index - 1} changes to review`);
      }
      // Not compared yet: the list's own count is as it was.
      expect((await comparisons()) - before).toBe(0);
      expect(await syncButton.textContent()).toBe(`Sync ${changesBefore} changes`);
      // The count has been still for the screen's wait: the list compares, then time for any comparison still to come.
      await own.context.clock.runFor(BADGE_STILL_MS + 100);
      await expect.poll(comparisons).toBe(before + 1);
      await expect.poll(() => syncButton.textContent()).toBe(`Sync ${changesBefore - deleted.length} changes`);
      await own.context.clock.runFor(5 * BADGE_STILL_MS);
      await new Promise((settle) => setTimeout(settle, 1_000));
      expect((await comparisons()) - before).toBe(1);
      for (const name of deleted) expect(await ui.getByTestId('sync-row').filter({ hasText: name }).count()).toBe(0);
    } finally {
      await own.closeAsync();
    }
  }, 120_000);
});

describe('a collaborator’s edit while a sync runs', () => {
  // The sandbox counts the edit in its queue behind the sync (src/sync/sync-handlers.ts): the badge moves once the sync has ended, and the still badge starts the comparison.
  it('the list compares once after the sync and lists the edit, not only what the sync saw', async () => {
    // In a browser context of its own whose clock the test moves: the sandbox's count of the edit and
    // the screen's wait for a still badge pass on it while the sync sends, however slow the machine
    // (1.5 s of real time may not be).
    const own = await openWithClockAsync('?theme=light');
    try {
      const ui = await linkToEmptyDesignSystemAsync(own);
      const syncButton = ui.getByRole('button', { name: /^Sync \d[\d,]* changes?$/ });
      await syncButton.waitFor({ timeout: 30_000 });
      // Read without textOf's 250 ms, which a loaded machine can outlast (null).
      const badge = () => ui.getByTestId('nav-sync-badge').textContent({ timeout: 10_000 });
      const comparisons = () => evaluateHooks(own.page, (hooks) => hooks.requests().filter((request) => request.method === 'GET' && request.url.includes('/changes')).length);
      const pushes = () => evaluateHooks(own.page, (hooks) => hooks.requests().filter((request) => request.method === 'POST' && request.url.endsWith('/sync')).length);
      // The builder's answer to the push is held until the checks are done: the sync has read the file and is still sending.
      const push = await holdRequestsAsync(own.page, h.emulator.builderUrl, (url) => url.pathname.endsWith('/sync'));
      const beforeRun = await comparisons();
      try {
        await syncButton.click();
        await expect.poll(pushes, { timeout: 30_000 }).toBeGreaterThan(0);
        const badgeBefore = await badge();
        // Meanwhile a collaborator deletes Divider, and the sync still sends for longer than the
        // sandbox's count of an edit and the screen's wait for a still badge.
        await evaluateHooks(own.page, (hooks) => {
          const fake = hooks.fake();
          fake.remoteEdit(() => fake.inspect.allNodes().find((node) => node.type === 'COMPONENT' && node.name === 'Divider')!.remove());
        });
        await own.context.clock.fastForward(LOCAL_COUNT_DELAY_MS + BADGE_STILL_MS + 100);
        expect(await ui.getByRole('button', { name: 'Cancel sync' }).count()).toBe(1);
        // The edit is counted behind the sync: the badge has not moved, and nothing compared.
        expect(await badge()).toBe(badgeBefore);
        expect((await comparisons()) - beforeRun).toBe(0);
        // The push is still on its way after the checks.
        expect(push.count()).toBeGreaterThan(0);
      } finally {
        await push.releaseAsync();
      }
      // The sync ends: its entry is in Recent syncs.
      await expect.poll(() => textOf(ui.locator('summary', { hasText: 'Recent syncs' })), { timeout: 60_000 }).toBe('Recent syncs (1)');
      // The list compares once more and lists Divider as deleted here, as the badge counts it.
      await expect.poll(() => ui.getByTestId('sync-row').filter({ hasText: 'Divider' }).count(), { timeout: 15_000 }).toBe(1);
      // Time for any comparison still to come: past the screen's wait on the clock, then a moment for its request.
      await own.context.clock.fastForward(5 * BADGE_STILL_MS);
      await new Promise((settle) => setTimeout(settle, 1_000));
      // One comparison in all (a first sync asks for no changes): after the sync, not one per move of the badge.
      expect((await comparisons()) - beforeRun).toBe(1);
    } finally {
      await own.closeAsync();
    }
  }, 120_000);
});

describe('a conflict’s detail in the narrowest window', () => {
  it('heads each version in one line (“Theirs”, “Mine (this file)”; who changed theirs is said above them), the whole caption in its accessible name', async () => {
    await openFreshAsync('light');
    const { ui } = await heroConflictAsync();
    // The person makes the window as narrow as it goes with the resize grip's keys.
    await ui.getByTestId('resize-handle').focus();
    for (let step = 0; step < 3; step++) await h.page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(() => ui.evaluate(() => window.innerWidth)).toBe(320);
    await openRowAsync(ui, 'Hero');
    const theirs = 'Theirs (design system), by Robin Vale (builder app)';
    const detail = ui.getByTestId('sync-detail');
    await detail.getByRole('columnheader', { name: theirs }).waitFor({ timeout: 15_000 });
    await detail.getByText('Side by side').click();
    const heads = [detail.getByRole('columnheader', { name: theirs }), detail.getByRole('columnheader', { name: 'Mine (this file)' }), ...(await detail.locator('figcaption').all())];
    expect(heads).toHaveLength(4);
    for (const head of heads) {
      // The height of the head's text: one line, whatever its padding.
      const lines = await head.evaluate((element) => {
        const style = getComputedStyle(element);
        const text = element.getBoundingClientRect().height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom) - parseFloat(style.borderTopWidth) - parseFloat(style.borderBottomWidth);
        return Math.round(text / parseFloat(style.lineHeight));
      });
      expect({ head: await head.textContent(), lines }).toEqual({ head: await head.textContent(), lines: 1 });
    }
    await detail.screenshot({ path: `${SHOTS}/sync-conflict-narrow-light.png` });
    expect(await axeViolationsAsync(ui)).toEqual([]);
  }, 120_000);
});

describe('a conflict’s detail in the smallest window', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`shows its three choices on opening, without scrolling, and Tab reaches them after Back (only the choice’s title showed at 320 × 240, its options under the edge), ${theme}`, async () => {
      await openFreshAsync(theme);
      const { ui } = await heroConflictAsync();
      await smallestWindowAsync(h.page, ui);
      await ui.getByTestId('sync-row').filter({ hasText: 'Hero' }).click();
      await h.page.keyboard.press('Enter');
      const detail = ui.getByTestId('sync-detail');
      // Opened, with what it loads (which must not push the choice out of sight either).
      await detail.getByRole('group', { name: 'Compare the pictures' }).waitFor({ timeout: 15_000 });
      const choices = detail.getByRole('group', { name: 'What to do with this conflict' });
      /** How much of the element is out of the scrolling screen's sight, in px (0: all of it shows). */
      const hiddenPx = (element: Locator) =>
        element.evaluate((shownElement) => {
          const shown = shownElement.getBoundingClientRect();
          const view = shownElement.closest('main')!.getBoundingClientRect();
          return Math.max(0, view.top - shown.top) + Math.max(0, shown.bottom - view.bottom);
        });
      expect(await hiddenPx(choices)).toBe(0);
      for (const name of ['Keep mine', 'Take theirs', 'Skip for now']) expect({ name, hidden: await hiddenPx(choices.getByRole('radio', { name })) }).toEqual({ name, hidden: 0 });
      // The keyboard: from the component's name, Tab reaches the choice; Shift+Tab from it, Back.
      expect(await detail.getByRole('heading', { name: 'Hero' }).evaluate((heading) => heading === document.activeElement)).toBe(true);
      await h.page.keyboard.press('Tab');
      expect(await choices.evaluate((group) => group.contains(document.activeElement))).toBe(true);
      await h.page.keyboard.press('Shift+Tab');
      expect(await detail.getByRole('button', { name: '← Back to the list' }).evaluate((button) => button === document.activeElement)).toBe(true);
      await detail.screenshot({ path: `${SHOTS}/sync-conflict-smallest-${theme}.png` });
      expect(await axeViolationsAsync(ui)).toEqual([]);
    }, 120_000);
  }
});

/** A screenshot's pixels, decoded by the playground page (no PNG decoder in the tests' dependencies). */
async function pixelsOfAsync(png: Buffer): Promise<{ width: number; each: (visit: (x: number, rgb: [number, number, number]) => void) => void }> {
  const { width, data } = await h.page.evaluate(async (base64) => {
    const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
    const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    return { width: bitmap.width, data: [...context.getImageData(0, 0, bitmap.width, bitmap.height).data] };
  }, png.toString('base64'));
  return {
    width,
    each: (visit) => {
      for (let at = 0; at < data.length; at += 4) visit((at / 4) % width, [data[at]!, data[at + 1]!, data[at + 2]!]);
    },
  };
}

describe('a fill change’s pictures in Swipe', () => {
  it('shows “Last sync” left of the split and “This file” right of it, in the order the slider names them (they were the other way round), and the slider says which is where', async () => {
    await openFreshAsync('dark');
    const ui = await linkToEmptyDesignSystemAsync(h);
    const modes = await headerFillChangedDetailAsync(h, ui);
    await modes.getByRole('button', { name: 'Swipe' }).press('Enter');
    const slider = ui.getByRole('slider', { name: 'Swipe between “Last sync” and “This file”' });
    await slider.focus();
    // Halfway, by keyboard: the split stands in the middle of the pictures.
    await h.page.keyboard.press('Home');
    for (let step = 0; step < 5; step++) await h.page.keyboard.press('PageUp');
    expect(Number(await slider.inputValue())).toBe(50);
    const shot = await ui.getByTestId('sync-detail').getByRole('img', { name: 'Header: Last sync' }).screenshot();
    // This file's fill is #ff2200, the last sync's is not: count its pixels on each side of the split.
    const shown = await pixelsOfAsync(shot);
    const reds = { left: 0, right: 0 };
    shown.each((x, [r, g, b]) => {
      if (r > 200 && g < 80 && b < 60) reds[x < shown.width / 2 ? 'left' : 'right']++;
    });
    expect(reds.right).toBeGreaterThan(100);
    expect(reds.left).toBe(0);
    // Heard as which version is where, not as a bare number.
    await h.page.keyboard.press('End');
    expect(await slider.getAttribute('aria-valuetext')).toBe('“Last sync” 100 % on the left, “This file” 0 % on the right');
  }, 120_000);
});

describe('a fill change’s pictures in Overlay', () => {
  it('the opacity slider says how much of each version shows through, not a bare number', async () => {
    await openFreshAsync('light');
    const ui = await linkToEmptyDesignSystemAsync(h);
    const modes = await headerFillChangedDetailAsync(h, ui);
    await modes.getByRole('button', { name: 'Overlay' }).press('Enter');
    const slider = ui.getByRole('slider', { name: 'Opacity of “This file”' });
    await slider.focus();
    await h.page.keyboard.press('Home');
    await h.page.keyboard.press('PageUp');
    expect(Number(await slider.inputValue())).toBe(10);
    expect(await slider.getAttribute('aria-valuetext')).toBe('“This file” 10 % over “Last sync” 90 %');
  }, 120_000);
});

describe('a fill change’s pictures in Difference', () => {
  it('the boxed area’s box shows: dark, just outside the tinted pixels (it was drawn in the tint’s own red, on them)', async () => {
    // Light: its pictures' letterbox (a checkerboard) is light too, so a dark pixel is the box's.
    await openFreshAsync('light');
    const ui = await linkToEmptyDesignSystemAsync(h);
    const modes = await headerFillChangedDetailAsync(h, ui);
    await modes.getByRole('button', { name: 'Difference' }).press('Enter');
    const detail = ui.getByTestId('sync-detail');
    await expect.poll(() => textOf(detail.getByTestId('sync-pixel-diff-text')), { timeout: 15_000 }).toMatch(/1 area boxed$/);
    const shot = await detail.getByRole('img', { name: /^Header: pixels that differ/ }).screenshot();
    const shown = await pixelsOfAsync(shot);
    // Neither the faded picture (light greys), the tint (a pink red) nor the letterbox is dark: what is, is the box.
    let dark = 0;
    shown.each((_x, rgb) => {
      if (Math.max(...rgb) < 60) dark++;
    });
    expect(dark).toBeGreaterThan(shown.width);
  }, 120_000);
});

describe('a fill change’s area at the picture’s edge in Difference, dark theme', () => {
  it('its box stands out from the frame where it meets the edge (a dark stroke there lay against the dark frame, as the area’s own outline)', async () => {
    await openFreshAsync('dark');
    const ui = await linkToEmptyDesignSystemAsync(h);
    const modes = await headerFillChangedDetailAsync(h, ui);
    await modes.getByRole('button', { name: 'Difference' }).press('Enter');
    const detail = ui.getByTestId('sync-detail');
    await expect.poll(() => textOf(detail.getByTestId('sync-pixel-diff-text')), { timeout: 15_000 }).toMatch(/area(s)? boxed$/);
    // The canvas's own pixels, and the frame around it (its border over what is behind it).
    const edges = await detail.getByRole('img', { name: /^Header: pixels that differ/ }).evaluate((element) => {
      const canvas = element as HTMLCanvasElement;
      const { width, height } = canvas;
      const data = canvas.getContext('2d')!.getImageData(0, 0, width, height).data;
      // The frame as shown: the border painted over the backgrounds behind it, outermost first.
      const probe = document.createElement('canvas').getContext('2d')!;
      const layers: string[] = [getComputedStyle(element).borderTopColor];
      for (let parent = element.parentElement; parent; parent = parent.parentElement) layers.push(getComputedStyle(parent).backgroundColor);
      for (const color of ['#fff', ...layers.reverse()]) {
        probe.fillStyle = color;
        probe.fillRect(0, 0, 1, 1);
      }
      const frame = [...probe.getImageData(0, 0, 1, 1).data.slice(0, 3)];
      const luminance = (rgb: number[]) => rgb.map((c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4)).reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
      const contrast = (a: number[], b: number[]) => {
        const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
        return (high! + 0.05) / (low! + 0.05);
      };
      const at = (x: number, y: number) => [...data.slice((y * width + x) * 4, (y * width + x) * 4 + 3)];
      const tinted = (rgb: number[]) => rgb[0]! > 200 && rgb[1]! < 80 && rgb[2]! > 60 && rgb[2]! < 130;
      // Each edge pixel with the tint two pixels in: where the area meets the picture's edge.
      const met: number[] = [];
      for (let x = 0; x < width; x++) for (const [y, inward] of [[0, 2], [height - 1, height - 3]] as const) if (tinted(at(x, inward))) met.push(contrast(at(x, y), frame));
      for (let y = 0; y < height; y++) for (const [x, inward] of [[0, 2], [width - 1, width - 3]] as const) if (tinted(at(inward, y))) met.push(contrast(at(x, y), frame));
      return { met: met.length, weak: met.filter((ratio) => ratio < 3).length };
    });
    expect(edges.met).toBeGreaterThan(0);
    expect(edges.weak).toBe(0);
  }, 120_000);
});

describe('after a sync, Check again', () => {
  it('the “Sync done” notice goes when Check again compares anew: it does not stand above the new list as if it were its outcome', async () => {
    await openFreshAsync('light');
    const ui = await linkToEmptyDesignSystemAsync(h);
    await runSyncAsync(ui);
    await editTextInPlaygroundAsync('Footer', 'Unsubscribe here');
    await ui.getByRole('button', { name: 'Check again' }).click();
    await ui.getByTestId('sync-row').filter({ hasText: 'Footer' }).waitFor({ timeout: 30_000 });
    expect(await ui.getByText(/^Sync done/).count()).toBe(0);
  }, 120_000);
});

// Every flow in both themes: the screenshots of the diff view (list, a property diff, a
// conflict) are kept as test artifacts in test-results/screenshots.
describe.each(['light', 'dark'] as const)('design-system sync in the playground (%s theme)', (theme) => {
  beforeEach(async () => {
    await openFreshAsync(theme);
  });

  it('first sync: every component reaches the design system once, then the file is in sync', async () => {
    const ui = await linkToEmptyDesignSystemAsync(h);
    const local = await localComponentsAsync();
    const count = Object.keys(local).length;
    await expect.poll(() => ui.getByRole('button', { name: `Sync ${count} changes`, exact: true }).count(), { timeout: 30_000 }).toBe(1);
    // The README's picture of the list: every row in view with its thumbnail drawn, none still pulsing.
    await expect.poll(() => rowPicturesAsync(ui), { timeout: 15_000 }).toSatisfy(({ drawn, loading, none }: { drawn: number; loading: number; none: number }) => drawn > 0 && loading === 0 && none === 0);
    await ui.locator('body').screenshot({ path: `${SHOTS}/sync-list-${theme}.png` });
    expect(await axeViolationsAsync(ui)).toEqual([]);
    expect(await runSyncAsync(ui)).toContain(`${count} components pushed`);
    await expect.poll(() => textOf(ui.getByTestId('sync-in-sync'))).toContain('Everything is in sync');
    expect(await axeViolationsAsync(ui)).toEqual([]);

    const remote = await remoteAsync('ds_empty');
    expect([...remote.values()].map((component) => component.name).sort()).toEqual(Object.keys(local).sort());
    for (const { key } of Object.values(local)) expect(remote.get(key)?.deleted).toBe(false);
    // The sync state is in the document, shared with collaborators.
    const keys = await evaluateHooks(h.page, (hooks) => hooks.inspect().run(() => hooks.inspect().root.getSharedPluginDataKeys('envelope')));
    expect(keys).toContain('syncState');
  });

  it('a local edit is counted on the badge at once, shown property by property, and pushed alone', async () => {
    const ui = await linkToEmptyDesignSystemAsync(h);
    await runSyncAsync(ui);
    await editTextInPlaygroundAsync('Header', 'Spring sale');
    await expect.poll(() => ui.getByRole('button', { name: 'Sync 1 change to review' }).count(), { timeout: 15_000 }).toBe(1);

    await ui.getByRole('button', { name: 'Check again' }).click();
    const row = ui.getByTestId('sync-row').filter({ hasText: 'Header' });
    await row.click();
    await h.page.keyboard.press('Enter');
    const detail = ui.getByTestId('sync-detail');
    await expect.poll(() => textOf(detail.getByTestId('sync-changes')), { timeout: 15_000 }).toContain('"Spring sale"');
    await detail.screenshot({ path: `${SHOTS}/sync-detail-${theme}.png` });
    expect(await axeViolationsAsync(ui)).toEqual([]);
    await ui.getByRole('button', { name: '← Back to the list' }).click();
    expect(await runSyncAsync(ui)).toContain('1 component pushed');
    const header = (await remoteAsync('ds_empty')).get((await localComponentsAsync()).Header!.key);
    expect(JSON.stringify(header?.node)).toContain('Spring sale');
  });

  it('a teammate edit comes in with who made it, and taking it applies it to the file', async () => {
    const ui = await linkToEmptyDesignSystemAsync(h);
    await runSyncAsync(ui);
    const footer = (await localComponentsAsync()).Footer!;
    await remoteEditAsync(footer.key, { description: 'Legal text approved by the teammate.' });
    await ui.getByRole('button', { name: 'Check again' }).click();
    await expect.poll(() => ui.getByRole('button', { name: /^Incoming/ }).count(), { timeout: 15_000 }).toBe(1);
    const row = ui.getByTestId('sync-row').filter({ hasText: 'Footer' });
    await row.click();
    await h.page.keyboard.press('Enter');
    await expect.poll(() => textOf(ui.getByTestId('sync-changes')), { timeout: 15_000 }).toContain('Legal text approved by the teammate.');
    await ui.getByRole('button', { name: '← Back to the list' }).click();
    expect(await runSyncAsync(ui)).toContain('1 component taken into this file');
    expect((await localComponentsAsync()).Footer!.description).toBe('Legal text approved by the teammate.');
  });

  it('the same component changed on both sides is a conflict; keep mine pushes mine over theirs', async () => {
    const { ui, hero } = await heroConflictAsync();
    await ui.getByTestId('sync-row').filter({ hasText: 'Hero' }).click();
    await h.page.keyboard.press('Enter');
    await ui.getByRole('radio', { name: 'Keep mine' }).check();
    // The window as the designer sees it: an element taller than the window would be shot past its edge.
    await ui.locator('body').screenshot({ path: `${SHOTS}/sync-conflict-${theme}.png` });
    expect(await axeViolationsAsync(ui)).toEqual([]);
    await ui.getByRole('button', { name: '← Back to the list' }).click();
    await runSyncAsync(ui);
    const remote = (await remoteAsync('ds_empty')).get(hero.key);
    expect(JSON.stringify(remote?.node)).toContain('Mine');
    expect(remote?.description).not.toBe('Theirs');
  });

  it('what changed: a fill edit shows a "fill" chip and a pixel difference; a description edit shows no visible change; the summary lists every row', async () => {
    const ui = await linkToEmptyDesignSystemAsync(h);
    await runSyncAsync(ui);
    await editFillInPlaygroundAsync('Header', '#ff2200');
    const footer = (await localComponentsAsync()).Footer!;
    await remoteEditAsync(footer.key, { description: 'Only the words changed.' });
    await ui.getByRole('button', { name: 'Check again' }).click();
    await expect.poll(() => ui.getByRole('button', { name: /^Incoming/ }).count(), { timeout: 15_000 }).toBe(1);
    const headerRow = ui.getByTestId('sync-row').filter({ hasText: 'Header' });
    expect(await headerRow.locator('.sync-tag').allTextContents()).toEqual(['fill']);
    expect(await ui.getByTestId('sync-row').filter({ hasText: 'Footer' }).locator('.sync-tag').allTextContents()).toEqual(['description']);
    // Thumbnails reach the rows on screen.
    await expect.poll(() => headerRow.locator('img.sync-thumb').count(), { timeout: 15_000 }).toBe(1);
    await ui.locator('body').screenshot({ path: `${SHOTS}/sync-list-chips-${theme}.png` });
    expect(await axeViolationsAsync(ui)).toEqual([]);

    await openRowAsync(ui, 'Header');
    const detail = ui.getByTestId('sync-detail');
    const modes = detail.getByRole('group', { name: 'Compare the pictures' });
    await modes.waitFor({ timeout: 15_000 });
    await detail.screenshot({ path: `${SHOTS}/sync-pictures-side-${theme}.png` });
    await modes.getByRole('button', { name: 'Overlay' }).click();
    await detail.screenshot({ path: `${SHOTS}/sync-pictures-overlay-${theme}.png` });
    await modes.getByRole('button', { name: 'Difference' }).click();
    const shareText = detail.getByTestId('sync-pixel-diff-text');
    // The header's fill is its whole picture: every pixel, or a share of them, changed.
    await expect.poll(() => textOf(shareText), { timeout: 15_000 }).toMatch(/^(Every pixel changed|[\d.]+ % of pixels changed)/);
    const text = (await shareText.textContent()) ?? '';
    expect(text).not.toMatch(/^0\.0 %|^100\.0 %/);
    expect(text).toMatch(/boxed/);
    // The share is said once, by the caption (a status): the picture's name says what it shows, not the share again.
    expect(await detail.getByRole('img', { name: /pixels that differ/ }).getAttribute('aria-label')).not.toContain(text.split(' · ')[0]);
    await detail.screenshot({ path: `${SHOTS}/sync-pictures-difference-${theme}.png` });
    expect(await axeViolationsAsync(ui)).toEqual([]);
    await ui.getByRole('button', { name: '← Back to the list' }).click();

    // The next row opens in the mode the designer chose, not back in Side by side.
    await openRowAsync(ui, 'Footer');
    await modes.waitFor({ timeout: 15_000 });
    expect(await modes.getByRole('button', { name: 'Difference' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => textOf(shareText), { timeout: 15_000 }).toBe('No visible change');
    await ui.getByRole('button', { name: '← Back to the list' }).click();

    // The summary: every row of the diff, with its chips. The fallback copies in this iframe as in
    // Figma's: the summary is caught, not only its message.
    const copied = await copySummaryAsync(ui);
    await expect.poll(() => textOf(ui.getByTestId('sync-copy-message')), { timeout: 10_000 }).toContain('Summary copied: 2 components to sync.');
    const names = await ui.getByTestId('sync-row').locator('.sync-name').allTextContents();
    expect(names.length).toBe(2);
    for (const name of names) expect(copied).toContain(`- ${name}`);
    expect(copied).toContain('- Header [fill]');
    expect(copied).toContain('- Footer [description]');
  });

  it('a component deleted and re-created under the same name is one replaced row; pushing it deletes the old key and adds the new', async () => {
    const ui = await linkToEmptyDesignSystemAsync(h);
    await runSyncAsync(ui);
    const oldKey = (await localComponentsAsync()).Footer!.key;
    // A fixture step (the playground has no control for deleting and drawing a component).
    await evaluateHooks(h.page, (hooks) =>
      hooks.inspect().run(() => {
        const old = hooks.inspect().allNodes().find((node) => node.type === 'COMPONENT' && node.name === 'Footer' && node.parent?.type !== 'COMPONENT_SET') as ComponentNode;
        const parent = old.parent as PageNode | FrameNode;
        old.remove();
        const fresh = hooks.fake().figma.createComponent();
        fresh.name = 'Footer';
        fresh.resize(600, 80);
        fresh.fills = [{ type: 'SOLID', color: { r: 0.1, g: 0.2, b: 0.3 } }];
        parent.appendChild(fresh);
      }),
    );
    const newKey = (await localComponentsAsync()).Footer!.key;
    expect(newKey).not.toBe(oldKey);
    await ui.getByRole('button', { name: 'Check again' }).click();
    await expect.poll(() => ui.getByRole('row').filter({ hasText: /^Replaced/ }).count(), { timeout: 15_000 }).toBe(1);
    const rows = ui.getByTestId('sync-row').filter({ hasText: 'Footer' });
    expect(await rows.count()).toBe(1);
    await rows.click();
    await expect.poll(() => textOf(ui.getByTestId('sync-replaced'))).toContain(`Old key ${oldKey} → new key ${newKey}`);
    await expect.poll(() => textOf(ui.getByTestId('sync-changes')), { timeout: 15_000 }).toContain('fill');
    expect(await axeViolationsAsync(ui)).toEqual([]);
    await ui.getByRole('button', { name: '← Back to the list' }).click();
    expect(await runSyncAsync(ui)).toContain('1 component pushed');
    const remote = await remoteAsync('ds_empty');
    expect(remote.get(oldKey)?.deleted).toBe(true);
    expect(remote.get(newKey)).toMatchObject({ name: 'Footer', deleted: false });
  });
});
