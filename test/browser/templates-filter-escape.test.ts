// Templates: Escape in the filter empties it. A designer whose filter matched nothing ("0 of 4
// templates match “zzz”") pressed Escape and nothing happened: the list stayed empty until the
// words were selected and deleted. Now every template shows again, the count says so, and the
// keyboard stays in the filter.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();

describe('Templates: Escape in the filter', () => {
  it('empties a filter that matched nothing: every template shows again', async () => {
    await h.openFreshAsync('?command=templates&theme=dark&demo-keys=1');
    const ui = await h.uiFrameAsync();
    const list = ui.getByRole('list', { name: 'Templates in the workspace' });
    await list.waitFor({ timeout: 20_000 });
    const count = await list.getByRole('listitem').count();
    const filter = ui.getByRole('textbox', { name: 'Filter by name' });
    await filter.fill('zzz');
    await expect.poll(() => textOf(ui.getByText(/templates match “zzz”/))).toBe(`0 of ${count} templates match “zzz”.`);

    await filter.press('Escape');
    expect(await filter.inputValue()).toBe('');
    await expect.poll(() => list.getByRole('listitem').count()).toBe(count);
    expect(await textOf(ui.getByText(/templates in the workspace\.$/))).toBe(`${count} templates in the workspace.`);
    expect(await ui.evaluate(() => document.activeElement?.id)).toBe('templates-filter');
    await checkAxeAsync(ui, 'the filter emptied with Escape');
  });
});
