// Sync told by the builder to slow down (429). A check refused with a Retry-After over a minute
// said "… Try again in 2 minutes.", a sync refused again after the sandbox's own waits "… Try again
// in a minute.": words that stayed on screen and went untrue. And the notice's Check again (or Try
// the sync again) could be pressed at once, only to be refused again. Sync now says by when the
// wait ends (as Templates, Settings and Browse do), holds the retry (and Check again and Sync
// below, which ask the builder too) until then, says when it is over, and the retry then works.
// The stand-in wait of a 429 without a Retry-After is held the same way. The checks Sync starts by
// itself (a collaborator's edit, the screen shown again) asked all the same during the wait, only to
// be refused again (a long wait in the sandbox, its words said anew), and none came after it: the
// list stayed without the edit. They now wait for its end and then check once. A link changed
// meanwhile (the file unlinked) is read at once, though: held, the old link's list stayed for the wait. Refused for two
// minutes after the sandbox waited out a short slow-down, the words said only "slow down for a
// while": they now say what Envelope waited too, with by when.
import type { Frame, Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { BADGE_STILL_MS, LOCAL_COUNT_DELAY_MS } from '../../src/shared/sync/badge-timing';
import { checkAxeAsync } from './support/a11y-checks';
import { BUILDER_SLOW_DOWN_NO_WAIT, builderSlowDownFor } from './support/builder-slow-down';
import { emulatorFaults } from './support/emulator-faults';
import { addRouteAsync } from './support/own-route';
import { evaluateHooks, textOf, useHarness } from './support/playground-harness';
import { linkToEmptyDesignSystemAsync, unlinkInSettingsAsync } from './support/sync-steps';
import { pauseClockAtAsync, secondAheadAsync } from './support/clocked-window';

const h = useHarness();

beforeAll(async () => {
  // The page's clock runs as usual; the test stops it just before the time said, then moves it on.
  await h.context.clock.install();
});

/** The builder API requests the emulator was sent since its reset (faulted ones too). */
async function builderRequestsAsync(): Promise<number> {
  return ((await (await fetch(`${h.emulator.builderUrl}/_emulator/requests`)).json()) as { builder: number }).builder;
}

/** The file linked to the empty design system, its comparison shown (the Sync button). */
async function comparedAsync(theme: 'light' | 'dark'): Promise<Frame> {
  await h.openFreshAsync(`?theme=${theme}`);
  const ui = await linkToEmptyDesignSystemAsync(h);
  await ui.getByRole('button', { name: /^Sync [\d,]+ changes?$/ }).waitFor({ timeout: 60_000 });
  return ui;
}

/** The time the words say ("after 12:07:10"), on the page's day. */
function saidTime(words: string): number {
  const [, hours, minutes, seconds] = /You can try again after (\d\d):(\d\d):(\d\d),/.exec(words) ?? [];
  expect(hours, words).toBeDefined();
  return new Date(2026, 11, 1, Number(hours), Number(minutes), Number(seconds)).getTime();
}

/**
 * `buttons` are held (pressed, they send the builder nothing) until the time `alert` says, a moment
 * before it still, and back at it, with "You can try again now." said. The clock runs on after.
 */
async function heldUntilSaidAsync(ui: Frame, alert: Locator, buttons: Locator[]): Promise<void> {
  const until = saidTime((await textOf(alert)) ?? '');
  for (const button of buttons) expect(await button.getAttribute('aria-disabled')).toBe('true');
  const sent = await builderRequestsAsync();
  for (const button of buttons) await button.click({ force: true });
  // Nothing started (no progress, the words stay), and the builder was sent nothing.
  expect(await ui.getByTestId('sync-progress').count()).toBe(0);
  expect(await builderRequestsAsync()).toBe(sent);
  await pauseClockAtAsync(h.context.clock, until - 1_500);
  for (const button of buttons) expect(await button.getAttribute('aria-disabled')).toBe('true');
  await h.context.clock.runFor(1_500);
  for (const button of buttons) await expect.poll(() => button.getAttribute('aria-disabled'), { timeout: 10_000 }).not.toBe('true');
  await expect.poll(() => textOf(ui.getByRole('status').filter({ hasText: 'You can try again now.' })), { timeout: 10_000 }).toBe('You can try again now.');
  await h.context.clock.resume();
}

describe.each(['light', 'dark'] as const)('a check the builder asks to slow down for two minutes (%s theme)', (theme) => {
  it('says by when the wait ends, holds Check again until then, and checks again after it', async () => {
    const faults = emulatorFaults(h.emulator);
    const ui = await comparedAsync(theme);
    const error = ui.getByTestId('sync-error');
    await h.context.clock.setSystemTime(new Date(2026, 11, 1, 12, 5, 40));
    await faults.setAsync({ rate: 1, kinds: ['429'], seed: 3, retry_after: 90 });
    try {
      await ui.getByTestId('sync-check').click();
      // Over the sandbox's own waits (a minute): not waited out, said at once, by when it ends (not "Try again in 2 minutes").
      await expect
        .poll(() => textOf(error), { timeout: 30_000 })
        .toMatch(/^The comparison did not finish: The email builder asked Envelope to slow down for a while\. You can try again after 12:07:1\d, in about 2 minutes\.$/);
      await checkAxeAsync(ui, `Sync, a check held by the builder's wait, ${theme} theme`);
      await faults.setAsync({ rate: 0 });
      // The notice's Check again is the only one (the one below hides meanwhile); Sync is held with it.
      const retry = ui.getByRole('button', { name: 'Check again' });
      expect(await ui.getByTestId('sync-check').count()).toBe(0);
      await heldUntilSaidAsync(ui, error, [retry, ui.getByRole('button', { name: /^Sync [\d,]+ changes?$/ })]);
      await checkAxeAsync(ui, `Sync, the builder's wait over, ${theme} theme`);
      await retry.click();
      await expect.poll(() => error.count(), { timeout: 30_000 }).toBe(0);
      await ui.getByRole('button', { name: /^Sync [\d,]+ changes?$/ }).waitFor({ timeout: 30_000 });
    } finally {
      await faults.clearAsync();
    }
  }, 180_000);
});

describe('a sync the builder still refuses after the sandbox waited as asked', () => {
  it('says it can be tried again a minute after the refusal (not “Try again in a minute”), holds its Sync button until then, and syncs after it', async () => {
    const faults = emulatorFaults(h.emulator);
    const ui = await comparedAsync('light');
    const error = ui.getByTestId('sync-error');
    await h.context.clock.setSystemTime(new Date(2026, 11, 1, 12, 5, 40));
    await faults.setAsync({ rate: 1, kinds: ['429'], seed: 3, retry_after: 1 });
    try {
      await ui.getByRole('button', { name: /^Sync [\d,]+ changes?$/ }).click();
      await expect
        .poll(() => textOf(error), { timeout: 60_000 })
        .toMatch(
          /^The sync did not finish: Envelope waited \d+ seconds as the email builder asked, and it still asks Envelope to slow down\. You can try again after 12:06:\d\d, in about a minute\. What was already sent is recorded, and your choices are kept\.$/,
        );
      await faults.setAsync({ rate: 0 });
      const retry = error.locator('..').getByRole('button', { name: /^Sync [\d,]+ changes?$/ });
      await heldUntilSaidAsync(ui, error, [retry, ui.getByTestId('sync-check')]);
      await retry.click();
      await expect.poll(() => textOf(ui.getByTestId('sync-outcome')), { timeout: 60_000 }).toMatch(/^Sync done/);
    } finally {
      await faults.clearAsync();
    }
  }, 180_000);
});

describe('a check the builder asks to slow down without saying for how long', () => {
  it('holds Check again for the stand-in wait its words say, and checks again after it', async () => {
    const ui = await comparedAsync('light');
    const error = ui.getByTestId('sync-error');
    const builderOrigin = new URL(h.emulator.builderUrl).origin;
    const stopRoute = await addRouteAsync(h.page, (url) => url.origin === builderOrigin && url.pathname.endsWith('/changes'), (route) => route.fulfill(BUILDER_SLOW_DOWN_NO_WAIT));
    try {
      await h.context.clock.setSystemTime(new Date(2026, 11, 1, 12, 5, 40));
      await ui.getByTestId('sync-check').click();
      await expect
        .poll(() => textOf(error), { timeout: 60_000 })
        .toMatch(/^The comparison did not finish: Envelope waited \d+ seconds as the email builder asked, and it still asks Envelope to slow down\. You can try again after 12:06:\d\d, in about (30|31) seconds\.$/);
    } finally {
      await stopRoute();
    }
    const retry = ui.getByRole('button', { name: 'Check again' });
    expect(await ui.getByTestId('sync-check').count()).toBe(0);
    await heldUntilSaidAsync(ui, error, [retry]);
    await retry.click();
    await expect.poll(() => error.count(), { timeout: 30_000 }).toBe(0);
    await ui.getByRole('button', { name: /^Sync [\d,]+ changes?$/ }).waitFor({ timeout: 30_000 });
  }, 180_000);
});

describe('a collaborator’s edit while Sync waits out the builder’s slow-down', () => {
  it('asks the builder nothing by itself until the time said (the screen shown again either), then checks once', async () => {
    const faults = emulatorFaults(h.emulator);
    const ui = await comparedAsync('light');
    const error = ui.getByTestId('sync-error');
    const syncButton = ui.getByRole('button', { name: /^Sync [\d,]+ changes?$/ });
    const changesBefore = Number(/\d+/.exec((await syncButton.textContent()) ?? '')![0]);
    await h.context.clock.setSystemTime(new Date(2026, 11, 1, 12, 5, 40));
    await faults.setAsync({ rate: 1, kinds: ['429'], seed: 3, retry_after: 90 });
    try {
      await ui.getByTestId('sync-check').click();
      await expect.poll(() => textOf(error), { timeout: 30_000 }).toMatch(/slow down for a while\. You can try again after 12:07:1\d, in about 2 minutes\.$/);
    } finally {
      await faults.clearAsync();
    }
    const words = (await textOf(error)) ?? '';
    const until = saidTime(words);
    const sent = await builderRequestsAsync();
    await pauseClockAtAsync(h.context.clock, secondAheadAsync(ui));
    // A collaborator deletes Divider: the sandbox counts it, the badge moves and stays still.
    await evaluateHooks(h.page, (hooks) => {
      const fake = hooks.fake();
      fake.remoteEdit(() => fake.inspect.allNodes().find((node) => node.type === 'COMPONENT' && node.name === 'Divider')!.remove());
    });
    await h.context.clock.runFor(LOCAL_COUNT_DELAY_MS);
    await expect.poll(() => textOf(ui.getByTestId('nav-sync-badge')), { timeout: 10_000 }).toBe(`${changesBefore - 1} changes to review`);
    await h.context.clock.runFor(BADGE_STILL_MS + 100);
    // The screen shown again (Settings, then Sync) starts nothing either.
    await ui.getByRole('button', { name: 'Settings' }).click();
    await ui.getByRole('button', { name: /^Sync/ }).first().click();
    await h.context.clock.runFor(BADGE_STILL_MS);
    // A moment for a request that was started.
    await new Promise((settle) => setTimeout(settle, 1_000));
    expect(await builderRequestsAsync()).toBe(sent);
    expect(await textOf(error)).toBe(words);
    expect(await syncButton.textContent()).toBe(`Sync ${changesBefore} changes`);
    await pauseClockAtAsync(h.context.clock, until - 1_500);
    await new Promise((settle) => setTimeout(settle, 1_000));
    expect(await builderRequestsAsync()).toBe(sent);
    // The wait is over: the screen checks, once, and lists the edit.
    await h.context.clock.runFor(1_500);
    await expect.poll(() => syncButton.textContent(), { timeout: 30_000 }).toBe(`Sync ${changesBefore - 1} changes`);
    expect(await error.count()).toBe(0);
    await h.context.clock.runFor(5 * BADGE_STILL_MS);
    await new Promise((settle) => setTimeout(settle, 1_000));
    expect(await builderRequestsAsync()).toBe(sent + 1);
    await h.context.clock.resume();
  }, 180_000);
});

describe('the file unlinked while the builder asks to slow down for two minutes', () => {
  it('says at once that the file is not linked (held, the old link’s list stayed, Sync held, until the wait’s end), asking the builder nothing', async () => {
    const faults = emulatorFaults(h.emulator);
    const ui = await comparedAsync('dark');
    const error = ui.getByTestId('sync-error');
    await h.context.clock.setSystemTime(new Date(2026, 11, 1, 12, 5, 40));
    await faults.setAsync({ rate: 1, kinds: ['429'], seed: 3, retry_after: 90 });
    try {
      await ui.getByTestId('sync-check').click();
      await expect.poll(() => textOf(error), { timeout: 30_000 }).toMatch(/You can try again after 12:07:1\d, in about 2 minutes\.$/);
    } finally {
      await faults.clearAsync();
    }
    const sent = await builderRequestsAsync();
    // The designer unlinks the file in Settings, then looks at Sync, well before the wait ends.
    await unlinkInSettingsAsync(ui);
    expect(await ui.getByRole('button', { name: /^Sync [\d,]+ changes?$/ }).count()).toBe(0);
    expect(await builderRequestsAsync()).toBe(sent);
    await checkAxeAsync(ui, 'the file unlinked during a slow-down (dark)');
  }, 180_000);
});

describe('a check the builder asks to slow down for two minutes after the sandbox waited out a short slow-down', () => {
  it('says by when the wait ends and the second it waited (not only “slow down for a while”)', async () => {
    const ui = await comparedAsync('light');
    const error = ui.getByTestId('sync-error');
    const builderOrigin = new URL(h.emulator.builderUrl).origin;
    let answered = 0;
    // A second's wait first, which the sandbox sits through; then two minutes, which it does not.
    const stopRoute = await addRouteAsync(
      h.page,
      (url) => url.origin === builderOrigin && url.pathname.endsWith('/changes'),
      (route) => route.fulfill(builderSlowDownFor(answered++ === 0 ? 1 : 90)),
    );
    try {
      await h.context.clock.setSystemTime(new Date(2026, 11, 1, 12, 5, 40));
      await ui.getByTestId('sync-check').click();
      await expect
        .poll(() => textOf(error), { timeout: 60_000 })
        .toMatch(/^The comparison did not finish: Envelope waited a second as the email builder asked, and it still asks Envelope to slow down\. You can try again after 12:07:1\d, in about 2 minutes\.$/);
      expect(answered).toBe(2);
    } finally {
      await stopRoute();
    }
  }, 180_000);
});
