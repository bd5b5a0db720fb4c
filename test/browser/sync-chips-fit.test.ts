// A Sync row's what-changed chips in the narrowest window (320 px), through the playground: a
// component renamed long folds its chips into "+N"; renamed shorter again (in place: the same row,
// after Check again) every chip shows and the "+N" goes. Before, the "+N" stayed once the name left
// room for the chips but not for the chips and the "+N" too: the fit was measured with the "+N"
// itself taking room beside them.
import type { Frame, Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { useHarness, textOf } from './support/playground-harness';
import { changeFillAsync, linkToEmptyDesignSystemAsync, syncEverythingAsync } from './support/sync-steps';

const h = useHarness();

/** Renames a component in the playground's controls, then Check again in the plugin; resolves to its row. */
async function renameAsync(ui: Frame, from: string, to: string): Promise<Locator> {
  await h.page.getByRole('combobox', { name: /^Component/ }).selectOption({ label: from });
  await h.page.getByRole('textbox', { name: /^Name/ }).fill(to);
  await h.page.getByRole('button', { name: 'Rename' }).click();
  await expect.poll(() => textOf(h.page.locator('[data-role="edit-note"]'))).toBe('Renamed.');
  await ui.getByRole('button', { name: 'Check again' }).click();
  const row = ui.getByRole('grid', { name: 'Components that differ' }).getByTestId('sync-row').filter({ hasText: to });
  await row.waitFor({ timeout: 30_000 });
  return row;
}

/**
 * What a person sees of the row's chips: those whole on the visible line, and the "+N" (null when
 * none). `needed`: the chips' width side by side; `room`: from the chips' left edge to the end of
 * the "+N", or of the chips' box when no "+N" shows; `more`: the "+N"'s width with its gap.
 */
function chipsSeenAsync(row: Locator) {
  return row.evaluate((element) => {
    const box = element.querySelector('.sync-tags')!.getBoundingClientRect();
    const tags = [...element.querySelectorAll('.sync-tags .sync-tag')].map((tag) => ({ text: tag.textContent ?? '', rect: tag.getBoundingClientRect() }));
    const more = element.querySelector('.sync-tag-more');
    return {
      shown: tags.filter(({ rect }) => rect.top < box.bottom && rect.right <= box.right + 0.5).map(({ text }) => text),
      more: more?.textContent ?? null,
      needed: tags.reduce((sum, { rect }) => sum + rect.width, 2 * (tags.length - 1)),
      room: (more ?? element.querySelector('.sync-tags')!).getBoundingClientRect().right - box.left,
      moreWidth: more ? more.getBoundingClientRect().right - box.right : 0,
    };
  });
}

describe('a Sync row’s chips in the narrowest window', () => {
  it('fold into "+N" beside a long name, and all show again, with no "+N", once the name is shorter (the same row, checked again)', async () => {
    await h.openFreshAsync('?theme=light');
    const ui = await linkToEmptyDesignSystemAsync(h);
    await syncEverythingAsync(ui);
    await ui.getByTestId('resize-handle').focus();
    for (let step = 0; step < 3; step++) await h.page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(() => ui.evaluate(() => window.innerWidth)).toBe(320);
    // Header's fill changed and its name made long: two chips ("name", "fill"), folded.
    await changeFillAsync(h, 'Header', '#ff2200');
    const long = 'Header / Marketing / Wide with a very long name';
    const longRow = await renameAsync(ui, 'Header', long);
    await expect.poll(async () => (await chipsSeenAsync(longRow)).more).toBe('+2');
    const { moreWidth } = await chipsSeenAsync(longRow);

    // Shorter, though not short: the chips fit beside it, but not with a "+2" beside them too.
    const row = await renameAsync(ui, long, 'Header longer xxxxxxxxx');
    await expect.poll(() => chipsSeenAsync(row).then(({ shown, more }) => ({ shown, more }))).toEqual({ shown: ['name', 'fill'], more: null });
    const seen = await chipsSeenAsync(row);
    expect(seen.needed, 'the chips fit beside the name').toBeLessThanOrEqual(seen.room);
    expect(seen.needed, 'but not beside a "+2" as well (else this checks nothing)').toBeGreaterThan(seen.room - moreWidth);
    // Screen readers still hear every chip with the name.
    expect(await textOf(row.getByRole('gridcell').nth(1))).toContain('Changed: name, fill');
    await checkAxeAsync(ui, 'the Sync list at 320 px, a row with two chips');
  }, 240_000);
});
