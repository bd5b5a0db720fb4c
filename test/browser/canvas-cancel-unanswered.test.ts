// Cancel pressed while Figma does not answer (a plugin busy, or frozen): the bar said “Cancelling…”
// for up to a minute, then “Cancelled: nothing was placed”, which it could not know. Now it waits
// a few seconds and says what it can: Figma did not answer, so look on the canvas.
// Not timed: the plugin's messages from the window are held for good, and the page's clock is
// moved past the short wait once the checks of “Cancelling…” are done.
import type { Frame } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { evaluateHooks, startHarnessAsync, textOf, type Harness } from './support/playground-harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarnessAsync();
  await h.context.clock.install();
});

afterAll(async () => {
  await h?.closeAsync();
});

async function openBrowseAsync(theme: 'light' | 'dark'): Promise<Frame> {
  await h.openFreshAsync(`?command=browse&theme=${theme}&demo-keys=1`);
  const ui = await h.uiFrameAsync();
  await ui.getByRole('list', { name: 'Emails' }).waitFor({ timeout: 20_000 });
  return ui;
}

/** A plugin that never answers: the window's inserts and cancels never reach it (each replaced by a cancel of nothing, which it passes over). */
async function neverAnswerAsync(): Promise<void> {
  await evaluateHooks(h.page, (hooks) => {
    const held: Array<{ kind: string }> = [];
    (window as unknown as { heldForPlugin: unknown[] }).heldForPlugin = held;
    hooks.tamperWithUiMessages((message) => {
      const wire = message as { channel?: string; kind: string; type?: string };
      if (!(wire.kind === 'request' && wire.type === 'canvas/insert') && wire.kind !== 'cancel') return message;
      held.push(wire);
      return { channel: wire.channel, kind: 'cancel', id: `held-${held.length}` };
    });
  });
}

function heldKindsAsync(): Promise<string[]> {
  return evaluateHooks(h.page, () => (window as unknown as { heldForPlugin: Array<{ kind: string }> }).heldForPlugin.map((message) => message.kind));
}

describe('Cancel while Figma does not answer', () => {
  it.each(['light', 'dark'] as const)('Insert on canvas (%s): after a few seconds of “Cancelling…”, says Figma did not answer and to look on the canvas (it waited a minute, then said “nothing was placed”)', async (theme) => {
    const ui = await openBrowseAsync(theme);
    const card = ui.getByRole('list', { name: 'Emails' }).getByRole('listitem').first().getByRole('button').first();
    const subject = ((await card.locator('.email-card-subject').textContent()) ?? '').trim();
    await card.click();
    await ui.getByRole('heading', { level: 2, name: subject }).waitFor({ timeout: 20_000 });
    await neverAnswerAsync();
    await ui.getByRole('button', { name: 'Insert on canvas' }).click();
    await expect.poll(heldKindsAsync, { timeout: 20_000 }).toEqual(['request']);
    const bar = ui.getByTestId('insert-status');
    const cancel = bar.getByRole('button', { name: 'Cancel' });
    await cancel.focus();
    // The clock stands still from the press: “Cancelling…” is checked before the short wait can run out.
    await h.context.clock.pauseAt(await h.page.evaluate(() => Date.now()));
    await h.page.keyboard.press('Enter');
    await expect.poll(heldKindsAsync).toEqual(['request', 'cancel']);
    const status = bar.locator('p');
    await expect.poll(() => textOf(status)).toBe('Cancelling…');
    // A few seconds pass without an answer.
    await h.context.clock.fastForward(6_000);
    await h.context.clock.resume();
    await expect.poll(() => textOf(status), { timeout: 20_000 }).toMatch(/^Figma did not answer after Cancel, so Envelope cannot say whether .+ was placed\. Look on the canvas before placing it again\.$/);
    expect(await textOf(status)).toContain(subject);
    await checkAxeAsync(ui, `the bar after a Cancel Figma did not answer (${theme})`);
  });
});
