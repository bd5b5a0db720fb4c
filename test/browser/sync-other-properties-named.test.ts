// A row whose only chip was "other properties" made a designer open it to learn what changed:
// the opacity? the corner radius? The row's quiet line, its chip's title, the detail and the
// copied summary now name them, in a designer's words. A screen reader heard them twice (the row's
// hidden "Changed: …" and its quiet line): now once.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { evaluateHooks, textOf, useHarness } from './support/playground-harness';
import { linkToEmptyDesignSystemAsync, subLineShowsWholeAsync, syncEverythingAsync } from './support/sync-steps';

const h = useHarness();

describe('a change of properties no chip names', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`says which on the row, in the detail and in the copied summary (${theme})`, async () => {
      await h.openFreshAsync(`?theme=${theme}`);
      const ui = await linkToEmptyDesignSystemAsync(h);
      await syncEverythingAsync(ui);
      // A fixture step: the playground's controls change no opacity or corner radius.
      await evaluateHooks(h.page, (hooks) =>
        hooks.inspect().run(() => {
          const header = hooks.inspect().allNodes().find((node) => node.type === 'COMPONENT' && node.name === 'Header') as ComponentNode;
          header.opacity = 0.5;
          header.cornerRadius = 12;
        }),
      );
      await ui.getByRole('button', { name: 'Check again' }).click();

      const header = ui.getByTestId('sync-row').filter({ hasText: 'Header' });
      await expect.poll(() => textOf(header.getByTestId('sync-row-chips')), { timeout: 15_000 }).toBe('other properties');
      expect(await textOf(header.locator('.sync-sub'))).toBe('Other: opacity, corner radius · Will be pushed');
      expect(await header.locator('.sync-sub').getAttribute('title')).toBe('Other properties (opacity, corner radius)');
      expect(await header.locator('.sync-tag', { hasText: 'other properties' }).getAttribute('title')).toBe('other properties (opacity, corner radius)');
      // Whole in the narrowest window (320 px), before the choice gives way.
      await ui.getByTestId('resize-handle').focus();
      for (let step = 0; step < 3; step++) await h.page.keyboard.press('Shift+ArrowLeft');
      await expect.poll(() => ui.evaluate(() => window.innerWidth)).toBe(320);
      expect(await subLineShowsWholeAsync(header, 'Other: opacity, corner radius')).toBe(true);
      // Screen readers hear it with the row's name, once: the quiet line's "Other: …" is not said again.
      const heard = await header.getByRole('gridcell').nth(1).ariaSnapshot();
      expect(heard).toContain('Changed: other properties (opacity, corner radius)');
      expect(heard.split('opacity, corner radius').length - 1).toBe(1);
      expect(heard).toContain('Will be pushed');
      await checkAxeAsync(ui, `the Sync list, a row naming its other properties (${theme})`);

      await header.click();
      await expect.poll(() => textOf(ui.getByTestId('sync-detail').getByText(/^Changed: /))).toBe('Changed: other properties (opacity, corner radius)');
      await ui.getByRole('button', { name: '← Back to the list' }).click();

      await h.context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await ui.getByRole('button', { name: 'Copy summary' }).click();
      await expect.poll(() => textOf(ui.getByTestId('sync-copy-message'))).toMatch(/copied/);
      const copied = await h.page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toContain('- Header [other properties (opacity, corner radius)] (will be pushed)');
    });
  }
});
