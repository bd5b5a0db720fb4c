// The accessibility sweep, continued: the states a designer meets that no browser test checked
// under axe in both themes. An email's HTML at desktop and mobile width; a brand with too few
// emails for insights; a brand request already asked for, already in the library, and refused
// for the moment (503); references being placed, then the summary; the reference check's
// removal question and what it says once removed (undo in Figma); a sync row's pictures in
// Overlay and Swipe, the copied summary's message; the welcome screen shown again from Settings.
// Each is reached as a person would (roles, labels, visible text); the emulator's fault hooks
// only set up the errors and the slow answers. The keyboard walk runs where a state adds controls.
import type { Frame } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkAxeAsync, checkKeyboardAsync as checkKeyboardInAsync } from './support/a11y-checks';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';
import { emulatorFaults } from './support/emulator-faults';
import { holdRequestsAsync } from './support/hold-requests';
import { headerFillChangedDetailAsync, linkToEmptyDesignSystemAsync, readyUiAsync } from './support/sync-steps';
import { demoLibraryKeyAsync, readLibraryAsync } from './support/library-read';

const h = useHarness();
let libraryKey: string;

beforeAll(async () => {
  libraryKey = await demoLibraryKeyAsync(h.emulator.libraryUrl);
});

type Theme = 'light' | 'dark';


const checkKeyboardAsync = (ui: Frame, what: string) => checkKeyboardInAsync(h.page, ui, what);

const libraryAsync = <T>(path: string) => readLibraryAsync<T>(h.emulator.libraryUrl, path, libraryKey);

interface BrandRecord {
  name: string;
  email_count: number;
}

