// The reference check's Stop checking keeps the keyboard in the window when the check ends by
// itself (the library's last answer comes): the progress goes with its button, and the focus fell
// to the page body, so a keyboard user waiting on Stop started again from the top of the window.
import { beforeAll, describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { holdRequestsAsync } from './support/hold-requests';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';

const h = useHarness();
let ids: number[];

beforeAll(async () => {
  const list = (await (await fetch(`${h.emulator.libraryUrl}/v1/emails?per_page=3`)).json()) as { data: Array<{ id: number }> };
  ids = list.data.map((email) => email.id);
});

describe('the reference check ending by itself while Stop checking has the keyboard', () => {
  it('hands the keyboard to the check’s own button, not to the page body', async () => {
    await h.openFreshAsync(`?command=browse&demo-keys=1&theme=light&references=${ids.join(',')}`);
    const ui = await h.uiFrameAsync();
    await ui.getByRole('button', { name: 'References' }).click();
    // The library's answers wait until the test lets them go (a slow connection, not a click).
    const held = await holdRequestsAsync(h.page, h.emulator.libraryUrl, (url) => /^\/v1\/emails\/\d+$/.test(url.pathname));
    try {
      await ui.getByRole('button', { name: 'Check references' }).click();
      const stop = ui.getByRole('button', { name: 'Stop checking' });
      await stop.waitFor({ timeout: 30_000 });
      await stop.focus();
      expect(await ui.evaluate(() => document.activeElement?.textContent)).toBe('Stop checking');
    } finally {
      await held.releaseAsync();
    }
    await expect.poll(() => textOf(ui.getByTestId('references-summary')), { timeout: 30_000 }).toMatch(/^3 references to 3 emails/);

    const focused = () => ui.evaluate(() => (document.activeElement?.tagName === 'BUTTON' ? document.activeElement.textContent : document.activeElement?.tagName));
    await expect.poll(focused).toBe('Check again');
    await checkAxeAsync(ui, 'references after a check that ended by itself');

    // Checking again from the keyboard: the focused button keeps its name while busy (it became
    // "Check references" under the keyboard, as if the check had started over from nothing).
    // Figma busy a moment (a fault the playground sets up): the file's references are being found.
    await evaluateHooks(h.page, (hooks) => hooks.freezeSandbox(true));
    try {
      await h.page.keyboard.press('Enter');
      await expect.poll(() => ui.getByRole('button', { name: 'Check again' }).getAttribute('aria-busy')).toBe('true');
      expect(await focused()).toBe('Check again');
    } finally {
      await evaluateHooks(h.page, (hooks) => hooks.freezeSandbox(false));
    }
    await expect.poll(() => textOf(ui.getByTestId('references-summary')), { timeout: 30_000 }).toMatch(/^3 references to 3 emails/);
  }, 120_000);
});
