// A sync's outcome in the smallest window (320 × 240), through the playground (the real plugin
// against the fake Figma and the builder emulator), and the real UI build against the stand-in
// sandbox for a check that keeps it. Read where a person sees it: inside the scrolling screen's visible part.
import type { Frame, Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolationsAsync } from './support/axe';
import { UI_URL } from './support/browser';
import { linkToEmptyDesignSystemAsync } from './support/sync-steps';
import { installSyncStub } from './support/sync-stub';
import { smallestWindowAsync } from './support/window-steps';
import { useHarness } from './support/playground-harness';

const h = useHarness();

/** How much of the element is out of the scrolling screen's sight, in px (0: all of it shows). */
const hiddenPx = (element: Locator) =>
  element.evaluate((shown) => {
    const rect = shown.getBoundingClientRect();
    const view = shown.closest('main')!.getBoundingClientRect();
    return Math.max(0, view.top - rect.top) + Math.max(0, rect.bottom - view.bottom);
  });

/** Whether all of the element shows inside the scrolling screen and the window. */
const wholeInSight = (element: Locator) =>
  element.evaluate((shown) => {
    const rect = shown.getBoundingClientRect();
    const view = shown.closest('main')?.getBoundingClientRect() ?? { top: 0, bottom: window.innerHeight };
    return rect.height > 0 && rect.top >= Math.max(0, view.top) - 0.5 && rect.bottom <= Math.min(window.innerHeight, view.bottom) + 0.5;
  });

/** The control with the keyboard, in words. */
const focusedName = (ui: Frame) => ui.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

describe('in the smallest window', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`a sync started at the bottom shows its outcome, the keyboard staying on the buttons in sight (the outcome stood at the screen’s top, out of view), ${theme}`, async () => {
      await h.openFreshAsync(`?theme=${theme}`);
      const ui = await linkToEmptyDesignSystemAsync(h);
      const run = ui.getByRole('button', { name: /^Sync \d[\d,]* changes?$/ });
      await run.waitFor({ timeout: 30_000 });
      await smallestWindowAsync(h.page, ui);
      await run.click();
      const outcome = ui.getByTestId('sync-outcome');
      const said = outcome.getByText(/^Sync done/);
      await said.waitFor({ timeout: 30_000 });
      await expect.poll(() => wholeInSight(said)).toBe(true);
      // The keyboard was not moved, and what has it still shows.
      expect(await focusedName(ui)).toBe('Check again');
      expect(await wholeInSight(ui.getByRole('button', { name: 'Check again' }))).toBe(true);
      expect(await axeViolationsAsync(ui)).toEqual([]);
    }, 120_000);
  }
});

describe('in the smallest window, a sync that left steps by hand', () => {
  it('shows as much of them as there is room for above the button with the keyboard, after the sync and after Check again (the history below kept room the notice needed)', async () => {
    const page = await h.page.context().newPage();
    await page.setViewportSize({ width: 320, height: 240 });
    await page.addInitScript(installSyncStub, { count: 12, stepMs: 300, runSteps: ['Set the corner radius to 6 by hand.', 'Set the image fill by hand.'] });
    await page.goto(UI_URL);
    const outcome = page.getByTestId('sync-outcome');
    const check = page.getByRole('button', { name: 'Check again' });
    /** The notice shows whole, or, taller than the room, runs from the screen's top edge down to the button with the keyboard at its bottom edge. */
    const asMuchAsFits = () =>
      outcome.evaluate((notice) => {
        const view = notice.closest('main')!.getBoundingClientRect();
        const box = notice.getBoundingClientRect();
        const focused = document.activeElement!.getBoundingClientRect();
        return (box.top >= view.top && box.bottom <= view.bottom) || (box.top <= view.top && Math.abs(focused.bottom - view.bottom) < 1);
      });
    await page.getByTestId('sync-run').click();
    await outcome.waitFor({ timeout: 10_000 });
    await check.waitFor();
    await expect.poll(asMuchAsFits).toBe(true);
    expect(await hiddenPx(check)).toBe(0);

    await check.click();
    await page.getByRole('button', { name: 'Stop checking' }).waitFor();
    await check.waitFor({ timeout: 10_000 });
    await expect.poll(asMuchAsFits).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Check again');
    expect(await hiddenPx(check)).toBe(0);
    await page.close();
  }, 60_000);
});
