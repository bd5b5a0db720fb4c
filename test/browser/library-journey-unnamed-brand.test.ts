// A journey names its brand by its slug ("petal-pine"); the window finds the brand's name on the
// brand's own page. When that page cannot be read (the brand past the top ones, its page refused),
// the references placed from the journey were captioned, named and recorded with the slug, for
// good. Now each email placed is read for its brand's name, as a liked email's is.
import { describe, expect, it } from 'vitest';
import { openBrowseOnCurrentPageAsync, placedReferencesAsync } from './support/canvas-references';
import { readLibraryAsync, demoLibraryKeyAsync } from './support/library-read';
import { addRouteAsync } from './support/own-route';
import { evaluateHooks, textOf, useHarness } from './support/playground-harness';
import { shortPagesAsync } from './support/short-pages';

const h = useHarness();

describe('Browse › Journeys, a brand whose name cannot be read', () => {
  it('places the journey board named, and each reference captioned and recorded, with the brand’s name, not its slug', async () => {
    const key = await demoLibraryKeyAsync(h.emulator.libraryUrl);
    const read = <T>(path: string) => readLibraryAsync<T>(h.emulator.libraryUrl, path, key);
    const top = new Set((await read<{ data: Array<{ slug: string }> }>('/v1/brands?per_page=3')).data.map((brand) => brand.slug));
    const chosen = (await read<{ data: Array<{ brand_slug: string }> }>('/v1/journeys?per_page=50')).data.find((journey) => !top.has(journey.brand_slug))!;
    const name = (await read<{ data: { brand: { name: string } } }>(`/v1/brands/${chosen.brand_slug}?per_page=1`)).data.brand.name;
    expect(name).not.toBe(chosen.brand_slug);

    const ui = await openBrowseOnCurrentPageAsync(h, 'light');
    const stopShort = await shortPagesAsync(h.page, '/v1/brands', 3);
    const stopRefused = await addRouteAsync(
      h.page,
      (url) => url.pathname === `/v1/brands/${chosen.brand_slug}`,
      (route) => route.fulfill({ status: 503, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: JSON.stringify({ error: { code: 'unavailable', message: 'Try again later.' } }) }),
    );
    try {
      await ui.getByRole('button', { name: 'Journeys', exact: true }).click();
      await ui.getByRole('list', { name: 'Brands with a journey' }).getByRole('button', { name: new RegExp(`^${chosen.brand_slug}`) }).click();
      await ui.getByRole('heading', { name: `${chosen.brand_slug}: journey` }).waitFor({ timeout: 20_000 });
      await ui.getByRole('button', { name: 'Insert journey as board' }).click();
      await ui.getByTestId('insert-status').getByText(/^Placed the journey board/).waitFor({ timeout: 60_000 });
      // The board too is named by the brand, on the canvas and in the summary.
      expect(await textOf(ui.getByTestId('insert-status'))).toContain(`Placed the journey board “${name} — journey”`);
    } finally {
      await stopRefused();
      await stopShort();
    }
    const boards = await evaluateHooks(h.page, (hooks) =>
      hooks.inspect().run(() => hooks.inspect().allNodes().filter((node) => node.type === 'FRAME' && node.name.endsWith(' — journey')).map((node) => node.name)),
    );
    expect(boards).toEqual([`${name} — journey`]);
    const placed = await placedReferencesAsync(h.page);
    expect(placed.length).toBeGreaterThan(0);
    expect(placed.filter((reference) => !reference.name.startsWith(`${name} — `)).map((reference) => reference.name)).toEqual([]);
    expect(placed.filter((reference) => !(reference.caption?.text ?? '').includes(name)).map((reference) => reference.caption?.text)).toEqual([]);
    expect(placed.filter((reference) => (reference.record as { brandName?: string } | null)?.brandName !== name).map((reference) => reference.record)).toEqual([]);
  });
});
