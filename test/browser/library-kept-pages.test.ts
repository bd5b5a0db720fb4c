// A paged list (Journeys, Me's likes) left for another Browse section comes back with the pages the
// designer had loaded with More, where it was scrolled to: it came back capped to its first page,
// the place lost. Within the response cache's minute nothing is asked again; after it the pages
// are read again one after another (never together), so an email the library removed meanwhile is
// gone. A new library key starts the list again, at its top. The real dist/ui.html in the
// playground against the library emulator, driven by the wheel, roles and labels.
import type { Frame, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness } from './support/playground-harness';
import { focusSeen, focusedRow, openBrowseAsync, openBrowseWithClockAsync, refusedAnswer, sectionButton, switchToOtherAccountAsync } from './support/browse-steps';
import { addRouteAsync } from './support/own-route';
import { smallestWindowAsync } from './support/window-steps';
import { checkAxeAsync } from './support/a11y-checks';
import { expectAboutAsync, inSight, wheelDownAsync } from './support/kept-place';

const h = useHarness();

/** Up to the sections' buttons if they are out of sight (a short window scrolls as a whole), then to `other` and back to `section`. */
async function visitAsync(page: Page, ui: Frame, other: string, section: string): Promise<void> {
  const sections = ui.getByRole('navigation', { name: 'Library' });
  const seen = () => sections.evaluate((element) => element.getBoundingClientRect().top >= 0);
  if (!(await seen())) await page.mouse.wheel(0, -5_000);
  await expect.poll(seen).toBe(true);
  await sectionButton(ui, other).click();
  await ui.getByRole('region', { name: other }).waitFor();
  await sectionButton(ui, section).click();
}

/** The journeys read 7 at a time (the emulator's dozen: two pages); `asked` lists the pages asked for; the second is refused while `refusing`. */
async function journeysInPagesOfSevenAsync(page: Page): Promise<{ asked: string[]; refusing: boolean; stopAsync: () => Promise<void> }> {
  const asked: string[] = [];
  const state = { asked, refusing: false };
  const stopAsync = await addRouteAsync(page, (url) => url.pathname === '/v1/journeys', async (route: Route) => {
    const url = new URL(route.request().url());
    asked.push(url.searchParams.get('page') ?? '1');
    if (state.refusing && url.searchParams.get('page') === '2') return route.fulfill(refusedAnswer).catch(() => undefined);
    url.searchParams.set('per_page', '7');
    // One the page gave up on meanwhile: nothing to answer.
    await route.fetch({ url: url.toString() }).then((response) => route.fulfill({ response }), () => route.abort()).catch(() => undefined);
  });
  return Object.assign(state, { stopAsync });
}

describe('Journeys: pages loaded with More, a new key', () => {
  it('at 320 × 240, dark, come back after another section, where the designer had scrolled to, with nothing asked again within the minute', async () => {
    const ui = await openBrowseAsync(h, 'dark');
    const { asked, stopAsync } = await journeysInPagesOfSevenAsync(h.page);
    try {
      await smallestWindowAsync(h.page, ui);
      await sectionButton(ui, 'Journeys').click();
      const journeys = ui.getByRole('region', { name: 'Journeys' });
      const rows = journeys.getByRole('list', { name: 'Brands with a journey' }).getByRole('button');
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(7);
      await journeys.getByRole('button', { name: 'More', exact: true }).click();
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(12);
      // As far as it goes (the old list of seven could not come back there).
      const before = await wheelDownAsync(h.page, ui, rows, 6);
      await visitAsync(h.page, ui, 'Me', 'Journeys');
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(12);
      await expectAboutAsync(rows, before);
      expect(asked).toEqual(['1', '2']);
      await checkAxeAsync(ui, 'Journeys come back with two pages, dark');
    } finally {
      await stopAsync();
    }
  });

  it('a new library key (saved in Settings) starts the list again at its top', async () => {
    // The plugin's window a step shorter: the list scrolls within its section (the new connection draws it anew).
    const ui = await openBrowseAsync(h);
    await ui.getByTestId('resize-handle').focus();
    await h.page.keyboard.press('Shift+ArrowUp');
    await sectionButton(ui, 'Journeys').click();
    const rows = ui.getByRole('region', { name: 'Journeys' }).getByRole('list', { name: 'Brands with a journey' }).getByRole('button');
    await rows.nth(5).waitFor({ timeout: 10_000 });
    const first = await rows.first().textContent();
    await wheelDownAsync(h.page, ui, rows, 1);
    await switchToOtherAccountAsync(h, ui);
    await rows.nth(5).waitFor({ timeout: 10_000 });
    // Drawn, and given time to be scrolled (as the old place was): still at the top.
    await ui.waitForTimeout(500);
    await expect.poll(async () => (await inSight(rows))[0]?.[0]).toBe(first);
  });
});

