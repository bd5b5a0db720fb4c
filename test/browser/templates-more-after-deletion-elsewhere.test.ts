// Templates: Show more after a teammate deleted a template from the pages read. The builder's
// pages then start one template later: the template that was first on the next page slid onto
// the page read already, and Show more skipped it (the list ended without it, and a filter typed
// for it found nothing). Now a page read with fewer templates counted than before has the page
// before it read again, and the template that slid is shown where it belongs.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { evaluateHooks, textOf, useHarness } from './support/playground-harness';
import { addRouteAsync } from './support/own-route';
import { builderAsync, builderControlAsync } from './support/templates-steps';

const h = useHarness();

/** Two pages of the list (50 each) and one template more. */
const TEMPLATES = 101;

/**
 * The Templates screen in `theme` over a workspace of TEMPLATES, its first two pages shown; then a
 * teammate deletes the newest, so the oldest slides onto page 2, read already.
 */
async function oldestSlidAsync(theme: 'light' | 'dark') {
  // The emulator's seed (opening fresh starts from it); then another integration fills the
  // workspace, a second apart, newest first, and the person runs the plugin again to see them.
  await h.openFreshAsync(`?command=templates&theme=${theme}&demo-keys=1`);
  for (let total = (await builderAsync(h, '/templates?per_page=1')).meta.total; total < TEMPLATES; total++) {
    await builderControlAsync(h, 'clock', { advance_seconds: 1 });
    expect((await builderAsync(h, '/templates', 'POST', { name: `Campaign ${total}` })).status).toBe(201);
  }
  const oldest = (await builderAsync<Array<{ id: string; name: string }>>(h, '/templates?page=3&per_page=50')).data;
  expect(oldest).toHaveLength(1);
  const newest = (await builderAsync<Array<{ id: string; name: string }>>(h, '/templates?per_page=1')).data[0]!;

  await evaluateHooks(h.page, (hooks) => hooks.relaunchAsync());
  const ui = await h.uiFrameAsync();
  const region = ui.getByRole('region', { name: 'Templates in the workspace' });
  const rows = region.getByRole('list', { name: 'Templates in the workspace' }).getByRole('listitem');
  const more = region.getByRole('button', { name: 'Show more' });
  await more.waitFor({ timeout: 20_000 });
  await more.click();
  await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(100);

  // A teammate deletes the newest, on page 1: the oldest is now last on page 2, read already.
  expect((await builderAsync(h, `/templates/${newest.id}`, 'DELETE')).status).toBe(204);
  return { ui, region, rows, more, oldestName: oldest[0]!.name };
}

/** The oldest is shown once, last, with every other template once, and the keyboard on it. */
async function oldestShownAsync({ ui, region, rows, oldestName }: Awaited<ReturnType<typeof oldestSlidAsync>>) {
  await expect.poll(() => region.getByText(oldestName, { exact: true }).count(), { timeout: 20_000 }).toBe(1);
  await expect.poll(() => ui.getByText('Reading the templates…').count(), { timeout: 20_000 }).toBe(0);
  expect(await region.getByRole('button', { name: 'Show more' }).count()).toBe(0);
  // Each template once, the oldest last.
  const names = await rows.locator('strong').allTextContents();
  expect(new Set(names).size).toBe(names.length);
  expect(names.at(-1)).toBe(oldestName);
  expect(await textOf(region)).toContain(`${TEMPLATES - 1} templates in the workspace.`);
  await expect.poll(() => ui.evaluate(() => document.activeElement?.getAttribute('aria-label')), { timeout: 10_000 }).toBe(`Open “${oldestName}”`);
}

describe('Templates: Show more after a deletion elsewhere', () => {
  it('shows the template that slid onto a page read already, the keyboard on it (light)', async () => {
    const slid = await oldestSlidAsync('light');
    // Pressed from the keyboard: the keyboard goes on at the template it brought, once the page before was read again.
    await slid.more.focus();
    await h.page.keyboard.press('Enter');
    await oldestShownAsync(slid);
    await checkAxeAsync(slid.ui, 'Templates, Show more after a deletion elsewhere, light');
  }, 90_000);

  it('when reading the page before again fails, Try again reads it again and the keyboard goes on at the template it brought (dark)', async () => {
    const slid = await oldestSlidAsync('dark');
    // Page 2 read again is refused (the builder down for a moment) until the designer tries again.
    const stopAsync = await addRouteAsync(
      h.page,
      (url) => url.origin === new URL(h.emulator.builderUrl).origin && url.pathname === '/api/templates' && url.searchParams.get('page') === '2',
      (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'unavailable', message: 'Down for maintenance.' }) }),
    );
    await slid.more.focus();
    await h.page.keyboard.press('Enter');
    const tryAgain = slid.region.getByRole('button', { name: 'Try again' });
    await tryAgain.waitFor({ timeout: 60_000 });
    // The list stands where it stood, the oldest not shown yet, and the keyboard waits on Try again.
    expect(await slid.rows.count()).toBe(100);
    expect(await slid.region.getByText(slid.oldestName, { exact: true }).count()).toBe(0);
    await expect.poll(() => slid.ui.evaluate(() => document.activeElement?.textContent?.trim()), { timeout: 10_000 }).toBe('Try again');
    await checkAxeAsync(slid.ui, 'Templates, the page before failed to read again, dark');
    await stopAsync();
    await h.page.keyboard.press('Enter');
    await oldestShownAsync(slid);
  }, 120_000);
});
