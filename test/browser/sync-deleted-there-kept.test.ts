// A teammate deleted a component in the builder app that this file still uses: the designer could
// only delete it here too or skip it (listed again at every sync). Now the row offers to keep it:
// this file's version goes back to the design system. Driven as a person would (the row's detail,
// its choice, Sync); checked in the design system, read back through the builder API.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Component } from '../../src/shared/api/builder/schemas';
import { parseEmulatorState } from '../playground/page/emulator-link';
import { checkAxeAsync } from './support/a11y-checks';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';
import { linkToEmptyDesignSystemAsync, syncEverythingAsync } from './support/sync-steps';

const h = useHarness();
let demoKey = '';

beforeAll(async () => {
  demoKey = parseEmulatorState(await (await fetch(`${h.emulator.builderUrl}/_emulator/state`)).json()).builder.keys.demo;
});

/** The empty design system's version of `key`, read back through the builder API. */
async function inDesignSystemAsync(key: string): Promise<Component | undefined> {
  const response = await fetch(`${h.emulator.builderUrl}/api/plugin/design-systems/ds_empty/changes?limit=500`, { headers: { authorization: `Bearer ${demoKey}` } });
  const body = (await response.json()) as { data: { components: Component[] } };
  return body.data.components.find((component) => component.key === key);
}

describe('a component a teammate deleted in the design system', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`can be kept: its detail offers to add it back, and Sync does (${theme})`, async () => {
      await h.openFreshAsync(`?theme=${theme}`);
      const ui = await linkToEmptyDesignSystemAsync(h);
      await syncEverythingAsync(ui);
      const key = await evaluateHooks(h.page, (hooks) => hooks.inspect().run(() => (hooks.inspect().allNodes().find((node) => node.type === 'COMPONENT' && node.name === 'Header') as ComponentNode).key));
      const deleted = await fetch(`${h.emulator.builderUrl}/_emulator/design-systems/ds_empty/remote-edit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key, delete: true }) });
      expect(deleted.ok).toBe(true);
      await ui.getByRole('button', { name: 'Check again' }).click();

      const row = ui.getByTestId('sync-row').filter({ hasText: 'Header' });
      await row.waitFor({ timeout: 30_000 });
      // Skipped until chosen: deleting it here, or adding it back, is the designer's to decide.
      expect(await ui.getByRole('combobox', { name: 'Choice for Header' }).inputValue()).toBe('skip');
      await row.click();
      const choice = ui.getByRole('group', { name: 'What to do with this deletion' });
      await choice.getByRole('radio', { name: 'Keep it: add it back to the design system' }).check();
      await checkAxeAsync(ui, `a teammate's deletion, kept, ${theme}`);
      await h.page.keyboard.press('Escape');
      await expect.poll(() => ui.getByRole('combobox', { name: 'Choice for Header' }).inputValue()).toBe('push');

      await syncEverythingAsync(ui);
      expect(await textOf(ui.getByTestId('sync-outcome'))).toMatch(/^Sync done: 1 component pushed./);
      expect(await inDesignSystemAsync(key)).toMatchObject({ name: 'Header', deleted: false });
      // In sync: nothing listed for it afterwards.
      await ui.getByRole('button', { name: 'Check again' }).click();
      await expect.poll(() => ui.getByTestId('sync-row').filter({ hasText: 'Header' }).count(), { timeout: 30_000 }).toBe(0);
    });
  }
});
