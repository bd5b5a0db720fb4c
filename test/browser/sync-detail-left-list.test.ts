// An open detail whose component leaves the list while the window compares again on its own (a
// teammate puts the component back as it was synced): the detail closes and says why, the keyboard
// goes on at the buttons beside those words, and a later change of it does not open it by itself.
// Before, the detail vanished without a word, the keyboard fell to the page, and the detail came
// back by itself when the component changed again.
import { describe, expect, it } from 'vitest';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';
import { changeFillAsync, comparedAgainDetailAsync, linkToEmptyDesignSystemAsync, syncEverythingAsync } from './support/sync-steps';

const h = useHarness();

type Stash = { envelopeFills?: Record<string, unknown> };

/** Keeps the fills of a component and its layers, as synced, for a teammate to put back. */
async function keepFillsAsync(component: string): Promise<void> {
  await evaluateHooks(
    h.page,
    (hooks, name) => {
      const fake = hooks.fake();
      const root = fake.inspect.allNodes().find((node) => node.type === 'COMPONENT' && node.name === name) as ComponentNode;
      const kept: Record<string, unknown> = {};
      for (const node of [root, ...root.findAll(() => true)]) if ('fills' in node) kept[node.id] = node.fills;
      (globalThis as Stash).envelopeFills = kept;
    },
    component,
  );
}

/** A teammate puts the kept fills back (in the same file, so the plugin compares again). */
async function teammatePutsFillsBackAsync(): Promise<void> {
  await evaluateHooks(h.page, (hooks) => {
    const fake = hooks.fake();
    const kept = (globalThis as Stash).envelopeFills ?? {};
    fake.remoteEdit(() => {
      for (const node of fake.inspect.allNodes()) if (node.id in kept) (node as GeometryMixin).fills = kept[node.id] as Paint[];
    });
  });
}

describe('an open detail whose component leaves the list', () => {
  it('closes with words, gives the keyboard to the buttons, and does not open again by itself', async () => {
    await h.openFreshAsync('?theme=light');
    const ui = await linkToEmptyDesignSystemAsync(h);
    await syncEverythingAsync(ui);
    await keepFillsAsync('Header');
    await changeFillAsync(h, 'Header', '#ff2200');
    const modes = await comparedAgainDetailAsync(ui, 'Header');
    await modes.getByRole('button', { name: 'Side by side' }).focus();

    await teammatePutsFillsBackAsync();
    const message = ui.getByTestId('sync-message');
    await expect.poll(() => textOf(message), { timeout: 30_000 }).toBe('Header has nothing to sync any more, so its changes were closed.');
    expect(await ui.getByTestId('sync-detail').count()).toBe(0);
    expect(await ui.evaluate(() => document.activeElement?.closest('.sync-actions') !== null && document.activeElement?.tagName === 'BUTTON')).toBe(true);

    // Changed again later: listed again, its detail not opened by itself.
    await changeFillAsync(h, 'Header', '#2200ff');
    await ui.getByTestId('sync-row').filter({ hasText: 'Header' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => textOf(ui.getByTestId('sync-run')), { timeout: 30_000 }).toBe('Sync 1 change');
    expect(await ui.getByTestId('sync-detail').count()).toBe(0);
  });
});
