// Settings through the real UI against the emulator: save, masked key, connection test in
// words, a wrong key, an insecure address, a reload, and no key in any console output.
import { beforeAll, describe, expect, it } from 'vitest';
import { maskKey } from '../../src/shared/settings/validate-settings';
import { parseEmulatorState, type EmulatorDemoState } from '../playground/page/emulator-link';
import { messageProblems } from '../support/message-rules';
import { axeViolationsAsync } from './support/axe';
import { evaluateHooks, openSettingsAsync, useHarness, textNowAsync, textOf } from './support/playground-harness';
import { linkToEmptyDesignSystemAsync, readyUiAsync } from './support/sync-steps';

const h = useHarness();
let state: EmulatorDemoState;
const WRONG_BUILDER_KEY = 'ef_this_key_does_not_exist_0000';
const usedKeys: string[] = [WRONG_BUILDER_KEY];

beforeAll(async () => {
  const response = await fetch(`${h.emulator.libraryUrl}/_emulator/state`);
  state = parseEmulatorState(await response.json());
  usedKeys.push(state.library.keys.demo, state.builder.keys.demo);
  if (state.library.keys.revoked) usedKeys.push(state.library.keys.revoked);
  // The page's clock runs as usual; a test moves it past a 429's wait once its checks are done (a
  // wait of real seconds could end during a slow check on a loaded machine).
  await h.context.clock.install();
  await h.openAsync();
});

/** A 429's wait: longer than any check here takes, even on a loaded machine. */
const WAIT_SECONDS = 45;

/**
 * Saves the emulator's address and demo key for `api` as a person does (opening the key field
 * with "Replace key" when one is saved already), so that each test stands alone.
 */
async function saveDemoKeyAsync(ui: Awaited<ReturnType<typeof openSettingsAsync>>, api: 'library' | 'builder'): Promise<void> {
  const key = state[api].keys.demo;
  // The address first: typed back to the saved key's host, it closes a key field Save opened for another host.
  await ui.getByTestId(`settings-${api}-base-url`).fill(h.emulator[api === 'library' ? 'libraryUrl' : 'builderUrl']);
  if ((await ui.getByTestId(`settings-${api}-key`).count()) === 0) await ui.getByTestId(`settings-${api}-replace-key`).click();
  await ui.getByTestId(`settings-${api}-key`).fill(key);
  await ui.getByTestId(`settings-${api}-save`).click();
  await expect.poll(() => textOf(ui.getByTestId(`settings-${api}-key-hint`)), { timeout: 10_000 }).toBe(maskKey(key));
}

