// Brands, brand requests and Me through the playground, as a designer uses them: keyboard, the
// smallest window, both themes. Driven by roles, labels, visible text and keys; what the screen
// shows is checked against what the emulator serves.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parseEmulatorState } from '../playground/page/emulator-link';
import { useHarness, textNowAsync, textOf } from './support/playground-harness';
import { emulatorFaults } from './support/emulator-faults';
import { sectionButton, startingWith, switchToOtherAccountAsync } from './support/browse-steps';
import { readLibraryAsync } from './support/library-read';
import { addRouteAsync } from './support/own-route';

const h = useHarness();

/** A fresh world on the Browse screen with the emulator's demo library key. */
async function openBrowseAsync(theme: 'light' | 'dark' = 'light'): Promise<Frame> {
  await h.openFreshAsync(`?command=browse&theme=${theme}&demo-keys=1`);
  const ui = await h.uiFrameAsync();
  await ui.getByRole('list', { name: 'Emails' }).waitFor({ timeout: 20_000 });
  return ui;
}

/** What has the keyboard: its tag and its label or text. */
const focused = (ui: Frame) =>
  ui.evaluate(() => {
    const element = document.activeElement;
    if (element === null || element === document.body) return 'the page';
    const label = element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null;
    return `${element.tagName} ${label ?? element.textContent ?? ''}`;
  });

describe('Brand requests: a form with problems', () => {
  it('takes the keyboard to the first field that needs fixing (it stayed on “Send request”, the problem unheard)', async () => {
    const ui = await openBrowseAsync();
    await ui.getByRole('button', { name: 'Requests', exact: true }).click();
    const form = ui.getByRole('form', { name: 'Ask for a brand' });
    const send = form.getByRole('button', { name: 'Send request' });
    await send.focus();
    await h.page.keyboard.press('Enter');
    await expect.poll(() => focused(ui)).toBe('INPUT Brand');
    await h.page.keyboard.type('Harbour Street Tea');
    await form.getByLabel('Website').fill('harbour street tea');
    await send.focus();
    await h.page.keyboard.press('Enter');
    await expect.poll(() => focused(ui)).toBe('INPUT Website');
    expect(await form.getByLabel('Website').getAttribute('aria-invalid')).toBe('true');
  });
});

const libraryAsync = <T>(path: string) => readLibraryAsync<T>(h.emulator.libraryUrl, path);

interface Insights {
  technology: { esp_breakdown: Array<{ name: string; count: string | number }> };
}

/** A top brand whose providers' shares read with counts of one and of several digits (“85% (122)”, “5% (7)”). */
async function brandWithUnevenSharesAsync(): Promise<{ name: string; slug: string }> {
  const { data: brands } = await libraryAsync<{ data: Array<{ name: string; slug: string }> }>('/v1/brands?per_page=10');
  for (const brand of brands) {
    const { data } = await libraryAsync<{ data: Insights }>(`/v1/brands/${brand.slug}/insights`);
    const digits = data.technology.esp_breakdown.map((esp) => String(Number(esp.count)).length);
    if (Math.max(...digits) > Math.min(...digits)) return brand;
  }
  throw new Error('No brand among the top ten has uneven shares.');
}

/** A top brand with more than two pages of 20 emails. */
async function brandOfManyEmailsAsync(): Promise<{ name: string; slug: string }> {
  const { data: brands } = await libraryAsync<{ data: Array<{ name: string; slug: string; email_count: number }> }>('/v1/brands?per_page=10');
  return brands.find((known) => known.email_count > 40)!;
}

/** The brand's page from Top brands, and the last of its first 20 rows opened. */
async function openLastRowLoadedAsync(ui: Frame, brandName: string): Promise<void> {
  await ui.getByRole('button', { name: 'Brands', exact: true }).click();
  await ui.getByRole('list', { name: 'Top brands' }).getByRole('button', { name: startingWith(brandName) }).click();
  const rows = ui.getByRole('list', { name: `Emails from ${brandName}` }).getByRole('listitem');
  await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(20);
  await rows.nth(19).getByRole('button').first().click();
}

async function openBrandAsync(ui: Frame, name: string): Promise<void> {
  await ui.getByRole('button', { name: 'Brands', exact: true }).click();
  await ui.getByRole('searchbox', { name: 'Search brands' }).fill(name);
  await ui.getByRole('list', { name: `Brands matching “${name}”` }).getByRole('button').first().click();
  await ui.getByRole('heading', { name: 'Insights' }).waitFor({ timeout: 10_000 });
}

