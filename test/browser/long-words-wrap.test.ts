// What Templates, Settings and the welcome screen say of a name or id typed as one long word (a
// frame named SPRING_SALE_…, a design system id) wraps inside the smallest window. It ran past the
// right edge: the whole screen scrolled sideways, and the end of the sentence was out of sight.
import type { Frame, Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { smallestWindowAsync } from './support/window-steps';
import { textOf, useHarness } from './support/playground-harness';
import { selectLayerAsync } from './support/templates-steps';
import { DEMO_EMAIL_NAME } from '../fixtures/demo-document';

const h = useHarness();
const TEMPLATE_NAME = 'SPRING_SALE_2026_NEWSLETTER_EU_DE_FINAL_V3_APPROVED';
const DESIGN_SYSTEM_ID = 'ds_northwind_email_design_system_production_2026_eu';

/** How far the text runs past its box, and the screen past the window (0 and 0: all of it in sight). */
async function runsPastAsync(ui: Frame, text: Locator): Promise<[number, number]> {
  const own = await text.evaluate((element) => element.scrollWidth - element.clientWidth);
  const screen = await ui.getByRole('main').evaluate((element) => element.scrollWidth - element.clientWidth);
  return [own, screen];
}

describe('a long word typed as a name or an id', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`wraps in what Templates, Settings and the welcome screen say, in the smallest window (${theme})`, async () => {
      await h.openFreshAsync(`?command=templates&theme=${theme}&demo-keys=1`);
      const ui = await h.uiFrameAsync();
      await ui.getByRole('list', { name: 'Templates in the workspace' }).waitFor({ timeout: 20_000 });
      await smallestWindowAsync(h.page, ui);

      // Templates: the frame saved under a name of one long word.
      await selectLayerAsync(h.page, 'Emails', DEMO_EMAIL_NAME);
      const name = ui.getByLabel('Template name');
      await expect.poll(() => name.inputValue(), { timeout: 10_000 }).toBe(DEMO_EMAIL_NAME);
      await name.fill(TEMPLATE_NAME);
      await ui.getByRole('button', { name: 'Save as template' }).click();
      const saved = ui.getByTestId('templates-save-result');
      await expect.poll(() => textOf(saved), { timeout: 30_000 }).toMatch(new RegExp(`^Saved “${TEMPLATE_NAME}” as a template`));
      expect(await runsPastAsync(ui, saved)).toEqual([0, 0]);
      expect(await runsPastAsync(ui, ui.getByTestId('templates-selection'))).toEqual([0, 0]);
      await checkAxeAsync(ui, `Templates after saving a long name, ${theme}`);

      // Settings: a design system id of one long word, saved for the file.
      await ui.getByRole('navigation', { name: 'Envelope screens' }).getByRole('button', { name: 'Settings' }).click();
      const section = ui.getByRole('region', { name: 'Design system for this file' });
      await section.getByRole('textbox', { name: 'Design system id' }).fill(DESIGN_SYSTEM_ID);
      await section.getByRole('button', { name: 'Save for this file' }).click();
      const result = section.getByRole('status');
      await expect.poll(() => textOf(result), { timeout: 30_000 }).toMatch(new RegExp(`${DESIGN_SYSTEM_ID}.*The builder has no design system`));
      expect(await runsPastAsync(ui, result)).toEqual([0, 0]);
      await checkAxeAsync(ui, `Settings after saving a long design system id, ${theme}`);

      // The welcome screen names it in what Sync needs.
      await ui.getByRole('button', { name: 'Show the welcome screen' }).click();
      const sync = ui.getByRole('region', { name: 'Sync with your email builder' }).getByText(DESIGN_SYSTEM_ID, { exact: false });
      await sync.waitFor({ timeout: 10_000 });
      expect(await runsPastAsync(ui, sync)).toEqual([0, 0]);
      await checkAxeAsync(ui, `The welcome screen naming a long design system id, ${theme}`);
    });
  }
});