describe('Settings in the real UI', () => {
  for (const api of ['library', 'builder'] as const) {
    it(`saves the ${api} address and demo key, shows the key masked, and the connection test succeeds in words`, async () => {
      const ui = await openSettingsAsync(h);
      const key = state[api].keys.demo;
      await saveDemoKeyAsync(ui, api);
      expect(await ui.locator('body').textContent()).not.toContain(key);
      expect(await ui.getByTestId(`settings-${api}-key`).count()).toBe(0);
      await ui.getByTestId(`settings-${api}-test`).click();
      await expect
        .poll(() => textOf(ui.getByTestId(`settings-${api}-result`)), { timeout: 15_000 })
        .toMatch(api === 'library' ? /^Connected to the library: / : /^Connected to the builder: /);
    });
  }

  it('counts down a 429’s wait on the connection test, then says the test can run again (it said “Try again in 4 seconds” for ever)', async () => {
    const ui = await openSettingsAsync(h);
    await saveDemoKeyAsync(ui, 'library');
    const setFaults = (body: object) => fetch(`${h.emulator.libraryUrl}/_emulator/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await setFaults({ rate: 1, kinds: ['429'], retry_after: WAIT_SECONDS });
    try {
      await ui.getByTestId('settings-library-test').click();
      const result = ui.getByTestId('settings-library-result');
      // The seconds show beside the answer, not in its live region: a screen reader says the answer once, not again at every tick.
      const countdown = ui.getByTestId('settings-library-countdown');
      const secondsSaid = async () => Number(/^Test again in (\d+) seconds?\.$/.exec((await textOf(countdown)) ?? '')?.[1]);
      await expect.poll(secondsSaid, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
      const first = await secondsSaid();
      expect(first).toBeLessThanOrEqual(WAIT_SECONDS);
      await expect.poll(secondsSaid, { timeout: 5_000 }).toBeLessThan(first);
      await expect.poll(() => textOf(result), { timeout: 10_000 }).toBe('The email library asked Envelope to slow down for this key.');
    } finally {
      await setFaults({ rate: 0 });
    }
    await h.context.clock.fastForward(WAIT_SECONDS * 1_000);
    await expect.poll(() => textOf(ui.getByTestId('settings-library-result')), { timeout: 10_000 }).toBe('The email library asked Envelope to slow down for this key. You can test again now.');
    expect(await ui.getByTestId('settings-library-countdown').count()).toBe(0);
    expect(await axeViolationsAsync(ui)).toEqual([]);
  });

  it('keeps the keys after a reload (fresh plugin and iframe, same clientStorage), still masked', async () => {
    const before = await openSettingsAsync(h);
    await saveDemoKeyAsync(before, 'library');
    await saveDemoKeyAsync(before, 'builder');
    await h.page.reload();
    await h.page.waitForSelector('html[data-playground-ready="true"]', { state: 'attached' });
    const ui = await openSettingsAsync(h);
    await expect.poll(() => textOf(ui.getByTestId('settings-library-key-hint')), { timeout: 10_000 }).toBe(maskKey(state.library.keys.demo));
    await expect.poll(() => textOf(ui.getByTestId('settings-builder-key-hint'))).toBe(maskKey(state.builder.keys.demo));
    expect(await ui.getByTestId('settings-library-base-url').inputValue()).toBe(h.emulator.libraryUrl);
  });

  it('says which key is wrong when the API refuses it', async () => {
    const ui = await openSettingsAsync(h);
    await saveDemoKeyAsync(ui, 'library');
    await saveDemoKeyAsync(ui, 'builder');
    await ui.getByTestId('settings-builder-replace-key').click();
    await ui.getByTestId('settings-builder-key').fill(WRONG_BUILDER_KEY);
    await ui.getByTestId('settings-builder-save').click();
    await expect.poll(() => textOf(ui.getByTestId('settings-builder-key-hint')), { timeout: 10_000 }).toBe(maskKey(WRONG_BUILDER_KEY));
    await ui.getByTestId('settings-builder-test').click();
    await expect.poll(() => textOf(ui.getByTestId('settings-builder-result')), { timeout: 15_000 }).toContain('The builder API key was not accepted');
    // The library key still works: only the builder key is named.
    await ui.getByTestId('settings-library-test').click();
    await expect.poll(() => textOf(ui.getByTestId('settings-library-result')), { timeout: 15_000 }).toMatch(/^Connected to the library: /);
  });

  it('refuses an http:// address that is not localhost, with the reason next to the field', async () => {
    const ui = await openSettingsAsync(h);
    await saveDemoKeyAsync(ui, 'library');
    await ui.getByTestId('settings-library-base-url').fill('http://example.com');
    await ui.getByTestId('settings-library-save').click();
    await expect.poll(() => textOf(ui.getByTestId('settings-library-base-url-error')), { timeout: 10_000 }).toContain('Envelope connects over HTTPS only');
    const stored = await evaluateHooks(h.page, async (hooks) => hooks.fake().figma.clientStorage.getAsync('envelope.library.baseUrl'));
    expect(stored).toBe(h.emulator.libraryUrl);
  });

  it('reports a network that gives no answer in words (the playground network set to fail)', async () => {
    const ui = await openSettingsAsync(h);
    await saveDemoKeyAsync(ui, 'library');
    await evaluateHooks(h.page, (hooks) => hooks.network.setMode('fail'));
    try {
      await ui.getByTestId('settings-library-test').click();
      await expect.poll(() => textOf(ui.getByTestId('settings-library-result')), { timeout: 20_000 }).toContain(`Could not reach ${h.emulator.libraryUrl}`);
    } finally {
      await evaluateHooks(h.page, (hooks) => hooks.network.setMode('normal'));
    }
  });

  it('saves when Save is pressed while a connection test still waits (the test gives way instead of the save being dropped)', async () => {
    const ui = await openSettingsAsync(h);
    await saveDemoKeyAsync(ui, 'library');
    const section = ui.getByRole('region', { name: 'Email library' });
    await evaluateHooks(h.page, (hooks) => hooks.network.setMode('hang'));
    try {
      await section.getByRole('button', { name: 'Test connection' }).click();
      await expect.poll(() => textOf(ui.getByTestId('settings-library-result'))).toBe('Testing the email library connection…');
      // The person spots a wrong path meanwhile, fixes it and saves.
      const moved = `${h.emulator.libraryUrl}/moved`;
      await section.getByRole('textbox', { name: 'API address' }).fill(moved);
      await section.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => textOf(ui.getByTestId('settings-library-result')), { timeout: 10_000 }).toBe('Email library address saved; the saved key is unchanged.');
      expect(await evaluateHooks(h.page, (hooks) => hooks.clientStorageValueAsync('envelope.library.baseUrl'))).toBe(moved);
    } finally {
      await evaluateHooks(h.page, (hooks) => hooks.network.setMode('normal'));
    }
  });

  it('tests the key just saved when “Test connection” is pressed while Save is on its way (the test was dropped, and after a failed save “Testing…” stayed for ever)', async () => {
    const ui = await openSettingsAsync(h);
    await saveDemoKeyAsync(ui, 'builder');
    const section = ui.getByRole('region', { name: 'Email builder' });
    const result = ui.getByTestId('settings-builder-result');
    const saveThenTestAsync = async (key: string) => {
      await section.getByRole('button', { name: 'Replace key (builder API key)' }).click();
      await section.getByLabel('Builder API key', { exact: true }).fill(key);
      // Figma busy with a large file: Save is still on its way when the person presses Test.
      await evaluateHooks(h.page, (hooks) => hooks.freezeSandbox(true));
      try {
        await section.getByRole('button', { name: 'Save' }).click();
        await section.getByRole('button', { name: 'Test connection' }).click();
      } finally {
        await evaluateHooks(h.page, (hooks) => hooks.freezeSandbox(false));
      }
    };

    await saveThenTestAsync(WRONG_BUILDER_KEY);
    await expect.poll(() => textOf(ui.getByTestId('settings-builder-key-hint')), { timeout: 10_000 }).toBe(maskKey(WRONG_BUILDER_KEY));
    await expect.poll(() => textOf(result), { timeout: 15_000 }).toMatch(/^The builder API key was not accepted\./);

    // A save that fails tests nothing, and says nothing is being tested.
    await evaluateHooks(h.page, async (hooks) => {
      const fake = hooks.fake();
      await fake.figma.clientStorage.setAsync('test.filler', 'x'.repeat(5_000_000 - fake.clientStorageBytes() - 'test.filler'.length - 2));
    });
    const longerKey = `${state.builder.keys.demo}ButLonger`;
    usedKeys.push(longerKey);
    try {
      await saveThenTestAsync(longerKey);
      await expect.poll(() => textOf(ui.getByTestId('settings-builder-error')), { timeout: 10_000 }).toMatch(/^Figma could not store the email builder settings/);
      expect(await textNowAsync(result)).toBe('');
    } finally {
      await evaluateHooks(h.page, (hooks) => hooks.fake().figma.clientStorage.deleteAsync('test.filler'));
    }
  });

  it('says a test did not try the key typed and not saved yet (it said “Connected” beside a pasted key it never tried)', async () => {
    const ui = await openSettingsAsync(h);
    await saveDemoKeyAsync(ui, 'builder');
    const section = ui.getByRole('region', { name: 'Email builder' });
    await section.getByRole('button', { name: 'Replace key (builder API key)' }).click();
    await ui.getByTestId('settings-builder-key').fill(WRONG_BUILDER_KEY);
    await section.getByRole('button', { name: 'Test connection' }).click();
    const result = ui.getByTestId('settings-builder-result');
    await expect.poll(() => textOf(result), { timeout: 15_000 }).toMatch(/^Connected to the builder: /);
    await expect.poll(() => textOf(result), { timeout: 10_000 }).toMatch(/ This tested the saved address and key; what is typed above is not saved yet\.$/);
    expect(messageProblems((await textOf(result)) ?? '')).toEqual([]);
    // Nothing typed: the result says only what it found.
    await ui.getByTestId('settings-builder-key').press('Escape');
    await section.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => textOf(result), { timeout: 15_000 }).toMatch(/^Connected to the builder: [^.]*\.$/);
  });

  it('asks for the key again when the address moves to another host, and keeps the old one until then', async () => {
    const ui = await openSettingsAsync(h);
    await saveDemoKeyAsync(ui, 'builder');
    expect(await ui.getByTestId('settings-builder-key').count()).toBe(0);
    await ui.getByTestId('settings-builder-base-url').fill('http://localhost:1');
    await ui.getByTestId('settings-builder-save').click();
    await expect.poll(() => textOf(ui.getByTestId('settings-builder-key-error')), { timeout: 10_000 }).toContain('paste the key again');
    // The key field opened for it, and what was typed is still there.
    expect(await ui.getByTestId('settings-builder-key').count()).toBe(1);
    expect(await ui.getByTestId('settings-builder-base-url').inputValue()).toBe('http://localhost:1');
    const stored = await evaluateHooks(h.page, async (hooks) => hooks.fake().figma.clientStorage.getAsync('envelope.builder.baseUrl'));
    expect(stored).toBe(h.emulator.builderUrl);
  });

  it('drops the request for the key again when Escape puts the saved address back (it still said “The address changed…”, and Save asked for a new key)', async () => {
    const ui = await openSettingsAsync(h);
    await saveDemoKeyAsync(ui, 'builder');
    const section = ui.getByRole('region', { name: 'Email builder' });
    const address = section.getByRole('textbox', { name: 'API address' });
    await address.fill('http://localhost:1');
    await section.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => textOf(ui.getByTestId('settings-builder-key-error')), { timeout: 10_000 }).toContain('paste the key again');
    // The person sees the mistake and puts the saved address back.
    await address.focus();
    await h.page.keyboard.press('Escape');
    expect(await address.inputValue()).toBe(h.emulator.builderUrl);
    expect(await ui.getByTestId('settings-builder-key-error').count()).toBe(0);
    expect(await ui.getByTestId('settings-builder-key').count()).toBe(0);
    await expect.poll(() => textOf(ui.getByTestId('settings-builder-key-hint')), { timeout: 10_000 }).toBe(maskKey(state.builder.keys.demo));
    await section.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => textOf(ui.getByTestId('settings-builder-result')), { timeout: 10_000 }).toBe('Email builder address saved; the saved key is unchanged.');
  });

  it('closes “Remove the saved key?” when the person chooses “Replace key” instead (the question stayed beside the new key, and after Save asked to forget it)', async () => {
    const ui = await openSettingsAsync(h);
    await saveDemoKeyAsync(ui, 'library');
    const section = ui.getByRole('region', { name: 'Email library' });
    const question = section.getByRole('group', { name: /^Remove the saved library API key/ });
    await section.getByRole('button', { name: 'Forget key (library API key)' }).click();
    await question.waitFor();
    await section.getByRole('button', { name: 'Replace key (library API key)' }).click();
    await expect.poll(() => ui.getByTestId('settings-library-key').count()).toBe(1);
    expect(await question.count()).toBe(0);
    await ui.getByTestId('settings-library-key').fill(state.library.keys.demo);
    await section.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => textOf(ui.getByTestId('settings-library-result')), { timeout: 10_000 }).toMatch(/^Email library settings saved\./);
    expect(await question.count()).toBe(0);
  });

  it('asks before forgetting a key in words true to what goes with it (the library’s question said Envelope could not reach it, though Browse works without a key)', async () => {
    const ui = await openSettingsAsync(h);
    for (const api of ['library', 'builder'] as const) {
      await saveDemoKeyAsync(ui, api);
      const section = ui.getByRole('region', { name: api === 'library' ? 'Email library' : 'Email builder' });
      await section.getByRole('button', { name: `Forget key (${api} API key)` }).click();
      const question = section.getByRole('group', { name: new RegExp(`^Remove the saved ${api} API key`) });
      await question.waitFor();
      expect(await question.locator('p').textContent()).toBe(
        api === 'library'
          ? 'Remove the saved library API key from this computer? Browsing still works without it; HTML previews and your follows, likes and collections need a key again.'
          : 'Remove the saved builder API key from this computer? Envelope cannot reach the email builder until you paste a key again.',
      );
      await question.getByRole('button', { name: 'Keep it' }).click();
      await expect.poll(() => question.count()).toBe(0);
    }
  });

  it('takes a key typed straight after “Replace key” by keyboard: the key field has the focus at once', async () => {
    const ui = await openSettingsAsync(h);
    await saveDemoKeyAsync(ui, 'library');
    const section = ui.getByRole('region', { name: 'Email library' });
    await section.getByRole('button', { name: 'Replace key (library API key)' }).focus();
    // No pause: a person who knows the form pastes the key at once (the two reach the page back to back).
    await Promise.all([h.page.keyboard.press('Enter'), h.page.keyboard.insertText(state.library.keys.demo)]);
    expect(await section.getByLabel('Library API key', { exact: true }).inputValue()).toBe(state.library.keys.demo);
    await h.page.keyboard.press('Enter');
    await expect.poll(() => textOf(ui.getByTestId('settings-library-result')), { timeout: 10_000 }).toMatch(/^Email library settings saved\./);
  });

  it('says so in words when Figma’s storage is full, keeps what was typed and the saved key', async () => {
    const ui = await openSettingsAsync(h);
    await saveDemoKeyAsync(ui, 'library');
    // clientStorage filled to its 5 MB: a longer key no longer fits.
    await evaluateHooks(h.page, async (hooks) => {
      const fake = hooks.fake();
      await fake.figma.clientStorage.setAsync('test.filler', 'x'.repeat(5_000_000 - fake.clientStorageBytes() - 'test.filler'.length - 2));
    });
    const longerKey = `${state.library.keys.demo}ButLonger`;
    usedKeys.push(longerKey);
    try {
      const section = ui.getByRole('region', { name: 'Email library' });
      await section.getByRole('button', { name: 'Replace key (library API key)' }).click();
      await section.getByLabel('Library API key', { exact: true }).fill(longerKey);
      await section.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(() => textOf(ui.getByTestId('settings-library-error')), { timeout: 10_000 })
        // Not “try Save again”, which fails again while the storage is full.
        .toBe('Figma could not store the email library settings on this computer (Envelope’s storage there may be full).');
      expect(await section.getByLabel('Library API key', { exact: true }).inputValue()).toBe(longerKey);
      expect(await evaluateHooks(h.page, (hooks) => hooks.clientStorageValueAsync('envelope.library.apiKey'))).toBe(state.library.keys.demo);
      expect(await evaluateHooks(h.page, (hooks) => hooks.clientStorageValueAsync('envelope.library.baseUrl'))).toBe(h.emulator.libraryUrl);
    } finally {
      await evaluateHooks(h.page, (hooks) => hooks.fake().figma.clientStorage.deleteAsync('test.filler'));
    }
  });

  it('says to leave out /v1 from an address copied from the documents, keeping what was typed; a trailing slash alone is saved without it', async () => {
    const ui = await openSettingsAsync(h);
    const section = ui.getByRole('region', { name: 'Email library' });
    const address = section.getByRole('textbox', { name: 'API address' });
    const key = section.getByLabel('Library API key', { exact: true });
    // Before, this was saved and every call went to /v1/v1/…, said only as “not found”.
    await address.fill(`${h.emulator.libraryUrl}/v1/`);
    await key.fill(`Bearer ${state.library.keys.demo}`);
    await section.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => textOf(ui.getByText(/^Leave out “\/v1”/))).toBe(`Leave out “/v1” and what follows it: Envelope adds it to each request. Enter ${h.emulator.libraryUrl}`);
    await expect.poll(() => textOf(ui.getByText(/“Bearer”/)), { timeout: 10_000 }).toBe('Paste the key alone, without “Bearer” in front of it.');
    expect(await address.inputValue()).toBe(`${h.emulator.libraryUrl}/v1/`);
    expect(await key.inputValue()).toBe(`Bearer ${state.library.keys.demo}`);
    expect(await axeViolationsAsync(ui)).toEqual([]);
    await address.fill(`${h.emulator.libraryUrl}/`);
    await key.fill(state.library.keys.demo);
    await section.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => textOf(ui.getByTestId('settings-library-result'))).toMatch(/^Email library settings saved\./);
    expect(await address.inputValue()).toBe(h.emulator.libraryUrl);
  });

  it('keeps what was typed and not saved yet across a look at another screen', async () => {
    const ui = await openSettingsAsync(h);
    await saveDemoKeyAsync(ui, 'library');
    const section = ui.getByRole('region', { name: 'Email library' });
    await section.getByRole('button', { name: 'Replace key (library API key)' }).click();
    await section.getByLabel('Library API key', { exact: true }).fill(state.library.keys.demo);
    await section.getByRole('textbox', { name: 'API address' }).fill(`${h.emulator.libraryUrl}/typed`);
    const nav = ui.getByRole('navigation', { name: 'Envelope screens' });
    await nav.getByRole('button', { name: 'Templates' }).click();
    await expect.poll(() => textOf(ui.getByRole('heading', { level: 1 }))).toBe('Templates');
    await nav.getByRole('button', { name: 'Settings' }).click();
    await expect.poll(() => textOf(ui.getByRole('heading', { level: 1 }))).toBe('Settings');
    // The key field is still open, with the key in it.
    expect(await ui.getByTestId('settings-library-key').count()).toBe(1);
    expect(await ui.getByTestId('settings-library-key').inputValue()).toBe(state.library.keys.demo);
    expect(await section.getByRole('textbox', { name: 'API address' }).inputValue()).toBe(`${h.emulator.libraryUrl}/typed`);
  });

  it('reads the design-system id from a pasted address whose path is only the id, shows what it read, and refuses an address it cannot read', async () => {
    const ui = await openSettingsAsync(h);
    const section = ui.getByRole('region', { name: 'Design system for this file' });
    const field = section.getByRole('textbox', { name: 'Design system id' });
    const storedId = () => evaluateHooks(h.page, (hooks) => hooks.inspect().run(() => hooks.inspect().root.getSharedPluginData('envelope', 'designSystemId')));

    await field.fill('https://app.templatebuilder.example/ds_empty');
    await section.getByRole('button', { name: 'Save for this file' }).click();
    await expect.poll(() => field.inputValue(), { timeout: 10_000 }).toBe('ds_empty');
    // (What the builder says of the id follows: see settings-design-system-check.test.ts.)
    await expect.poll(() => textOf(section.getByRole('status')), { timeout: 10_000 }).toMatch(/^This file now syncs to design system “ds_empty” \(read from the address\)\. Collaborators see the same setting\./);
    expect(await storedId()).toBe('ds_empty');

    // An address whose id could be any of its parts is refused in words; what was pasted stays.
    const unclear = 'https://app.templatebuilder.example/acme/design-systems/ds_demo';
    await field.fill(unclear);
    await section.getByRole('button', { name: 'Save for this file' }).click();
    await expect.poll(() => textOf(ui.getByTestId('settings-design-system-id-error'))).toMatch(/^Envelope reads an id from an address only when its path is the id alone/);
    expect(await field.inputValue()).toBe(unclear);
    expect(await storedId()).toBe('ds_empty');
    expect(await axeViolationsAsync(ui)).toEqual([]);
  });

  it('never logs a key: not in the page, not in the sandbox, not in the UI', async () => {
    // Keys saved, tested and refused in this test too, so that it stands alone.
    const ui = await openSettingsAsync(h);
    await saveDemoKeyAsync(ui, 'library');
    await saveDemoKeyAsync(ui, 'builder');
    await ui.getByTestId('settings-builder-test').click();
    await expect.poll(() => textOf(ui.getByTestId('settings-builder-result')), { timeout: 15_000 }).toMatch(/^Connected to the builder: /);
    const pageLines = await evaluateHooks(h.page, (hooks) => hooks.consoleLines());
    const everything = [...h.console.map((entry) => entry.text), ...pageLines.map((line) => line.text)];
    expect(everything.length).toBeGreaterThan(0);
    for (const key of usedKeys) {
      expect(everything.filter((line) => line.includes(key))).toEqual([]);
    }
  });
});

describe('the Sync badge after Settings change the link', () => {
  it('goes as soon as the builder key is forgotten (it kept its count of changes to review: forgetting a key is no document change)', async () => {
    await h.openFreshAsync();
    await linkToEmptyDesignSystemAsync(h);
    // Opened again, linked: the badge comes from the start-up check, with no edit on its way.
    const before = await h.page.$('iframe[data-role="plugin-iframe"]');
    await h.page.getByRole('button', { name: 'Run the plugin again' }).click();
    await before?.waitForElementState('hidden', { timeout: 10_000 });
    const ui = await readyUiAsync(h);
    const badge = ui.getByTestId('nav-sync-badge');
    await expect.poll(() => badge.count(), { timeout: 15_000 }).toBe(1);
    await ui.getByTestId('nav-settings').click();
    const section = ui.getByRole('region', { name: 'Email builder' });
    await section.getByRole('button', { name: 'Forget key (builder API key)' }).click();
    await ui.getByTestId('settings-builder-forget-confirm').click();
    await expect.poll(() => section.getByRole('button', { name: 'Forget key (builder API key)' }).count(), { timeout: 10_000 }).toBe(0);
    // The final state: polled well past the 600 ms a document change takes to be counted.
    await expect.poll(() => badge.count(), { timeout: 10_000 }).toBe(0);
  });
});

describe('Escape in the key field with no key saved', () => {
  it('keeps a pasted key (it was cleared without a word; there is no saved key to go back to, and Escape also closes the browser’s password suggestions)', async () => {
    await h.openFreshAsync();
    const ui = await openSettingsAsync(h);
    const section = ui.getByRole('region', { name: 'Email builder' });
    const field = section.getByLabel('Builder API key', { exact: true });
    await field.fill(state.builder.keys.demo);
    await field.press('Escape');
    expect(await field.inputValue()).toBe(state.builder.keys.demo);
    // What was kept is what Save stores.
    await ui.getByTestId('settings-builder-base-url').fill(h.emulator.builderUrl);
    await section.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => textOf(ui.getByTestId('settings-builder-key-hint')), { timeout: 10_000 }).toBe(maskKey(state.builder.keys.demo));
  });
});

describe('a key pasted with a stray quote mark, as copied from JSON or a shell', () => {
  it('is refused with words that name the quote mark, for both keys, and nothing is saved (a builder key ending in a quote was saved; a single mark was called “the quotation marks around the key”)', async () => {
    await h.openFreshAsync();
    const ui = await openSettingsAsync(h);
    const cases = [
      { title: 'Email builder', label: 'Builder API key', url: h.emulator.builderUrl, key: `${state.builder.keys.demo}'`, words: "The key ends with a quote mark ('). Paste the key without quotes." },
      { title: 'Email library', label: 'Library API key', url: h.emulator.libraryUrl, key: `"${state.library.keys.demo}`, words: 'The key starts with a quote mark ("). Paste the key without quotes.' },
    ];
    for (const { title, label, url, key, words } of cases) {
      const section = ui.getByRole('region', { name: title });
      await section.getByLabel('API address').fill(url);
      const field = section.getByLabel(label, { exact: true });
      await field.pressSequentially(key);
      await section.getByRole('button', { name: 'Save' }).click();
      // The words are the field's description, as a screen reader reads them with the field.
      const describedBy = async () => ((await field.getAttribute('aria-describedby')) ?? '').split(' ')[0] ?? '';
      await expect.poll(async () => textOf(ui.locator(`[id="${await describedBy()}"]`)), { timeout: 10_000 }).toBe(words);
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      expect(await field.inputValue()).toBe(key);
    }
    const stored = await evaluateHooks(h.page, async (hooks) => [await hooks.fake().figma.clientStorage.getAsync('envelope.builder.apiKey'), await hooks.fake().figma.clientStorage.getAsync('envelope.library.apiKey')]);
    expect(stored).toEqual([undefined, undefined]);
  });
});

