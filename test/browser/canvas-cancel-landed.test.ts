// Cancel pressed just as a reference lands: the sandbox had passed its last cancel check, so the
// reference is on the canvas, and the bar must say so (it said “Cancelled: nothing was placed”).
// The order is forced, not timed: the plugin is busy (its messages from the window are held) when
// Cancel is pressed, then gets the insert, places it and answers, and only then hears the cancel.
// After Cancel the window waits a few seconds for Figma's answer: the page's clock stands still
// from the press until the answer is in, so a slow machine cannot run out that wait meanwhile.
import type { Frame } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { stopWindowClockAsync } from './support/clocked-window';
import { heldKindsAsync, holdInsertsAndCancelsAsync, openBrowseOnCurrentPageAsync, placedReferencesAsync } from './support/canvas-references';
import { nodeOnCanvasAsync } from './support/canvas-targets';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';

const h = useHarness();

beforeAll(async () => {
  // Installed before each test opens the playground afresh, so the window's timers are the clock's.
  await h.context.clock.install();
});

/** The plugin gets the insert (past its last cancel check, as it were), places it and answers; only then the cancel. */
async function deliverInsertThenCancelAsync(placedBefore: number): Promise<void> {
  await evaluateHooks(h.page, (hooks) => {
    hooks.tamperWithUiMessages(null);
    hooks.postToPlugin((window as unknown as { heldForPlugin: unknown[] }).heldForPlugin[0]);
  });
  await expect.poll(async () => (await placedReferencesAsync(h.page)).length, { timeout: 20_000 }).toBe(placedBefore + 1);
  await evaluateHooks(h.page, (hooks) => hooks.postToPlugin((window as unknown as { heldForPlugin: unknown[] }).heldForPlugin[1]));
  await h.context.clock.resume();
}

async function pressCancelAsync(ui: Frame): Promise<void> {
  const cancel = ui.getByTestId('insert-status').getByRole('button', { name: 'Cancel' });
  await cancel.focus();
  await stopWindowClockAsync(h.context, ui);
  await h.page.keyboard.press('Enter');
  await expect.poll(() => heldKindsAsync(h.page)).toEqual(['request', 'cancel']);
  // Not yet known whether it lands: neither “Placed” nor “nothing was placed”.
  await expect.poll(() => textOf(ui.getByTestId('insert-status').locator('p'))).toBe('Cancelling…');
}

describe('Cancel as a reference lands', () => {
  it('Insert on canvas: says the reference that landed is on the canvas (it said “Cancelled: nothing was placed”)', async () => {
    const ui = await openBrowseOnCurrentPageAsync(h);
    const card = ui.getByRole('list', { name: 'Emails' }).getByRole('listitem').first().getByRole('button').first();
    const subject = ((await card.locator('.email-card-subject').textContent()) ?? '').trim();
    await card.click();
    await ui.getByRole('heading', { level: 2, name: subject }).waitFor({ timeout: 20_000 });
    const before = (await placedReferencesAsync(h.page)).length;
    await holdInsertsAndCancelsAsync(h.page);
    await ui.getByRole('button', { name: 'Insert on canvas' }).click();
    await expect.poll(() => heldKindsAsync(h.page), { timeout: 20_000 }).toEqual(['request']);
    await pressCancelAsync(ui);
    await deliverInsertThenCancelAsync(before);
    const status = ui.getByTestId('insert-status').locator('p');
    await expect.poll(() => textOf(status), { timeout: 20_000 }).toBe('Placed 1 reference on the canvas.');
    expect((await placedReferencesAsync(h.page)).length).toBe(before + 1);
  });

  it('a dropped thumbnail: says the reference that landed where it was dropped is on the canvas (it said “Cancelled: nothing was placed”)', async () => {
    const ui = await openBrowseOnCurrentPageAsync(h);
    const target = await nodeOnCanvasAsync(h.page, ['FRAME', 'COMPONENT']);
    const before = (await placedReferencesAsync(h.page)).length;
    await holdInsertsAndCancelsAsync(h.page);
    // Playwright cannot drag out of an iframe: the card gets the drag's events, dragend at the drop point in the iframe's coordinates.
    const iframeBox = await h.page.locator('iframe[data-role="plugin-iframe"]').boundingBox();
    if (!iframeBox) throw new Error('the plugin window is not visible');
    const card = ui.getByRole('list', { name: 'Emails' }).getByRole('button').first();
    await card.dispatchEvent('dragstart');
    await card.dispatchEvent('dragend', { clientX: target.rect.left + 10 - iframeBox.x, clientY: target.rect.top + 10 - iframeBox.y });
    await expect.poll(() => heldKindsAsync(h.page), { timeout: 20_000 }).toEqual(['request']);
    await pressCancelAsync(ui);
    await deliverInsertThenCancelAsync(before);
    const status = ui.getByTestId('insert-status').locator('p');
    await expect.poll(() => textOf(status), { timeout: 20_000 }).toBe('Placed 1 reference on the canvas.');
    const references = await placedReferencesAsync(h.page);
    expect(references.length).toBe(before + 1);
  });
});