describe('Brands: insight charts a designer can read', () => {
  it('starts every bar of a chart at the same place and gives each the same length, so the bars compare (a wider value moved its bar)', async () => {
    const brand = await brandWithUnevenSharesAsync();
    const ui = await openBrowseAsync('dark');
    await openBrandAsync(ui, brand.name);
    const figures = await ui.locator('figure.chart').filter({ has: ui.locator('.bar-rows') }).all();
    expect(figures.length).toBeGreaterThan(3);
    for (const figure of figures) {
      const title = (await figure.locator('figcaption').textContent()) ?? '';
      const tracks = await figure.locator('.bar-rows-track').evaluateAll((elements) => elements.map((element) => [Math.round(element.getBoundingClientRect().left), Math.round(element.getBoundingClientRect().width)]));
      for (const track of tracks) expect(track, title).toEqual(tracks[0]);
    }
  });

  it('keeps the labels under the columns inside the chart, at the default and the smallest window (the last week was cut to “23 N”)', async () => {
    const ui = await openBrowseAsync('dark');
    const { data: brands } = await libraryAsync<{ data: Array<{ name: string }> }>('/v1/brands?per_page=2');
    await openBrandAsync(ui, brands[1]!.name);
    await ui.getByRole('img', { name: /^Sends per (week|month)/ }).waitFor({ timeout: 10_000 });
    const outside = () =>
      ui.locator('.chart-labels').evaluateAll((rows) =>
        rows.flatMap((row) => {
          const chart = row.closest('figure')!.getBoundingClientRect();
          return [...row.querySelectorAll('span')].flatMap((span) => {
            if (!span.textContent) return [];
            const range = document.createRange();
            range.selectNodeContents(span);
            const text = range.getBoundingClientRect();
            return text.left < chart.left - 0.5 || text.right > chart.right + 0.5 ? [`${span.textContent} (${Math.round(text.left)}–${Math.round(text.right)} in ${Math.round(chart.left)}–${Math.round(chart.right)})`] : [];
          });
        }),
      );
    expect(await outside(), 'the default window').toEqual([]);
    await ui.getByTestId('resize-handle').focus();
    for (let step = 0; step < 3; step++) await h.page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(() => ui.evaluate(() => window.innerWidth)).toBe(320);
    expect(await outside(), 'the smallest window').toEqual([]);
  });

  it('says every day’s sends to a screen reader, as the library counts them (it said the busiest day alone, and the columns carry no numbers)', async () => {
    const { data: brands } = await libraryAsync<{ data: Array<{ name: string; slug: string }> }>('/v1/brands?per_page=1');
    const { data } = await libraryAsync<{ data: { send_patterns: { by_day_of_week: Record<string, number> } } }>(`/v1/brands/${brands[0]!.slug}/insights`);
    const ui = await openBrowseAsync();
    await openBrandAsync(ui, brands[0]!.name);
    const chart = ui.getByRole('img', { name: /^Sends by day of the week\./ });
    await chart.waitFor({ timeout: 10_000 });
    const name = (await chart.getAttribute('aria-label')) ?? '';
    for (const [day, count] of Object.entries(data.send_patterns.by_day_of_week)) {
      if (count === 0) continue;
      const full = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].find((known) => known.slice(0, 3).toLowerCase() === day.slice(0, 3).toLowerCase());
      expect(name).toContain(`${count} on ${full ?? day}`);
    }
  });

  it('labels each column chart with its tallest column’s count and what it counts (“3 emails”), at the default and the smallest window (the columns had no scale: 3 or 300 looked alike)', async () => {
    const { data: brands } = await libraryAsync<{ data: Array<{ name: string; slug: string }> }>('/v1/brands?per_page=1');
    const { data } = await libraryAsync<{ data: { send_patterns: { by_day_of_week: Record<string, number>; by_hour: Record<string, number> } } }>(`/v1/brands/${brands[0]!.slug}/insights`);
    const ui = await openBrowseAsync();
    await openBrandAsync(ui, brands[0]!.name);
    const scale = (title: string) => ui.locator('figure.chart', { has: ui.getByText(title, { exact: true }) }).locator('.chart-max');
    const expected = [
      ['Sends by day of the week', Math.max(...Object.values(data.send_patterns.by_day_of_week))],
      ['Sends by hour of the day (UTC)', Math.max(...Object.values(data.send_patterns.by_hour))],
    ] as const;
    for (const [title, most] of expected) expect(most, title).toBeGreaterThan(0);
    const shown = async () => {
      for (const [title, most] of expected) {
        // With what it counts: a bare "3" named nothing a designer could read at a glance.
        await expect.poll(() => scale(title).allTextContents(), { timeout: 10_000 }).toEqual([`${most} ${most === 1 ? 'email' : 'emails'}`]);
        // On one line, even in the narrowest window.
        expect(await scale(title).evaluate((label) => label.getClientRects().length === 1 && label.scrollWidth <= label.clientWidth && label.getBoundingClientRect().height < 2 * parseFloat(getComputedStyle(label).fontSize)), title).toBe(true);
        // Level with the tallest column's top, so the number reads as that column's height.
        const [line, tallest] = await scale(title).evaluate((label) => [label.getBoundingClientRect().bottom, Math.min(...[...label.nextElementSibling!.querySelectorAll('rect')].map((bar) => bar.getBoundingClientRect().top))]);
        expect(Math.abs(line! - tallest!), title).toBeLessThan(2);
      }
    };
    await shown();
    await ui.getByTestId('resize-handle').focus();
    for (let step = 0; step < 3; step++) await h.page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(() => ui.evaluate(() => window.innerWidth)).toBe(320);
    await shown();
  });
});

describe('Me: the newest from the brands I follow', () => {
  it('names the “captured since” date when none came since (it said “in this time”, with or without a date)', async () => {
    const ui = await openBrowseAsync();
    await ui.getByRole('button', { name: 'Me', exact: true }).click();
    const me = ui.getByRole('region', { name: 'Me' });
    await me.getByRole('list', { name: 'Newest from followed brands' }).getByRole('listitem').first().waitFor({ timeout: 10_000 });
    await me.getByLabel('Captured since').fill('2027-01-01');
    await expect.poll(() => me.locator('.empty-state').allTextContents(), { timeout: 10_000 }).toEqual(['No emails from the brands you follow were captured since 1 Jan 2027.']);
  });
});