describe.each(['light', 'dark'] as const)('more states, %s theme', (theme: Theme) => {
  it('Browse: an email’s HTML at both widths, a brand without insights, requests already asked, already in the library, refused for now', async () => {
    const faults = emulatorFaults(h.emulator);
    await h.openFreshAsync(`?theme=${theme}&demo-keys=1&command=browse`);
    const ui = await readyUiAsync(h);
    const emails = ui.getByRole('list', { name: 'Emails' });
    await emails.getByRole('button').first().waitFor({ timeout: 20_000 });

    await emails.getByRole('button').first().click();
    await ui.getByRole('heading', { level: 2 }).waitFor({ timeout: 10_000 });
    await ui.getByRole('button', { name: 'HTML' }).click();
    await ui.locator('iframe.email-html').waitFor({ timeout: 10_000 });
    await checkAxeAsync(ui, 'an email’s HTML, desktop width');
    await checkKeyboardAsync(ui, 'an email’s HTML');
    await ui.getByRole('button', { name: 'Phone' }).click();
    await checkAxeAsync(ui, 'an email’s HTML, mobile width');
    await h.page.keyboard.press('Escape');

    const few = (await libraryAsync<{ data: BrandRecord[] }>('/v1/brands?per_page=50&page=2')).data.find((brand) => brand.email_count > 0 && brand.email_count < 5);
    const small = few ?? (await libraryAsync<{ data: BrandRecord[] }>('/v1/brands?per_page=50&page=3')).data.find((brand) => brand.email_count > 0 && brand.email_count < 5);
    expect(small, 'the emulator has a brand with fewer than 5 emails').toBeDefined();
    await ui.getByRole('button', { name: 'Brands', exact: true }).click();
    await ui.getByRole('searchbox', { name: 'Search brands' }).fill(small!.name);
    await ui.getByRole('list', { name: `Brands matching “${small!.name}”` }).getByRole('button', { name: new RegExp(`^${small!.name}`) }).click();
    await expect.poll(() => textOf(ui.getByTestId('no-insights')), { timeout: 10_000 }).toContain('Too few emails yet');
    await checkAxeAsync(ui, 'a brand without insights');

    await ui.getByRole('button', { name: 'Requests', exact: true }).click();
    const form = ui.getByRole('form', { name: 'Ask for a brand' });
    const outcome = ui.getByTestId('request-outcome');
    const requestAsync = async (brand: string, website: string) => {
      await form.getByLabel('Brand', { exact: true }).fill(brand);
      await form.getByLabel('Website').fill(website);
      await form.getByRole('button', { name: 'Send request' }).click();
    };
    await requestAsync(`Envelope Sweep ${theme}`, `envelopesweep${theme}.com`);
    await expect.poll(() => textOf(outcome), { timeout: 10_000 }).toMatch(/^Requested Envelope Sweep/);
    await requestAsync(`Envelope Sweep ${theme}`, `envelopesweep${theme}.com`);
    await expect.poll(() => textOf(outcome), { timeout: 10_000 }).toMatch(/^You already asked for Envelope Sweep/);
    await checkAxeAsync(ui, 'a request already asked for');
    const top = (await libraryAsync<{ data: BrandRecord[] }>('/v1/brands?per_page=1')).data[0]!;
    await requestAsync(top.name, 'example-of-a-known-brand.com');
    await expect.poll(() => textOf(outcome), { timeout: 10_000 }).toContain(`${top.name} is already in the library.`);
    await checkAxeAsync(ui, 'a request for a brand in the library');
    await checkKeyboardAsync(ui, 'a request for a brand in the library, with Open its page');
    await faults.setAsync({ rate: 1, kinds: ['503'] });
    try {
      await requestAsync('Quiet Harbour Tea', 'quietharbourtea.com');
      await expect.poll(() => textOf(outcome), { timeout: 10_000 }).toContain('could not save the request just now');
      await checkAxeAsync(ui, 'a request refused for now (503)');
    } finally {
      await faults.clearAsync();
    }
  });

  it('Canvas references: placing, the summary, the check’s removal question and what it says once removed', async () => {
    await h.openFreshAsync(`?theme=${theme}&demo-keys=1&command=browse`);
    let ui = await readyUiAsync(h);
    const cards = ui.getByRole('list', { name: 'Emails' }).getByRole('listitem');
    await cards.first().waitFor({ timeout: 20_000 });
    for (let index = 0; index < 2; index++) await cards.nth(index).getByRole('checkbox').check();
    const bar = ui.getByTestId('insert-status');
    // The library's answers are held until the checks are done, so the placing stays on screen
    // however long they take (slow answers of 3 s ran out under axe on a loaded machine).
    const held = await holdRequestsAsync(h.page, h.emulator.libraryUrl);
    try {
      await ui.getByRole('button', { name: 'Insert 2' }).click();
      await expect.poll(() => textOf(bar), { timeout: 10_000 }).toMatch(/^Placing/);
      await checkAxeAsync(ui, 'references being placed');
      await checkKeyboardAsync(ui, 'references being placed');
      await expect.poll(() => textOf(bar), { timeout: 10_000 }).toMatch(/^Placing/);
    } finally {
      await held.releaseAsync();
    }
    await expect.poll(() => textOf(bar), { timeout: 60_000 }).toMatch(/^Placed 2 references/);
    await checkAxeAsync(ui, 'the placing’s summary');

    // One of the two placed emails leaves the library: the check offers to remove its reference.
    const placed = await libraryAsync<{ data: Array<{ id: number }> }>('/v1/emails?per_page=1');
    expect((await fetch(`${h.emulator.libraryUrl}/_emulator/library/emails/${placed.data[0]!.id}/remove`, { method: 'POST' })).ok).toBe(true);
    // The person runs the plugin again (this window's answers are kept for a minute).
    await evaluateHooks(h.page, (hooks) => hooks.relaunchAsync());
    ui = await readyUiAsync(h);
    await ui.getByRole('button', { name: 'References' }).click();
    await ui.getByRole('button', { name: 'Check references' }).click();
    await expect.poll(() => textOf(ui.getByTestId('references-summary')), { timeout: 30_000 }).toMatch(/1 removed from the library/);
    await ui.getByRole('button', { name: 'Remove 1 reference' }).click();
    const confirm = ui.getByRole('group', { name: /^Remove 1 reference from this file\?/ });
    await confirm.waitFor();
    await checkAxeAsync(ui, 'the removal question');
    await checkKeyboardAsync(ui, 'the removal question');
    await confirm.getByRole('button', { name: 'Remove 1 reference' }).click();
    await expect.poll(() => textOf(ui.getByTestId('references-removal')), { timeout: 10_000 }).toMatch(/^Removed 1 reference \(one undo step in Figma\)/);
    await checkAxeAsync(ui, 'references removed, undo in Figma');
  });

  it('Sync: a row’s pictures in Overlay and Swipe, the copied summary’s message; the welcome screen from Settings', async () => {
    await h.openFreshAsync(`?theme=${theme}`);
    const ui = await linkToEmptyDesignSystemAsync(h);
    // A fill edit in the playground's controls: the row has a picture on each side.
    const modes = await headerFillChangedDetailAsync(h, ui);
    for (const mode of ['Overlay', 'Swipe']) {
      await modes.getByRole('button', { name: mode }).click();
      await ui.getByTestId('sync-detail').getByRole('slider').waitFor();
      await checkAxeAsync(ui, `a row’s pictures, ${mode}`);
    }
    await checkKeyboardAsync(ui, 'a row’s pictures, Swipe');
    await ui.getByRole('button', { name: '← Back to the list' }).click();
    await ui.getByRole('button', { name: 'Copy summary' }).click();
    await expect.poll(() => textOf(ui.getByTestId('sync-copy-message')), { timeout: 10_000 }).toMatch(/copied/);
    await checkAxeAsync(ui, 'the copied summary’s message');

    await ui.getByRole('button', { name: 'Settings' }).click();
    await ui.getByRole('button', { name: 'Show the welcome screen' }).click();
    await ui.getByRole('region', { name: 'Sync with your email builder' }).waitFor();
    await checkAxeAsync(ui, 'the welcome screen, set up');
    await checkKeyboardAsync(ui, 'the welcome screen, set up');
  });
});
