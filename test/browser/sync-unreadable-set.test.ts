// A component set with a warning on it in Figma (two variants with the same property values):
// Figma refuses to read its properties, and its instances', so no comparison can be made. The
// designer saw Figma's bare words ("in get_componentPropertyDefinitions: …") with no name, at
// every check. Now Sync names every component Figma would not read, the set to fix first, says
// what to look for, sends nothing, and compares as soon as the set is fixed.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { evaluateHooks, textOf, useHarness } from './support/playground-harness';
import { linkToEmptyDesignSystemAsync } from './support/sync-steps';

const h = useHarness();

/** Renames a Button variant in the file, as a designer would in Figma (a set-up, not a click in Envelope). */
const renameVariantAsync = (from: string, to: string) =>
  evaluateHooks(
    h.page,
    (hooks, [was, now]) =>
      hooks.inspect().run(() => {
        const variant = hooks.inspect().allNodes().find((node) => node.type === 'COMPONENT' && node.parent?.name === 'Button' && node.name === was)!;
        variant.name = now!;
      }),
    [from, to],
  );

describe('a component set Figma will not read', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`says which one and what to look for, sends nothing, and compares once it is fixed (${theme})`, async () => {
      await h.openFreshAsync(`?theme=${theme}`);
      await renameVariantAsync('Type=Ghost, Size=Large', 'Type=Ghost, Size=Small');
      const ui = await linkToEmptyDesignSystemAsync(h);

      const error = ui.getByTestId('sync-error');
      // The set to fix is named first, whichever component holding one of its instances was read before it, with what to change.
      await expect.poll(() => textOf(error), { timeout: 60_000 }).toMatch(
        /^The comparison did not finish: Figma could not read \d+ components, so nothing was compared or sent: the component set “Button”(, the component (set )?“[^”]+”)* and (the component (set )?“[^”]+”|\d+ more)\. Figma said: “in get_\w+: Component set for node has existing errors”\. Two variants of the component set “Button” have the same property values \(“Type=Ghost, Size=Small”\): give one of them other values in Figma, then try again\./,
      );
      expect(await ui.getByRole('button', { name: /^Sync \d/ }).filter({ hasNot: ui.getByTestId('nav-sync-badge') }).count()).toBe(0);
      await checkAxeAsync(ui, `sync with a component set Figma will not read, ${theme} theme`);
      // Nothing reached the builder.
      const pushes = await evaluateHooks(h.page, (hooks) => hooks.requests().filter((request) => request.method === 'POST' && request.url.endsWith('/sync')).length);
      expect(pushes).toBe(0);

      // Fixed in Figma: the next check compares, and every component is there to push.
      await renameVariantAsync('Type=Ghost, Size=Small', 'Type=Ghost, Size=Large');
      const retry = error.locator('..').getByRole('button', { name: 'Check again' });
      if (await retry.count()) await retry.click();
      await ui.getByRole('button', { name: /^Sync \d[\d,]* changes$/ }).waitFor({ timeout: 60_000 });
      expect(await ui.getByTestId('sync-error').count()).toBe(0);
    }, 180_000);
  }
});