describe('Brands: a brand page that could not be loaded', () => {
  it('loads all of it again with one “Try again”: the emails and the insights (the insights stayed failed, under a second “Try again”)', async () => {
    const faults = emulatorFaults(h.emulator);
    const ui = await openBrowseAsync();
    await ui.getByRole('button', { name: 'Brands', exact: true }).click();
    const row = ui.getByRole('list', { name: 'Top brands' }).getByRole('button').first();
    await row.waitFor({ timeout: 10_000 });
    await faults.setAsync({ rate: 1, kinds: ['503'] });
    try {
      await row.click();
      const article = ui.getByRole('article');
      await article.getByTestId('library-problem').first().waitFor({ timeout: 20_000 });
      // One notice for the page: two “Try again” buttons, each doing half, read as one.
      expect(await article.getByRole('button', { name: 'Try again' }).count()).toBe(1);
      await faults.setAsync({ rate: 0 });
      await article.getByRole('button', { name: 'Try again' }).first().click();
      await article.getByRole('heading', { name: 'Insights' }).waitFor({ timeout: 10_000 });
      expect(await article.getByTestId('library-problem').count()).toBe(0);
    } finally {
      await faults.clearAsync();
    }
  });
});

describe('Brands: the insights and the next page of emails both failed', () => {
  const answer = (status: number, code: string) => ({ status, headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' }, body: JSON.stringify({ error: { code, message: 'Not now' } }) });
  const unavailable = answer(503, 'unavailable');
  type Answer = ReturnType<typeof answer>;

  /** The brand's insights answered with `insightsAnswer` and its second page of emails refused, until the returned undo. */
  async function brandFaultsAsync(slug: string, insightsAnswer: Answer): Promise<() => Promise<void>> {
    const insights = (url: URL) => url.pathname === `/v1/brands/${slug}/insights`;
    const secondPage = (url: URL) => url.pathname === `/v1/brands/${slug}` && url.searchParams.get('page') === '2';
    const stopInsightsAsync = await addRouteAsync(h.page, insights, (route) => route.fulfill(insightsAnswer));
    const stopSecondPageAsync = await addRouteAsync(h.page, secondPage, (route) => route.fulfill(unavailable));
    return async () => {
      await stopInsightsAsync();
      await stopSecondPageAsync();
    };
  }

  it('says the insights could not be loaded in the one notice shown, and its Try again brings both (the insights’ failure was never said)', async () => {
    const brand = await brandOfManyEmailsAsync();
    const undoFaultsAsync = await brandFaultsAsync(brand.slug, unavailable);
    try {
      const ui = await openBrowseAsync();
      await ui.getByRole('button', { name: 'Brands', exact: true }).click();
      await ui.getByRole('list', { name: 'Top brands' }).getByRole('button', { name: startingWith(brand.name) }).click();
      const article = ui.getByRole('article');
      await expect.poll(() => textOf(article.getByTestId('library-problem')), { timeout: 20_000 }).toContain('Insights could not be loaded.');
      await article.getByRole('button', { name: 'More emails' }).click();
      const notice = article.getByRole('region', { name: 'Emails' }).getByTestId('library-problem');
      await notice.waitFor({ timeout: 20_000 });
      await expect.poll(() => article.getByTestId('library-problem').count()).toBe(1);
      await expect.poll(() => textOf(notice.getByRole('alert')), { timeout: 10_000 }).toMatch(/insights could not be loaded/i);
      await undoFaultsAsync();
      await notice.getByRole('button', { name: 'Try again' }).click();
      await article.getByRole('heading', { name: 'Insights' }).waitFor({ timeout: 20_000 });
      await expect.poll(() => article.getByRole('list', { name: `Emails from ${brand.name}` }).getByRole('listitem').count(), { timeout: 10_000 }).toBe(40);
    } finally {
      await undoFaultsAsync();
    }
  });

  it('still says a brand with too few emails has no insights yet, not that they failed', async () => {
    const brand = await brandOfManyEmailsAsync();
    const undoFaultsAsync = await brandFaultsAsync(brand.slug, answer(404, 'no_insights'));
    try {
      const ui = await openBrowseAsync();
      await ui.getByRole('button', { name: 'Brands', exact: true }).click();
      await ui.getByRole('list', { name: 'Top brands' }).getByRole('button', { name: startingWith(brand.name) }).click();
      const article = ui.getByRole('article');
      await article.getByRole('button', { name: 'More emails' }).click();
      const notice = article.getByRole('region', { name: 'Emails' }).getByTestId('library-problem');
      await notice.waitFor({ timeout: 20_000 });
      await expect.poll(() => textOf(article.getByTestId('no-insights')), { timeout: 10_000 }).toMatch(/^Too few emails yet for insights/);
      expect(await textNowAsync(notice)).not.toMatch(/insights/i);
    } finally {
      await undoFaultsAsync();
    }
  });
});

describe('Brands: insights in words a designer reads', () => {
  it('names what each share counts (it read “90% (129)”)', async () => {
    const brand = await brandWithUnevenSharesAsync();
    const ui = await openBrowseAsync();
    await openBrandAsync(ui, brand.name);
    const section = ui.getByRole('region', { name: 'Insights' });
    const values = (title: string) => section.locator('figure', { has: ui.getByText(title, { exact: true }) }).locator('.bar-rows-value').allTextContents();
    for (const title of ['Email service providers', 'Senders']) {
      const shown = await values(title);
      expect(shown.length, title).toBeGreaterThan(0);
      for (const value of shown) expect(value, title).toMatch(/^\d+% \(\d+ emails?\)$/);
    }
    for (const value of await values('Top words in subject lines')) expect(value).toMatch(/^\d+ times?$/);
  });

  it('rounds the average a week to one decimal (it read “about 1.4285714 a week”)', async () => {
    const brand = await brandOfManyEmailsAsync();
    const insights = (url: URL) => url.pathname === `/v1/brands/${brand.slug}/insights`;
    const stopInsightsAsync = await addRouteAsync(h.page, insights, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { frequency: { avg_per_week: number } } };
      body.data.frequency.avg_per_week = 1.4285714;
      await route.fulfill({ response, json: body });
    });
    try {
      const ui = await openBrowseAsync();
      await openBrandAsync(ui, brand.name);
      await expect.poll(() => textOf(ui.getByRole('region', { name: 'Insights' }).locator('p').first()), { timeout: 10_000 }).toContain('about 1.4 a week,');
    } finally {
      await stopInsightsAsync();
    }
  });
});

