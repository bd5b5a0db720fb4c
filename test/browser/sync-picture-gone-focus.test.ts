// The open component's picture gone after a check (a teammate edits it, and Figma cannot draw the new
// version), through the playground: the keyboard that was on the Swipe slider, or on a mode's
// button, stays in the detail, on the pictures' heading "How it looks", whose words say why there is
// one picture and why it is side by side; Escape goes on from there. The controls went with the
// picture and the keyboard fell to the page, where Escape did nothing.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync, focusedAsync } from './support/a11y-checks';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';
import { headerFillChangedDetailAsync, linkToEmptyDesignSystemAsync, swipeSliderMovedAsync } from './support/sync-steps';

const h = useHarness();

/**
 * A teammate, in this file, changes Header's fill and `other`'s description (one more row: the
 * screen checks again by itself). `drawn`: whether Figma can draw Header (the fault: its export fails).
 */
async function teammateEditsHeaderAsync(green: number, other: string, drawn: boolean): Promise<void> {
  await evaluateHooks(
    h.page,
    (hooks, edit) => {
      const fake = hooks.fake();
      const named = (name: string) => fake.inspect.allNodes().find((node) => node.type === 'COMPONENT' && node.name === name) as ComponentNode;
      const header = named('Header');
      if (edit.drawn) delete (header as unknown as Record<string, unknown>).exportAsync;
      else Object.defineProperty(header, 'exportAsync', { configurable: true, value: () => Promise.reject(new Error('Failed to render')) });
      fake.remoteEdit(() => {
        header.fills = [{ type: 'SOLID', color: { r: 0, g: edit.green, b: 0.3 } }];
        named(edit.other).description = `Words from a teammate (${edit.green}).`;
      });
    },
    { green, other, drawn },
  );
}

const WHY = 'No picture of this file’s version: Figma could not draw it, or it is no longer in this file. Overlay, Swipe and Difference need both pictures: only side by side is shown.';

async function expectKeptOnHeadingAsync(ui: Frame): Promise<void> {
  const why = ui.getByTestId('sync-pictures-why');
  await expect.poll(() => textOf(why), { timeout: 30_000 }).toBe(WHY);
  expect(await focusedAsync(ui)).toBe('h3 How it looks');
  // A screen reader hears the words with the heading.
  const heading = ui.getByTestId('sync-detail').getByRole('heading', { name: 'How it looks' });
  expect(await heading.evaluate((element) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent)).toBe(WHY);
}

describe('the open component’s picture gone after a check', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`keeps the keyboard in the detail, on “How it looks”, saying why, from the Swipe slider and from a mode’s button, ${theme}`, async () => {
      await h.openFreshAsync(`?theme=${theme}`);
      const ui = await linkToEmptyDesignSystemAsync(h);
      const modes = await headerFillChangedDetailAsync(h, ui);
      await swipeSliderMovedAsync(h.page, ui, modes);

      // Edited by a teammate, Header cannot be drawn: the check brings no "after" picture.
      await teammateEditsHeaderAsync(0.6, 'Footer', false);
      await expectKeptOnHeadingAsync(ui);
      await checkAxeAsync(ui, `the detail with one picture, the keyboard on its heading, ${theme}`);

      // Drawn again: the modes come back; from Overlay's button (Tab from the heading), the same.
      await teammateEditsHeaderAsync(0.2, 'Hero', true);
      await modes.waitFor({ timeout: 30_000 });
      await ui.getByTestId('sync-pictures-why').waitFor({ state: 'detached' });
      await ui.getByTestId('sync-detail').getByRole('heading', { name: 'How it looks' }).focus();
      await h.page.keyboard.press('Tab');
      await h.page.keyboard.press('Tab');
      expect(await focusedAsync(ui)).toBe('button Overlay');
      await teammateEditsHeaderAsync(0.9, 'Icon/Heart', false);
      await expectKeptOnHeadingAsync(ui);

      // The keyboard goes on from there: Escape is the detail's, back to the list.
      await h.page.keyboard.press('Escape');
      await ui.getByRole('grid', { name: 'Components that differ' }).waitFor();
      expect(await ui.getByTestId('sync-detail').count()).toBe(0);
    }, 180_000);
  }
});
