// Marks that are not text but carry meaning must stand out 3:1 from what is next to them (WCAG
// 1.4.11), in both themes; axe does not measure them. The pressed segment of every segmented
// control (an email's Screenshot / HTML and Desktop / Mobile, Me's Following / Likes /
// Collections, a sync row's pictures), a ticked box in Sync, the bars of a brand's insights, and a progress bar's fill
// against its track. Each is reached as a person would; the colours are the computed ones (the
// progress bar's, its pixels).
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { progressContrastAsync, weakMarksAsync } from './support/a11y-checks';
import { useHarness, textOf } from './support/playground-harness';
import { headerFillChangedDetailAsync, linkToEmptyDesignSystemAsync } from './support/sync-steps';

const h = useHarness();

const PRESSED = '.segmented button[aria-pressed="true"]';

async function openBrowseAsync(theme: 'light' | 'dark'): Promise<Frame> {
  await h.openFreshAsync(`?command=browse&theme=${theme}&demo-keys=1`);
  const ui = await h.uiFrameAsync();
  await ui.getByRole('list', { name: 'Emails' }).getByRole('listitem').first().waitFor({ timeout: 20_000 });
  return ui;
}

async function expectStrongMarksAsync(ui: Frame, selector: string, count: (measured: number) => void): Promise<void> {
  const { measured, weak } = await weakMarksAsync(ui, selector);
  count(measured);
  expect(weak).toEqual([]);
}

describe.each(['light', 'dark'] as const)('marks that are not text, %s theme', (theme) => {
  it('shows the pressed segment of an email’s and Me’s controls 3:1 from the control', async () => {
    const ui = await openBrowseAsync(theme);
    await ui.getByRole('list', { name: 'Emails' }).getByRole('listitem').first().click();
    await ui.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'HTML' }).click();
    await ui.getByRole('group', { name: 'Width' }).waitFor();
    await expectStrongMarksAsync(ui, PRESSED, (measured) => expect(measured, 'Show and Width').toBe(2));
    await ui.getByRole('button', { name: 'Me', exact: true }).click();
    await ui.getByRole('region', { name: 'Me' }).getByRole('group', { name: 'Show' }).waitFor();
    await expectStrongMarksAsync(ui, PRESSED, (measured) => expect(measured, 'Me’s Show').toBe(1));
  });

  it('draws a brand’s insight bars 3:1 from their background', async () => {
    const ui = await openBrowseAsync(theme);
    await ui.getByRole('button', { name: 'Brands', exact: true }).click();
    await ui.getByRole('list', { name: 'Top brands' }).getByRole('button').first().click();
    await ui.getByRole('img', { name: /^Sends per (week|month)/ }).waitFor({ timeout: 10_000 });
    await expectStrongMarksAsync(ui, '.chart-bar, .bar-rows-fill', (measured) => expect(measured).toBeGreaterThan(10));
  });

  it('fills a progress bar 3:1 from its track (placing references)', async () => {
    const ui = await openBrowseAsync(theme);
    const cards = ui.getByRole('list', { name: 'Emails' }).getByRole('listitem');
    for (let index = 0; index < 3; index++) await cards.nth(index).getByRole('checkbox').check();
    // The image host answers the second screenshot slowly: the bar holds at one of three.
    const { data } = (await (await fetch(`${h.emulator.libraryUrl}/v1/emails?per_page=3`)).json()) as { data: Array<{ id: number }> };
    const id = data[1]!.id;
    const previewFault = (fault: string | null) => fetch(`${h.emulator.libraryUrl}/_emulator/library/emails/${id}/preview-fault`, { method: 'POST', body: JSON.stringify({ fault }) });
    expect((await previewFault('stall')).ok).toBe(true);
    try {
      await ui.getByRole('button', { name: 'Insert 3' }).click();
      await expect.poll(() => textOf(ui.getByTestId('insert-status')), { timeout: 20_000 }).toMatch(/^Placing 2 of 3/);
      expect(await progressContrastAsync(ui, ui.getByTestId('insert-status').locator('progress'))).toBeGreaterThanOrEqual(3);
      await ui.getByTestId('insert-status').getByRole('button', { name: 'Cancel' }).click();
    } finally {
      await previewFault(null);
    }
  });

  it('shows the pressed way of comparing a sync row’s pictures 3:1 from the control', async () => {
    await h.openFreshAsync(`?theme=${theme}`);
    const ui = await linkToEmptyDesignSystemAsync(h);
    await headerFillChangedDetailAsync(h, ui);
    await expectStrongMarksAsync(ui, PRESSED, (measured) => expect(measured).toBe(1));
    // A ticked box is told by its accent fill (the list's and the detail's ticks).
    await expectStrongMarksAsync(ui, '.sync-check:checked, .sync-choice-option input:checked', (measured) => expect(measured).toBeGreaterThanOrEqual(1));
  });
});