/** Browse with the emulator's other demo account, its key saved in Settings. */
async function openBrowseAsOtherAsync(): Promise<Frame> {
  const ui = await openBrowseAsync();
  await switchToOtherAccountAsync(h, ui);
  return ui;
}

describe('Brand requests: none yet', () => {
  it('says so under “My requests” (there was a heading with nothing under it)', async () => {
    const ui = await openBrowseAsOtherAsync();
    await ui.getByRole('button', { name: 'Requests', exact: true }).click();
    await expect.poll(() => textOf(ui.getByTestId('requests-today')), { timeout: 10_000 }).toMatch(/^0 of today’s 50 brand requests used/);
    expect(await ui.getByRole('list', { name: 'My requests' }).getByRole('listitem').count()).toBe(0);
    await expect.poll(() => textOf(ui.getByRole('region', { name: 'Brand requests' }).locator('.empty-state')), { timeout: 10_000 }).toBe('You have not asked for a brand yet: the ones you ask for show here, with how far they have got.');
  });
});

describe('Me: following as many brands as one may', () => {
  it('says the limit is reached (it read “Following 50 brands (you can follow up to 50)”)', async () => {
    const ui = await openBrowseAsOtherAsync();
    await ui.getByRole('button', { name: 'Me', exact: true }).click();
    const me = ui.getByRole('region', { name: 'Me' });
    await expect.poll(() => textOf(me.getByRole('heading', { name: /^Following/ })), { timeout: 10_000 }).toBe('Following 50 brands, the most you can follow');
  });
});

