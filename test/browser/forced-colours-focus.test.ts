// Where the keyboard is, in forced colours (Windows High Contrast): the system drops every
// box-shadow, and the app's focus ring was a box-shadow only, so no control showed the focus.
// Each control now has a transparent outline beside its ring, painted in a system colour there.
// The keyboard walks Settings, Sync, Browse (the search and an email's detail) and Templates with
// forced colours on (Chromium's emulation) and finds a mark on every control; in normal colours
// the outline draws nothing (a focused button and a focused field look as they did).
import type { Frame, Locator } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { checkKeyboardAsync } from './support/a11y-checks';
import { useHarness } from './support/playground-harness';
import { largestDifferenceAsync, REDRAWN_ALIKE } from './support/picture-difference';
import { readyUiAsync } from './support/sync-steps';

const h = useHarness();

afterEach(async () => {
  await h.page.emulateMedia({ forcedColors: 'none' });
});

async function openForcedAsync(theme: 'light' | 'dark', query: string): Promise<Frame> {
  await h.openFreshAsync(`?theme=${theme}&demo-keys=1&${query}`);
  const ui = await readyUiAsync(h);
  await h.page.emulateMedia({ forcedColors: 'active', colorScheme: theme });
  return ui;
}

describe.each(['light', 'dark'] as const)('forced colours, %s', (theme) => {
  it('every control of Settings, Sync, Browse and Templates shows where the keyboard is', async () => {
    let ui = await openForcedAsync(theme, 'command=settings');
    await ui.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await checkKeyboardAsync(h.page, ui, `Settings, forced colours, ${theme}`);

    ui = await openForcedAsync(theme, 'command=sync');
    await ui.getByTestId('sync-run').waitFor({ timeout: 30_000 });
    await checkKeyboardAsync(h.page, ui, `Sync, the changes, forced colours, ${theme}`);

    ui = await openForcedAsync(theme, 'command=browse');
    const emails = ui.getByRole('list', { name: 'Emails' });
    await emails.waitFor({ timeout: 20_000 });
    await checkKeyboardAsync(h.page, ui, `Browse, search, forced colours, ${theme}`);
    await emails.getByRole('button').first().click();
    await ui.getByTestId('email-attribution').waitFor({ timeout: 10_000 });
    await checkKeyboardAsync(h.page, ui, `Browse, an email, forced colours, ${theme}`);

    ui = await openForcedAsync(theme, 'command=templates');
    await ui.getByRole('list', { name: 'Templates in the workspace' }).waitFor({ timeout: 20_000 });
    await checkKeyboardAsync(h.page, ui, `Templates, forced colours, ${theme}`);
  }, 240_000);
});

describe('normal colours', () => {
  /** The focused control's picture with the page's own styles, then with every outline taken away. */
  async function withAndWithoutOutlineAsync(ui: Frame, control: Locator): Promise<[Buffer, Buffer]> {
    await control.focus();
    const box = (await control.boundingBox())!;
    const clip = { x: box.x - 6, y: box.y - 6, width: box.width + 12, height: box.height + 12 };
    const before = await h.page.screenshot({ clip, animations: 'disabled' });
    await ui.evaluate(() => {
      const style = document.createElement('style');
      style.id = 'no-outline';
      style.textContent = '*, *:focus, *:focus-visible { outline: none !important; }';
      document.head.append(style);
    });
    const after = await h.page.screenshot({ clip, animations: 'disabled' });
    await ui.evaluate(() => document.getElementById('no-outline')?.remove());
    return [before, after];
  }

  for (const theme of ['light', 'dark'] as const) {
    it(`the outline beside the ring draws nothing: a focused button and field look as without it, ${theme}`, async () => {
      await h.openFreshAsync(`?theme=${theme}&command=settings`);
      const ui = await readyUiAsync(h);
      await ui.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
      // Tab to the first button, so it matches :focus-visible as with the keyboard.
      const field = ui.getByTestId('settings-library-base-url');
      await field.focus();
      for (let press = 0; press < 10 && (await ui.evaluate(() => document.activeElement?.tagName)) !== 'BUTTON'; press++) await h.page.keyboard.press('Tab');
      const button = ui.locator(':focus');
      expect(await button.evaluate((element) => getComputedStyle(element).boxShadow), 'the button shows its ring').not.toBe('none');
      expect(await largestDifferenceAsync(ui, await withAndWithoutOutlineAsync(ui, button)), 'the focused button, channel by channel').toBeLessThanOrEqual(REDRAWN_ALIKE);
      expect(await largestDifferenceAsync(ui, await withAndWithoutOutlineAsync(ui, field)), 'the focused field, channel by channel').toBeLessThanOrEqual(REDRAWN_ALIKE);
    }, 60_000);
  }
});
