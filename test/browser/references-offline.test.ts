// Check again while offline. Every email then failed alike: the one the library had removed (its
// 404 heard by the check minutes before) was no longer counted or listed, and all of them were
// "couldn't check" in the client's words, never that the computer is offline.
import type { Frame } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { useHarness, textOf } from './support/playground-harness';
import { checkedWithOneRemovedAsync, firstEmailIdsAsync } from './support/references-steps';

const h = useHarness();
let ids: number[];

beforeAll(async () => {
  // The library's answers are reused for a minute: the test moves the clock past that, not the machine.
  await h.context.clock.install();
  ids = await firstEmailIdsAsync(h.emulator.libraryUrl);
});

afterAll(async () => {
  await h.context.setOffline(false);
});

const summary = (ui: Frame) => ui.getByTestId('references-summary');

describe('References: Check again while offline', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`says it is offline, and still counts the email the last check found removed, saying when (${theme}, clean under axe)`, async () => {
      await h.context.setOffline(false);
      const ui = await checkedWithOneRemovedAsync(h, ids, theme);

      await h.context.setOffline(true);
      await expect.poll(() => ui.evaluate(() => navigator.onLine), { timeout: 10_000 }).toBe(false);
      // Past the minute the answers are reused for: nothing is known now but what the check heard.
      await h.context.clock.fastForward(61_000);
      await ui.getByRole('button', { name: 'Check again' }).click();
      await expect
        .poll(() => textOf(summary(ui)), { timeout: 30_000 })
        .toMatch(/^4 references to 3 emails; 1 removed from the library \(as the check at \d\d:\d\d found\)\. Couldn’t check 2 emails: You are offline\. They are not counted as removed; check again once you are online\.$/);
      // The references to the removed email are still offered for removal.
      expect(await ui.getByRole('list', { name: 'References to removed emails' }).getByRole('listitem').count()).toBe(2);
      await ui.getByRole('button', { name: 'Remove 2 references' }).waitFor();
      await checkAxeAsync(ui, `references checked offline, ${theme}`);
      await h.context.setOffline(false);
    }, 120_000);
  }
});
