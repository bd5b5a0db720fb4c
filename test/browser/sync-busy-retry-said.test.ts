// A check the builder answers with a 503: the client tries again by itself after a moment, and
// meanwhile Sync showed "Stop checking" with no word (a 429's wait is said; this one was silent).
// Now the progress line says the builder is busy and that Envelope tries again, a screen reader
// hears it once, and the check's result follows. The emulator's "503" fault, for the first answer;
// the page's clock is held while the test looks, so the short backoff cannot end mid-check.
import { beforeAll, describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { emulatorFaults } from './support/emulator-faults';
import { useHarness, textOf } from './support/playground-harness';
import { watchStatusRegionsAsync } from './support/status-regions';
import { linkToEmptyDesignSystemAsync } from './support/sync-steps';
import { pauseClockAtAsync, secondAheadAsync } from './support/clocked-window';

const h = useHarness();

beforeAll(async () => {
  // Time flows as usual until a test holds it.
  await h.context.clock.install();
});

const BUSY = 'The builder is busy; Envelope tries again in a second.';

/**
 * axe on the window while the clock is held: axe's steps wait on timers and frames, so the clock
 * moves a millisecond at a time until it is done (a few), far short of the retry's timer.
 */
async function heldCheckAxeAsync(what: string): Promise<void> {
  const ui = await h.uiFrameAsync();
  let checked = false;
  const check = checkAxeAsync(ui, what).finally(() => (checked = true));
  for (let step = 0; !checked; step++) await h.page.clock.runFor(step % 2);
  await check;
}

describe.each(['light', 'dark'] as const)('a check the builder is too busy to answer at first (%s theme)', (theme) => {
  it('says the builder is busy and that Envelope tries again, then shows the check’s result', async () => {
    await h.openFreshAsync(`?theme=${theme}`);
    const ui = await linkToEmptyDesignSystemAsync(h);
    const run = ui.getByRole('button', { name: /^Sync \d[\d,]* changes?$/ });
    await run.waitFor({ timeout: 30_000 });
    const regions = await watchStatusRegionsAsync(ui);

    const faults = emulatorFaults(h.emulator);
    await faults.setAsync({ rate: 1, kinds: ['503'] });
    try {
      // Held from here: the retry's timer waits for the test (nothing else the check needs is timed).
      await pauseClockAtAsync(h.page.clock, secondAheadAsync(h.page));
      // From the keyboard: a click waits for animation frames, which the held clock holds too.
      await ui.getByRole('button', { name: 'Check again' }).focus();
      await h.page.keyboard.press('Enter');
      const progress = ui.getByTestId('sync-progress');
      await expect.poll(() => textOf(progress.locator('p')), { timeout: 30_000 }).toBe(BUSY);
      expect(await ui.getByRole('button', { name: 'Stop checking' }).count()).toBe(1);
      // Never the words of a 429: the builder did not ask Envelope to slow down.
      expect(await textOf(progress)).not.toContain('asked');
      await expect.poll(() => regions.said()).toContain(BUSY);
      await heldCheckAxeAsync(`Sync, a check tried again after the builder was busy, ${theme} theme`);
      // axe looked at the busy words: the retry had not gone yet.
      expect(await textOf(progress.locator('p'))).toBe(BUSY);
      await faults.clearAsync();
    } finally {
      await h.page.clock.resume();
    }

    // The second answer came: the check's result, and the busy words gone.
    await expect.poll(() => ui.getByRole('button', { name: 'Stop checking' }).count(), { timeout: 30_000 }).toBe(0);
    await run.waitFor({ timeout: 30_000 });
    expect(await ui.getByTestId('sync-error').count()).toBe(0);
    expect(await ui.getByText(BUSY).count()).toBe(0);
    expect((await regions.said()).filter((words) => words === BUSY)).toHaveLength(1);
  }, 120_000);
});
