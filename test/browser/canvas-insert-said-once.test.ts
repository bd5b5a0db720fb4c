// The insert bar's live region: while several emails are placed it says each one once, and its
// words alone. It said "Placing 1 of 3 on the canvas…" before naming the first, and "Placing 3 of 3
// on the canvas…" again, nameless, after the last, each read out as news; and its button was in the
// region, so "Cancel" and then "Dismiss" were read out with every line. The real dist/ui.html in the playground.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { openBrowseOnCurrentPageAsync, placedReferencesAsync } from './support/canvas-references';
import { watchStatusRegionsAsync } from './support/status-regions';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();

describe('Insert 3: what the bar says while placing', () => {
  it('names each email once, then the summary, without the button’s word (dark theme, clean under axe)', async () => {
    const ui = await openBrowseOnCurrentPageAsync(h, 'dark');
    const cards = ui.getByRole('list', { name: 'Emails' }).getByRole('listitem');
    await cards.first().waitFor();
    for (let index = 0; index < 3; index++) await cards.nth(index).getByRole('checkbox').check();
    const regions = await watchStatusRegionsAsync(ui);
    await ui.getByRole('button', { name: 'Insert 3' }).click();
    const status = ui.getByTestId('insert-status');
    await expect.poll(() => textOf(status.locator('.insert-text')), { timeout: 90_000 }).toBe('Placed 3 references on the canvas.');
    expect(await placedReferencesAsync(h.page)).toHaveLength(3);
    // What the insert bar's region said, in order.
    const said = (await regions.said()).filter((text) => /^(Placing|Placed)/.test(text));
    expect(said).toHaveLength(4);
    expect(said.slice(0, 3).map((text) => text.replace(/: .*/, ''))).toEqual(['Placing 1 of 3 on the canvas', 'Placing 2 of 3 on the canvas', 'Placing 3 of 3 on the canvas']);
    for (const line of said.slice(0, 3)) expect(line).toMatch(/^Placing \d of 3 on the canvas: .+ — .+…$/);
    expect(said[3]).toBe('Placed 3 references on the canvas.');
    await checkAxeAsync(ui, 'Browse, three emails placed, dark');
    // The button is beside the words, not in what is said: Dismiss still closes the bar.
    await status.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => status.getByRole('button').count()).toBe(0);
  });
});
