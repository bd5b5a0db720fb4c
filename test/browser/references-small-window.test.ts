// References in the smallest window (320 × 240): the section shows its intro and the check's
// button, and what the check then says (its progress, the library's wait, the result) came below
// the window's edge. A designer pressing Check references saw a spinner, then nothing, unless
// they thought to scroll.
import type { Frame, Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { holdRequestsAsync } from './support/hold-requests';
import { useHarness, textOf } from './support/playground-harness';
import { libraryControlAsync } from './support/library-read';
import { smallestWindowAsync } from './support/window-steps';

const h = useHarness();
let ids: number[];

beforeAll(async () => {
  const list = (await (await fetch(`${h.emulator.libraryUrl}/v1/emails?per_page=3`)).json()) as { data: Array<{ id: number }> };
  ids = list.data.map((email) => email.id);
});

/** Whether the element is wholly inside the window and its scrolling section, as the designer sees it. */
const inSight = (locator: Locator) =>
  locator.evaluate((element) => {
    const { top, bottom } = element.getBoundingClientRect();
    const section = element.closest('section')!.getBoundingClientRect();
    return top >= Math.max(0, section.top) && bottom <= Math.min(innerHeight, section.bottom);
  });

const focusedText = (ui: Frame) => ui.evaluate(() => document.activeElement?.textContent);

describe('References in a 320 × 240 window', () => {
  it('keeps the check’s progress and its result in sight, under the focused button (dark, clean under axe)', async () => {
    await libraryControlAsync(h.emulator.libraryUrl, 'reset');
    await h.openFreshAsync(`?command=browse&demo-keys=1&theme=dark&references=${[ids[0], ids[1], ids[2], ids[0]].join(',')}`);
    const ui = await h.uiFrameAsync();
    await libraryControlAsync(h.emulator.libraryUrl, `library/emails/${ids[0]!}/remove`);
    await smallestWindowAsync(h.page, ui);
    await ui.getByRole('button', { name: 'References', exact: true }).click();
    const held = await holdRequestsAsync(h.page, h.emulator.libraryUrl, (url) => /^\/v1\/emails\/\d+$/.test(url.pathname));
    try {
      await ui.getByRole('button', { name: 'Check references' }).focus();
      await h.page.keyboard.press('Enter');
      const progress = ui.getByTestId('references-progress').getByRole('status');
      await expect.poll(() => textOf(progress), { timeout: 30_000 }).toBe('Checking emails with the library: 0 of 3…');
      await expect.poll(() => inSight(progress), { message: 'the progress, in sight' }).toBe(true);
      expect(await inSight(ui.getByRole('button', { name: 'Check references' })), 'the focused button, in sight').toBe(true);
      await checkAxeAsync(ui, 'reference check under way, 320 × 240, dark');
    } finally {
      await held.releaseAsync();
    }
    const summary = ui.getByTestId('references-summary');
    await expect.poll(() => textOf(summary), { timeout: 30_000 }).toBe('4 references to 3 emails; 1 removed from the library.');
    await expect.poll(() => inSight(summary), { message: 'the result, in sight' }).toBe(true);
    expect(await focusedText(ui)).toBe('Check again');
    expect(await inSight(ui.getByRole('button', { name: 'Check again' })), 'the focused button, in sight').toBe(true);
    await h.page.screenshot({ path: 'test-results/screenshots/references-small-window-dark.png' });
    await checkAxeAsync(ui, 'reference check done, 320 × 240, dark');
  }, 120_000);

  it('with many references to a removed email, puts Remove one Tab from Check again, in sight (it was after every row: two Tabs a row)', async () => {
    await libraryControlAsync(h.emulator.libraryUrl, 'reset');
    await h.openFreshAsync(`?command=browse&demo-keys=1&theme=light&references=${[...Array<number>(8).fill(ids[0]!), ids[1]].join(',')}`);
    const ui = await h.uiFrameAsync();
    await libraryControlAsync(h.emulator.libraryUrl, `library/emails/${ids[0]!}/remove`);
    await smallestWindowAsync(h.page, ui);
    await ui.getByRole('button', { name: 'References', exact: true }).click();
    await ui.getByRole('button', { name: 'Check references' }).focus();
    await h.page.keyboard.press('Enter');
    await expect.poll(() => textOf(ui.getByTestId('references-summary')), { timeout: 30_000 }).toBe('9 references to 2 emails; 1 removed from the library.');
    await expect.poll(() => focusedText(ui)).toBe('Check again');
    await h.page.keyboard.press('Tab');
    expect(await focusedText(ui)).toBe('Remove 8 references');
    expect(await inSight(ui.getByRole('button', { name: 'Remove 8 references' })), 'Remove, in sight').toBe(true);
    // Then each row, to leave some out.
    await h.page.keyboard.press('Tab');
    expect(await ui.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('checkbox');
    await h.page.keyboard.press('Space');
    await expect.poll(() => ui.getByRole('button', { name: 'Remove 7 references' }).count()).toBe(1);
    await checkAxeAsync(ui, 'many references to a removed email, 320 × 240, light');
  }, 120_000);
});
