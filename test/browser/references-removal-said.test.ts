// What the References check's removal did, said once and kept. The result was a live status that
// also took the focus, so a screen reader could say it twice (once focused, once as the status).
// And Check again stayed usable while Figma removed the references: pressed then, the new check
// replaced the screen, and what the removal did (or why some stayed) was never said.
import type { Frame } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';
import { checkedWithOneRemovedAsync, firstEmailIdsAsync } from './support/references-steps';

const h = useHarness();
let ids: number[];

beforeAll(async () => {
  ids = await firstEmailIdsAsync(h.emulator.libraryUrl);
});

const summary = (ui: Frame) => ui.getByTestId('references-summary');
const checkAgain = (ui: Frame) => ui.getByRole('button', { name: 'Check again' });

/** The focused element's test id, and whether it (or what holds it) is a live region: a screen reader would then say it twice. */
const focusedAsync = (ui: Frame) =>
  ui.evaluate(() => {
    const active = document.activeElement;
    return { testId: active?.getAttribute('data-testid') ?? active?.textContent, live: active?.closest('[role="status"], [role="alert"], [role="log"], [aria-live]:not([aria-live="off"])') !== null };
  });

describe('References: removing the references to removed emails', () => {
  it('says what the removal did once, where the keyboard is, and Shift+Tab goes back to Check again (light, clean under axe)', async () => {
    const ui = await checkedWithOneRemovedAsync(h, ids, 'light');
    await ui.getByRole('button', { name: 'Remove 2 references' }).click();
    const question = ui.getByRole('group', { name: /^Remove 2 references from this file\?/ });
    await question.waitFor({ timeout: 10_000 });
    // Two references to one email: the email's use must stop (it said "their use", for one email).
    expect(await textOf(question.getByRole('paragraph'))).toBe('Remove 2 references from this file? The library removed this email at the brand’s request, so its use must stop. Figma’s undo brings them back.');
    // The confirming button has the keyboard.
    await expect.poll(async () => (await focusedAsync(ui)).testId).toBe('Remove 2 references');
    await h.page.keyboard.press('Enter');
    await expect.poll(() => textOf(ui.getByTestId('references-removal')), { timeout: 10_000 }).toBe('Removed 2 references (one undo step in Figma).');
    await expect.poll(() => focusedAsync(ui)).toEqual({ testId: 'references-removal', live: false });
    await checkAxeAsync(ui, 'references removed, light');
    await h.page.keyboard.press('Shift+Tab');
    expect((await focusedAsync(ui)).testId).toBe('Check again');
  }, 120_000);

  it('keeps Check again from starting while Figma removes them, and says what was removed (dark, clean under axe)', async () => {
    const ui = await checkedWithOneRemovedAsync(h, ids, 'dark');
    await ui.getByRole('button', { name: 'Remove 2 references' }).click();
    const confirm = ui.getByRole('group', { name: /^Remove 2 references from this file\?/ });
    // Figma busy with a large file: the removal waits (a fault the playground sets up).
    await evaluateHooks(h.page, (hooks) => hooks.freezeSandbox(true));
    try {
      await confirm.getByRole('button', { name: 'Remove 2 references' }).click();
      await expect.poll(() => checkAgain(ui).getAttribute('aria-disabled')).toBe('true');
      // The designer presses Check again meanwhile, by mouse and by keyboard (forced: Playwright
      // would wait for it to be usable, and the bridge gives up on Figma after 15 seconds).
      await checkAgain(ui).click({ force: true });
      await checkAgain(ui).focus();
      await h.page.keyboard.press('Enter');
      expect(await checkAgain(ui).getAttribute('aria-disabled')).toBe('true');
    } finally {
      await evaluateHooks(h.page, (hooks) => hooks.freezeSandbox(false));
    }
    await expect.poll(() => textOf(ui.getByTestId('references-removal')), { timeout: 30_000 }).toBe('Removed 2 references (one undo step in Figma).');
    expect(await textOf(summary(ui))).toBe('2 references to 2 emails; the references to the email removed from the library were removed.');
    expect(await checkAgain(ui).getAttribute('aria-disabled')).toBeNull();
    await checkAxeAsync(ui, 'references removed, dark');
    // Once it is done, Check again checks the file as it is now.
    await checkAgain(ui).click();
    await expect.poll(() => ui.getByTestId('references-removal').count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => textOf(summary(ui)), { timeout: 30_000 }).toBe('2 references to 2 emails; 0 removed from the library.');
  }, 120_000);
});
