// Journeys' list paged with More, as a keyboard user pages it: a next page that fails is said
// under the list, where More was, and Try again goes on at the first journey it brought, as a
// brand's emails do (library-more.test.ts).
import type { Frame, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarnessAsync, type Harness } from './support/playground-harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarnessAsync();
});

afterAll(async () => {
  await h?.closeAsync();
});

/** The emulator has a dozen journeys, fewer than a page: read six at a time, so the list has a More. */
const PAGE = 6;

/** What has the keyboard, and whether it shows in the window and is what is drawn at its centre. */
const focusSeen = (ui: Frame) =>
  ui.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (element === null || element === document.body) return 'the page';
    const box = element.getBoundingClientRect();
    const atCentre = document.elementFromPoint(box.left + box.width / 2, box.top + Math.min(box.height / 2, 10));
    const seen = box.top >= 0 && box.top < window.innerHeight && box.bottom > 0 && (element.contains(atCentre) || atCentre?.contains(element));
    return `${element.tagName} ${element.textContent?.trim().slice(0, 40) ?? ''}: ${seen ? 'in view' : `out of view (top ${Math.round(box.top)} of ${window.innerHeight})`}`;
  });

/** Which row of the list `label` has the keyboard (-1: none of them). */
const focusedRow = (ui: Frame, label: string) =>
  ui.evaluate((name) => {
    const list = document.querySelector(`ul[aria-label="${name}"]`);
    const row = document.activeElement?.closest('li');
    return list && row && row.parentElement === list ? Array.from(list.children).indexOf(row) : -1;
  }, label);

describe('Journeys: the next page could not be loaded', () => {
  it('says so under the list, where More was, with Try again focused there, and Try again goes on at the first journey it brought (it said so at the top, above the list)', async () => {
    let failing = false;
    const list = (url: URL) => url.pathname === '/v1/journeys';
    await h.page.route(list, async (route: Route) => {
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
      await h.page.unroute(list);
    }
  });
});