describe('Brand requests: more than the list’s first answer holds', () => {
  it('lists up to 200 (the most one answer gives) and says when only the newest are shown (it stopped at 100, silently)', async () => {
    const ui = await openBrowseAsync();
    const state = parseEmulatorState(await (await fetch(`${h.emulator.libraryUrl}/_emulator/state`)).json());
    // 205 requests over some days (50 count a day), made straight to the emulator.
    for (let index = 0; index < 205; ) {
      const made = await fetch(`${h.emulator.libraryUrl}/v1/brand-requests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${state.library.keys.demo}` },
        body: JSON.stringify({ brand: `Harbour Street ${index}`, website: `harbourstreet${index}.com` }),
      });
      if (made.status === 201) index += 1;
      else {
        expect(made.status).toBe(429);
        await fetch(`${h.emulator.libraryUrl}/_emulator/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advance_seconds: 86_400 }) });
      }
    }
    await ui.getByRole('button', { name: 'Requests', exact: true }).click();
    const rows = ui.getByRole('list', { name: 'My requests' }).getByRole('listitem');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(200);
    // Newest first; requests made in the same second may come in either order.
    await expect.poll(() => textOf(ui.getByRole('list', { name: 'My requests' })), { timeout: 10_000 }).toContain('Harbour Street 204');
    await expect.poll(() => textOf(ui.getByTestId('requests-today')), { timeout: 10_000 }).toContain('Your newest 200 requests are listed.');
  });
});

describe('Browse: what a designer set in a section, after a visit to another', () => {
  it('keeps the brand search, and Me’s list with its “captured since” date (each was empty again, or back on Following)', async () => {
    const ui = await openBrowseAsync();
    await sectionButton(ui, 'Brands').click();
    await ui.getByRole('searchbox', { name: 'Search brands' }).fill('acorn');
    await ui.getByRole('list', { name: 'Brands matching “acorn”' }).waitFor({ timeout: 10_000 });
    await sectionButton(ui, 'Emails').click();
    await sectionButton(ui, 'Brands').click();
    expect(await ui.getByRole('searchbox', { name: 'Search brands' }).inputValue()).toBe('acorn');
    await ui.getByRole('list', { name: 'Brands matching “acorn”' }).waitFor({ timeout: 10_000 });

    await sectionButton(ui, 'Me').click();
    const me = ui.getByRole('region', { name: 'Me' });
    const show = me.getByRole('group', { name: 'Show' });
    await me.getByLabel('Captured since').fill('2027-01-01');
    await expect.poll(() => me.locator('.empty-state').allTextContents(), { timeout: 10_000 }).toEqual(['No emails from the brands you follow were captured since 1 Jan 2027.']);
    // Following → Likes → Following: the date is still the one chosen.
    await show.getByRole('button', { name: 'Likes' }).click();
    await show.getByRole('button', { name: 'Following' }).click();
    expect(await me.getByLabel('Captured since').inputValue()).toBe('2027-01-01');
    await expect.poll(() => me.locator('.empty-state').allTextContents(), { timeout: 10_000 }).toEqual(['No emails from the brands you follow were captured since 1 Jan 2027.']);
    // Likes, then Emails and back: Me shows the likes again.
    await show.getByRole('button', { name: 'Likes' }).click();
    await sectionButton(ui, 'Emails').click();
    await sectionButton(ui, 'Me').click();
    expect(await show.getByRole('button', { pressed: true }).textContent()).toBe('Likes');
    await me.getByRole('list', { name: 'Liked emails' }).waitFor({ timeout: 10_000 });
  });
});

describe('Browse: an email opened from a brand’s page or a collection, at the last row loaded', () => {
  it('counts on past the rows loaded and Next goes on (it read “20 of 20” with Next off, on a brand of 143 emails)', async () => {
    const ui = await openBrowseAsync();
    const brand = await brandOfManyEmailsAsync();
    const { data: page } = await libraryAsync<{ data: { emails: Array<{ subject_line: string }> } }>(`/v1/brands/${brand.slug}?page=2&per_page=20`);
    await openLastRowLoadedAsync(ui, brand.name);
    const results = ui.getByRole('navigation', { name: 'Results' });
    // Opening the last row loaded asks for the next page at once: either count may be read first.
    await expect.poll(() => textOf(results), { timeout: 10_000 }).toMatch(/20 of (20|40)\+/);
    await expect.poll(() => results.getByRole('button', { name: 'Next' }).isEnabled(), { timeout: 10_000 }).toBe(true);
    await results.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 })), { timeout: 10_000 }).toBe(page.emails[0]!.subject_line);
    await expect.poll(() => textOf(results), { timeout: 10_000 }).toContain('21 of 40+');

    // A collection of 24, 20 shown: its 20th goes on to its 24th, the last.
    await ui.getByRole('button', { name: 'Me', exact: true }).click();
    const me = ui.getByRole('region', { name: 'Me' });
    await me.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Collections' }).click();
    await me.getByRole('list', { name: 'Collections' }).getByRole('button', { name: /24 emails/ }).click();
    const collected = me.getByRole('list', { name: /^Emails in / }).getByRole('listitem');
    await expect.poll(() => collected.count(), { timeout: 10_000 }).toBe(20);
    await collected.nth(19).getByRole('button').first().click();
    await expect.poll(() => textOf(results), { timeout: 10_000 }).toMatch(/20 of (20\+|24)/);
    for (const expected of ['21 of 24', '22 of 24', '23 of 24', '24 of 24']) {
      await expect.poll(() => results.getByRole('button', { name: 'Next' }).isEnabled(), { timeout: 10_000 }).toBe(true);
      await results.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => textOf(results), { timeout: 10_000 }).toContain(expected);
    }
    expect(await textNowAsync(results)).not.toContain('+');
    expect(await results.getByRole('button', { name: 'Next' }).isEnabled()).toBe(false);
  });
});

describe('Browse: an email opened from a brand’s page or a collection, when the next page could not be loaded', () => {
  it('says why Next stops at the last row loaded, and goes on after Try again (it read “20 of 20+” beside a Next that did nothing, and nothing of why)', async () => {
    const faults = emulatorFaults(h.emulator);
    const ui = await openBrowseAsync();
    const results = ui.getByRole('navigation', { name: 'Results' });
    const notice = ui.getByTestId('library-problem').filter({ hasText: 'The results after this email could not be loaded.' });
    /** From the 17th row, three steps on while the library fails: the next page is asked for on the way. */
    const stepToLastRowFailingAsync = async (rows: ReturnType<Frame['locator']>) => {
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(20);
      await rows.nth(16).getByRole('button').first().click();
      await expect.poll(() => textOf(results), { timeout: 10_000 }).toMatch(/17 of 20\+/);
      await faults.setAsync({ rate: 1, kinds: ['503'] });
      try {
        for (let press = 0; press < 3; press++) await h.page.keyboard.press('ArrowRight');
        await expect.poll(() => textOf(results), { timeout: 10_000 }).toMatch(/20 of 20\+/);
        await expect.poll(() => textOf(notice.getByRole('alert')), { timeout: 10_000 }).toBe('The results after this email could not be loaded. The library is unavailable right now. Try again in a little while.');
      } finally {
        await faults.clearAsync();
      }
      await notice.getByRole('button', { name: 'Try again' }).click();
      await expect.poll(() => results.getByRole('button', { name: 'Next' }).isEnabled(), { timeout: 10_000 }).toBe(true);
      expect(await notice.count()).toBe(0);
      await results.getByRole('button', { name: 'Next' }).click();
    };

    const brand = await brandOfManyEmailsAsync();
    await ui.getByRole('button', { name: 'Brands', exact: true }).click();
    await ui.getByRole('list', { name: 'Top brands' }).getByRole('button', { name: startingWith(brand.name) }).click();
    await stepToLastRowFailingAsync(ui.getByRole('list', { name: `Emails from ${brand.name}` }).getByRole('listitem'));
    await expect.poll(() => textOf(results), { timeout: 10_000 }).toContain('21 of 40+');

    // Me: a collection of 24, 20 shown.
    await ui.getByRole('button', { name: 'Me', exact: true }).click();
    const me = ui.getByRole('region', { name: 'Me' });
    await me.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Collections' }).click();
    await me.getByRole('list', { name: 'Collections' }).getByRole('button', { name: /24 emails/ }).click();
    await stepToLastRowFailingAsync(me.getByRole('list', { name: /^Emails in / }).getByRole('listitem'));
    await expect.poll(() => textOf(results), { timeout: 10_000 }).toContain('21 of 24');
  });
});

describe('Brand requests: what the library said, after a visit to another section', () => {
  it('still shows the outcome of the request sent, with the next one half-filled (the outcome was gone)', async () => {
    const ui = await openBrowseAsync();
    await sectionButton(ui, 'Requests').click();
    const form = ui.getByRole('form', { name: 'Ask for a brand' });
    await form.getByLabel('Brand').fill('Harbour Lane Soap');
    await form.getByLabel('Website').fill('harbourlanesoap.com');
    await form.getByRole('button', { name: 'Send request' }).click();
    const outcome = ui.getByTestId('request-outcome');
    await expect.poll(() => textOf(outcome), { timeout: 10_000 }).toMatch(/^Requested Harbour Lane Soap\./);
    const said = await textOf(outcome);
    await form.getByLabel('Brand').fill('Pebble Street Candles');
    await sectionButton(ui, 'Emails').click();
    await sectionButton(ui, 'Requests').click();
    await expect.poll(() => textOf(ui.getByTestId('request-outcome')), { timeout: 10_000 }).toBe(said);
    expect(await form.getByLabel('Brand').inputValue()).toBe('Pebble Street Candles');
    expect(await form.getByLabel('Website').inputValue()).toBe('');
  });
});

describe('Brand requests: the key replaced while they show', () => {
  it('lists the new key’s requests (the old key’s stayed listed)', async () => {
    const state = parseEmulatorState(await (await fetch(`${h.emulator.libraryUrl}/_emulator/state`)).json());
    const ui = await openBrowseAsync();
    // The demo account has asked for a brand; the other has not.
    const made = await fetch(`${h.emulator.libraryUrl}/v1/brand-requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${state.library.keys.demo}` },
      body: JSON.stringify({ brand: 'Harbour Mill Bakery', website: 'harbourmillbakery.com' }),
    });
    expect(made.status).toBe(201);
    await ui.getByRole('button', { name: 'Requests', exact: true }).click();
    const mine = ui.getByRole('list', { name: 'My requests' });
    await expect.poll(() => textOf(mine), { timeout: 10_000 }).toContain('Harbour Mill Bakery');
    await switchToOtherAccountAsync(h, ui);
    await expect.poll(() => textOf(ui.getByTestId('requests-today')), { timeout: 10_000 }).toMatch(/^0 of today’s 50 brand requests used/);
    expect(await mine.getByRole('listitem').count()).toBe(0);
  });
});

describe('Brand requests: what the library said, after the key is replaced', () => {
  it('is gone (it was said under the old key), and the half-filled request stays', async () => {
    const ui = await openBrowseAsync();
    await sectionButton(ui, 'Requests').click();
    const form = ui.getByRole('form', { name: 'Ask for a brand' });
    await form.getByLabel('Brand').fill('Harbour Quay Tea');
    await form.getByLabel('Website').fill('harbourquaytea.com');
    await form.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => textOf(ui.getByTestId('request-outcome')), { timeout: 10_000 }).toMatch(/^Requested Harbour Quay Tea\./);
    await form.getByLabel('Brand').fill('Pebble Quay Candles');
    // Another account's key, saved in Settings.
    await switchToOtherAccountAsync(h, ui);
    // The other account's requests: none yet.
    await expect.poll(() => textOf(ui.getByTestId('requests-today')), { timeout: 10_000 }).toMatch(/^0 of today’s 50 brand requests used/);
    expect(await textNowAsync(ui.getByTestId('request-outcome'))).toBe('');
    expect(await form.getByLabel('Brand').inputValue()).toBe('Pebble Quay Candles');
  });
});

describe('Me: more of the newest emails that could not be loaded', () => {
  it('says so under those emails, where “More” was pressed (it said so above their heading, under the followed brands)', async () => {
    const faults = emulatorFaults(h.emulator);
    const ui = await openBrowseAsync();
    await ui.getByRole('button', { name: 'Me', exact: true }).click();
    const me = ui.getByRole('region', { name: 'Me' });
    const emails = me.getByRole('list', { name: 'Newest from followed brands' });
    await emails.getByRole('listitem').first().waitFor({ timeout: 10_000 });
    await faults.setAsync({ rate: 1, kinds: ['503'] });
    try {
      await me.getByRole('button', { name: 'More', exact: true }).click();
      const notice = me.getByTestId('library-problem');
      await notice.waitFor({ timeout: 10_000 });
      const rows = (await emails.boundingBox())!;
      const heading = (await me.getByRole('heading', { name: 'Newest from the brands you follow' }).boundingBox())!;
      const said = (await notice.boundingBox())!;
      expect(said.y).toBeGreaterThan(heading.y);
      expect(said.y).toBeGreaterThanOrEqual(rows.y + rows.height);
      await expect.poll(() => focused(ui)).toBe('BUTTON Try again');
    } finally {
      await faults.clearAsync();
    }
  });
});

describe('Me: following, while it loads', () => {
  it('says “Loading…” once (its two lists each said it)', async () => {
    const faults = emulatorFaults(h.emulator);
    const ui = await openBrowseAsync();
    await faults.setAsync({ rate: 1, kinds: ['stall'] });
    try {
      await ui.getByRole('button', { name: 'Me', exact: true }).click();
      const loading = ui.getByRole('region', { name: 'Me' }).getByRole('status').filter({ hasText: 'Loading…' });
      await expect.poll(() => loading.count(), { timeout: 10_000 }).toBeGreaterThan(0);
      await ui.waitForTimeout(300);
      expect(await loading.count()).toBe(1);
    } finally {
      await faults.clearAsync();
    }
  });
});

describe('Me: the library asks to slow down', () => {
  it('says so once, with one countdown (each list said so, and the screen’s notice counted the same wait down beside them)', async () => {
    const faults = emulatorFaults(h.emulator);
    const ui = await openBrowseAsync();
    const me = ui.getByRole('region', { name: 'Me' });
    const slowDown = ui.getByRole('alert').filter({ hasText: 'slow down' });
    const held = ui.getByRole('status').filter({ hasText: 'limited number of requests' });
    const loading = me.getByRole('status').filter({ hasText: 'Loading…' });
    await faults.setAsync({ rate: 1, kinds: ['429'], retry_after: 6 });
    try {
      await ui.getByRole('button', { name: 'Me', exact: true }).click();
      // Both of Following's lists are refused.
      await slowDown.first().waitFor({ timeout: 10_000 });
      await expect.poll(() => loading.count(), { timeout: 10_000 }).toBe(0);
      expect(await slowDown.count()).toBe(1);
      // A new date's emails wait in the plugin for the same allowance.
      await me.getByLabel('Captured since').fill('2026-01-01');
      await expect.poll(() => loading.count(), { timeout: 10_000 }).toBe(1);
      await ui.waitForTimeout(500);
      expect(await held.count()).toBe(0);
      expect(await slowDown.count()).toBe(1);
      await expect.poll(() => textOf(slowDown), { timeout: 10_000 }).toBe('The library asks us to slow down for a moment.');
      // The seconds beside the alert (not in it, since the countdown left the alert), once.
      expect(await ui.getByText(/(Trying again in|Requests go again in) \d+ seconds?\./).filter({ visible: true }).count()).toBe(1);
    } finally {
      await faults.clearAsync();
    }
    // At the countdown's end, both lists come.
    await me.getByRole('list', { name: 'Followed brands' }).getByRole('listitem').first().waitFor({ timeout: 15_000 });
    await expect.poll(() => slowDown.count(), { timeout: 15_000 }).toBe(0);
  });
});

describe('Browse: an email whose subject line is empty', () => {
  it('is named by its title on a brand’s page, its Insert button and its own page, as on the search’s cards (the row was blank)', async () => {
    const ui = await openBrowseAsync();
    const { data: brands } = await libraryAsync<{ data: Array<{ name: string; slug: string }> }>('/v1/brands?per_page=1');
    const brand = brands[0]!;
    const { data: page } = await libraryAsync<{ data: { emails: Array<{ id: number; title: string }> } }>(`/v1/brands/${brand.slug}?page=1&per_page=20`);
    const first = page.emails[0]!;
    // The library sends the first email with an empty subject line, on the brand's page and on its own.
    const emptied = (url: URL) => url.pathname === `/v1/brands/${brand.slug}` || url.pathname === `/v1/emails/${first.id}`;
    const stopEmptiedAsync = await addRouteAsync(h.page, emptied, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { subject_line?: string; emails?: Array<{ id: number; subject_line?: string }> } };
      for (const email of body.data.emails ?? [body.data]) if ('subject_line' in email && (email as { id: number }).id === first.id) email.subject_line = '';
      await route.fulfill({ response, json: body });
    });
    try {
      await openBrandAsync(ui, brand.name);
      const rows = ui.getByRole('list', { name: `Emails from ${brand.name}` }).getByRole('listitem');
      await expect.poll(() => textOf(rows.first().getByRole('button').first()), { timeout: 10_000 }).toMatch(new RegExp(`^${first.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      await rows.first().getByRole('button', { name: `Insert “${first.title}” on canvas` }).waitFor({ timeout: 5_000 });
      await rows.first().getByRole('button').first().click();
      await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 })), { timeout: 10_000 }).toBe(first.title);
      expect(await ui.getByRole('img', { name: `Screenshot of the email “${first.title}”` }).count()).toBe(1);
    } finally {
      await stopEmptiedAsync();
    }
  });
});

