// Sync: a deletion whose detail is open becomes the replaced pair when Check again pairs it with a
// component re-created under its name. The list showed one "Replaced" row, but the open detail went
// on as "Deleted here" with the old key's tick alone and no Keep them apart: ticking there left the
// pair half-chosen.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { evaluateHooks, textOf, useHarness } from './support/playground-harness';
import { linkToEmptyDesignSystemAsync, syncEverythingAsync } from './support/sync-steps';

const h = useHarness();

/** The key of the file's top-level component named `name` (a fixture read of the fake document). */
function componentKeyAsync(name: string): Promise<string> {
  return evaluateHooks(h.page, (hooks, wanted) => (hooks.inspect().allNodes().find((node) => node.type === 'COMPONENT' && node.name === wanted && node.parent?.type !== 'COMPONENT_SET') as ComponentNode).key, name);
}

describe('Sync: an open deletion paired by Check again', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`shows the replaced pair, its two keys and Keep them apart (${theme})`, async () => {
      await h.openFreshAsync(`?theme=${theme}`);
      const ui = await linkToEmptyDesignSystemAsync(h);
      await syncEverythingAsync(ui);
      const oldKey = await componentKeyAsync('Footer');
      // Fixture steps (the playground has no control for deleting and drawing a component): deleted first.
      await evaluateHooks(h.page, (hooks) =>
        hooks.inspect().run(() => {
          (hooks.inspect().allNodes().find((node) => node.type === 'COMPONENT' && node.name === 'Footer' && node.parent?.type !== 'COMPONENT_SET') as ComponentNode).remove();
        }),
      );
      await ui.getByRole('button', { name: 'Check again' }).click();
      const row = ui.getByTestId('sync-row').filter({ hasText: 'Footer' });
      await row.waitFor({ timeout: 30_000 });
      await row.click();
      const detail = ui.getByTestId('sync-detail');
      await detail.waitFor();
      expect(await ui.getByTestId('sync-replaced').count()).toBe(0);

      // Then drawn again under the same name, while its detail is open.
      await evaluateHooks(h.page, (hooks) =>
        hooks.inspect().run(() => {
          const page = hooks.fake().figma.currentPage;
          const fresh = hooks.fake().figma.createComponent();
          fresh.name = 'Footer';
          fresh.resize(600, 80);
          page.appendChild(fresh);
        }),
      );
      const newKey = await componentKeyAsync('Footer');
      await ui.getByRole('button', { name: 'Check again' }).click();
      await expect.poll(() => textOf(ui.getByTestId('sync-replaced')), { timeout: 30_000 }).toContain(`Old key ${oldKey} → new key ${newKey}`);
      expect(await detail.getByRole('button', { name: 'Keep them apart' }).count()).toBe(1);
      await checkAxeAsync(ui, `Sync, an open deletion paired by Check again, ${theme}`);
    });
  }
});
