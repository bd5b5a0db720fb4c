// An open detail while the screen compares again on its own (a teammate's edit of another
// component starts a check): the detail stays as it is until the new one is in. It was emptied
// for the load: the pictures blinked, "Loading the changes…" was said, the Difference's share was
// said again, and the keyboard (on the Swipe slider) fell to the page, where Escape did nothing.
import { describe, expect, it } from 'vitest';
import type { Frame } from 'playwright-core';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';
import { changeFillAsync, comparedAgainDetailAsync, linkToEmptyDesignSystemAsync, syncEverythingAsync, swipeSliderMovedAsync } from './support/sync-steps';
import { watchStatusRegionsAsync } from './support/status-regions';

const h = useHarness();

/** A teammate changes a component's description in this file (not the one open). */
async function teammateEditsAsync(component: string, description: string): Promise<void> {
  await evaluateHooks(
    h.page,
    (hooks, edit) => {
      const fake = hooks.fake();
      fake.remoteEdit(() => {
        const node = fake.inspect.allNodes().find((candidate) => candidate.type === 'COMPONENT' && candidate.name === edit.component) as ComponentNode;
        node.description = edit.description;
      });
    },
    { component, description },
  );
}

/** Once the screen has compared again and the open detail's new answer has reached the window. */
async function detailLoadedAgainAsync(ui: Frame, sync: string, loadsBefore: number): Promise<void> {
  await expect.poll(() => textOf(ui.getByTestId('sync-run')), { timeout: 30_000 }).toBe(sync);
  await expect
    .poll(
      () =>
        evaluateHooks(h.page, (hooks, before) => {
          const all = hooks.messages();
          const message = (entry: (typeof all)[number]) => entry.message as { type?: string; id?: string };
          const asked = all.filter((entry) => entry.direction === 'to-plugin' && message(entry).type === 'sync/detail').slice(before);
          return asked.length > 0 && asked.every((request) => all.some((entry) => entry.direction === 'to-ui' && message(entry).id === message(request).id));
        }, loadsBefore),
      { timeout: 30_000 },
    )
    .toBe(true);
}

const detailLoadsAsync = () => evaluateHooks(h.page, (hooks) => hooks.messages().filter((entry) => entry.direction === 'to-plugin' && (entry.message as { type?: string }).type === 'sync/detail').length);

describe('an open detail while a teammate edits another component', () => {
  it('stays as it is: the keyboard stays on the slider, nothing says it loads, the difference is said once', async () => {
    await h.openFreshAsync('?theme=light');
    const ui = await linkToEmptyDesignSystemAsync(h);
    await syncEverythingAsync(ui);
    await changeFillAsync(h, 'Header', '#ff2200');
    const modes = await comparedAgainDetailAsync(ui, 'Header');
    await ui.getByTestId('sync-changes').waitFor();
    const slider = await swipeSliderMovedAsync(h.page, ui, modes);
    const regions = await watchStatusRegionsAsync(ui);

    const loads = await detailLoadsAsync();
    await teammateEditsAsync('Footer', 'Legal words from a teammate.');
    await detailLoadedAgainAsync(ui, 'Sync 2 changes', loads);
    expect(await slider.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await regions.addedWith()).toEqual([]);
    // The keyboard still works there: Escape goes back to the list.
    await h.page.keyboard.press('Escape');
    await ui.getByRole('grid', { name: 'Components that differ' }).waitFor();

    // Difference: its share said once, not again when the same pictures come back.
    await ui.getByTestId('sync-row').filter({ hasText: 'Header' }).click();
    await modes.getByRole('button', { name: 'Difference' }).click();
    const share = ui.getByTestId('sync-pixel-diff-text');
    await expect.poll(() => textOf(share), { timeout: 15_000 }).toMatch(/pixels changed|Every pixel changed/);
    const said = (await regions.said()).length;
    const added = (await regions.addedWith()).length;
    const before = await detailLoadsAsync();
    await teammateEditsAsync('Hero', 'Spring words from a teammate.');
    await detailLoadedAgainAsync(ui, 'Sync 3 changes', before);
    expect(await modes.getByRole('button', { name: 'Difference' }).evaluate((button) => button === document.activeElement)).toBe(true);
    expect((await regions.said()).slice(said)).toEqual([]);
    expect((await regions.addedWith()).slice(added)).toEqual([]);
  }, 180_000);
});
