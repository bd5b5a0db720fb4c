// A conflict's "What changed" table at the window's default width (400 px): who changed their
// version must be readable, not cut to "Theirs by Robin Val…". Driven through the playground:
// a sync, an edit here and a teammate's edit in the builder emulator, then the conflict opened.
import type { Frame } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolationsAsync } from './support/axe';
import { linkToEmptyDesignSystemAsync } from './support/sync-steps';
import { evaluateHooks, startHarnessAsync, textOf, type Harness } from './support/playground-harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarnessAsync();
});

afterAll(async () => {
  await h?.closeAsync();
});

/** Synced; then Hero's text changed here and its description by a teammate in the builder app; the conflict opened. */
async function heroConflictOpenAsync(ui: Frame): Promise<void> {
  await ui.getByRole('button', { name: /^Sync \d[\d,]* changes?$/ }).click();
  await expect.poll(() => textOf(ui.getByTestId('sync-outcome')), { timeout: 30_000 }).toMatch(/^Sync done/);
  await h.page.getByRole('combobox', { name: /^Component/ }).selectOption({ label: 'Hero' });
  await h.page.getByRole('textbox', { name: /^Text/ }).fill('Mine');
  await h.page.getByRole('button', { name: 'Change text' }).click();
  const heroKey = await evaluateHooks(h.page, (hooks) =>
    hooks.inspect().run(() => (hooks.inspect().allNodes().find((node) => node.type === 'COMPONENT' && node.name === 'Hero') as ComponentNode).key),
  );
  const edited = await fetch(`${h.emulator.builderUrl}/_emulator/design-systems/ds_empty/remote-edit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key: heroKey, description: 'Theirs' }),
  });
  expect(edited.ok).toBe(true);
  await ui.getByRole('button', { name: 'Check again' }).click();
  await ui.getByRole('button', { name: 'Conflicts 1' }).waitFor({ timeout: 15_000 });
  await ui.getByTestId('sync-row').filter({ hasText: 'Hero' }).click();
}

describe('a conflict’s “What changed” table at the default width', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`says in full who changed their version, nothing in its heads cut (“Theirs by Robin Val…”), ${theme}`, async () => {
      await h.openFreshAsync(`?theme=${theme}`);
      const ui = await linkToEmptyDesignSystemAsync(h);
      expect(await ui.evaluate(() => window.innerWidth)).toBe(400);
      await heroConflictOpenAsync(ui);
      const changes = ui.getByRole('region', { name: 'What changed' });
      const table = changes.getByRole('table');
      await table.getByRole('columnheader', { name: 'Theirs (design system), by Robin Vale (builder app)' }).waitFor({ timeout: 15_000 });
      // What a person sees of each column head (not the words for screen readers only): none cut with an ellipsis.
      const cut = await table.locator('thead th').evaluateAll((heads) =>
        heads.flatMap((head) =>
          [...head.querySelectorAll<HTMLElement>('*')]
            .filter((part) => !part.classList.contains('visually-hidden') && part.checkVisibility() && part.scrollWidth > part.clientWidth)
            .map((part) => part.textContent),
        ),
      );
      expect(cut).toEqual([]);
      // The teammate's name is read in the part, whole and in sight.
      const named = changes.getByText(/^Theirs: changed by Robin Vale \(builder app\)$/);
      await expect.poll(() => named.count()).toBe(1);
      expect(await named.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      expect(await axeViolationsAsync(ui)).toEqual([]);
    }, 120_000);
  }
});
