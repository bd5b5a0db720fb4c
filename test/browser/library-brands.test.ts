// Brands, brand requests and Me through the playground, as a designer uses them: keyboard, the
// smallest window, both themes. Driven by roles, labels, visible text and keys; what the screen
// shows is checked against what the emulator serves.
import type { Frame } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarnessAsync, type Harness } from './support/playground-harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarnessAsync();
});

afterAll(async () => {
  await h?.closeAsync();
});

/** A fresh world on the Browse screen with the emulator's demo library key. */
async function openBrowseAsync(theme: 'light' | 'dark' = 'light'): Promise<Frame> {
  await h.openFreshAsync(`?command=browse&theme=${theme}&demo-keys=1`);
  const ui = await h.uiFrameAsync();
  await ui.getByRole('list', { name: 'Emails' }).waitFor({ timeout: 20_000 });
  return ui;
}

/** What has the keyboard: its tag and its label or text. */
const focused = (ui: Frame) =>
  ui.evaluate(() => {
    const element = document.activeElement;
    if (element === null || element === document.body) return 'the page';
    const label = element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null;
    return `${element.tagName} ${label ?? element.textContent ?? ''}`;
  });

describe('Brand requests: a form with problems', () => {
  it('takes the keyboard to the first field that needs fixing (it stayed on “Send request”, the problem unheard)', async () => {
    const ui = await openBrowseAsync();
    await ui.getByRole('button', { name: 'Requests', exact: true }).click();
    const form = ui.getByRole('form', { name: 'Ask for a brand' });
    const send = form.getByRole('button', { name: 'Send request' });
    await send.focus();
    await h.page.keyboard.press('Enter');
    await expect.poll(() => focused(ui)).toBe('INPUT Brand');
    await h.page.keyboard.type('Harbour Street Tea');
    await form.getByLabel('Website').fill('harbour street tea');
    await send.focus();
    await h.page.keyboard.press('Enter');
    await expect.poll(() => focused(ui)).toBe('INPUT Website');
    expect(await form.getByLabel('Website').getAttribute('aria-invalid')).toBe('true');
  });
});