describe('Browse: an email at the last row loaded, the next page slow to come', () => {
  it('says the next results are loading beside the Next that is off, and Next goes on once they came (it was off, with nothing said)', async () => {
    const ui = await openBrowseAsync();
    const brand = await brandOfManyEmailsAsync();
    const { data: page } = await libraryAsync<{ data: { emails: Array<{ subject_line: string }> } }>(`/v1/brands/${brand.slug}?page=2&per_page=20`);
    // A slow connection: the brand's second page comes only when the test lets it.
    let letThrough = () => {};
    const arrived = new Promise<void>((resolve) => (letThrough = resolve));
    const secondPage = (url: URL) => url.pathname === `/v1/brands/${brand.slug}` && url.searchParams.get('page') === '2';
    const stopSecondPageAsync = await addRouteAsync(h.page, secondPage, async (route) => {
      await arrived;
      await route.continue().catch(() => undefined);
    });
    try {
      await openLastRowLoadedAsync(ui, brand.name);
      const results = ui.getByRole('navigation', { name: 'Results' });
      const next = results.getByRole('button', { name: 'Next' });
      const loadingWords = ui.getByText('Loading the next results…');
      await expect.poll(() => loadingWords.isVisible(), { timeout: 10_000 }).toBe(true);
      await expect.poll(() => textOf(results), { timeout: 10_000 }).toContain('20 of 20+');
      expect(await next.isEnabled()).toBe(false);
      letThrough();
      await expect.poll(() => next.isEnabled(), { timeout: 10_000 }).toBe(true);
      expect(await loadingWords.count()).toBe(0);
      await next.click();
      await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 })), { timeout: 10_000 }).toBe(page.emails[0]!.subject_line);
    } finally {
      letThrough();
      await stopSecondPageAsync();
    }
  });
});

