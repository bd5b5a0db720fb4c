// The library's 429 during the reference check: its wait counts down on screen, and the count was
// inside the progress's live region, so a screen reader said the whole line again every second
// ("The library asked us to slow down: asking again in 29 seconds (0 of 3 emails checked)", "…28
// seconds…") for as long as the wait. The slow-down is said once; the seconds are seen ticking.
import type { BrowserContext, Frame } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { openPlaygroundWithClockAsync, pluginWindowAsync } from './support/clocked-window';
import { emulatorFaults } from './support/emulator-faults';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();
let context: BrowserContext | undefined;

afterAll(async () => {
  await context?.close();
});

/** What the progress's live region says now, and all the progress shows. */
const progressAsync = async (ui: Frame) => ({
  said: await textOf(ui.getByTestId('references-progress').getByRole('status')),
  shown: await textOf(ui.getByTestId('references-progress')),
});

describe('References: the library asks the check to slow down', () => {
  it('says so once, while the seconds left are seen ticking (light, clean under axe)', async () => {
    await fetch(`${h.emulator.libraryUrl}/_emulator/reset`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    const list = (await (await fetch(`${h.emulator.libraryUrl}/v1/emails?per_page=3`)).json()) as { data: Array<{ id: number }> };
    const opened = await openPlaygroundWithClockAsync(h, `?command=browse&demo-keys=1&references=${list.data.map((email) => email.id).join(',')}`);
    context = opened.context;
    const ui = await pluginWindowAsync(opened.page);
    // Browse's newest emails first: set before they came, the 429 went to Browse's own search, whose
    // wait held the check's requests (said by the held notice above, not by the check).
    await ui.getByRole('list', { name: 'Emails' }).waitFor({ timeout: 30_000 });
    const faults = emulatorFaults(h.emulator);
    await faults.setAsync({ rate: 1, kinds: ['429'], retry_after: 30 });
    await ui.getByRole('button', { name: 'References', exact: true }).click();
    const asked: string[] = [];
    opened.page.on('request', (request) => /\/v1\/emails\/\d+$/.test(request.url()) && asked.push(request.url()));
    await ui.getByRole('button', { name: 'Check references' }).click();
    // Said during the first 429s' wait (one per email), before any is asked again.
    await expect.poll(async () => (await progressAsync(ui)).shown, { timeout: 30_000 }).toMatch(/slow down/);
    expect(asked.length).toBe(3);
    const before = await progressAsync(ui);
    await context.clock.fastForward(5_000);
    await expect.poll(async () => (await progressAsync(ui)).shown).not.toBe(before.shown);
    const after = await progressAsync(ui);
    expect(after.said, 'said once, not again as the seconds go').toBe(before.said);
    expect(before.said).toBe('The library asked us to slow down (0 of 3 emails checked).');
    expect(after.shown).toMatch(/^The library asked us to slow down \(0 of 3 emails checked\)\.Asking again in \d+ seconds\./);
    await checkAxeAsync(ui, 'reference check waiting out a 429, light');

    // The wait over and the library answering again, the check ends.
    await faults.clearAsync();
    await context.clock.fastForward(60_000);
    await expect.poll(() => textOf(ui.getByTestId('references-summary')), { timeout: 30_000 }).toBe('3 references to 3 emails; 0 removed from the library.');
  }, 120_000);
});
