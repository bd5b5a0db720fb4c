// Placing that ends while the results are hidden (an email opened meanwhile): the grid gave the
// keyboard back to its card as if it showed, measuring 0 for its height and scroll, and kept that
// as its place. Back from the email, the results were scrolled somewhere else.
import { describe, expect, it } from 'vitest';
import { openBrowseOnCurrentPageAsync } from './support/canvas-references';
import { holdRequestsAsync } from './support/hold-requests';
import { useHarness, textOf } from './support/playground-harness';
import { smallestWindowAsync } from './support/window-steps';

const h = useHarness();

/** Longer than the grid's wait for a scroll to come to rest before it keeps the place (200 ms). */
const RESTED_MS = 600;

describe('Browse › Emails, placing that ends while an email is open', () => {
  it('leaves the results where they were scrolled to, and the keyboard comes back to the card opened', async () => {
    const ui = await openBrowseOnCurrentPageAsync(h, 'light');
    const grid = ui.getByTestId('email-grid');
    await ui.getByRole('list', { name: 'Emails' }).getByRole('button').first().focus();
    for (let row = 0; row < 3; row++) await h.page.keyboard.press('ArrowDown');
    await expect.poll(() => grid.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
    const index = await ui.evaluate(() => (document.activeElement as HTMLElement).dataset['index']!);
    const card = ui.locator(`[data-index="${index}"]`);
    const subject = ((await card.locator('.email-card-subject').textContent()) ?? '').trim();
    // Its own box (the demo library repeats subjects: the name alone can match another card's).
    await ui.getByRole('listitem').filter({ has: card }).getByRole('checkbox', { name: `Select “${subject}”` }).check();
    let scrollTop: number | undefined;

    // The screenshot is held: placing goes on while the email is opened from the keyboard.
    const screenshots = await holdRequestsAsync(h.page, h.emulator.libraryUrl, (url) => url.pathname.startsWith('/images/'));
    try {
      await ui.getByRole('group', { name: 'Selected emails' }).getByRole('button', { name: 'Insert 1' }).click();
      await expect.poll(() => screenshots.count(), { timeout: 20_000 }).toBeGreaterThan(0);
      // Back on its card, the grid at rest: where it is scrolled to as the email opens is its place.
      await card.focus();
      await new Promise((resolve) => setTimeout(resolve, RESTED_MS));
      scrollTop = await grid.evaluate((element) => element.scrollTop);
      await h.page.keyboard.press('Enter');
      await ui.getByRole('heading', { level: 2, name: subject }).waitFor({ timeout: 20_000 });
    } finally {
      await screenshots.releaseAsync();
    }
    await expect.poll(() => textOf(ui.getByTestId('insert-status')), { timeout: 60_000 }).toMatch(/^Placed /);

    await h.page.keyboard.press('Escape');
    await expect.poll(() => ui.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset['index'])).toBe(index);
    expect(await grid.evaluate((element) => element.scrollTop)).toBe(scrollTop);
  });

  // In a window under 480 px the grid scrolls with the screen around it, the email's too: the
  // move as placing ended scrolled the email being read.
  it('at 320 × 240, leaves the email being read where it was scrolled to', async () => {
    const ui = await openBrowseOnCurrentPageAsync(h, 'light');
    await smallestWindowAsync(h.page, ui);
    const card = ui.getByRole('list', { name: 'Emails' }).getByRole('listitem').nth(1);
    await card.waitFor({ timeout: 20_000 });
    const subject = ((await card.locator('.email-card-subject').textContent()) ?? '').trim();
    await card.getByRole('checkbox', { name: `Select “${subject}”` }).check();
    const screenshots = await holdRequestsAsync(h.page, h.emulator.libraryUrl, (url) => url.pathname.startsWith('/images/'));
    const heading = ui.getByRole('heading', { level: 2, name: subject });
    /** The scroller the email is read in: the screen around it, in a window this short. */
    const scrolled = () => heading.evaluate((element) => {
      for (let at = element.parentElement; at !== null; at = at.parentElement) if (/(auto|scroll)/.test(getComputedStyle(at).overflowY) && at.scrollHeight > at.clientHeight) return at.scrollTop;
      return document.scrollingElement?.scrollTop ?? 0;
    });
    let before: number | undefined;
    try {
      await ui.getByRole('group', { name: 'Selected emails' }).getByRole('button', { name: 'Insert 1' }).click();
      await expect.poll(() => screenshots.count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await card.getByRole('button').first().click();
      await heading.waitFor({ timeout: 20_000 });
      await new Promise((resolve) => setTimeout(resolve, RESTED_MS));
      before = await scrolled();
    } finally {
      await screenshots.releaseAsync();
    }
    await expect.poll(() => textOf(ui.getByTestId('insert-status')), { timeout: 60_000 }).toMatch(/^Placed /);
    await new Promise((resolve) => setTimeout(resolve, RESTED_MS));
    expect(await scrolled()).toBe(before);
  });
});

