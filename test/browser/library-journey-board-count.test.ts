// A journey's "Insert journey as board" places only the emails shown in each stage (3 by default),
// not the journey's every email: designers learned it only from the summary after placing. Now a
// line by the button, read with it, says how many it places and of how many; the board placed
// holds that many references.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { openBrowseOnCurrentPageAsync } from './support/canvas-references';
import { readLibraryAsync } from './support/library-read';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';

const h = useHarness();

interface JourneyAnswer {
  data: { stages: Array<{ email_count: number; emails: Array<{ id: number }> }> };
}

const libraryAsync = <T>(path: string) => readLibraryAsync<T>(h.emulator.libraryUrl, path);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A journey with more emails than 3 per stage shows: its brand's name, and how many it shows and has. */
async function journeyWithMoreAsync(): Promise<{ name: string; shown: number; total: number }> {
  const { data: journeys } = await libraryAsync<{ data: Array<{ brand_slug: string }> }>('/v1/journeys?per_page=50');
  for (const { brand_slug: slug } of journeys) {
    const { stages } = (await libraryAsync<JourneyAnswer>(`/v1/journeys/${slug}?emails_per_stage=3`)).data;
    const shown = stages.reduce((sum, stage) => sum + stage.emails.length, 0);
    const total = stages.reduce((sum, stage) => sum + stage.email_count, 0);
    if (total > shown) return { name: (await libraryAsync<{ data: { brand: { name: string } } }>(`/v1/brands/${slug}?per_page=1`)).data.brand.name, shown, total };
  }
  throw new Error('No journey in the emulator has more emails than 3 per stage shows');
}

describe.each(['light', 'dark'] as const)('Insert journey as board (%s theme)', (theme) => {
  it('says by the button how many emails it places, of the journey’s, and places that many', async () => {
    const { name, shown, total } = await journeyWithMoreAsync();
    const ui = await openBrowseOnCurrentPageAsync(h, theme);
    await ui.getByRole('button', { name: 'Journeys', exact: true }).click();
    await ui.getByRole('list', { name: 'Brands with a journey' }).getByRole('button', { name: new RegExp(`^${escapeRegExp(name)}`) }).click();
    await ui.getByRole('heading', { name: `${name}: journey` }).waitFor({ timeout: 10_000 });
    const said = `Places the ${shown} emails shown here, of the journey’s ${total}: a column for each stage.`;
    await expect.poll(() => textOf(ui.getByTestId('journey-board-places')), { timeout: 10_000 }).toBe(said);
    const insert = ui.getByRole('button', { name: 'Insert journey as board' });
    // Read with the button, by a screen reader too.
    expect(await insert.evaluate((button) => (button.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent?.trim() ?? '').join(' '))).toBe(said);
    await checkAxeAsync(ui, `a journey, what its board places said, ${theme}`);
    await insert.click();
    await expect.poll(() => textOf(ui.getByTestId('insert-status')), { timeout: 90_000 }).toMatch(/^Placed the journey board /);
    // The board holds as many references as it said.
    const placed = await evaluateHooks(
      h.page,
      (hooks, title) =>
        hooks.inspect().run(() => {
          const frame = hooks.inspect().allNodes().find((node) => node.type === 'FRAME' && node.name === title) as FrameNode;
          return hooks.inspect().children(frame).filter((child) => child.type === 'FRAME' && (child as FrameNode).getPluginData('reference') !== '').length;
        }),
      `${name} — journey`,
    );
    expect(placed).toBe(shown);
  });
});
