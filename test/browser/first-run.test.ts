// The first minutes with Envelope, as a newcomer meets them in the playground (issue 15): the
// getting-started screen on fresh storage and its two steps, the menu command and the last screen
// used once set up, a click that a field's message must not swallow, and failures told once, in
// words, without internal names.
import { mkdirSync } from 'node:fs';
import type { Frame } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { messageProblems } from '../support/message-rules';
import { axeViolationsAsync } from './support/axe';
import { demoLibraryKeyAsync } from './support/library-read';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';

const h = useHarness();
const SHOTS = 'test-results/screenshots';

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
});

/** The playground as on a first visit: nothing kept from earlier runs. */
async function openFreshAsync(query = ''): Promise<Frame> {
  await h.openFirstVisitAsync(query);
  return readyUiAsync();
}

async function readyUiAsync(): Promise<Frame> {
  const ui = await h.uiFrameAsync();
  await ui.getByRole('navigation', { name: 'Envelope screens' }).waitFor({ timeout: 10_000 });
  return ui;
}

function screenTitle(ui: Frame): Promise<string | null> {
  return textOf(ui.getByRole('heading', { level: 1 }));
}

describe('a first run', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`opens on the getting-started screen, which says what each half needs, clean under axe (${theme})`, async () => {
      const ui = await openFreshAsync(`?theme=${theme}`);
      await expect.poll(() => screenTitle(ui), { timeout: 10_000 }).toBe('Welcome to Envelope');
      const sync = ui.getByRole('region', { name: 'Sync with your email builder' });
      const browse = ui.getByRole('region', { name: 'Browse email inspiration' });
      expect(await sync.textContent()).toMatch(/builder API key.*design system/);
      // The built-in addresses are stand-ins (src/shared/config/stand-in-address.ts): each part says
      // its address is needed too (Browse said it "works without a key", then that its address was missing).
      expect(await textOf(sync.locator('p.muted'))).toBe('Needs the email builder’s address, a builder API key (make one in your email builder, under its Settings → API Keys) and the id of the design system this file syncs to.');
      expect(await textOf(browse.locator('p.muted'))).toBe('Needs only the email library’s address (enter it in Settings): it works without a key. A library API key adds HTML previews and your follows, likes and collections.');
      // No tab is marked open: this screen is not one of the four.
      expect(await ui.locator('nav [aria-current="page"]').count()).toBe(0);
      expect(await axeViolationsAsync(ui)).toEqual([]);
      // Scroll bars and native controls follow Figma's theme too, not the system's.
      expect(await ui.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(theme);
      // For the README: what a newcomer sees first.
      await ui.locator('body').screenshot({ path: `${SHOTS}/start-${theme}.png` });
      // Nothing is written until the person chooses something.
      expect(await evaluateHooks(h.page, (hooks) => hooks.clientStorageKeysAsync())).toEqual([]);
    });
  }

  it('“Connect the builder” opens Settings in the builder’s address field, the key next; Settings leads back; “Enter the library’s address” lands in it', async () => {
    const ui = await openFreshAsync();
    // By keyboard: the focus lands where the step leads, the first thing it names: the address,
    // the builder's first field (it stayed on the Settings title, then it went to the key below the
    // missing address).
    await ui.getByRole('button', { name: 'Connect the builder' }).focus();
    await h.page.keyboard.press('Enter');
    await expect.poll(() => screenTitle(ui)).toBe('Settings');
    await expect.poll(() => ui.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null)).toBe('settings-builder-base-url');
    // Typed straight away, the address goes where the step said (the stand-in is selected), and Tab leads to the key.
    await h.page.keyboard.type('https://builder.acme.test');
    expect(await ui.getByTestId('settings-builder-base-url').inputValue()).toBe('https://builder.acme.test');
    await h.page.keyboard.press('Tab');
    await h.page.keyboard.type('ef_demo_4f8a2c9e1b7d5a30');
    expect(await ui.getByLabel('Builder API key').inputValue()).toBe('ef_demo_4f8a2c9e1b7d5a30');
    expect(await axeViolationsAsync(ui)).toEqual([]);
    expect(await ui.getByRole('button', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');
    // The welcome screen's three parts, each named where Settings leads to it.
    expect(await textOf(ui.getByRole('region', { name: 'Getting started' }))).toContain('What sync, templates and browsing each do and need');
    await ui.getByRole('button', { name: 'Show the welcome screen' }).click();
    await expect.poll(() => screenTitle(ui)).toBe('Welcome to Envelope');
    // The library's address is the stand-in too: Browse could only say so, and the step goes where it is entered (it opened Browse).
    await ui.getByRole('button', { name: 'Enter the library’s address' }).click();
    await expect.poll(() => screenTitle(ui)).toBe('Settings');
    await expect.poll(() => ui.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null)).toBe('settings-library-base-url');
  });
});

