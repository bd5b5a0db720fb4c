// A held button (the library refused for a while: the day's brand requests used, a long wait) did
// nothing when pressed, yet looked as pressable as ever: the brand's fill, a pointer, the hover
// fill. It now looks unavailable, as a disabled one does, while staying focusable and its words
// readable (4.5:1, which axe does not check on a control marked aria-disabled). A busy one (its
// request on its way, a spinner) is aria-disabled too, and keeps its own look.
import type { Frame, Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync, fillContrastAsync } from './support/a11y-checks';
import { openBrowseAsync } from './support/browse-steps';
import { holdRequestsAsync } from './support/hold-requests';
import { textOf, useHarness } from './support/playground-harness';
import { useUpTheDayElsewhereAsync } from './support/brand-request-steps';

const h = useHarness();


/** What tells a person whether a button can be pressed: its fill, edge, words' colour and pointer. */
const lookOf = (button: Locator) =>
  button.evaluate((element) => {
    const style = getComputedStyle(element);
    return { background: style.backgroundColor, border: style.borderTopColor, color: style.color, cursor: style.cursor, opacity: style.opacity };
  });

/** Whether the keyboard is on the button. */
const focused = (button: Locator) => button.evaluate((element) => element === document.activeElement);

async function fillNewBrandAsync(ui: Frame): Promise<Locator> {
  const form = ui.getByRole('form', { name: 'Ask for a brand' });
  await form.getByLabel('Brand', { exact: true }).fill('Tidewater Linen');
  await form.getByLabel('Website').fill('tidewaterlinen.com');
  return form.getByRole('button', { name: 'Send request' });
}

describe.each(['light', 'dark'] as const)('A held button (%s theme)', (theme) => {
  it('looks unavailable, keeps the keyboard and readable words; a busy one keeps its look', async () => {
    const ui = await openBrowseAsync(h, theme);
    await useUpTheDayElsewhereAsync(h.emulator.libraryUrl);
    await ui.getByRole('navigation', { name: 'Library' }).getByRole('button', { name: 'Requests', exact: true }).click();
    // The day's count read: the form is held from here on (a wait for "Loading…" to go passed before the read began).
    await expect.poll(() => textOf(ui.getByTestId('requests-today')), { timeout: 10_000 }).toMatch(/^50 of today’s 50 brand requests used/);
    const send = await fillNewBrandAsync(ui);
    // The pointer away from the button: its look without the hover fill.
    const pointAway = () => ui.getByRole('heading', { name: 'Ask for a brand' }).hover();
    await pointAway();
    const pressable = await lookOf(send);
    expect(pressable.cursor).toBe('pointer');

    // Busy while the request is on its way: aria-disabled too, but its own look kept (not held's).
    const held = await holdRequestsAsync(h.page, h.emulator.libraryUrl, (url) => url.pathname === '/v1/brand-requests');
    try {
      await send.click();
      await expect.poll(() => send.getAttribute('aria-busy'), { timeout: 10_000 }).toBe('true');
      await pointAway();
      expect(await send.getAttribute('aria-disabled')).toBe('true');
      const busy = await lookOf(send);
      expect({ background: busy.background, color: busy.color, opacity: busy.opacity }, 'busy keeps the pressable look').toEqual({ background: pressable.background, color: pressable.color, opacity: pressable.opacity });
    } finally {
      await held.releaseAsync();
    }

    // The library refused (the day's requests used): Send held until midnight UTC.
    const state = async () => `busy ${await send.getAttribute('aria-busy')}, disabled ${await send.getAttribute('aria-disabled')}`;
    await expect.poll(state, { timeout: 10_000 }).toBe('busy null, disabled true');
    await pointAway();
    const look = await lookOf(send);
    expect.soft(look.cursor, 'no pointer on a held button').not.toBe('pointer');
    expect.soft(look.background, 'a held button drops the brand’s fill').not.toBe(pressable.background);
    expect.soft(look.color, 'a held button’s words are greyed').not.toBe(pressable.color);
    // Its words stay readable, on its fill and on what is around it (it is reached and read).
    const contrast = await fillContrastAsync(ui, send);
    expect.soft(Number(look.opacity), 'not faded: its words keep their contrast').toBe(1);
    expect.soft(contrast.textOnFill, 'its words on its fill').toBeGreaterThanOrEqual(4.5);
    // Pointing at it shows no hover fill: nothing to press.
    await send.hover();
    expect.soft((await lookOf(send)).background, 'no hover fill').toBe(look.background);
    // Still reached by the keyboard (Tab from the field before it), with a ring that stands out.
    await ui.getByLabel('Notes (optional)').focus();
    await h.page.keyboard.press('Tab');
    expect(await focused(send)).toBe(true);
    expect.soft((await fillContrastAsync(ui, send)).ring ?? 0, 'its focus ring').toBeGreaterThanOrEqual(3);
    await checkAxeAsync(ui, `Send request held by the day’s limit, ${theme}`);
  });
});
