// A component added in this file under a name the design system already has (added there, in the
// builder app, under another key): pushing it makes two components of that name in the design
// system. The Sync list said only "Button · Will be pushed" in Added here and "Button · Only in the
// design system" in Added remotely, and nothing tied the two together. Now each row says the
// other side has one of that name, the detail says what pushing does and what else to do, and
// the copied summary says it; a sync pushed anyway leaves two in the design system, as said.
// Driven through the playground, linked to the emulator's demo design system (its "Button" set
// was added by a teammate; the file's "Button" was never synced).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Component } from '../../src/shared/api/builder/schemas';
import { parseEmulatorState } from '../playground/page/emulator-link';
import { checkAxeAsync } from './support/a11y-checks';
import { textOf, useHarness } from './support/playground-harness';
import { copySummaryAsync, readyUiAsync, subLineShowsWholeAsync, syncEverythingAsync } from './support/sync-steps';

const h = useHarness();
let demoKey: string;

beforeAll(async () => {
  demoKey = parseEmulatorState(await (await fetch(`${h.emulator.builderUrl}/_emulator/state`)).json()).builder.keys.demo;
});

/** The design system's components of `name`, not deleted, read back through the builder API. */
async function namedInDesignSystemAsync(name: string): Promise<Component[]> {
  const response = await fetch(`${h.emulator.builderUrl}/api/plugin/design-systems/ds_demo/changes?limit=500`, { headers: { authorization: `Bearer ${demoKey}` } });
  const body = (await response.json()) as { data: { components: Component[] } };
  return body.data.components.filter((component) => component.name === name && !component.deleted);
}

describe('a component added here under a name the design system already has', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`says so on both rows, in the detail and in the summary, before the push makes two (${theme})`, async () => {
      await h.openFreshAsync(`?theme=${theme}&demo-keys=1`);
      expect(await namedInDesignSystemAsync('Button')).toHaveLength(1);
      const ui = await readyUiAsync(h);
      await ui.getByRole('button', { name: /^Sync/ }).first().click();
      await ui.getByRole('button', { name: /^Sync \d[\d,]* changes?$/ }).waitFor({ timeout: 30_000 });

      // The file's Button, in Added here: its quiet line leads with the namesake, whole.
      const mine = ui.getByTestId('sync-row').filter({ hasText: 'Name already in the design system' });
      await expect.poll(() => mine.count(), { timeout: 15_000 }).toBe(1);
      expect(await mine.locator('.sync-name-text').first().textContent()).toMatch(/^Button/);
      expect(await subLineShowsWholeAsync(mine, 'Name already in the design system')).toBe(true);
      // The design system's Button, in Added remotely, says the file adds one too.
      const theirs = ui.getByTestId('sync-row').filter({ hasText: 'Same name added here' });
      expect(await theirs.count()).toBe(1);
      await checkAxeAsync(ui, `the Sync list with namesakes, ${theme}`);

      // Opened: what pushing does, whose the other is, and what else the designer can do.
      await mine.click();
      const said = ui.getByTestId('sync-same-name');
      await expect.poll(() => textOf(said), { timeout: 15_000 }).toMatch(/^The design system already has a “Button”, added there by Robin Vale.*, not from this file\./);
      expect(await textOf(said)).toContain('Pushing this one adds a second “Button” beside it: rename it first, or untick it to leave it out of this sync.');
      await checkAxeAsync(ui, `a namesake's detail, ${theme}`);
      await ui.getByRole('button', { name: '← Back to the list' }).click();
      await theirs.click();
      await expect.poll(() => textOf(said), { timeout: 15_000 }).toBe('This file adds a “Button” of its own, not synced yet: pushing it makes two components named “Button” in the design system.');
      await ui.getByRole('button', { name: '← Back to the list' }).click();

      // In the copied summary.
      const copied = (await copySummaryAsync(ui)).split('\n');
      await expect.poll(() => textOf(ui.getByTestId('sync-copy-message'))).toMatch(/^Summary copied/);
      expect(copied).toContain('- Button (will be pushed; the design system already has one of this name, not from this file: pushing adds a second)');
      expect(copied).toContain('- Button (only in the design system; this file adds one of this name)');

      // Pushed anyway: the design system holds two, as the words said, and neither row says it any more.
      await syncEverythingAsync(ui);
      await expect.poll(() => namedInDesignSystemAsync('Button').then((found) => found.length), { timeout: 15_000 }).toBe(2);
      await expect.poll(() => ui.getByText('Same name added here').count(), { timeout: 15_000 }).toBe(0);
      expect(await ui.getByText('Name already in the design system').count()).toBe(0);
    }, 240_000);
  }
});