describe('a first key, tested before it is saved', () => {
  // A newcomer pastes the key and tries it before saving it: the answer said "No builder API key
  // is saved yet. Paste the key, …" (just done) and "This tested the saved address and key" (it tried nothing).
  it('says the key typed is not saved yet and what to do, without asking to paste it again', async () => {
    const ui = await openFreshAsync('?theme=dark');
    await ui.getByRole('button', { name: 'Connect the builder' }).click();
    await expect.poll(() => screenTitle(ui)).toBe('Settings');
    await ui.getByLabel('Builder API key').fill('ef_demo_4f8a2c9e1b7d5a30');
    const section = ui.getByRole('region', { name: 'Email builder' });
    await section.getByRole('button', { name: 'Test connection' }).click();
    const result = ui.getByTestId('settings-builder-result');
    await expect.poll(() => textOf(result), { timeout: 10_000 }).not.toMatch(/^Testing|^$/);
    const words = (await textOf(result)) ?? '';
    expect(words).toBe('The builder API key typed above is not saved yet, and the test needs a saved key: choose Save, then test again.');
    expect(messageProblems(words)).toEqual([]);
    // The key stays where it was pasted, for the Save the words ask for.
    expect(await ui.getByLabel('Builder API key').inputValue()).toBe('ef_demo_4f8a2c9e1b7d5a30');
    expect(await axeViolationsAsync(ui)).toEqual([]);
  });
});

