// The note's "Show all changes" (a search hides changes the Sync button sends) keeps the keyboard
// in the window through a comparison that starts by itself: a collaborator's edit moves the count,
// the screen compares again, and the note goes while it runs. The focused link went with it and
// the focus fell to the page body, so a keyboard user started again from the top of the window.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';
import { headerAndHeartChangedAsync } from './support/sync-steps';

const h = useHarness();

describe('the hidden changes’ note while the screen compares again by itself', () => {
  it('hands the keyboard to the buttons below, not to the page body', async () => {
    const ui = await headerAndHeartChangedAsync(h);
    const run = ui.getByTestId('sync-run');
    await expect.poll(() => textOf(run), { timeout: 30_000 }).toBe('Sync 2 changes');
    await ui.getByTestId('sync-search').fill('Header');
    const note = ui.getByTestId('sync-hidden-note');
    await expect.poll(() => textOf(note), { timeout: 10_000 }).toMatch(/^1 of the changes to sync is not shown/);
    // Nothing running any more (the fills' own count may have started a check).
    await expect.poll(() => ui.getByTestId('sync-progress').count(), { timeout: 30_000 }).toBe(0);
    await note.getByRole('button', { name: 'Show all changes' }).focus();

    // A collaborator renames another component (no click here: the keyboard stays in the window).
    await evaluateHooks(h.page, (hooks) =>
      hooks.inspect().run(() => {
        const other = hooks.inspect().allNodes().find((node) => node.type === 'COMPONENT' && !/Header|Heart/.test(node.name)) as ComponentNode;
        other.name = `${other.name} (renamed)`;
      }),
    );
    await expect.poll(() => textOf(run), { timeout: 30_000 }).toBe('Sync 3 changes');
    await expect.poll(() => textOf(note), { timeout: 10_000 }).toMatch(/^2 of the changes to sync are not shown/);

    const where = () => ui.evaluate(() => (document.activeElement?.tagName === 'BUTTON' ? document.activeElement.textContent : document.activeElement?.tagName));
    await expect.poll(where).toBe('Sync 3 changes');
    await checkAxeAsync(ui, 'sync after the hidden changes’ note went with a comparison started by itself');
  }, 180_000);
});
