// The bar that says what was placed on the canvas is Browse's: a designer who goes on to Sync,
// Templates or Settings does not see it there (it stayed on every screen until dismissed), and
// finds it again on coming back to Browse. The real dist/ui.html in the playground against the
// library emulator, by roles and labels.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { openBrowseOnCurrentPageAsync, placedReferencesAsync } from './support/canvas-references';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();

describe('Browse: what was placed on the canvas', () => {
  it('is said in Browse only, and still there on coming back to Browse', async () => {
    const ui = await openBrowseOnCurrentPageAsync(h);
    await ui.getByRole('list', { name: 'Emails' }).getByRole('listitem').first().getByRole('button').first().click();
    await ui.getByRole('button', { name: 'Insert on canvas' }).click();
    const status = ui.getByTestId('insert-status');
    await expect.poll(() => textOf(status), { timeout: 60_000 }).toMatch(/^Placed/);
    expect(await placedReferencesAsync(h.page)).toHaveLength(1);
    const summary = (await textOf(status.locator('p')))!;
    const dismiss = status.getByRole('button', { name: 'Dismiss' });
    // Its live region is watched: emptied while away and filled again on coming back, the summary was said a second time.
    await ui.evaluate(() => {
      const watched = window as unknown as { liveChanges: number };
      watched.liveChanges = 0;
      new MutationObserver(() => watched.liveChanges++).observe(document.querySelector('[data-testid="insert-status"] [role="status"]')!, { subtree: true, childList: true, characterData: true });
    });

    for (const screen of ['sync', 'templates', 'settings'] as const) {
      await ui.getByTestId(`nav-${screen}`).click();
      await ui.getByTestId('screen-browse').waitFor({ state: 'hidden' });
      await expect.poll(() => ui.getByTestId(`nav-${screen}`).getAttribute('aria-current')).toBe('page');
      // Neither seen nor heard there.
      expect(await ui.getByText(summary).isVisible()).toBe(false);
      expect(await dismiss.isVisible()).toBe(false);
    }

    await ui.getByTestId('nav-browse').click();
    await expect.poll(() => ui.getByText(summary).isVisible()).toBe(true);
    expect(await dismiss.isVisible()).toBe(true);
    expect(await ui.evaluate(() => (window as unknown as { liveChanges: number }).liveChanges)).toBe(0);
    await checkAxeAsync(ui, 'Browse, what was placed, after a look at Settings');
    await dismiss.click();
    expect(await ui.getByText(summary).isVisible()).toBe(false);
  });
});
