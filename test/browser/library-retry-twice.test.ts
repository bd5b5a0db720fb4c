// Try again on a journey, the brands or an email, pressed twice before the window had run the
// first press's effects: the notice is gone from the drawing of the first press on, and the library
// is asked once (a second press started a request only to cancel the first, spending one of the
// library's request slots: 20 a minute without a key). The window's clock is stopped from the
// failure on, so nothing it draws runs its effects (they wait for the paint) until the test lets it go.
import type { BrowserContext, Frame, Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness } from './support/playground-harness';
import { openBrowseWithClockAsync } from './support/browse-steps';
import { readLibraryAsync } from './support/library-read';
import { pauseClockAtAsync, secondAheadAsync } from './support/clocked-window';

const h = useHarness();

/** Refused outright: not asked again by the client on its own, so it comes while the clock stands still. */
const refused = { status: 400, headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' }, body: JSON.stringify({ error: { code: 'bad_request', message: 'Not now' } }) };

/**
 * Fails the first request `matches` picks and holds those made after it until `release`, counting
 * them. The window's clock stops as the failure is sent (the sandbox has nothing left to time by
 * then). Held, a request asked again is still on its way when the window draws the next press, as
 * a slow answer would be (a quick one would be reused from the cache).
 */
async function failOnceAsync(context: BrowserContext, page: Page, ui: Frame, matches: (url: URL) => boolean): Promise<{ failed: Promise<void>; askedAgain: () => number; release: () => void }> {
  let failures = 0;
  let released = false;
  const held: Route[] = [];
  let failedNow = () => undefined as void;
  const failed = new Promise<void>((resolve) => (failedNow = resolve));
  await page.route(matches, async (route) => {
    if (failures > 0) {
      held.push(route);
      if (released) await route.continue();
      return;
    }
    failures += 1;
    await ui.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    await pauseClockAtAsync(context.clock, secondAheadAsync(ui));
    await route.fulfill(refused);
    failedNow();
  });
  return {
    failed,
    askedAgain: () => held.length,
    release: () => {
      released = true;
      for (const route of held) void route.continue();
    },
  };
}

/**
 * Presses Enter twice on the notice's Try again with the window's clock stopped, then lets it go on
 * until `done` shows. Gives whether the notice was still drawn after the first press (it is gone
 * from that drawing on: what it said is being asked again).
 */
async function pressTwiceAsync(context: BrowserContext, page: Page, notice: Locator, release: () => void, done: Locator): Promise<{ noticeAfterPress: number }> {
  await notice.getByRole('button', { name: 'Try again' }).focus();
  await page.keyboard.press('Enter');
  const noticeAfterPress = await notice.count();
  await page.keyboard.press('Enter');
  await context.clock.resume();
  release();
  await done.waitFor({ timeout: 20_000 });
  return { noticeAfterPress };
}

describe('Try again pressed twice in a busy window', () => {
  it('asks for a journey once, and its notice goes at the first press', async () => {
    const { context, page, ui } = await openBrowseWithClockAsync(h);
    try {
      const { data: listed } = await readLibraryAsync<{ data: Array<{ brand: string; brand_slug: string }> }>(h.emulator.libraryUrl, '/v1/journeys?per_page=50');
      const chosen = listed[0]!;
      const { failed, askedAgain, release } = await failOnceAsync(context, page, ui, (url) => url.pathname === `/v1/journeys/${chosen.brand_slug}`);
      await ui.getByRole('button', { name: 'Journeys', exact: true }).click();
      const journeys = ui.getByRole('region', { name: 'Journeys' });
      await journeys.getByRole('list', { name: 'Brands with a journey' }).getByRole('button').first().click();
      await failed;
      const notice = journeys.getByTestId('library-problem');
      await notice.waitFor({ timeout: 10_000 });
      const { noticeAfterPress } = await pressTwiceAsync(context, page, notice, release, journeys.getByRole('region').first());
      expect(askedAgain()).toBe(1);
      expect(noticeAfterPress).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('asks for the brands once, and their notice goes at the first press', async () => {
    const { context, page, ui } = await openBrowseWithClockAsync(h);
    try {
      const { failed, askedAgain, release } = await failOnceAsync(context, page, ui, (url) => url.pathname === '/v1/brands');
      await ui.getByRole('button', { name: 'Brands', exact: true }).click();
      await failed;
      const brands = ui.getByRole('region', { name: 'Brands' });
      const notice = brands.getByTestId('library-problem');
      await notice.waitFor({ timeout: 10_000 });
      const { noticeAfterPress } = await pressTwiceAsync(context, page, notice, release, brands.getByRole('list', { name: 'Top brands' }));
      expect(askedAgain()).toBe(1);
      expect(noticeAfterPress).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('asks for an email once, and its notice goes at the first press', async () => {
    const { context, page, ui } = await openBrowseWithClockAsync(h);
    try {
      const { failed, askedAgain, release } = await failOnceAsync(context, page, ui, (url) => /^\/v1\/emails\/\d+$/.test(url.pathname));
      await ui.getByRole('list', { name: 'Emails' }).getByRole('button').first().click();
      await failed;
      const article = ui.getByRole('article');
      const notice = article.getByTestId('library-problem');
      await notice.waitFor({ timeout: 10_000 });
      const { noticeAfterPress } = await pressTwiceAsync(context, page, notice, release, article.getByTestId('email-attribution'));
      expect(askedAgain()).toBe(1);
      expect(noticeAfterPress).toBe(0);
    } finally {
      await context.close();
    }
  });
});
