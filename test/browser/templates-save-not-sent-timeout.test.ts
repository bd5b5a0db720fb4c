// Templates: a save the builder kept asking to slow down (a minute each time) until the sandbox's
// 100 seconds ran out before it could send it again. The sandbox said "… was not created. Try
// again in a little while.", but the window said "Envelope stopped waiting for the save …, which
// may still go through", read the list again and offered templates to link the frame to. Now the
// window keeps the sandbox's words: nothing was sent, nothing was made.
import type { BrowserContext } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { textOf, useHarness } from './support/playground-harness';
import { builderAsync, saveFormWithClockAsync, slowDownSavesAsync } from './support/templates-steps';

const h = useHarness();
let context: BrowserContext | undefined;

afterEach(async () => {
  await context?.close();
  context = undefined;
});

describe('a save the sandbox ran out of time for before sending it', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`says it was not created, and offers no template to link (${theme})`, async () => {
      const name = `Never sent ${theme}`;
      const opened = await saveFormWithClockAsync(h, theme, name);
      context = opened.context;
      const { ui, section: saveSection } = opened;
      // Every save refused with a minute's wait.
      const stopRoute = await slowDownSavesAsync(h, opened.page, () => 60);
      try {
        await saveSection.getByRole('button', { name: 'Save as template' }).click();
        // A second at a time past the sandbox's 100 seconds, short of the window's 120.
        for (let second = 0; second < 105 && (await saveSection.getByRole('alert').count()) === 0; second += 1) await context.clock.runFor(1_000);
        await expect
          .poll(() => textOf(saveSection.getByRole('alert')), { timeout: 20_000 })
          .toBe(`The builder did not answer within 100 seconds, so “${name}” was not created. Try again in a little while.`);
        expect(await ui.getByTestId('templates-lost-save').count()).toBe(0);
        await checkAxeAsync(ui, `Templates, a save not sent in time, ${theme}`);
      } finally {
        await stopRoute();
      }
      expect((await builderAsync<Array<{ name: string }>>(h, '/templates')).data.map((template) => template.name)).not.toContain(name);
    }, 120_000);
  }
});
