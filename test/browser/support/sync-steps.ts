// Steps the sync browser tests share, each as a person does it in the playground.
import type { Frame } from 'playwright-core';
import { expect } from 'vitest';
import type { Harness } from './playground-harness';

/** The plugin's iframe once its UI has started (after a reset or a new run the iframe is made anew). */
export async function readyUiAsync(h: Harness): Promise<Frame> {
  for (let attempt = 0; ; attempt++) {
    try {
      const ui = await h.uiFrameAsync();
      await ui.getByRole('navigation', { name: 'Envelope screens' }).waitFor({ timeout: 10_000 });
      return ui;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

/** Links the file to the emulator's empty design system: the demo keys, then Settings, then the Sync tab. */
export async function linkToEmptyDesignSystemAsync(h: Harness): Promise<Frame> {
  const before = await h.page.$('iframe[data-role="plugin-iframe"]');
  await h.page.getByRole('button', { name: 'Use emulator demo keys' }).click();
  // The playground runs the plugin again to pick the keys up: wait for the new window.
  await h.page.getByText('Demo keys saved').waitFor();
  await before?.waitForElementState('hidden', { timeout: 10_000 });
  const ui = await readyUiAsync(h);
  await ui.getByRole('button', { name: 'Settings' }).click();
  await ui.getByLabel('Design system id').fill('ds_empty');
  await ui.getByRole('button', { name: 'Save for this file' }).click();
  await expect.poll(() => ui.getByLabel('Design system id').inputValue()).toBe('ds_empty');
  await ui.getByRole('button', { name: /^Sync/ }).first().click();
  return ui;
}
