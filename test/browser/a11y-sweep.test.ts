// An accessibility sweep of the screens and states the other browser tests do not check under
// axe in both themes: Settings with each message and the question before forgetting a key, Sync
// before it is linked and when the builder fails, Templates (list, empty, rename, confirm delete,
// errors), Browse's states (no match, errors, the 429 wait, brands, journeys, Me, requests and their outcomes, an email that is gone,
// an email without its HTML) and the boot error. Each is reached as a person would (roles,
// labels, visible text); the emulator's fault hooks only set up the errors. Then a keyboard walk:
// Tab reaches every control of a screen, each with a visible focus.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync, checkBoundariesAsync, checkKeyboardAsync as checkKeyboardInAsync, fillContrastAsync, focusedAsync } from './support/a11y-checks';
import { holdRequestsAsync } from './support/hold-requests';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';
import { emulatorFaults } from './support/emulator-faults';
import { readyUiAsync } from './support/sync-steps';
import { refuseRequestsAsync } from './support/refused-requests';

const h = useHarness();

/** The sandbox refuses every app/init from now on (malformed): the window says Envelope could not start. Undone with `tamperWithUiMessages(null)`. */
const refuseStartAsync = () => refuseRequestsAsync(h.page, 'app/init');

type Theme = 'light' | 'dark';

/** A fresh world (demo document, empty storage, the emulator's seed) opened on a menu command. */
async function openAsync(theme: Theme, query: string): Promise<Frame> {
  await h.openFreshAsync(`?theme=${theme}&${query}`);
  return readyUiAsync(h);
}

const checkKeyboardAsync = (ui: Frame, what: string) => checkKeyboardInAsync(h.page, ui, what);

