// Cancel pressed while Figma does not answer (a plugin busy, or frozen): the bar said “Cancelling…”
// for up to a minute, then “Cancelled: nothing was placed”, which it could not know. Now it waits
// a few seconds and says what it can: Figma did not answer, so look on the canvas.
// Not timed: the plugin's messages from the window are held for good, and the page's clock is
// moved past the short wait once the checks of “Cancelling…” are done.
import { beforeAll, describe, expect, it } from 'vitest';
import { stopWindowClockAsync } from './support/clocked-window';
import { checkAxeAsync } from './support/a11y-checks';
import { openBrowseAsync } from './support/browse-steps';
import { heldKindsAsync, holdInsertsAndCancelsAsync } from './support/canvas-references';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();

beforeAll(async () => {
  await h.context.clock.install();
});

describe('Cancel while Figma does not answer', () => {
  it.each(['light', 'dark'] as const)('Insert on canvas (%s): after a few seconds of “Cancelling…”, says Figma did not answer and to look on the canvas (it waited a minute, then said “nothing was placed”)', async (theme) => {
    const ui = await openBrowseAsync(h, theme);
    const card = ui.getByRole('list', { name: 'Emails' }).getByRole('listitem').first().getByRole('button').first();
    const subject = ((await card.locator('.email-card-subject').textContent()) ?? '').trim();
    await card.click();
    await ui.getByRole('heading', { level: 2, name: subject }).waitFor({ timeout: 20_000 });
    // A plugin that never answers: its messages from the window are held for good.
    await holdInsertsAndCancelsAsync(h.page);
    await ui.getByRole('button', { name: 'Insert on canvas' }).click();
    await expect.poll(() => heldKindsAsync(h.page), { timeout: 20_000 }).toEqual(['request']);
    const bar = ui.getByTestId('insert-status');
    const cancel = bar.getByRole('button', { name: 'Cancel' });
    await cancel.focus();
    // The clock stands still from the press: “Cancelling…” is checked before the short wait can run out.
    await stopWindowClockAsync(h.context, ui);
    await h.page.keyboard.press('Enter');
    await expect.poll(() => heldKindsAsync(h.page)).toEqual(['request', 'cancel']);
    const status = bar.locator('p');
    await expect.poll(() => textOf(status)).toBe('Cancelling…');
    // A few seconds pass without an answer.
    await h.context.clock.fastForward(6_000);
    await h.context.clock.resume();
    await expect.poll(() => textOf(status), { timeout: 20_000 }).toMatch(/^Figma did not answer after Cancel, so Envelope cannot say whether .+ was placed\. Look on the canvas before placing it again\.$/);
    await expect.poll(() => textOf(status), { timeout: 10_000 }).toContain(subject);
    await checkAxeAsync(ui, `the bar after a Cancel Figma did not answer (${theme})`);
  });
});