describe('Journeys in the plugin’s own window: pages loaded with More, read again after the minute', () => {
  it('a page that cannot be read again: the rows that came, the notice under them, and Try again brings the rest, the keyboard on the first of them', async () => {
    const { context, page, ui } = await openBrowseWithClockAsync(h);
    try {
      const paging = await journeysInPagesOfSevenAsync(page);
      await sectionButton(ui, 'Journeys').click();
      const journeys = ui.getByRole('region', { name: 'Journeys' });
      const rows = journeys.getByRole('list', { name: 'Brands with a journey' }).getByRole('button');
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(7);
      await journeys.getByRole('button', { name: 'More', exact: true }).click();
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(12);
      await sectionButton(ui, 'Me').click();
      await ui.getByRole('region', { name: 'Me' }).waitFor();
      await context.clock.fastForward(61_000);
      paging.refusing = true;
      await sectionButton(ui, 'Journeys').click();
      const notice = journeys.getByTestId('library-problem');
      await notice.waitFor({ timeout: 10_000 });
      expect(await rows.count()).toBe(7);
      await checkAxeAsync(ui, 'Journeys: the second page could not be read again');
      paging.refusing = false;
      await notice.getByRole('button', { name: 'Try again' }).click();
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(12);
      await expect.poll(() => focusedRow(ui, 'Brands with a journey'), { timeout: 10_000 }).toBe(7);
      expect(paging.asked).toEqual(['1', '2', '1', '2', '2']);
    } finally {
      await context.close();
    }
  });
});

describe('Me’s likes in the plugin’s own window: pages loaded with More', () => {
  it('come back after another section where the designer had scrolled to; after the minute read again one at a time, without an email the library removed meanwhile', async () => {
    // A clock to move past the answers' minute in the response cache.
    const { context, page, ui } = await openBrowseWithClockAsync(h);
    const asked: string[] = [];
    let going = 0;
    let most = 0;
    await page.route(
      (url) => url.pathname === '/v1/me/likes',
      async (route) => {
        asked.push(new URL(route.request().url()).searchParams.get('page') ?? '1');
        most = Math.max(most, ++going);
        try {
          await route.fulfill({ response: await route.fetch() });
        } catch {
          // Given up on by the page.
        } finally {
          going -= 1;
        }
      },
    );
    try {
      await sectionButton(ui, 'Me').click();
      const me = ui.getByRole('region', { name: 'Me' });
      await me.getByRole('button', { name: 'Likes' }).click();
      const list = me.getByRole('list', { name: 'Liked emails' });
      const rows = list.getByRole('listitem');
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(20);
      await me.getByRole('button', { name: 'More', exact: true }).click();
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(30);
      const before = await wheelDownAsync(page, ui, rows, 20);

      await visitAsync(page, ui, 'Journeys', 'Me');
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(30);
      await expectAboutAsync(rows, before);
      expect(asked).toEqual(['1', '2']);

      // The library removes the 25th liked email; a minute on, the likes are read again.
      const removed = await list.locator('[data-email-id]').nth(24).getAttribute('data-email-id');
      expect((await fetch(`${h.emulator.libraryUrl}/_emulator/library/emails/${removed}/remove`, { method: 'POST' })).ok).toBe(true);
      await sectionButton(ui, 'Journeys').click();
      await ui.getByRole('region', { name: 'Journeys' }).waitFor();
      await context.clock.fastForward(61_000);
      await sectionButton(ui, 'Me').click();
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(29);
      expect(await list.locator(`[data-email-id="${removed}"]`).count()).toBe(0);
      expect(asked).toEqual(['1', '2', '1', '2']);
      expect(most).toBe(1);
    } finally {
      await context.close();
    }
  });
});

describe('Me at 320 × 240: its parts', () => {
  it('a part pressed again shows from where the window is, its button in view with the keyboard on it; Me comes back to the part where it was', async () => {
    const ui = await openBrowseAsync(h);
    await smallestWindowAsync(h.page, ui);
    await sectionButton(ui, 'Me').click();
    const me = ui.getByRole('region', { name: 'Me' });
    await me.getByRole('button', { name: 'Likes' }).click();
    const rows = me.getByRole('list', { name: 'Liked emails' }).getByRole('listitem');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(20);
    const before = await wheelDownAsync(h.page, ui, rows, 10);
    await visitAsync(h.page, ui, 'Journeys', 'Me');
    await expectAboutAsync(rows, before);
    // Up to Me's parts, to Following and back to Likes by the keyboard.
    await h.page.mouse.wheel(0, -5_000);
    await me.getByRole('button', { name: 'Following' }).click();
    await me.getByRole('list', { name: 'Newest from followed brands' }).getByRole('listitem').first().waitFor({ timeout: 10_000 });
    await me.getByRole('button', { name: 'Likes' }).focus();
    await h.page.keyboard.press('Enter');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(20);
    await ui.waitForTimeout(500);
    expect(await focusSeen(ui)).toBe('BUTTON Likes: in view');
  });
});