describe('the file’s design-system id changed by ⌘Z while Settings is open', () => {
  const storedId = () => evaluateHooks(h.page, (hooks) => hooks.inspect().run(() => hooks.inspect().root.getSharedPluginData('envelope', 'designSystemId')));
  /** A fresh file in a new run: the playground builds its demo document in the first run, whose open undo step would hold it. */
  async function openFreshSettingsAsync() {
    await h.openFreshAsync();
    await evaluateHooks(h.page, (hooks) => hooks.relaunchAsync());
    return openSettingsAsync(h);
  }

  it('shows the id the file holds again, and Save with nothing typed does not write the undone id back (it kept showing the undone id, and Save stored it again)', async () => {
    const ui = await openFreshSettingsAsync();
    const section = ui.getByRole('region', { name: 'Design system for this file' });
    const field = section.getByRole('textbox', { name: 'Design system id' });
    const before = await storedId();
    await field.fill('ds_empty');
    await section.getByRole('button', { name: 'Save for this file' }).click();
    await expect.poll(() => textOf(section.getByRole('status')), { timeout: 10_000 }).toBe('This file now syncs to design system “ds_empty”. Collaborators see the same setting.');
    expect(await storedId()).toBe('ds_empty');

    // The designer presses ⌘Z in Figma.
    await evaluateHooks(h.page, (hooks) => hooks.fake().figma.triggerUndo());
    expect(await storedId()).toBe(before);
    await expect.poll(() => field.inputValue(), { timeout: 10_000 }).toBe(before);

    await section.getByRole('button', { name: 'Save for this file' }).click();
    // Unlinked by the ⌘Z already: this Save unlinks nothing.
    await expect.poll(() => textOf(section.getByRole('status')), { timeout: 10_000 }).toBe('This file is not linked to a design system: enter the id above, then save.');
    expect(await storedId()).toBe(before);
  });

  it('keeps an id typed and not saved yet, and says in words what the file holds now (after ⌘Z and ⌘⇧Z)', async () => {
    const ui = await openFreshSettingsAsync();
    const section = ui.getByRole('region', { name: 'Design system for this file' });
    const field = section.getByRole('textbox', { name: 'Design system id' });
    await field.fill('ds_empty');
    await section.getByRole('button', { name: 'Save for this file' }).click();
    await expect.poll(() => textOf(section.getByRole('status')), { timeout: 10_000 }).toBe('This file now syncs to design system “ds_empty”. Collaborators see the same setting.');
    await field.fill('ds_typed');

    await evaluateHooks(h.page, (hooks) => hooks.fake().figma.triggerUndo());
    await expect
      .poll(() => textOf(section.getByRole('status')), { timeout: 10_000 })
      .toBe('Changed outside this window (undo, redo or a collaborator): this file is no longer linked to a design system. The id typed above is not saved.');
    expect(await field.inputValue()).toBe('ds_typed');

    await evaluateHooks(h.page, (hooks) => hooks.fake().redo());
    await expect
      .poll(() => textOf(section.getByRole('status')), { timeout: 10_000 })
      .toBe('Changed outside this window (undo, redo or a collaborator): this file now syncs to design system “ds_empty”. The id typed above is not saved.');
    expect(await field.inputValue()).toBe('ds_typed');
    expect(await axeViolationsAsync(ui)).toEqual([]);
  });
});