describe('moving between screens by keyboard', () => {
  // With no builder key at the built-in stand-in address, what Sync and Templates lack first is the
  // address: they used to leave the focus on the Settings title, then on the key below the address.
  for (const command of ['sync', 'templates'] as const) {
    it(`“Open Settings” on ${command === 'sync' ? 'Sync (kept hidden behind Settings)' : 'Templates'} without a builder key hands the focus to the builder’s address field`, async () => {
      const ui = await openFreshAsync(`?command=${command}`);
      const open = ui.getByRole('button', { name: 'Open Settings' });
      await open.waitFor({ timeout: 10_000 });
      await open.focus();
      await h.page.keyboard.press('Enter');
      await expect.poll(() => screenTitle(ui)).toBe('Settings');
      const focused = () => ui.evaluate(() => (document.activeElement === document.body ? 'the page: focus lost' : document.activeElement instanceof HTMLInputElement ? (document.activeElement.labels?.[0]?.textContent ?? null) : (document.activeElement?.textContent ?? null)));
      // Each notice also says the address (the built-in stand-in) is missing, and leads to it, above the key.
      await expect.poll(focused).toBe('API address');
      expect(await ui.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('settings-builder-base-url');
    });
  }
});

describe('steps that name the design system', () => {
  it('“Open Settings” on an unlinked Sync, and the welcome screen’s “Choose the design system”, land in the design-system field (they left the focus on the title, the field out of sight below the builder’s section)', async () => {
    const ui = await openFreshAsync('?demo-keys=1&command=settings');
    const system = ui.getByRole('region', { name: 'Design system for this file' });
    await system.getByRole('textbox', { name: 'Design system id' }).fill('');
    await system.getByRole('button', { name: 'Save for this file' }).click();
    await expect.poll(() => textOf(system.getByRole('status'))).toBe('This file is no longer linked to a design system.');
    const focusedField = () => ui.evaluate(() => (document.activeElement instanceof HTMLInputElement ? (document.activeElement.labels?.[0]?.textContent ?? null) : (document.activeElement?.textContent ?? null)));

    await ui.getByRole('navigation', { name: 'Envelope screens' }).getByRole('button', { name: /^Sync/ }).click();
    const open = ui.getByRole('button', { name: 'Open Settings' });
    await open.waitFor({ timeout: 10_000 });
    await open.focus();
    await h.page.keyboard.press('Enter');
    await expect.poll(() => screenTitle(ui)).toBe('Settings');
    await expect.poll(focusedField).toBe('Design system id');

    await ui.getByRole('button', { name: 'Show the welcome screen' }).click();
    await ui.getByRole('button', { name: 'Choose the design system' }).focus();
    await h.page.keyboard.press('Enter');
    await expect.poll(() => screenTitle(ui)).toBe('Settings');
    await expect.poll(focusedField).toBe('Design system id');
    // Typed straight away, the id goes where the step said.
    await h.page.keyboard.type('ds_demo');
    await h.page.keyboard.press('Enter');
    await expect.poll(() => textOf(system.getByRole('status'))).toMatch(/^This file now syncs to design system “ds_demo”\./);
  });
});

describe('once set up', () => {
  for (const [command, title] of [
    ['settings', 'Settings'],
    ['browse', 'Browse'],
    ['templates', 'Templates'],
    ['sync', 'Sync'],
  ] as const) {
    it(`the menu command “${title}” opens its screen`, async () => {
      const ui = await openFreshAsync(`?demo-keys=1&command=${command}`);
      await expect.poll(() => screenTitle(ui), { timeout: 10_000 }).toBe(title);
    });
  }

  it('the welcome screen, shown again from Settings, says what is set up and leads to it instead of asking for it again', async () => {
    const ui = await openFreshAsync('?demo-keys=1&command=settings');
    await expect.poll(() => screenTitle(ui), { timeout: 10_000 }).toBe('Settings');
    await ui.getByRole('button', { name: 'Show the welcome screen' }).click();
    await expect.poll(() => screenTitle(ui)).toBe('Welcome to Envelope');
    const sync = ui.getByRole('region', { name: 'Sync with your email builder' });
    expect(await sync.textContent()).toMatch(/Ready: your builder API key is saved and this file syncs to design system “[^”]+”\./);
    expect(await sync.textContent()).not.toContain('Needs a builder API key');
    expect(await ui.getByRole('region', { name: 'Browse email inspiration' }).textContent()).toContain('Your library API key is saved');
    expect(await axeViolationsAsync(ui)).toEqual([]);
    await sync.getByRole('button', { name: 'Open Sync' }).click();
    await expect.poll(() => screenTitle(ui)).toBe('Sync');
    // With the library's address saved, its step opens Browse.
    await ui.getByRole('button', { name: 'Settings', exact: true }).click();
    await ui.getByRole('button', { name: 'Show the welcome screen' }).click();
    await ui.getByRole('button', { name: 'Start browsing' }).click();
    await expect.poll(() => screenTitle(ui)).toBe('Browse');
    expect(await ui.getByRole('button', { name: 'Browse', exact: true }).getAttribute('aria-current')).toBe('page');
  });

  it('opened without a command, Envelope shows the screen used last (kept per user)', async () => {
    let ui = await openFreshAsync('?demo-keys=1');
    // Keys saved and no screen used yet: Sync.
    await expect.poll(() => screenTitle(ui), { timeout: 10_000 }).toBe('Sync');
    await ui.getByRole('button', { name: 'Templates' }).click();
    await expect.poll(() => screenTitle(ui)).toBe('Templates');
    await expect.poll(() => evaluateHooks(h.page, (hooks) => hooks.clientStorageValueAsync('envelope.ui.lastScreen'))).toBe('templates');
    await evaluateHooks(h.page, (hooks) => hooks.relaunchAsync());
    ui = await readyUiAsync();
    await expect.poll(() => screenTitle(ui), { timeout: 10_000 }).toBe('Templates');
  });
});

describe('Settings', () => {
  it('acts on the first click on “Replace key” after an invalid address, while the address’s message appears', async () => {
    const ui = await openFreshAsync('?demo-keys=1&command=settings');
    const address = ui.getByRole('textbox', { name: 'API address' }).first();
    await address.fill('http://example.com');
    await ui.getByRole('button', { name: 'Replace key (builder API key)' }).click();
    // One click: the key field opened, and the address's problem is shown next to it.
    await expect.poll(() => ui.getByLabel('Builder API key', { exact: true }).count(), { timeout: 2_000 }).toBe(1);
    await expect.poll(() => textOf(ui.getByTestId('settings-builder-base-url-error'))).toContain('Envelope connects over HTTPS only');
  });

  it('an unreachable host gives one message, in words, without internal names or a repeated sentence', async () => {
    const ui = await openFreshAsync('?demo-keys=1&command=settings');
    const section = ui.getByRole('region', { name: 'Email library' });
    const unreachable = 'http://localhost:1';
    await section.getByRole('textbox', { name: 'API address' }).fill(unreachable);
    await section.getByRole('button', { name: 'Replace key (library API key)' }).click();
    await section.getByLabel('Library API key', { exact: true }).fill(await demoLibraryKeyAsync(h.emulator.libraryUrl));
    await section.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => textOf(ui.getByTestId('settings-library-key-hint')), { timeout: 10_000 }).toMatch(/••••/);
    await section.getByRole('button', { name: 'Test connection' }).click();
    const result = ui.getByTestId('settings-library-result');
    await expect.poll(() => textOf(result), { timeout: 30_000 }).toMatch(/^Could not reach/);
    const message = (await textOf(result)) ?? '';
    expect(message).toBe(`Could not reach ${unreachable}. Check the address above and your network connection, then test again.`);
    expect(messageProblems(message)).toEqual([]);
    expect(await ui.getByTestId('settings-library-error').count()).toBe(0);
  });
});

