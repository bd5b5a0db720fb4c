// Browse keeps the designer's place in the results at the smallest window, 320 × 240, where the
// whole screen scrolls as one (library.css, under 480 px of height): the real dist/ui.html in the
// playground against the library emulator, driven by the wheel, roles and labels; the outcome
// checked where it lands.
import type { Frame, Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness } from './support/playground-harness';
import { smallestWindowAsync } from './support/window-steps';
import { seenAreaAsync } from './support/out-of-sight';

const h = useHarness();

const emailList = (ui: Frame) => ui.getByRole('list', { name: 'Emails' });

/** Browse with the demo keys, made 320 × 240 with the resize grip's keys, as a person does. */
async function openSmallBrowseAsync(theme: 'light' | 'dark' = 'light'): Promise<Frame> {
  await h.openFreshAsync(`?command=browse&theme=${theme}&demo-keys=1`);
  const ui = await h.uiFrameAsync();
  await emailList(ui).waitFor({ timeout: 20_000 });
  await smallestWindowAsync(h.page, ui);
  return ui;
}

/** The positions of the cards the window shows (at least half of each). */
function cardsInView(ui: Frame): Promise<number[]> {
  return emailList(ui)
    .getByRole('listitem')
    .evaluateAll((items) =>
      items
        .filter((item) => {
          const box = item.getBoundingClientRect();
          return Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0) >= box.height / 2;
        })
        .map((item) => Number(item.getAttribute('aria-posinset'))),
    );
}

/**
 * Clicks a card on the part of it the screen shows, as a person does. (A locator's click first scrolls
 * it whole into view: a place other than the one read before it.)
 */
async function clickWhereSeenAsync(ui: Frame, card: Locator): Promise<void> {
  // Within what scrolls the results (at this size, the screen) and the window.
  const { box, area } = await seenAreaAsync(card);
  const top = Math.max(box.top, area.top);
  const bottom = Math.min(box.bottom, area.bottom);
  const frame = (await (await ui.frameElement()).boundingBox())!;
  await ui.page().mouse.click(frame.x + (box.left + box.right) / 2, frame.y + (top + bottom) / 2);
}

/** Scrolls the results down with the wheel, as a person does, until the cards from the fifth on fill the window; their positions. */
async function scrollDownResultsAsync(ui: Frame): Promise<number[]> {
  await emailList(ui).getByRole('listitem').first().hover();
  await expect
    .poll(
      async () => {
        await h.page.mouse.wheel(0, 400);
        return Math.min(...(await cardsInView(ui)));
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThan(6);
  // Come to rest.
  await ui.waitForTimeout(500);
  return cardsInView(ui);
}

describe('Browse at 320 × 240', () => {
  it('keeps the designer’s place in the results when they come back from an email', async () => {
    const ui = await openSmallBrowseAsync();
    await scrollDownResultsAsync(ui);
    // Opened as soon as the scroll stops, before it counts as come to rest.
    await h.page.mouse.wheel(0, 300);
    await expect.poll(async () => (await cardsInView(ui)).length).toBeGreaterThan(0);
    const before = await cardsInView(ui);
    await clickWhereSeenAsync(ui, emailList(ui).locator(`[aria-posinset="${before[0]}"] button`).first());
    await ui.getByRole('button', { name: '← Back to results' }).click();
    await expect.poll(() => cardsInView(ui), { timeout: 10_000 }).toEqual(before);
  });

  it('keeps the place in the results when the designer scrolls up to the sections and comes back to Emails from an email (the results showed from the top)', async () => {
    const ui = await openSmallBrowseAsync();
    const before = await scrollDownResultsAsync(ui);
    // Up to the sections in one flick, the only way to reach them in a window this short.
    const sections = ui.getByRole('navigation', { name: 'Library' });
    await h.page.mouse.wheel(0, -5_000);
    await expect.poll(() => sections.evaluate((element) => element.getBoundingClientRect().top >= 0)).toBe(true);
    await ui.waitForTimeout(500);
    await sections.getByRole('button', { name: 'Brands', exact: true }).click();
    await ui.getByRole('list', { name: 'Top brands' }).getByRole('button').first().click();
    await ui.getByRole('list', { name: /^Emails from / }).getByRole('listitem').first().getByRole('button').first().click();
    await ui.getByRole('button', { name: '← Back to the brand' }).waitFor();
    await sections.getByRole('button', { name: 'Emails', exact: true }).click();
    await expect.poll(() => cardsInView(ui), { timeout: 10_000 }).toEqual(before);
  });
});
