// The references' removal while Figma works on it (loading their pages in a large file): it
// showed only a busy button. It now says the removal started (once, politely) and shows each step
// Figma reports in words beside a bar, without announcing every step.
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';
import { checkedWithOneRemovedAsync, firstEmailIdsAsync } from './support/references-steps';

const h = useHarness();
let ids: number[];

beforeAll(async () => {
  ids = await firstEmailIdsAsync(h.emulator.libraryUrl);
});

/** Whether the element is wholly inside the window and its scrolling section, as the designer sees it. */
const inSight = (locator: Locator) =>
  locator.evaluate((element) => {
    const { top, bottom } = element.getBoundingClientRect();
    const section = element.closest('section')!.getBoundingClientRect();
    return top >= Math.max(0, section.top) && bottom <= Math.min(innerHeight, section.bottom);
  });

/** A progress report from Figma for the window's pending removal, as the sandbox sends one. */
async function reportAsync(id: string, done: number, total: number, label: string): Promise<void> {
  await evaluateHooks(h.page, (hooks, progress) => hooks.postToUi({ channel: 'envelope', kind: 'progress', id: progress.id, progress: { done: progress.done, total: progress.total, label: progress.label } }), { id, done, total, label });
}

describe('References: removing, step by step', () => {
  for (const [theme, small] of [['light', false], ['dark', true]] as const) {
    it(`says the removal started once and shows each step Figma reports in words (${theme}${small ? ', 320 × 240, in sight' : ''}, clean under axe)`, async () => {
      const ui = await checkedWithOneRemovedAsync(h, ids, theme, small);
      // The removal's request id, as the window posts it (observed only).
      await h.page.evaluate(() => {
        const seen = window as unknown as { removeIds: string[] };
        seen.removeIds = [];
        window.addEventListener('message', (event: MessageEvent<{ pluginMessage?: { type?: string; id?: string } } | null>) => {
          const message = event.data?.pluginMessage;
          if (message?.type === 'canvas/references-remove' && message.id) seen.removeIds.push(message.id);
        });
      });
      await ui.getByRole('button', { name: 'Remove 2 references' }).click();
      const confirm = ui.getByRole('group', { name: /^Remove 2 references from this file\?/ });
      // Figma busy with a large file: the removal waits, and Figma's reports come as the test sends them.
      await evaluateHooks(h.page, (hooks) => hooks.freezeSandbox(true));
      try {
        await confirm.getByRole('button', { name: 'Remove 2 references' }).click();
        await expect.poll(() => h.page.evaluate(() => (window as unknown as { removeIds: string[] }).removeIds.length)).toBe(1);
        const id = await h.page.evaluate(() => (window as unknown as { removeIds: string[] }).removeIds[0]!);
        const removing = ui.getByTestId('references-removing');
        await expect.poll(() => textOf(removing.getByRole('status'))).toBe('Removing 2 references…');
        await reportAsync(id, 1, 2, 'Removing references…');
        await expect.poll(() => textOf(removing.getByRole('paragraph').last())).toBe('Finding them in the file: 1 of 2');
        expect(await removing.getByRole('progressbar', { name: 'Finding them in the file: 1 of 2' }).getAttribute('value')).toBe('1');
        await reportAsync(id, 2, 5, 'Looking for references left in the file…');
        await expect.poll(() => textOf(removing.getByRole('paragraph').last())).toBe('Looking for references left in the file: page 3 of 5');
        // In the smallest window the steps came below its edge, under the busy button.
        await expect.poll(() => inSight(removing.getByRole('progressbar')), { message: 'the progress, in sight' }).toBe(true);
        expect(await inSight(confirm.getByRole('button', { name: 'Remove 2 references' })), 'the busy button, in sight').toBe(true);
        // Each step is seen, not said: the polite status still says only that the removal started.
        expect(await textOf(removing.getByRole('status'))).toBe('Removing 2 references…');
        await checkAxeAsync(ui, `references removing, ${theme}`);
      } finally {
        await evaluateHooks(h.page, (hooks) => hooks.freezeSandbox(false));
      }
      await expect.poll(() => textOf(ui.getByTestId('references-removal')), { timeout: 20_000 }).toBe('Removed 2 references (one undo step in Figma).');
      expect(await ui.getByTestId('references-removing').count()).toBe(0);
    }, 120_000);
  }
});