describe('keys and addresses changed in another Envelope window of the same person', () => {
  it('shows what is saved now when the person comes back to this window, and keeps an address typed and not saved (it showed the forgotten key as saved, and the old address)', async () => {
    await h.openFreshAsync();
    const ui = await openSettingsAsync(h);
    await saveDemoKeyAsync(ui, 'builder');
    await saveDemoKeyAsync(ui, 'library');
    const library = ui.getByRole('region', { name: 'Email library' });
    const builder = ui.getByRole('region', { name: 'Email builder' });
    await builder.getByRole('textbox', { name: 'API address' }).fill(`${h.emulator.builderUrl}/typed`);

    // The person works in another file's Envelope window (clientStorage is per person, not per file):
    // there the builder key is forgotten and the library moves. Here, the canvas had the focus meanwhile.
    await h.page.mouse.click(5, 5);
    const moved = `${h.emulator.libraryUrl}/moved`;
    await evaluateHooks(
      h.page,
      async (hooks, address) => {
        await hooks.fake().clientStorage.deleteAsync('envelope.builder.apiKey');
        await hooks.fake().clientStorage.setAsync('envelope.library.baseUrl', address);
      },
      moved,
    );

    // Back in this window.
    await ui.getByRole('heading', { name: 'Email library' }).click();
    await expect.poll(() => library.getByRole('textbox', { name: 'API address' }).inputValue(), { timeout: 10_000 }).toBe(moved);
    expect(await ui.getByTestId('settings-builder-key-hint').count()).toBe(0);
    expect(await builder.getByLabel('Builder API key', { exact: true }).count()).toBe(1);
    expect(await builder.getByRole('textbox', { name: 'API address' }).inputValue()).toBe(`${h.emulator.builderUrl}/typed`);
    await expect.poll(() => textOf(ui.getByTestId('settings-library-key-hint')), { timeout: 10_000 }).toBe(maskKey(state.library.keys.demo));

    // A key being pasted here stays in sight when the other window saves one meanwhile.
    const keyField = builder.getByLabel('Builder API key', { exact: true });
    await keyField.fill(WRONG_BUILDER_KEY);
    await h.page.mouse.click(5, 5);
    await evaluateHooks(h.page, (hooks, key) => hooks.fake().clientStorage.setAsync('envelope.builder.apiKey', key), state.builder.keys.demo);
    await ui.getByRole('heading', { name: 'Email builder' }).click();
    // The field now replaces the key saved there, as its hint says (Escape keeps that one).
    await expect.poll(() => builder.getByText(/Escape keeps the saved key\.$/).count(), { timeout: 10_000 }).toBe(1);
    expect(await keyField.inputValue()).toBe(WRONG_BUILDER_KEY);
    await keyField.press('Escape');
    await expect.poll(() => textOf(ui.getByTestId('settings-builder-key-hint')), { timeout: 10_000 }).toBe(maskKey(state.builder.keys.demo));
  });
});

describe('the file renamed while the window is open', () => {
  it('shows the new name when the person comes back to the window (it kept the name read at start)', async () => {
    await h.openFreshAsync();
    const ui = await openSettingsAsync(h);
    // The person renames the file in Figma's toolbar: the canvas has the focus meanwhile.
    await h.page.mouse.click(5, 5);
    await evaluateHooks(h.page, (hooks) => hooks.inspect().run(() => void (hooks.inspect().root.name = 'Spring campaign components')));
    // Back in this window.
    await ui.getByRole('heading', { name: 'Email library' }).click();
    await expect.poll(() => textOf(ui.getByTestId('shell-file')), { timeout: 10_000 }).toBe('Spring campaign components · Playground user');
  });
});
