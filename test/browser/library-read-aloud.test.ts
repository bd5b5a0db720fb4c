// What a screen reader meets in Journeys, Me and Brand requests: a list that could not be read is
// no list (it said "list, 0 items" before the notice), and a request's date and status are
// separate parts (it read "Requested 30 Nov Queued."). An email loading or failed has a heading
// (it had none: the article had no name, its headings nothing to go to). The real dist/ui.html in the playground
// against the library emulator, by roles and labels; the library's refusals set by routes.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness } from './support/playground-harness';
import { openBrowseAsync, refusedAnswer, sectionButton } from './support/browse-steps';
import { addRouteAsync } from './support/own-route';
import { holdRequestsAsync } from './support/hold-requests';
import { parseEmulatorState } from '../playground/page/emulator-link';
import { checkAxeAsync } from './support/a11y-checks';

const h = useHarness();

/** Browse (in `theme`) with the library refusing every request whose path starts with `path`, until the returned stop. */
async function refusingAsync(path: string, theme: 'light' | 'dark' = 'light'): Promise<{ ui: Frame; stopAsync: () => Promise<void> }> {
  const stopAsync = await addRouteAsync(h.page, (url) => url.pathname.startsWith(path), (route) => route.fulfill(refusedAnswer));
  try {
    return { ui: await openBrowseAsync(h, theme), stopAsync };
  } catch (error) {
    await stopAsync();
    throw error;
  }
}

describe('A list that could not be read: the notice, and no empty list before it', () => {
  it('Journeys (dark)', async () => {
    const { ui, stopAsync } = await refusingAsync('/v1/journeys', 'dark');
    try {
      await sectionButton(ui, 'Journeys').click();
      const journeys = ui.getByRole('region', { name: 'Journeys' });
      await journeys.getByTestId('library-problem').waitFor({ timeout: 10_000 });
      expect(await journeys.getByRole('list').count()).toBe(0);
      await checkAxeAsync(ui, 'Journeys could not be read, dark');
    } finally {
      await stopAsync();
    }
  });

  it('Me: Following (both its lists), Likes and Collections', async () => {
    const { ui, stopAsync } = await refusingAsync('/v1/me/');
    try {
      await sectionButton(ui, 'Me').click();
      const me = ui.getByRole('region', { name: 'Me' });
      const show = me.getByRole('group', { name: 'Show' });
      for (const part of ['Following', 'Likes', 'Collections']) {
        await show.getByRole('button', { name: part }).click();
        await me.getByTestId('library-problem').first().waitFor({ timeout: 10_000 });
        expect(await me.getByRole('list').count(), part).toBe(0);
      }
      await checkAxeAsync(ui, 'Me’s collections could not be read');
    } finally {
      await stopAsync();
    }
  });
});

describe('Brand requests: a request’s row', () => {
  it('reads its brand and date, then its status, as separate parts', async () => {
    const ui = await openBrowseAsync(h);
    const state = parseEmulatorState(await (await fetch(`${h.emulator.libraryUrl}/_emulator/state`)).json());
    const made = await fetch(`${h.emulator.libraryUrl}/v1/brand-requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${state.library.keys.demo}` },
      body: JSON.stringify({ brand: 'Quayside Linen', website: 'quaysidelinen.com' }),
    });
    expect(made.status).toBe(201);
    await sectionButton(ui, 'Requests').click();
    const row = ui.getByRole('list', { name: 'My requests' }).getByRole('listitem').filter({ hasText: 'Quayside Linen' });
    await row.waitFor({ timeout: 10_000 });
    // Each part its own paragraph: a screen reader stops between them.
    const parts = await row.getByRole('paragraph').allTextContents();
    expect(parts).toHaveLength(2);
    expect(parts[0]).toMatch(/^Quayside Linen quaysidelinen\.com · Requested \d+ \w+$/);
    expect(parts[1]!.trim()).toMatch(/^Queued\./);
  });
});

/** One email's answer (not the search's). */
const oneEmail = (url: URL) => /^\/v1\/emails\/\d+$/.test(url.pathname);

describe('An email, before it shows', () => {
  it('is headed “Email” while it loads (dark), and when it could not be read', async () => {
    const ui = await openBrowseAsync(h, 'dark');
    const held = await holdRequestsAsync(h.page, h.emulator.libraryUrl, oneEmail);
    try {
      await ui.getByRole('list', { name: 'Emails' }).getByRole('button').first().click();
      await expect.poll(() => held.count(), { timeout: 10_000 }).toBe(1);
      await ui.getByRole('article', { name: 'Email' }).getByRole('heading', { level: 2, name: 'Email', exact: true }).waitFor({ timeout: 10_000 });
      await checkAxeAsync(ui, 'an email loading, dark');
    } finally {
      await held.releaseAsync();
    }
    await ui.getByRole('article').getByTestId('email-attribution').waitFor({ timeout: 10_000 });
    await h.page.keyboard.press('Escape');
    const stopAsync = await addRouteAsync(h.page, oneEmail, (route) => route.fulfill(refusedAnswer));
    try {
      await ui.getByRole('list', { name: 'Emails' }).getByRole('button').nth(1).click();
      const article = ui.getByRole('article', { name: 'Email' });
      await article.getByTestId('library-problem').waitFor({ timeout: 10_000 });
      expect(await article.getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Email']);
    } finally {
      await stopAsync();
    }
  });
});
