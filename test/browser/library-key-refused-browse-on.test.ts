// A library key the library refuses (a wrong lib_live_… key saved in Settings): Browse works
// without a key, so its notice offers to go on without it, and Settings says by the key field that
// the saved key was refused (Browse's Open Settings opens an empty field for a new one).
import type { Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseEmulatorState, type EmulatorDemoState } from '../playground/page/emulator-link';
import { checkAxeAsync } from './support/a11y-checks';
import { openBrowseAsync } from './support/browse-steps';
import { readLibraryAsync } from './support/library-read';
import { evaluateHooks, textOf, useHarness } from './support/playground-harness';

const h = useHarness();
let state: EmulatorDemoState;

beforeAll(async () => {
  state = parseEmulatorState(await (await fetch(`${h.emulator.libraryUrl}/_emulator/state`)).json());
});

describe('Browse with a library key the library refuses', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`goes on browsing without the key, and Settings says the key was refused (${theme})`, async () => {
      const ui = await openBrowseAsync(h, theme);
      // A key the library refuses, saved in Settings.
      await ui.getByTestId('nav-settings').click();
      await ui.getByTestId('settings-library-replace-key').click();
      await ui.getByTestId('settings-library-key').fill(state.library.keys.revoked!);
      await ui.getByTestId('settings-library-save').click();
      await expect.poll(() => evaluateHooks(h.page, async (hooks) => hooks.fake().figma.clientStorage.getAsync('envelope.library.apiKey')), { timeout: 10_000 }).toBe(state.library.keys.revoked);
      const hint = await textOf(ui.getByTestId('settings-library-key-hint'));
      await ui.getByTestId('nav-browse').click();
      const notice = ui.getByTestId('library-problem');
      await expect.poll(() => textOf(notice.getByRole('alert')), { timeout: 15_000 }).toMatch(/^The library API key was not accepted\./);
      await checkAxeAsync(ui, `the key refused (${theme})`);

      // Settings, opened from the notice on an empty field for a new key, says why.
      await notice.getByRole('button', { name: 'Open Settings' }).click();
      const keyField = ui.getByTestId('settings-library-key');
      await expect.poll(() => keyField.evaluate((element) => element === document.activeElement), { timeout: 10_000 }).toBe(true);
      expect(await keyField.inputValue()).toBe('');
      const described = await keyField.evaluate((element) => (element.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' '));
      expect(described).toContain(`The email library did not accept the saved key (${hint}).`);
      await checkAxeAsync(ui, `Settings on the refused key (${theme})`);
      // Escape keeps the saved key: the masked key says the same.
      await h.page.keyboard.press('Escape');
      expect(await textOf(ui.getByTestId('settings-library-key-refused'))).toMatch(/^The email library did not accept the saved key/);

      // Back in Browse: on without the key, its requests sent with none.
      const sent: Array<string | null> = [];
      const watch = (request: Request) => {
        if (request.url().startsWith(`${h.emulator.libraryUrl}/v1/emails`) && request.method() === 'GET') sent.push(request.headers()['authorization'] ?? null);
      };
      h.page.on('request', watch);
      try {
        await ui.getByTestId('nav-browse').click();
        await notice.getByRole('button', { name: 'Browse without the key' }).click();
        const newest = await readLibraryAsync<{ data: Array<{ subject_line: string }> }>(h.emulator.libraryUrl, '/v1/emails?per_page=50', null);
        const firstSubject = () => textOf(ui.getByRole('list', { name: 'Emails' }).locator('.email-card-subject').first());
        await expect.poll(firstSubject, { timeout: 15_000 }).toBe(newest.data[0]!.subject_line);
        expect(await notice.count()).toBe(0);
        expect(sent.length).toBeGreaterThan(0);
        expect(sent.every((authorization) => authorization === null)).toBe(true);
        // The keyboard was not left on the page as the notice went.
        expect(await ui.evaluate(() => document.activeElement?.textContent ?? '')).toBe('Emails');
        await checkAxeAsync(ui, `browsing without the key (${theme})`);
      } finally {
        h.page.off('request', watch);
      }
      // The key stays saved, and Settings still says it was refused.
      expect(await evaluateHooks(h.page, async (hooks) => hooks.fake().figma.clientStorage.getAsync('envelope.library.apiKey'))).toBe(state.library.keys.revoked);
      await ui.getByTestId('nav-settings').click();
      expect(await textOf(ui.getByTestId('settings-library-key-refused'))).toMatch(/^The email library did not accept the saved key/);
    });
  }
});
