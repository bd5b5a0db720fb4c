// The open component's own pictures replaced (a teammate edits it and another component while its
// detail shows, and the check their edit starts brings the open one's new "after" picture): the pictures change in place and the
// keyboard stays where it was, on the Swipe slider or on a mode's button. The picture area was
// made anew, and the slider with it: the keyboard fell to the page, where Escape and the arrows did nothing.
import { describe, expect, it } from 'vitest';
import type { Frame, Locator } from 'playwright-core';
import { evaluateHooks, useHarness } from './support/playground-harness';
import { headerFillChangedDetailAsync, linkToEmptyDesignSystemAsync, swipeSliderMovedAsync } from './support/sync-steps';

const h = useHarness();

/** The "after" picture's address (the second of the two stacked). */
const afterPictureAsync = (ui: Frame) => ui.getByTestId('sync-detail').getByRole('img').nth(1).getAttribute('src');
/** A teammate, in this file, changes Header's fill and `other`'s description (one more row: the screen checks again by itself). */
async function teammateEditsHeaderAsync(green: number, other: string): Promise<void> {
  await evaluateHooks(
    h.page,
    (hooks, edit) => {
      const fake = hooks.fake();
      const named = (name: string) => fake.inspect.allNodes().find((node) => node.type === 'COMPONENT' && node.name === name) as ComponentNode;
      fake.remoteEdit(() => {
        named('Header').fills = [{ type: 'SOLID', color: { r: 0, g: edit.green, b: 0.3 } }];
        named(edit.other).description = 'Words from a teammate.';
      });
    },
    { green, other },
  );
}

const hasFocusAsync = (control: Locator) => control.evaluate((element) => element === document.activeElement);

describe('the open component’s pictures replaced by an edit of it', () => {
  it('keeps the keyboard on the Swipe slider, and on the mode’s button', async () => {
    await h.openFreshAsync('?theme=light');
    const ui = await linkToEmptyDesignSystemAsync(h);
    const modes = await headerFillChangedDetailAsync(h, ui);
    const slider = await swipeSliderMovedAsync(h.page, ui, modes);
    const first = await afterPictureAsync(ui);

    await teammateEditsHeaderAsync(0.6, 'Footer');
    await expect.poll(() => afterPictureAsync(ui), { timeout: 30_000 }).not.toBe(first);
    expect(await hasFocusAsync(slider)).toBe(true);
    // The keyboard goes on from there.
    await h.page.keyboard.press('ArrowLeft');
    expect(await slider.inputValue()).toBe('48');

    // On Overlay's button, the same.
    await modes.getByRole('button', { name: 'Overlay' }).focus();
    const second = await afterPictureAsync(ui);
    await teammateEditsHeaderAsync(0.2, 'Hero');
    await expect.poll(() => afterPictureAsync(ui), { timeout: 30_000 }).not.toBe(second);
    expect(await hasFocusAsync(modes.getByRole('button', { name: 'Overlay' }))).toBe(true);
  }, 180_000);
});