describe('Brands: a library with no brands at all', () => {
  it('says the library has no brands yet, and offers to ask for one (it read “No brand called “” in the library.”)', async () => {
    const ui = await openBrowseAsync();
    const allBrands = (url: URL) => url.pathname === '/v1/brands' && !url.searchParams.get('q');
    const stopAllBrandsAsync = await addRouteAsync(h.page, allBrands, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: unknown[] };
      await route.fulfill({ response, json: { ...body, data: [] } });
    });
    try {
      await ui.getByRole('button', { name: 'Brands', exact: true }).click();
      const brands = ui.getByRole('region', { name: 'Brands' });
      await brands.getByText('The library has no brands yet.').waitFor({ timeout: 10_000 });
      expect(await brands.getByText('No brand called').count()).toBe(0);
      await brands.getByRole('button', { name: 'Ask the library to add a brand' }).click();
      const form = ui.getByRole('form', { name: 'Ask for a brand' });
      await expect.poll(() => form.getByLabel('Brand', { exact: true }).inputValue(), { timeout: 10_000 }).toBe('');
      // No name to fill in: the keyboard is on the Brand field, the first to fill.
      await expect.poll(() => focused(ui)).toBe('INPUT Brand');
    } finally {
      await stopAllBrandsAsync();
    }
  });
});