describe.each(['light', 'dark'] as const)('every screen and state, %s theme', (theme) => {
  it('Settings: saved, connected, a refused key, an unreachable host, an address refused', async () => {
    const ui = await openAsync(theme, 'demo-keys=1&command=settings');
    await ui.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await checkKeyboardAsync(ui, 'Settings');
    await checkBoundariesAsync(ui, 'Settings');

    await ui.getByTestId('settings-library-test').click();
    await expect.poll(() => textOf(ui.getByTestId('settings-library-result')), { timeout: 15_000 }).toMatch(/^Connected to the library: /);
    await checkAxeAsync(ui, 'Settings, connected');

    const library = ui.getByRole('region', { name: 'Email library' });
    await library.getByRole('button', { name: 'Forget key (library API key)' }).click();
    const forget = library.getByRole('group', { name: /^Remove the saved library API key/ });
    await checkAxeAsync(ui, 'Settings, forget the key?');
    expect.soft((await fillContrastAsync(ui, forget.getByRole('button', { name: 'Forget key' }))).textOnFill, 'Forget key’s words on its fill').toBeGreaterThanOrEqual(4.5);
    await forget.getByRole('button', { name: 'Keep it' }).click();

    await ui.getByTestId('settings-builder-replace-key').click();
    await ui.getByTestId('settings-builder-key').fill('ef_not_a_real_key_123');
    await ui.getByTestId('settings-builder-save').click();
    await expect.poll(() => textOf(ui.getByTestId('settings-builder-result')), { timeout: 10_000 }).not.toBe('');
    await checkAxeAsync(ui, 'Settings, key saved');
    expect.soft(await focusedAsync(ui), 'focus after saving a key').not.toBe('body');
    await ui.getByTestId('settings-builder-test').click();
    await expect.poll(() => textOf(ui.getByTestId('settings-builder-result')), { timeout: 15_000 }).toContain('The builder API key was not accepted');
    await checkAxeAsync(ui, 'Settings, a refused key');

    await evaluateHooks(h.page, (hooks) => hooks.network.setMode('fail'));
    try {
      await ui.getByTestId('settings-library-test').click();
      await expect.poll(() => textOf(ui.getByTestId('settings-library-result')), { timeout: 20_000 }).toContain('Could not reach');
      await checkAxeAsync(ui, 'Settings, an unreachable host');
    } finally {
      await evaluateHooks(h.page, (hooks) => hooks.network.setMode('normal'));
    }

    await ui.getByTestId('settings-library-base-url').fill('http://example.com');
    await ui.getByTestId('settings-library-save').click();
    await expect.poll(() => textOf(ui.getByTestId('settings-library-base-url-error')), { timeout: 10_000 }).toContain('Envelope connects over HTTPS only');
    await checkAxeAsync(ui, 'Settings, an address refused');
    await checkKeyboardAsync(ui, 'Settings with its messages');
  });

  it('Sync: not linked, the builder failing, the history', async () => {
    let ui = await openAsync(theme, 'command=sync');
    await ui.getByTestId('sync-link-problem').waitFor();
    await checkAxeAsync(ui, 'Sync, not linked');
    await checkKeyboardAsync(ui, 'Sync, not linked');

    ui = await openAsync(theme, 'demo-keys=1&command=sync');
    await ui.getByTestId('sync-run').waitFor({ timeout: 30_000 });
    // The builder's answers are held until the checks are done, so the comparing stays on screen
    // however long axe takes (slow answers of 3 s ran out under it on a loaded machine).
    const builder = await holdRequestsAsync(h.page, h.emulator.builderUrl);
    try {
      await ui.getByTestId('sync-check').click();
      await ui.getByTestId('sync-progress').waitFor({ timeout: 10_000 });
      await checkAxeAsync(ui, 'Sync, comparing');
      expect.soft(await focusedAsync(ui), 'focus while comparing').not.toBe('body');
      expect(await ui.getByTestId('sync-progress').count(), 'still comparing after the checks').toBe(1);
    } finally {
      await builder.releaseAsync();
    }
    await ui.getByTestId('sync-run').waitFor({ timeout: 30_000 });
    await evaluateHooks(h.page, (hooks) => hooks.network.setMode('fail'));
    try {
      await ui.getByTestId('sync-check').click();
      await ui.getByTestId('sync-error').waitFor({ timeout: 30_000 });
      await checkAxeAsync(ui, 'Sync, the builder unreachable');
      await checkKeyboardAsync(ui, 'Sync, the builder unreachable');
      await checkBoundariesAsync(ui, 'Sync');
    } finally {
      await evaluateHooks(h.page, (hooks) => hooks.network.setMode('normal'));
    }
    // The failure's own Check again (the one below is hidden while it offers it).
    await ui.getByRole('button', { name: 'Check again' }).click();
    await ui.getByTestId('sync-run').waitFor({ timeout: 30_000 });
    await ui.getByTestId('sync-run').click();
    await expect.poll(() => textOf(ui.getByTestId('sync-outcome')), { timeout: 30_000 }).toMatch(/^Sync done/);
    expect.soft(await focusedAsync(ui), 'focus after a sync').not.toBe('body');
    await ui.getByTestId('sync-history').getByText(/^Recent syncs/).click();
    await checkAxeAsync(ui, 'Sync, outcome and history open');
    await checkKeyboardAsync(ui, 'Sync, outcome and history');
  });

  it('Templates: the list, rename, confirm delete, empty, the builder failing', async () => {
    const faults = emulatorFaults(h.emulator);
    let ui = await openAsync(theme, 'demo-keys=1&command=templates');
    const list = ui.getByRole('list', { name: 'Templates in the workspace' });
    await list.waitFor({ timeout: 20_000 });
    await checkAxeAsync(ui, 'Templates, the list');
    await checkKeyboardAsync(ui, 'Templates, the list');
    await checkBoundariesAsync(ui, 'Templates');
    const first = list.getByRole('listitem').first();
    await first.getByRole('button', { name: /^Rename/ }).click();
    await ui.getByLabel('New name').waitFor();
    await checkAxeAsync(ui, 'Templates, rename');
    await h.page.keyboard.press('Escape');
    await first.getByRole('button', { name: /^Delete/ }).click();
    await first.getByRole('button', { name: 'Keep it' }).waitFor();
    await checkAxeAsync(ui, 'Templates, confirm delete');
    await checkKeyboardAsync(ui, 'Templates, confirm delete');
    // The step that cannot be undone is a filled red button (it was outlined like the rest), its words readable on the fill.
    const confirmDelete = await fillContrastAsync(ui, first.getByRole('button', { name: /^Delete “/ }));
    expect.soft(confirmDelete.fillAlpha, 'the confirm Delete has a fill of its own').toBe(1);
    expect.soft(confirmDelete.textOnFill, 'the confirm Delete’s words on its fill').toBeGreaterThanOrEqual(4.5);
    // Delete every template by the screen: the confirmation, then the empty list.
    for (let left = await list.getByRole('listitem').count(); left > 0; left--) {
      const item = list.getByRole('listitem').first();
      if ((await item.getByRole('button', { name: 'Keep it' }).count()) === 0) await item.getByRole('button', { name: /^Delete/ }).click();
      await item.getByRole('button', { name: /^Delete “/ }).last().click();
      await expect.poll(() => list.getByRole('listitem').count(), { timeout: 15_000 }).toBeLessThan(left);
      expect.soft(await focusedAsync(ui), 'focus after a deletion').not.toBe('body');
    }
    await checkAxeAsync(ui, 'Templates, empty');

    // A frame selected on the canvas, saved while the builder asks to slow down.
    await h.page.locator('[data-role="pages"] li', { hasText: 'Emails' }).click();
    await h.page.locator('[data-role="layers"] li[data-depth="0"]', { hasText: 'Spring sale' }).click();
    await expect.poll(() => ui.getByLabel('Template name').inputValue(), { timeout: 10_000 }).not.toBe('');
    await checkKeyboardAsync(ui, 'Templates, a frame selected');
    await faults.setAsync({ rate: 1, kinds: ['429'], seed: 5 });
    try {
      await ui.getByRole('button', { name: 'Save as template' }).click();
      await expect.poll(() => textOf(ui.getByRole('alert').first()), { timeout: 30_000 }).toContain('it still asks Envelope to slow down');
      await checkAxeAsync(ui, 'Templates, a save refused (429)');
      expect.soft(await focusedAsync(ui), 'focus after a refused save').not.toBe('body');
    } finally {
      await faults.clearAsync();
    }

    await evaluateHooks(h.page, (hooks) => hooks.network.setMode('fail'));
    try {
      await evaluateHooks(h.page, (hooks) => hooks.relaunchAsync());
      ui = await readyUiAsync(h);
      await ui.getByRole('button', { name: 'Try again' }).waitFor({ timeout: 30_000 });
      await checkAxeAsync(ui, 'Templates, the builder unreachable');
      await checkKeyboardAsync(ui, 'Templates, the builder unreachable');
    } finally {
      await evaluateHooks(h.page, (hooks) => hooks.network.setMode('normal'));
    }
  });

  it('Browse: no match, 503, the 429 wait, brands, journeys, Me, requests, an email gone', async () => {
    const faults = emulatorFaults(h.emulator);
    const ui = await openAsync(theme, 'demo-keys=1&command=browse');
    const emails = ui.getByRole('list', { name: 'Emails' });
    await emails.waitFor({ timeout: 20_000 });
    await checkKeyboardAsync(ui, 'Browse, search');
    await checkBoundariesAsync(ui, 'Browse, search');

    await ui.getByLabel('Search emails').fill('zzqx nothing matches this');
    await ui.getByTestId('library-empty').waitFor({ timeout: 10_000 });
    await checkAxeAsync(ui, 'Browse, no match');
    await ui.getByLabel('Search emails').fill('');
    await emails.waitFor({ timeout: 10_000 });

    const alert = ui.getByTestId('library-problem').getByRole('alert');
    await faults.setAsync({ rate: 1, kinds: ['503'] });
    try {
      await ui.getByLabel('Category').selectOption({ label: 'Pets' });
      await expect.poll(() => textOf(alert), { timeout: 10_000 }).toContain('unavailable');
      await checkAxeAsync(ui, 'Browse, 503');
      await checkKeyboardAsync(ui, 'Browse, 503');
      await faults.setAsync({ rate: 1, kinds: ['429'] });
      await ui.getByLabel('Category').selectOption({ label: 'Travel' });
      await expect.poll(() => textOf(ui.getByTestId('library-problem')), { timeout: 10_000 }).toMatch(/Trying again in/);
      await checkAxeAsync(ui, 'Browse, the 429 wait');
    } finally {
      await faults.clearAsync();
    }
    await emails.waitFor({ timeout: 10_000 });

    await ui.getByRole('button', { name: 'Brands', exact: true }).click();
    await ui.getByRole('list', { name: /brands/i }).first().waitFor({ timeout: 10_000 });
    await checkAxeAsync(ui, 'Browse, brands');
    await checkKeyboardAsync(ui, 'Browse, brands');

    await ui.getByRole('button', { name: 'Journeys', exact: true }).click();
    const journeys = ui.getByRole('list', { name: 'Brands with a journey' });
    await journeys.waitFor({ timeout: 10_000 });
    await checkAxeAsync(ui, 'Browse, journeys');
    await journeys.getByRole('button').first().click();
    await ui.getByLabel('Emails per stage').waitFor({ timeout: 10_000 });
    // The stages come after the journey's heading and options: the walk needs every control in place.
    await ui.getByRole('button', { name: 'Insert journey as board' }).waitFor({ timeout: 10_000 });
    await checkAxeAsync(ui, 'Browse, a journey');
    await checkKeyboardAsync(ui, 'Browse, a journey');

    await ui.getByRole('button', { name: 'Me', exact: true }).click();
    await ui.getByRole('heading', { name: /^Following/ }).waitFor({ timeout: 10_000 });
    await ui.getByRole('list', { name: 'Newest from followed brands' }).getByRole('listitem').first().waitFor({ timeout: 10_000 });
    await checkAxeAsync(ui, 'Browse, Me');
    await checkKeyboardAsync(ui, 'Browse, Me');

    await ui.getByRole('button', { name: 'Requests', exact: true }).click();
    const form = ui.getByRole('form', { name: 'Ask for a brand' });
    await form.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => textOf(form)).toContain('Enter the brand’s name.');
    await checkAxeAsync(ui, 'Browse, a request not filled in');
    await form.getByLabel('Brand', { exact: true }).fill('Adult Things');
    await form.getByLabel('Website').fill('adultthings.com');
    await form.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => textOf(ui.getByTestId('request-outcome')), { timeout: 10_000 }).toContain('does not collect adult content');
    await checkAxeAsync(ui, 'Browse, a request refused');
    await form.getByLabel('Brand', { exact: true }).fill('Envelope Sweep Brand');
    await form.getByLabel('Website').fill('envelopesweepbrand.com');
    await form.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => textOf(ui.getByTestId('request-outcome')), { timeout: 10_000 }).toMatch(/^Requested Envelope Sweep Brand\./);
    expect.soft(await focusedAsync(ui), 'focus after sending a request').not.toBe('body');
    await checkAxeAsync(ui, 'Browse, a request queued');
    await checkKeyboardAsync(ui, 'Browse, requests');
    await checkBoundariesAsync(ui, 'Browse, requests');

    // An email the brand had removed since the list was read: its detail says so.
    await ui.getByRole('button', { name: 'Emails', exact: true }).click();
    const travel = (await (await fetch(`${h.emulator.libraryUrl}/v1/emails?category=travel&per_page=50`)).json()) as { data: Array<{ id: number }> };
    await emails.getByRole('button').first().waitFor();
    expect((await fetch(`${h.emulator.libraryUrl}/_emulator/library/emails/${travel.data[0]!.id}/remove`, { method: 'POST' })).ok).toBe(true);
    await emails.getByRole('button').first().click();
    await ui.getByRole('alert').first().waitFor({ timeout: 10_000 });
    await checkAxeAsync(ui, 'Browse, an email gone');
    await checkKeyboardAsync(ui, 'Browse, an email gone');
  });

  it('Browse without a key: an email without its HTML, Me and Requests ask for the key', async () => {
    const ui = await openAsync(theme, 'command=browse');
    await ui.getByTestId('nav-settings').click();
    await ui.getByTestId('settings-library-base-url').fill(h.emulator.libraryUrl);
    await ui.getByTestId('settings-library-save').click();
    await expect.poll(() => textOf(ui.getByTestId('settings-library-result')), { timeout: 10_000 }).toContain('address saved');
    await ui.getByTestId('nav-browse').click();
    const emails = ui.getByRole('list', { name: 'Emails' });
    await emails.waitFor({ timeout: 20_000 });
    await emails.getByRole('button').first().click();
    await ui.getByTestId('email-attribution').waitFor({ timeout: 10_000 });
    await checkAxeAsync(ui, 'Browse, an email without a key');
    await checkKeyboardAsync(ui, 'Browse, an email without a key');
    await h.page.keyboard.press('Escape');
    await ui.getByRole('button', { name: 'Me', exact: true }).click();
    await ui.getByTestId('me-needs-key').waitFor();
    await checkAxeAsync(ui, 'Browse, Me without a key');
    await ui.getByRole('button', { name: 'Requests', exact: true }).click();
    await ui.getByTestId('requests-need-key').waitFor();
    await checkAxeAsync(ui, 'Browse, Requests without a key');
  });

  it('the boot error, and Try again', async () => {
    await h.openFreshAsync(`?theme=${theme}`);
    await refuseStartAsync();
    try {
      await evaluateHooks(h.page, (hooks) => hooks.relaunchAsync());
      const ui = await h.uiFrameAsync();
      await ui.getByTestId('app-error').waitFor({ timeout: 20_000 });
      await checkAxeAsync(ui, 'the boot error');
      await checkKeyboardAsync(ui, 'the boot error');
    } finally {
      await evaluateHooks(h.page, (hooks) => hooks.tamperWithUiMessages(null));
    }
    const ui = await h.uiFrameAsync();
    await ui.getByTestId('app-retry').click();
    await ui.getByRole('navigation', { name: 'Envelope screens' }).waitFor({ timeout: 10_000 });
    expect.soft(await focusedAsync(ui), 'focus after Try again').not.toBe('body');
    await checkKeyboardAsync(ui, 'Start');
  });

  // Try again from the keyboard whose start fails again: its button went with the loading view and
  // the keyboard was left on the page, the new Try again never taking it.
  it('the boot error again after Try again: the keyboard is on the new Try again', async () => {
    await h.openFreshAsync(`?theme=${theme}`);
    await refuseStartAsync();
    try {
      await evaluateHooks(h.page, (hooks) => hooks.relaunchAsync());
      const ui = await h.uiFrameAsync();
      const retry = ui.getByRole('button', { name: 'Try again' });
      await retry.focus();
      await h.page.keyboard.press('Enter');
      await ui.getByTestId('app-loading').or(ui.getByTestId('app-error')).first().waitFor();
      await expect.poll(() => retry.evaluate((button) => button === document.activeElement).catch(() => false), { timeout: 20_000 }).toBe(true);
      expect(await textOf(ui.getByTestId('app-error'))).toMatch(/^Envelope could not start: /);
      await checkAxeAsync(ui, 'the boot error after Try again');
    } finally {
      await evaluateHooks(h.page, (hooks) => hooks.tamperWithUiMessages(null));
    }
  });
});
