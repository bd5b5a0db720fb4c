// Journeys' list paged with More, as a keyboard user pages it: a next page that fails is said
// under the list, where More was, and Try again goes on at the first journey it brought, as a
// brand's emails do (library-more.test.ts). And a journey's stage that has no emails now.
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness, textOf } from './support/playground-harness';
import { focusSeen, focusedRow, startingWith } from './support/browse-steps';
import { readLibraryAsync } from './support/library-read';
import { addRouteAsync } from './support/own-route';

const h = useHarness();

/** The emulator has a dozen journeys, fewer than a page: read six at a time, so the list has a More. */
const PAGE = 6;

describe('Journeys: the next page could not be loaded', () => {
  it('says so under the list, where More was, with Try again focused there, and Try again goes on at the first journey it brought (it said so at the top, above the list)', async () => {
    let failing = false;
    const list = (url: URL) => url.pathname === '/v1/journeys';
    const stopListAsync = await addRouteAsync(h.page, list, async (route: Route) => {
      const url = new URL(route.request().url());
      if (failing && url.searchParams.get('page') === '2') {
        await route.fulfill({ status: 503, headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' }, body: JSON.stringify({ error: { code: 'unavailable', message: 'Not now' } }) });
        return;
      }
      url.searchParams.set('per_page', String(PAGE));
      await route.fulfill({ response: await route.fetch({ url: url.toString() }) });
    });
    try {
      await h.openFreshAsync('?command=browse&theme=light&demo-keys=1');
      const ui = await h.uiFrameAsync();
      await ui.getByRole('list', { name: 'Emails' }).waitFor({ timeout: 20_000 });
      await ui.getByRole('button', { name: 'Journeys', exact: true }).click();
      const journeys = ui.getByRole('region', { name: 'Journeys' });
      const rows = journeys.getByRole('list', { name: 'Brands with a journey' });
      await expect.poll(() => rows.getByRole('listitem').count(), { timeout: 20_000 }).toBe(PAGE);
      await journeys.getByRole('button', { name: 'More', exact: true }).focus();
      failing = true;
      await h.page.keyboard.press('Enter');
      const notice = journeys.getByTestId('library-problem');
      await notice.waitFor({ timeout: 10_000 });
      const listed = (await rows.boundingBox())!;
      const said = (await notice.boundingBox())!;
      expect(said.y).toBeGreaterThanOrEqual(listed.y + listed.height);
      await expect.poll(() => focusSeen(ui)).toBe('BUTTON Try again: in view');
      failing = false;
      await h.page.keyboard.press('Enter');
      await expect.poll(() => focusedRow(ui, 'Brands with a journey'), { timeout: 10_000 }).toBe(PAGE);
      expect(await focusSeen(ui)).toMatch(/: in view$/);
    } finally {
      await stopListAsync();
    }
  });
});

describe('Journeys: a stage with no emails now', () => {
  it('is headed by its name alone, with the line that says the library has none (it read “(0 of 8 emails)”)', async () => {
    type JourneyBody = { data: { stages: Array<{ stage: string; email_count: number; emails: unknown[] }> } };
    const { data: listed } = await readLibraryAsync<{ data: Array<{ brand: string; brand_slug: string }> }>(h.emulator.libraryUrl, '/v1/journeys?per_page=50');
    const chosen = listed[0]!;
    const journey = (url: URL) => url.pathname === `/v1/journeys/${chosen.brand_slug}`;
    // The library still counts the second stage's emails but sends none of them (it removed them meanwhile).
    const stopJourneyAsync = await addRouteAsync(h.page, journey, async (route: Route) => {
      const response = await route.fetch();
      const body = (await response.json()) as JourneyBody;
      body.data.stages[1]!.emails = [];
      await route.fulfill({ response, json: body });
    });
    try {
      const { data } = await readLibraryAsync<JourneyBody>(h.emulator.libraryUrl, `/v1/journeys/${chosen.brand_slug}?emails_per_stage=3`);
      const [first, emptied] = [data.stages[0]!, data.stages[1]!];
      expect(emptied.email_count, 'a second stage the library counts emails in').toBeGreaterThan(0);
      const name = (await readLibraryAsync<{ data: { brand: { name: string } } }>(h.emulator.libraryUrl, `/v1/brands/${chosen.brand_slug}?per_page=1`)).data.brand.name;
      await h.openFreshAsync('?command=browse&theme=light&demo-keys=1');
      const ui = await h.uiFrameAsync();
      await ui.getByRole('list', { name: 'Emails' }).waitFor({ timeout: 20_000 });
      await ui.getByRole('button', { name: 'Journeys', exact: true }).click();
      await ui.getByRole('list', { name: 'Brands with a journey' }).getByRole('button', { name: startingWith(name) }).click();
      const stage = ui.getByRole('region', { name: emptied.stage });
      await expect.poll(() => textOf(stage.getByRole('heading', { level: 3 })), { timeout: 10_000 }).toBe(emptied.stage);
      await expect.poll(() => textOf(stage), { timeout: 10_000 }).toContain('The library has no emails in this stage now.');
      // A stage with emails still counts them.
      const counted = first.emails.length < first.email_count ? `${first.emails.length} of ${first.email_count} emails` : `${first.email_count} emails`;
      await expect.poll(() => textOf(ui.getByRole('region', { name: first.stage }).getByRole('heading', { level: 3 })), { timeout: 10_000 }).toBe(`${first.stage} (${counted})`);
    } finally {
      await stopJourneyAsync();
    }
  });
});