describe('Me: a collection’s emails', () => {
  it('names each email’s brand, as the followed brands’ emails do (rows with the same subject from two brands read alike)', async () => {
    const state = parseEmulatorState(await (await fetch(`${h.emulator.libraryUrl}/_emulator/state`)).json());
    const key = state.library.keys.demo;
    const { data: collections } = await readLibraryAsync<{ data: Array<{ id: string; name: string; email_count: number }> }>(h.emulator.libraryUrl, '/v1/me/collections', key);
    const collection = collections.find((known) => known.email_count > 1)!;
    const { data } = await readLibraryAsync<{ data: { emails: Array<{ brand_slug: string }> } }>(h.emulator.libraryUrl, `/v1/me/collections/${collection.id}?per_page=20`, key);
    const { data: brands } = await libraryAsync<{ data: Array<{ name: string; slug: string }> }>('/v1/brands?per_page=50');
    const expected = data.emails.map((email) => brands.find((brand) => brand.slug === email.brand_slug)?.name ?? null);
    expect(expected.filter((name) => name !== null).length, 'the collection has emails from the top brands').toBeGreaterThan(0);
    const ui = await openBrowseAsync();
    await ui.getByRole('button', { name: 'Me', exact: true }).click();
    await ui.getByRole('button', { name: 'Collections', exact: true }).click();
    await ui.getByRole('list', { name: 'Collections' }).getByRole('button', { name: startingWith(collection.name) }).click();
    const rows = ui.getByRole('list', { name: `Emails in ${collection.name}` }).getByRole('listitem');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(expected.length);
    // What each row says before its capture date: the brand, where the library's top brands name it.
    const before = () => rows.locator('.email-card-date').evaluateAll((dates) => dates.map((date) => date.textContent?.split('Captured')[0] ?? ''));
    await expect.poll(before, { timeout: 5_000 }).toEqual(expected.map((name) => (name === null ? '' : `${name} · `)));
  });
});

describe('Me: the newest followed emails in a narrow window', () => {
  it('gives each subject the row’s width, with its brand and date whole under it (at 320 px the subject was a letter a line, the date cut)', async () => {
    const ui = await openBrowseAsync('dark');
    await ui.getByRole('button', { name: 'Me', exact: true }).click();
    const list = ui.getByRole('list', { name: 'Newest from followed brands' });
    await list.getByRole('listitem').nth(4).waitFor({ timeout: 10_000 });
    await ui.getByTestId('resize-handle').focus();
    for (let step = 0; step < 3; step++) await h.page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(() => ui.evaluate(() => window.innerWidth)).toBe(320);
    const rows = () =>
      list.locator('.brand-email').evaluateAll((buttons) =>
        buttons.slice(0, 5).map((button) => {
          const subject = button.querySelector('.brand-email-subject')!;
          const date = button.querySelector<HTMLElement>('.email-card-date')!;
          const room = button.getBoundingClientRect().width;
          return { wide: subject.getBoundingClientRect().width >= room * 0.6, whole: date.scrollWidth <= date.clientWidth };
        }),
      );
    await expect.poll(rows).toEqual(Array.from({ length: 5 }, () => ({ wide: true, whole: true })));
  });
});