describe('the playground', () => {
  it('opens with the components fitted to the canvas beside the plugin window, at a readable zoom', async () => {
    await openFreshAsync();
    const zoom = Number(/(\d+)%/.exec((await textOf(h.page.locator('[data-role="zoom"]'))) ?? '')?.[1]);
    expect(zoom).toBeGreaterThanOrEqual(35);
    const canvas = (await h.page.locator('[data-role="canvas"]').boundingBox())!;
    const window = (await h.page.locator('[data-role="plugin-window"]').boundingBox())!;
    const nodes = await h.page.locator('[data-role="drawing"] > .node').evaluateAll((elements) =>
      elements.map((element) => {
        const rect = element.getBoundingClientRect();
        return { name: (element as HTMLElement).dataset.nodeId ?? '', left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
      }),
    );
    expect(nodes.length).toBeGreaterThan(5);
    for (const node of nodes) {
      expect(node.left, node.name).toBeGreaterThanOrEqual(canvas.x);
      expect(node.top, node.name).toBeGreaterThanOrEqual(canvas.y);
      expect(node.bottom, node.name).toBeLessThanOrEqual(canvas.y + canvas.height);
      // Clear of the plugin window: nothing the newcomer should see is under it.
      expect(node.right, node.name).toBeLessThanOrEqual(window.x);
    }
  });
});
