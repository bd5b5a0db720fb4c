// Templates: Rename and Delete replace the row's buttons with a form or a confirmation, and the
// keyboard moves to its field or button. It moved after the window had drawn the row without the
// pressed button: for that moment the focus was on the page's body (a screen reader heard the
// document, and a key typed then went nowhere). Backing out gave it back the same way. Driven by
// the keyboard; a watch in the window notes where the focus is each time the row's content changes.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { useHarness } from './support/playground-harness';
import { focusSeenAsync, watchFocusAsync } from './support/focus-watch';

const h = useHarness();

/** Where the focus is: the page body, or the focused control's name. */
const focusedAsync = (ui: Frame) =>
  ui.evaluate(() => {
    const active = document.activeElement;
    if (active === null || active === document.body) return 'the page';
    return active instanceof HTMLInputElement ? `field ${active.labels?.[0]?.textContent ?? ''}` : (active.getAttribute('aria-label') ?? active.textContent ?? '');
  });

describe('Templates: a row’s form and confirmation take the focus with no moment on the page', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`Rename, Escape, Delete and Keep it: the focus goes from button to field and back, never through the page (${theme})`, async () => {
      await h.openFreshAsync(`?command=templates&theme=${theme}&demo-keys=1`);
      const ui = await h.uiFrameAsync();
      const list = ui.getByRole('list', { name: 'Templates in the workspace' });
      await list.waitFor({ timeout: 20_000 });
      const row = list.getByRole('listitem').filter({ has: ui.getByText('Welcome email', { exact: true }) });
      await row.getByRole('button', { name: 'Rename “Welcome email”' }).focus();
      await watchFocusAsync(ui);

      await h.page.keyboard.press('Enter');
      await expect.poll(() => focusedAsync(ui)).toBe('field New name');
      await checkAxeAsync(ui, `Templates, a row's rename form (${theme})`);
      await h.page.keyboard.press('Escape');
      await expect.poll(() => focusedAsync(ui)).toBe('Rename “Welcome email”');
      await h.page.keyboard.press('Tab');
      expect(await focusedAsync(ui)).toBe('Delete “Welcome email”');
      await h.page.keyboard.press('Enter');
      await expect.poll(() => focusedAsync(ui)).toBe('Delete “Welcome email”');
      expect(await row.getByRole('group', { name: 'Delete “Welcome email”?' }).count()).toBe(1);
      await h.page.keyboard.press('Tab');
      expect(await focusedAsync(ui)).toBe('Keep it');
      await h.page.keyboard.press('Enter');
      await expect.poll(() => row.getByRole('group', { name: 'Delete “Welcome email”?' }).count()).toBe(0);
      await expect.poll(() => focusedAsync(ui)).toBe('Delete “Welcome email”');

      const seen = await focusSeenAsync(ui);
      // The row changed four times (form, back, confirmation, back): each was seen.
      expect(seen.length).toBeGreaterThanOrEqual(4);
      expect(seen.filter((place) => place === 'the page')).toEqual([]);
    });
  }
});
