// The Sync screen in the real UI build (dist/ui.html) against a stand-in sandbox with canned
// answers: driven by roles, labels and text as a person would. The real sandbox's sync is tested
// through the playground separately.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { axeViolationsAsync } from './support/axe';
import { UI_URL, useBrowser } from './support/browser';
import { installSyncStub, type SyncStubConfig } from './support/sync-stub';
import { copySummaryAsync } from './support/sync-steps';

const browser = useBrowser();

interface Sent {
  type?: string;
  kind: string;
  payload?: unknown;
}

async function openAsync(config: SyncStubConfig): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 400, height: 600 } });
  const errors: string[] = [];
  pageErrors.set(page, errors);
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(installSyncStub, config);
  await page.goto(UI_URL);
  return page;
}

const pageErrors = new WeakMap<Page, string[]>();

/** Closes the page; the UI must not have thrown on the way. */
async function closeAsync(page: Page): Promise<void> {
  await page.close();
  expect(pageErrors.get(page)).toEqual([]);
}

/** What the UI sent: requests of one type, or (with no type) everything. */
function sentAsync(page: Page, type: string | undefined): Promise<Sent[]> {
  return page.evaluate(
    (wanted) => (window as unknown as { syncStub: { sent: Sent[] } }).syncStub.sent.filter((message) => wanted === null || message.type === wanted),
    type ?? null,
  );
}

describe('the Sync screen', () => {
  it('a detail that failed to load keeps the keyboard in it on “Try again”: Escape then goes back to the list (focus fell to the page, and Escape did nothing)', async () => {
    const page = await openAsync({ count: 2, kinds: ['local-change', 'local-change'], detailErrorAt: 1 });
    const list = page.getByRole('grid', { name: 'Components that differ' });
    await list.waitFor();
    await list.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const retry = page.getByTestId('sync-detail').getByRole('button', { name: 'Try again' });
    await retry.waitFor();
    await retry.press('Enter');
    await page.getByTestId('sync-changes').waitFor();
    expect(await page.getByTestId('sync-detail').evaluate((detail) => detail.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await list.waitFor();
    expect(await page.getByTestId('sync-detail').count()).toBe(0);
    await closeAsync(page);
  });

  it('a deletion’s choice says what it deletes and where (this file, or the design system), in the list and in the detail', async () => {
    const page = await openAsync({ count: 2, kinds: ['remote-delete', 'local-delete'] });
    await page.getByRole('grid', { name: 'Components that differ' }).waitFor();
    // Before, both read "Take …" / "Push …": ticking a teammate's deletion deletes the component here.
    expect(await page.getByRole('combobox', { name: 'Choice for Button / Primary 0' }).inputValue()).toBe('skip');
    expect(await page.getByRole('combobox', { name: 'Choice for Button / Primary 0' }).getByRole('option').allTextContents()).toEqual(['Keep it', 'Delete it', 'Skip for now']);
    expect(await page.getByRole('checkbox', { name: 'Delete Card / Product 1 from the design system' }).isChecked()).toBe(true);
    await page.getByTestId('sync-row').filter({ hasText: 'Button / Primary 0' }).click();
    await page.getByRole('heading', { name: 'Button / Primary 0' }).waitFor();
    expect(await page.getByRole('group', { name: 'What to do with this deletion' }).getByRole('radio', { name: 'Delete it from this file' }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await page.getByTestId('sync-row').filter({ hasText: 'Card / Product 1' }).click();
    await page.getByRole('heading', { name: 'Card / Product 1' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Delete it from the design system with the next sync' }).isChecked()).toBe(true);
    await closeAsync(page);
  });

  it('compares on open, shows counts by kind and a one-line format notice, and renders only the visible rows of 10,000', async () => {
    const page = await openAsync({ count: 10_000, formatUpdates: 1240 });
    const grid = page.getByRole('grid', { name: 'Components that differ' });
    await grid.waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Local changes 2,223' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Conflicts 1,111' }).count()).toBe(1);
    expect(await page.getByTestId('sync-format-update').textContent()).toContain('Envelope’s component format changed: 1,240 components will be sent again once.');
    // 10,000 rows plus 8 group headers are in the grid; a few dozen are in the page.
    expect(await grid.getAttribute('aria-rowcount')).toBe('10008');
    expect(await page.getByRole('row').count()).toBeLessThan(40);
    await grid.focus();
    // End reaches the last row of the last group (same on both sides), not a truncated list.
    await page.keyboard.press('End');
    await expect.poll(() => page.locator('[data-testid="sync-row"][aria-selected="true"]').textContent()).toContain('Hero / Split 9998');
    expect(await page.getByText('Format 0', { exact: true }).count()).toBe(0);
    // Local changes, additions and deletions, and incoming changes: what the sandbox sends as pushed or taken.
    expect(await page.getByTestId('sync-run').textContent()).toBe('Sync 5,556 changes');
    await closeAsync(page);
  });

  it('shows thumbnails for the rows on screen only, asked for in batches, with placeholders of the same size', async () => {
    const page = await openAsync({ count: 10_000, stepMs: 40 });
    const grid = page.getByRole('grid', { name: 'Components that differ' });
    await grid.waitFor();
    // The first row's picture arrives (conflicts come first); the third has none and keeps its placeholder.
    const firstRow = page.locator('[data-testid="sync-row"][data-key="k4"]');
    await expect.poll(() => firstRow.locator('img.sync-thumb').count()).toBe(1);
    const placeholder = page.locator('[data-testid="sync-row"][data-key="k22"] .sync-thumb');
    expect(await placeholder.evaluate((element) => element.tagName)).toBe('SPAN');
    const sizes = await page.locator('.sync-thumb').evaluateAll((elements) => elements.map((element) => `${element.getBoundingClientRect().width}x${element.getBoundingClientRect().height}`));
    expect(new Set(sizes)).toEqual(new Set(['32x32']));
    const asked = (await sentAsync(page, 'sync/pictures')).flatMap((message) => (message.payload as { keys: string[] }).keys);
    // Only rows that were rendered (a window of a few dozen), never the 10,000.
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.length).toBeLessThan(60);
    // Jumping to the end asks for the rows there, not for those scrolled past.
    await grid.focus();
    await page.keyboard.press('End');
    const lastRow = page.locator('[data-testid="sync-row"][aria-selected="true"]');
    await expect.poll(() => lastRow.locator('img.sync-thumb').count()).toBe(1);
    const later = (await sentAsync(page, 'sync/pictures')).flatMap((message) => (message.payload as { keys: string[] }).keys);
    expect(later.length).toBeLessThan(120);
    expect(later).toContain(await lastRow.getAttribute('data-key'));
    await closeAsync(page);
  });

  it('shows what changed on each row, filters by a kind of change, and copies a summary of every row', async () => {
    const page = await openAsync({ count: 30 });
    const grid = page.getByRole('grid', { name: 'Components that differ' });
    await grid.waitFor();
    // k0 is a local change with a fill chip; k1 one with text and size.
    expect(await page.locator('[data-key="k0"] .sync-tag').allTextContents()).toEqual(['fill']);
    expect(await page.locator('[data-key="k1"] .sync-tag').allTextContents()).toEqual(['text', 'size']);
    const changes = page.getByRole('group', { name: 'Changed:' });
    await changes.getByRole('button', { name: /^text / }).click();
    await expect.poll(() => page.locator('[data-testid="sync-row"]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-key')))).not.toContain('k0');
    const shown = await page.locator('[data-testid="sync-row"] .sync-name').allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    for (const key of await page.locator('[data-testid="sync-row"]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-key')))) {
      expect(await page.locator(`[data-key="${key}"] .sync-tag`).allTextContents()).toContain('text');
    }
    await changes.getByRole('button', { name: /^text / }).click();

    // navigator.clipboard refused (as in Figma's null-origin iframe): the textarea fallback copies.
    const copied = await copySummaryAsync(page, 'refused');
    await expect.poll(() => page.getByTestId('sync-copy-message').textContent()).toContain('Summary copied: 30 components changed, 18 of them to sync.');
    expect(copied.split('\n')[0]).toBe('Design-system sync of Newsletter components: 30 components changed, 18 of them to sync');
    for (let index = 0; index < 30; index++) expect(copied).toMatch(new RegExp(`^- \\S.* ${index}( \\[|$| \\()`, 'm'));
    expect(copied).toContain('Button / Primary 0 [fill] (will be pushed)');
    // Copying impossible: said in words.
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
      document.execCommand = () => false;
    });
    await page.getByRole('button', { name: 'Copy summary' }).click();
    await expect.poll(() => page.getByTestId('sync-copy-message').textContent()).toContain('The summary could not be copied');
    await closeAsync(page);
  });

  it('in the smallest window, says “Summary copied” where Copy summary was pressed, in sight (it was said at the screen’s top, scrolled out of view)', async () => {
    const page = await openAsync({ count: 30 });
    await page.setViewportSize({ width: 320, height: 240 });
    await page.getByRole('grid', { name: 'Components that differ' }).waitFor();
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.resolve() }, configurable: true });
    });
    const copy = page.getByRole('button', { name: 'Copy summary' });
    await copy.click();
    const said = page.getByText('Summary copied: 30 components changed, 18 of them to sync.');
    await said.waitFor();
    /** Whether all of the element shows inside the window and its scrolling screen. */
    const inSight = (element: Locator) =>
      element.evaluate((shown) => {
        const box = shown.getBoundingClientRect();
        const view = shown.closest('main')?.getBoundingClientRect() ?? { top: 0, bottom: window.innerHeight };
        return box.height > 0 && box.top >= Math.max(0, view.top) && box.bottom <= Math.min(window.innerHeight, view.bottom);
      });
    await expect.poll(() => inSight(said)).toBe(true);
    expect(await inSight(copy)).toBe(true);
    // A choice changes what a copy would say: the words about the earlier copy go.
    await page.getByRole('checkbox', { name: 'Push Button / Primary 0' }).uncheck();
    await expect.poll(() => said.count()).toBe(0);
    await closeAsync(page);
  });

  // Clicked with the pointer, a tick keeps the keyboard, and the list acts on its active row: Space
  // then flipped the first row's tick (or one scrolled out of sight), not the one just clicked.
  it('acts on the row whose tick was clicked when Space is pressed after the click', async () => {
    const page = await openAsync({ count: 6 });
    const ticks = page.getByRole('checkbox', { name: /^Push / });
    await expect.poll(() => ticks.count()).toBeGreaterThan(1);
    const before = await ticks.evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).checked));
    const second = ticks.nth(1);
    await second.click();
    expect(await second.isChecked()).toBe(!before[1]);
    await page.keyboard.press(' ');
    await expect.poll(() => second.isChecked()).toBe(before[1]);
    expect(await ticks.evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).checked))).toEqual(before);
    await closeAsync(page);
  });

  it('keeps a row’s name readable when it has many chips: chips that do not fit are left out whole, and the list never scrolls sideways', async () => {
    const page = await openAsync({ count: 6, chipSets: [['name', 'description', 'component properties', 'structure', 'layout', 'fill', 'text']] });
    await page.getByRole('grid', { name: 'Components that differ' }).waitFor();
    const layout = await page.evaluate(() => {
      const list = document.querySelector('[data-testid="sync-list"]')!;
      const row = document.querySelector('[data-key="k0"]')!;
      const tags = row.querySelector('.sync-tags')!.getBoundingClientRect();
      const shown = [...row.querySelectorAll('.sync-tag')].map((tag) => tag.getBoundingClientRect()).filter((box) => box.top < tags.bottom && box.left < tags.right);
      return {
        nameWidth: row.querySelector('.sync-name')!.getBoundingClientRect().width,
        sideways: list.scrollWidth - list.clientWidth,
        shown: shown.length,
        cut: shown.filter((box) => box.right > tags.right + 0.5).length,
      };
    });
    expect(layout.nameWidth).toBeGreaterThan(60);
    expect(layout.sideways).toBe(0);
    expect(layout.shown).toBeGreaterThan(0);
    expect(layout.cut).toBe(0);
    // Every chip is still in the row (the ones that do not fit on a hidden line).
    expect(await page.locator('[data-key="k0"] [data-testid="sync-row-chips"] .sync-tag').allTextContents()).toEqual(['name', 'description', 'component properties', 'structure', 'layout', 'fill', 'text']);
    expect(await axeViolationsAsync(page.mainFrame())).toEqual([]);
    await closeAsync(page);
  });

  it('in the narrowest window, a short name stays whole beside a conflict’s choice, and a chip too wide for the room left is counted, never cut', async () => {
    const page = await openAsync({ count: 3, kinds: ['conflict'], names: ['Hero'], chipSets: [['component properties', 'text']] });
    await page.setViewportSize({ width: 320, height: 400 });
    await page.getByRole('grid', { name: 'Components that differ' }).waitFor();
    const row = page.locator('[data-key="k0"]');
    await expect.poll(() => row.getByText(/^\+\d+$/).count()).toBe(1);
    const layout = await row.evaluate((element) => {
      const name = element.querySelector<HTMLElement>('.sync-name')!;
      const tags = element.querySelector('.sync-tags')!.getBoundingClientRect();
      const shown = [...element.querySelectorAll('.sync-tags .sync-tag')].map((tag) => tag.getBoundingClientRect()).filter((box) => box.top < tags.bottom);
      return { truncated: name.scrollWidth > name.clientWidth, cut: shown.filter((box) => box.right > tags.right + 0.5).length };
    });
    // "Hero 0" whole, not "H…" beside a chip cut at the row's edge ("component pro").
    expect(layout).toEqual({ truncated: false, cut: 0 });
    expect(await axeViolationsAsync(page.mainFrame())).toEqual([]);
    await closeAsync(page);
  });

  it('says how many chips did not fit with a visible "+N", names them all in the detail (Enter) and to screen readers, clean under axe in both themes', async () => {
    const all = ['name', 'description', 'component properties', 'structure', 'layout', 'fill', 'text'];
    const page = await openAsync({ count: 6, chipSets: [all] });
    const grid = page.getByRole('grid', { name: 'Components that differ' });
    await grid.waitFor();
    const row = page.locator('[data-key="k0"]');
    const shownCount = () =>
      row.evaluate((element) => {
        const tags = element.querySelector('.sync-tags')!.getBoundingClientRect();
        return [...element.querySelectorAll('.sync-tags .sync-tag')].filter((tag) => tag.getBoundingClientRect().top < tags.bottom).length;
      });
    const more = row.getByText(/^\+\d+$/);
    // Once the chips are laid out (a second pass may follow the first draw): "+N" counts those left out.
    await expect
      .poll(async () => {
        const shown = await shownCount();
        return shown > 0 && shown < all.length && (await more.textContent()) === `+${all.length - shown}`;
      })
      .toBe(true);
    expect(await more.isVisible()).toBe(true);
    // The row's name for a screen reader has every chip, whatever fits.
    expect(await row.getByRole('gridcell').nth(1).textContent()).toContain(`Changed: ${all.join(', ')}`);
    expect(await axeViolationsAsync(page.mainFrame())).toEqual([]);
    // The keyboard's way to the chips that did not fit: the detail names them all (the first row, a conflict).
    await grid.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Button / Primary 4' }).waitFor();
    expect(await page.getByTestId('sync-detail').getByText(`Changed: ${all.join(', ')}`).isVisible()).toBe(true);
    expect(await axeViolationsAsync(page.mainFrame())).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await axeViolationsAsync(page.mainFrame())).toEqual([]);
    await page.keyboard.press('Escape');
    await grid.waitFor();
    expect(await axeViolationsAsync(page.mainFrame())).toEqual([]);
    // A wider window: every chip fits, and the count goes.
    await page.setViewportSize({ width: 1200, height: 600 });
    await expect.poll(shownCount).toBe(all.length);
    await expect.poll(() => more.count()).toBe(0);
    await closeAsync(page);
  });

  it('shows a component deleted and re-created under the same name as one replaced row: one choice for both keys, or kept apart, still apart after a reopen and Check again', async () => {
    const page = await openAsync({ count: 3, replaced: true });
    const grid = page.getByRole('grid', { name: 'Components that differ' });
    await grid.waitFor();
    const rows = page.getByTestId('sync-row').filter({ hasText: 'Banner' });
    expect(await rows.count()).toBe(1);
    expect(await rows.textContent()).toContain('Replaces the deleted “Banner” · Will be pushed: the old key deleted, the new one added');
    // Its chips: what changed from the deleted one; the "fill" filter keeps it.
    expect(await rows.locator('.sync-tag').allTextContents()).toEqual(['fill']);
    await page.getByRole('group', { name: 'Changed:' }).getByRole('button', { name: /^fill / }).click();
    await expect.poll(() => page.getByTestId('sync-row').filter({ hasText: 'Banner' }).count()).toBe(1);
    await page.getByRole('group', { name: 'Changed:' }).getByRole('button', { name: /^fill / }).click();
    expect(await page.getByRole('row').filter({ hasText: /^Replaced/ }).count()).toBe(1);
    // Unticking it skips both the delete and the add.
    await page.getByRole('checkbox', { name: 'Push Banner' }).uncheck();
    await expect.poll(() => sentAsync(page, 'sync/choose')).toEqual([{ type: 'sync/choose', kind: 'request', payload: { choices: { 'r-new': 'skip', 'r-old': 'skip' } } }]);
    await rows.click();
    await page.getByTestId('sync-replaced').waitFor();
    expect(await page.getByTestId('sync-replaced').textContent()).toContain('Old key r-old → new key r-new');
    await expect.poll(() => page.getByRole('table').textContent()).toContain('#000000');
    expect(await sentAsync(page, 'sync/detail')).toEqual([{ type: 'sync/detail', kind: 'request', payload: { key: 'r-new', replaces: 'r-old' } }]);
    // Neither side has a picture: said in words, never a caption lowercased into a sentence.
    expect(await page.getByText('No picture of the deleted component', { exact: true }).count()).toBe(1);
    expect(await page.getByText('No picture of the added component', { exact: true }).count()).toBe(1);
    expect(await axeViolationsAsync(page.mainFrame())).toEqual([]);
    await page.getByRole('button', { name: 'Keep them apart' }).click();
    await expect.poll(() => page.getByTestId('sync-row').filter({ hasText: 'Banner' }).count()).toBe(2);
    expect(await page.getByTestId('sync-message').textContent()).toContain('Banner: the deleted and the added component are shown apart, each with its own choice.');
    // Back in the list, on the keyboard.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('grid');
    expect(await sentAsync(page, 'sync/keep-apart')).toEqual([{ type: 'sync/keep-apart', kind: 'request', payload: { oldKey: 'r-old', newKey: 'r-new' } }]);
    /** The two Banner rows, each with its own tick and without the replacement's chips (apart, the addition is compared with nothing). */
    const expectApartAsync = async (at: Page) => {
      await at.getByRole('grid', { name: 'Components that differ' }).waitFor();
      await expect.poll(() => at.getByTestId('sync-row').filter({ hasText: 'Banner' }).count()).toBe(2);
      // The added one is pushed; the deleted one says it is deleted from the design system.
      expect(await at.getByRole('checkbox', { name: 'Push Banner' }).count()).toBe(1);
      expect(await at.getByRole('checkbox', { name: 'Delete Banner from the design system' }).count()).toBe(1);
      expect(await at.getByRole('row').filter({ hasText: /^Replaced/ }).count()).toBe(0);
      expect(await at.getByTestId('sync-row').filter({ hasText: 'Banner' }).locator('.sync-tag').count()).toBe(0);
    };
    await expectApartAsync(page);
    // The window closed and opened again (the UI loads afresh; the decision is the sandbox's).
    await page.reload();
    await expectApartAsync(page);
    // And checked again.
    await page.getByRole('button', { name: 'Check again' }).click();
    await expect.poll(() => sentAsync(page, 'sync/compare').then((sent) => sent.length)).toBe(2);
    await page.getByRole('button', { name: 'Check again' }).waitFor();
    await expectApartAsync(page);
    await closeAsync(page);
  });

  it('says in words when a replaced row cannot be kept apart, and loses nothing: the detail stays open, the row and its choice stay as they were', async () => {
    const page = await openAsync({ count: 3, replaced: true, keepApartError: 'The plugin could not save this on your computer.' });
    await page.getByRole('grid', { name: 'Components that differ' }).waitFor();
    await page.getByRole('checkbox', { name: 'Push Banner' }).uncheck();
    await page.getByTestId('sync-row').filter({ hasText: 'Banner' }).click();
    const keepApart = page.getByRole('button', { name: 'Keep them apart' });
    await keepApart.click();
    const said = page.getByRole('alert').filter({ hasText: 'could not be shown as two rows' });
    await said.waitFor();
    expect(await said.textContent()).toBe('Banner could not be shown as two rows, so it is still one replaced row: The plugin could not save this on your computer.');
    // Still in the detail, on the button pressed.
    expect(await page.getByRole('heading', { name: 'Banner' }).isVisible()).toBe(true);
    expect(await keepApart.evaluate((button) => button === document.activeElement)).toBe(true);
    // Its retry says what it tries (beside the detail's own "Try again" when its changes failed to load).
    expect(await page.getByRole('button', { name: 'Try keeping them apart again' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: '← Back to the list' }).click();
    expect(await page.getByTestId('sync-row').filter({ hasText: 'Banner' }).count()).toBe(1);
    expect(await page.getByRole('checkbox', { name: 'Push Banner' }).isChecked()).toBe(false);
    expect(await axeViolationsAsync(page.mainFrame())).toEqual([]);
    await closeAsync(page);
  });

  it('counts a replaced row once, as it is shown: in "All", on the Sync button and in the copied summary; kept apart, twice', async () => {
    const page = await openAsync({ count: 3, replaced: true });
    await page.getByRole('grid', { name: 'Components that differ' }).waitFor();
    // Two local changes, one addition and the replaced Banner: four rows, four to push.
    expect(await page.getByTestId('sync-row').count()).toBe(4);
    expect(await page.getByRole('group', { name: 'Show:' }).getByRole('button', { name: /^All / }).textContent()).toBe('All 4');
    expect(await page.getByTestId('sync-run').textContent()).toBe('Sync 4 changes');
    // Copied through the textarea fallback (no clipboard API), where the test can read it.
    const copied = await copySummaryAsync(page, 'missing');
    await expect.poll(() => page.getByTestId('sync-copy-message').textContent()).toContain('Summary copied: 4 components to sync.');
    expect(copied.split('\n')[0]).toBe('Design-system sync of Newsletter components: 4 components to sync');
    // Only the old key's deletion left ticked: one change.
    await page.getByRole('checkbox', { name: 'Push Banner' }).uncheck();
    await page.getByRole('checkbox', { name: 'Push Button / Primary 0' }).uncheck();
    expect(await page.getByTestId('sync-run').textContent()).toBe('Sync 2 changes');
    await page.getByRole('checkbox', { name: 'Push Banner' }).check();
    await page.getByTestId('sync-row').filter({ hasText: 'Banner' }).click();
    await page.getByRole('button', { name: 'Keep them apart' }).click();
    await expect.poll(() => page.getByTestId('sync-row').count()).toBe(5);
    expect(await page.getByRole('button', { name: /^All / }).textContent()).toBe('All 5');
    expect(await page.getByTestId('sync-run').textContent()).toBe('Sync 4 changes');
    await closeAsync(page);
  });

  it('shows a replaced row whose two keys were chosen apart as neither ticked nor unticked, says what would be sent, and a tick pushes both', async () => {
    const page = await openAsync({ count: 3, replaced: true, replacedDeleteSkipped: true });
    await page.getByRole('grid', { name: 'Components that differ' }).waitFor();
    const row = page.getByTestId('sync-row').filter({ hasText: 'Banner' });
    expect(await row.textContent()).toContain('Only the new key will be added; deleting the old one is skipped');
    const tick = page.getByRole('checkbox', { name: 'Push Banner' });
    expect(await tick.isChecked()).toBe(false);
    expect(await tick.evaluate((input: HTMLInputElement) => input.indeterminate)).toBe(true);
    // The detail's tick is the same; ticking it pushes the replacement: both keys.
    await row.click();
    const detailTick = page.getByRole('checkbox', { name: /^Push the replacement/ });
    await detailTick.waitFor();
    expect(await detailTick.evaluate((input: HTMLInputElement) => input.indeterminate)).toBe(true);
    await detailTick.check();
    // r-new was to be pushed already: only r-old's choice changes.
    await expect.poll(() => sentAsync(page, 'sync/choose')).toEqual([{ type: 'sync/choose', kind: 'request', payload: { choices: { 'r-old': 'push' } } }]);
    await page.getByRole('button', { name: '← Back to the list' }).click();
    await expect.poll(() => row.textContent()).toContain('Will be pushed: the old key deleted, the new one added');
    expect(await tick.evaluate((input: HTMLInputElement) => [input.checked, input.indeterminate])).toEqual([true, false]);
    await closeAsync(page);

    // Space on the row does what a click on its tick does: the replacement is pushed, both keys.
    const again = await openAsync({ count: 3, replaced: true, replacedDeleteSkipped: true });
    const grid = again.getByRole('grid', { name: 'Components that differ' });
    await grid.focus();
    await again.keyboard.press('End');
    await again.keyboard.press(' ');
    await expect.poll(() => sentAsync(again, 'sync/choose')).toEqual([{ type: 'sync/choose', kind: 'request', payload: { choices: { 'r-old': 'push' } } }]);
    await closeAsync(again);
  });

  it('ticks with Space, saves choices in one batch, opens the detail with Enter and comes back to the same row', async () => {
    const page = await openAsync({ count: 200 });
    await page.getByRole('button', { name: /^Local changes/ }).click();
    const grid = page.getByRole('grid', { name: 'Components that differ' });
    // Focus lands on the first row (Button / Primary 0); one step down is the second.
    await grid.focus();
    await page.keyboard.press('ArrowDown');
    const box = page.getByRole('checkbox', { name: 'Push Card / Product 1' });
    expect(await box.isChecked()).toBe(true);
    await page.keyboard.press(' ');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press(' ');
    expect(await box.isChecked()).toBe(false);
    await expect.poll(() => sentAsync(page, 'sync/choose')).toEqual([{ type: 'sync/choose', kind: 'request', payload: { choices: { k1: 'skip', k9: 'skip' } } }]);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Card / Product 9' }).waitFor();
    expect(await page.getByTestId('sync-detail').getByText('Local change', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('checkbox', { name: 'Push this change with the next sync' }).isChecked()).toBe(false);
    await expect.poll(() => page.getByRole('table').textContent()).toContain('padding left');
    expect(await page.getByText('No picture of this file’s version', { exact: true }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await grid.waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('grid');
    expect(await page.locator('[data-testid="sync-row"][aria-selected="true"]').getAttribute('data-key')).toBe('k9');
    await closeAsync(page);
  });

  it('lets a conflict be resolved in the detail: keep mine, take theirs (with the steps by hand) or skip', async () => {
    const page = await openAsync({ count: 20 });
    await page.getByText('Button / Primary 4', { exact: true }).click();
    await page.getByRole('radio', { name: 'Skip for now' }).waitFor();
    // One component: a conflict, not the group's "Conflicts".
    expect(await page.getByTestId('sync-detail').getByText('Conflict · Changed by Ana Lima, 3 hours ago', { exact: true }).count()).toBe(1);
    await page.getByRole('radio', { name: 'Take theirs' }).check();
    await expect.poll(() => page.getByTestId('sync-manual-steps').textContent()).toContain('Set the corner radius to 6 by hand.');
    await expect.poll(() => sentAsync(page, 'sync/choose')).toHaveLength(1);
    // The choice and its save re-render the screen; the open detail is still loaded only once.
    expect(await sentAsync(page, 'sync/detail')).toEqual([{ type: 'sync/detail', kind: 'request', payload: { key: 'k4' } }]);
    await page.getByRole('button', { name: '← Back to the list' }).click();
    expect(await page.getByRole('combobox', { name: 'Choice for Button / Primary 4' }).inputValue()).toBe('take');
    await closeAsync(page);
  });

  it('loads the open detail again after Check again: a row that became a conflict shows theirs, not the old local change', async () => {
    const page = await openAsync({ count: 20, conflictOnSecondCompare: true });
    await page.getByText('Button / Primary 0', { exact: true }).click();
    const table = page.getByTestId('sync-changes');
    await expect.poll(() => table.textContent()).toContain('Last sync');
    await page.getByTestId('sync-check').click();
    await page.getByRole('radio', { name: 'Skip for now' }).waitFor();
    await expect.poll(() => table.textContent()).toContain('Theirs');
    expect(await table.textContent()).not.toContain('Last sync');
    await expect.poll(() => page.getByTestId('sync-manual-steps').count()).toBe(1);
    await closeAsync(page);
  });

  it('keeps a kind filter shown and pressed when Check again leaves none of its kind (the list went empty with no chip pressed), and one press shows the row that moved', async () => {
    const page = await openAsync({ count: 2, kinds: ['local-change', 'remote-change'], conflictOnSecondCompare: true });
    const kinds = page.getByRole('group', { name: 'Show:' });
    await kinds.getByRole('button', { name: 'Local changes 1' }).click();
    await page.getByTestId('sync-check').click();
    // Button / Primary 0, the local change, is now a conflict: the filter that hides it says so.
    const kept = kinds.getByRole('button', { name: 'Local changes 0' });
    await kept.waitFor();
    expect(await kept.getAttribute('aria-pressed')).toBe('true');
    await kept.click();
    await expect.poll(() => page.getByTestId('sync-row').filter({ hasText: 'Button / Primary 0' }).count()).toBe(1);
    expect(await kinds.getByRole('button', { name: 'Local changes 0' }).count()).toBe(0);
    expect(await kinds.getByRole('button', { name: 'All 2' }).getAttribute('aria-pressed')).toBe('true');
    await closeAsync(page);
  });

  it('keeps a kind-of-change filter shown and pressed when the rows it showed lose that change (a pair kept apart), and one press shows them all again', async () => {
    const page = await openAsync({ count: 1, kinds: ['local-change'], chipSets: [['text']], replaced: true });
    const changes = page.getByRole('group', { name: 'Changed:' });
    await changes.getByRole('button', { name: 'fill 1' }).click();
    await page.getByTestId('sync-row').filter({ hasText: 'Banner' }).click();
    await page.getByRole('button', { name: 'Keep them apart' }).click();
    // Apart, the added Banner is compared with nothing: no "fill" change is left.
    const kept = changes.getByRole('button', { name: 'fill 0' });
    await kept.waitFor();
    expect(await kept.getAttribute('aria-pressed')).toBe('true');
    await kept.click();
    await expect.poll(() => page.getByTestId('sync-row').count()).toBe(3);
    expect(await changes.getByRole('button', { name: /^fill/ }).count()).toBe(0);
    await closeAsync(page);
  });

  it('says when the file\'s sync state could not be read, above the list it compared as a first sync', async () => {
    const text = 'This file’s sync state cannot be read (part 2 of 3 is missing). Syncing again will compare every component as if for the first time.';
    const page = await openAsync({ count: 20, stateProblem: text });
    await page.getByRole('grid', { name: 'Components that differ' }).waitFor();
    expect(await page.getByText(text).count()).toBe(1);
    expect(await axeViolationsAsync(page.mainFrame())).toEqual([]);
    await closeAsync(page);
  });

  it('offers no "take" on a component added in the design system only, so nothing can block the sync', async () => {
    const page = await openAsync({ count: 20 });
    await page.getByRole('button', { name: /^Added remotely/ }).click();
    await page.getByText('Hero / Split 6', { exact: true }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Take Hero / Split 6' }).count()).toBe(0);
    // Space on the row decides nothing either.
    await page.getByRole('grid', { name: 'Components that differ' }).focus();
    await page.keyboard.press(' ');
    await page.getByTestId('sync-run').click();
    await page.getByTestId('sync-outcome').waitFor();
    expect(await page.getByTestId('sync-choose-error').count()).toBe(0);
    expect(await page.getByTestId('sync-error').count()).toBe(0);
    await closeAsync(page);
  });

  it('offers no "take theirs" on a conflict deleted here, in the list or the detail', async () => {
    const page = await openAsync({ count: 20, deletedConflict: true });
    const select = page.getByRole('combobox', { name: 'Choice for Badge' });
    await select.waitFor();
    expect(await select.locator('option').allTextContents()).toEqual(['Keep mine', 'Skip for now']);
    await page.getByText('Badge', { exact: true }).click();
    await page.getByRole('radio', { name: 'Skip for now' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Take theirs' }).count()).toBe(0);
    await page.getByRole('radio', { name: 'Keep mine' }).check();
    await expect.poll(() => sentAsync(page, 'sync/choose')).toEqual([{ type: 'sync/choose', kind: 'request', payload: { choices: { dc: 'push' } } }]);
    expect(await page.getByTestId('sync-choose-error').count()).toBe(0);
    await closeAsync(page);
  });

  it('puts a choice back and says why when it cannot be saved', async () => {
    const page = await openAsync({ count: 20, chooseError: 'The builder could not be reached. Check your connection.' });
    const box = page.getByRole('checkbox', { name: 'Push Button / Primary 0' });
    await box.click();
    await expect.poll(() => page.getByTestId('sync-choose-error').textContent()).toContain('The builder could not be reached');
    expect(await box.isChecked()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save the choices again' }).count()).toBe(1);
    await closeAsync(page);
  });

  /** Whether all of the element shows inside the window and its scrolling screen. */
  const wholeInSight = (element: Locator) =>
    element.evaluate((shown) => {
      const rect = shown.getBoundingClientRect();
      const view = shown.closest('main')?.getBoundingClientRect() ?? { top: 0, bottom: window.innerHeight };
      return rect.height > 0 && rect.top >= Math.max(0, view.top) - 0.5 && rect.bottom <= Math.min(window.innerHeight, view.bottom) + 0.5;
    });
  /** The live regions in the page, and whether the element is inside one (its every change would be read out). */
  const liveRegionsAsync = (page: Page, element: Locator) =>
    Promise.all([
      page.locator('[aria-live], [role="status"], [role="alert"], [role="log"]').count(),
      element.evaluate((shown) => shown.closest('[aria-live], [role="status"], [role="alert"], [role="log"]') !== null),
    ]);

  it('in the smallest window, the progress of a sync started at the bottom shows beside its Cancel, the keyboard staying on Cancel and the progress not read out (it stood at the screen’s top, out of view)', async () => {
    const page = await openAsync({ count: 30, hold: ['sync/run'] });
    await page.setViewportSize({ width: 320, height: 240 });
    await page.getByRole('grid', { name: 'Components that differ' }).waitFor();
    const regions = await page.locator('[aria-live], [role="status"], [role="alert"], [role="log"]').count();
    await page.getByRole('button', { name: /^Sync \d+ changes$/ }).press('Enter');
    const progress = page.getByTestId('sync-progress');
    await progress.waitFor();
    const cancel = page.getByRole('button', { name: 'Cancel sync' });
    await expect.poll(() => wholeInSight(progress)).toBe(true);
    expect(await wholeInSight(cancel)).toBe(true);
    expect(await cancel.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await liveRegionsAsync(page, progress)).toEqual([regions, false]);
    await page.evaluate(() => (window as unknown as { syncStub: { release: (type: string) => void } }).syncStub.release('sync/run'));
    await page.getByTestId('sync-outcome').waitFor();
    expect(await axeViolationsAsync(page.mainFrame())).toEqual([]);
    await closeAsync(page);
  });

  it('in the smallest window, Check again’s progress shows beside it, not read out (it stood at the screen’s top, out of view)', async () => {
    const page = await openAsync({ count: 30, stepMs: 400 });
    await page.setViewportSize({ width: 320, height: 240 });
    await page.getByRole('grid', { name: 'Components that differ' }).waitFor();
    const regions = await page.locator('[aria-live], [role="status"], [role="alert"], [role="log"]').count();
    await page.getByRole('button', { name: 'Check again' }).click();
    const progress = page.getByTestId('sync-progress');
    await progress.waitFor();
    await expect.poll(() => wholeInSight(progress)).toBe(true);
    expect(await wholeInSight(page.getByRole('button', { name: 'Stop checking' }))).toBe(true);
    expect(await liveRegionsAsync(page, progress)).toEqual([regions, false]);
    await closeAsync(page);
  });

  it('in the smallest window, after Check again at the bottom, Space on a conflict says why in sight with the row, the keyboard staying in the list (it was said at the screen’s top, out of view)', async () => {
    const page = await openAsync({ count: 30, kinds: ['local-change', 'conflict'] });
    await page.setViewportSize({ width: 320, height: 240 });
    const grid = page.getByRole('grid', { name: 'Components that differ' });
    await grid.waitFor();
    const regions = await page.locator('[aria-live], [role="status"], [role="alert"], [role="log"]').count();
    await page.getByRole('button', { name: 'Check again' }).click();
    await expect.poll(() => sentAsync(page, 'sync/compare')).toHaveLength(2);
    await page.getByRole('button', { name: 'Check again' }).waitFor();
    // The keyboard is on the buttons (on the first, Sync, as the check ended): Shift+Tab back into the list, down to a conflict, Space.
    for (let step = 0; step < 4 && !(await grid.evaluate((list) => list === document.activeElement)); step++) await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('ArrowDown');
    const row = page.locator(`[id="${await grid.getAttribute('aria-activedescendant')}"]`);
    // Conflicts come first in the list: a conflict's name, said back in the words below.
    const name = await row.locator('.sync-name').textContent();
    await page.keyboard.press(' ');
    const said = page.getByText(`${name} is a conflict: press Enter to open it`);
    await said.waitFor();
    await expect.poll(() => wholeInSight(said)).toBe(true);
    expect(await wholeInSight(row)).toBe(true);
    expect(await grid.evaluate((list) => list === document.activeElement)).toBe(true);
    expect(await page.locator('[aria-live], [role="status"], [role="alert"], [role="log"]').count()).toBe(regions);
    await closeAsync(page);
  });

  it('in the smallest window, a tick put back because it could not be saved says why in sight (the words stood at the screen’s top, out of view)', async () => {
    const page = await openAsync({ count: 20, chooseError: 'The builder could not be reached. Check your connection.' });
    await page.setViewportSize({ width: 320, height: 240 });
    const box = page.getByRole('checkbox', { name: 'Push Card / Product 1' });
    await box.click();
    const said = page.getByTestId('sync-choose-error');
    await expect.poll(() => said.textContent()).toContain('The builder could not be reached');
    expect(await box.isChecked()).toBe(true);
    const inSight = (element: Locator) =>
      element.evaluate((shown) => {
        const rect = shown.getBoundingClientRect();
        const view = shown.closest('main')?.getBoundingClientRect() ?? { top: 0, bottom: window.innerHeight };
        return rect.height > 0 && rect.top >= Math.max(0, view.top) && rect.bottom <= Math.min(window.innerHeight, view.bottom);
      });
    await expect.poll(() => inSight(said)).toBe(true);
    await closeAsync(page);
  });

  it('“Save the choices again” from the keyboard gives it back to the row chosen in the list, not to the page', async () => {
    const page = await openAsync({ count: 20, chooseError: 'The builder could not be reached.', chooseErrorAt: 1 });
    const grid = page.getByRole('grid', { name: 'Components that differ' });
    await page.getByRole('button', { name: /^Local changes/ }).click();
    await grid.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const activeName = () => page.evaluate(() => {
      const grid = document.activeElement;
      const cell = grid?.getAttribute('role') === 'grid' ? document.getElementById(grid.getAttribute('aria-activedescendant') ?? '') : null;
      return cell?.querySelector('.sync-name')?.textContent ?? `not the list: ${document.activeElement === document.body ? 'the page' : (document.activeElement?.textContent ?? '')}`;
    });
    const chosen = await activeName();
    await page.keyboard.press(' ');
    const retry = page.getByRole('button', { name: 'Save the choices again' });
    await retry.waitFor();
    await retry.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => sentAsync(page, 'sync/choose')).toHaveLength(2);
    expect(await activeName()).toBe(chosen);
    expect(await page.getByRole('checkbox', { name: `Push ${chosen}` }).isChecked()).toBe(false);
    await closeAsync(page);
  });

  it('“Save the choices again” from the keyboard gives it back to the choice made in the detail, not to the page', async () => {
    const page = await openAsync({ count: 20, chooseError: 'The builder could not be reached.', chooseErrorAt: 1 });
    await page.getByRole('button', { name: /^Conflicts/ }).click();
    const grid = page.getByRole('grid', { name: 'Components that differ' });
    await grid.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('sync-detail').waitFor();
    await page.getByRole('radio', { name: 'Take theirs' }).check();
    const retry = page.getByRole('button', { name: 'Save the choices again' });
    await retry.waitFor();
    await retry.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => sentAsync(page, 'sync/choose')).toHaveLength(2);
    expect(await page.evaluate(() => (document.activeElement === document.body ? 'the page' : (document.activeElement?.closest('label')?.textContent ?? document.activeElement?.textContent)))).toBe('Take theirs');
    expect(await page.getByRole('radio', { name: 'Take theirs' }).isChecked()).toBe(true);
    await closeAsync(page);
  });

  it('does not save a failed choice again onto a row that changed meaning since (a local change that became a conflict)', async () => {
    const page = await openAsync({ count: 20, conflictOnSecondCompare: true, chooseError: 'The builder could not be reached.', chooseErrorAt: 2 });
    const box = page.getByRole('checkbox', { name: 'Push Button / Primary 0' });
    await box.click();
    await expect.poll(() => sentAsync(page, 'sync/choose')).toHaveLength(1);
    await expect.poll(() => box.isChecked()).toBe(false);
    // Ticked again: this save fails and the tick is put back.
    await box.click();
    await expect.poll(() => page.getByTestId('sync-choose-error').textContent()).toContain('could not be reached');
    expect(await box.isChecked()).toBe(false);
    // A teammate changed it meanwhile: after Check again the row is a conflict.
    await page.getByTestId('sync-check').click();
    await page.getByRole('combobox', { name: 'Choice for Button / Primary 0' }).waitFor();
    const retry = page.getByRole('button', { name: 'Save the choices again' });
    if ((await retry.count()) > 0) await retry.click();
    await page.waitForTimeout(600);
    // "Push" was never chosen for the conflict: keep mine must not be saved for it.
    expect((await sentAsync(page, 'sync/choose')).slice(2)).toEqual([]);
    expect(await page.getByRole('combobox', { name: 'Choice for Button / Primary 0' }).inputValue()).toBe('skip');
    expect(await page.getByTestId('sync-message').textContent()).toContain('choose them again');
    await closeAsync(page);
  });

  it('does not offer to save a failed choice again while Check again runs (it would land on the new comparison, where the row may be a conflict)', async () => {
    const page = await openAsync({ count: 20, stepMs: 300, conflictOnSecondCompare: true, chooseError: 'The builder could not be reached.', chooseErrorAt: 2 });
    const box = page.getByRole('checkbox', { name: 'Push Button / Primary 0' });
    await box.click();
    await expect.poll(() => sentAsync(page, 'sync/choose')).toHaveLength(1);
    await box.click();
    await expect.poll(() => page.getByTestId('sync-choose-error').textContent()).toContain('could not be reached');
    await page.getByTestId('sync-check').click();
    await page.getByRole('button', { name: 'Stop checking' }).waitFor();
    // While the check runs, the save the error offers would reach the sandbox after the new comparison.
    const retry = page.getByRole('button', { name: 'Save the choices again' });
    if ((await retry.count()) > 0) await retry.click();
    await page.getByRole('combobox', { name: 'Choice for Button / Primary 0' }).waitFor();
    await page.waitForTimeout(600);
    expect((await sentAsync(page, 'sync/choose')).slice(2)).toEqual([]);
    expect(await page.getByRole('combobox', { name: 'Choice for Button / Primary 0' }).inputValue()).toBe('skip');
    await closeAsync(page);
  });

  const refusedBeforeSending = [
    ['the comparison is out of date', 'no_comparison', 'This file now syncs to the design system "ds_2", not to "ds_1" it was compared with: nothing was sent. Check again.'],
    ['Figma would not read a component', 'unreadable', 'Figma could not read the component set “Button”, so nothing was compared or sent. Select it in Figma: a warning on it says what to fix. Then try again.'],
  ] as const;
  for (const [why, code, message] of refusedBeforeSending) it(`a sync refused because ${why} says it did not start and offers to check again, not to try the same sync again`, async () => {
    const page = await openAsync({ count: 20, runError: { code, message } });
    await page.getByTestId('sync-run').click();
    await expect.poll(() => page.getByTestId('sync-error').textContent()).toBe(`The sync did not start: ${message}`);
    expect(await page.getByTestId('sync-error').textContent()).not.toContain('What was already sent is recorded');
    // No retry of the same sync beside the words (a failed sync's notice offers one, as the Sync button).
    expect(await page.getByTestId('sync-error').locator('..').getByRole('button', { name: /^Sync/ }).count()).toBe(0);
    const compares = (await sentAsync(page, 'sync/compare')).length;
    await page.getByTestId('sync-error').locator('..').getByRole('button', { name: 'Check again' }).click();
    await expect.poll(async () => (await sentAsync(page, 'sync/compare')).length).toBe(compares + 1);
    expect(await sentAsync(page, 'sync/run')).toHaveLength(1);
    await closeAsync(page);
  });

  it('a sync refused while references are being placed says it did not start, and its Sync button tries it again', async () => {
    const message = 'Envelope is still placing references on the canvas, so nothing was taken or sent. Sync again once they are there.';
    const page = await openAsync({ count: 20, runError: { code: 'busy', message } });
    await page.getByTestId('sync-run').click();
    await expect.poll(() => page.getByTestId('sync-error').textContent()).toBe(`The sync did not start: ${message}`);
    await page.getByTestId('sync-error').locator('..').getByRole('button', { name: /^Sync [\d,]+ changes?$/ }).click();
    await expect.poll(async () => (await sentAsync(page, 'sync/run')).length).toBe(2);
    await closeAsync(page);
  });

  it('lists each component left to do by hand, two of the same name too', async () => {
    const divider = (key: string, step: string) => ({ key, name: 'Divider', steps: [step] });
    const page = await openAsync({ count: 20, runManualSteps: [divider('d1', 'Set the line colour by hand.'), divider('d2', 'Set the spacing by hand.')] });
    await page.getByTestId('sync-run').click();
    const listed = () => page.getByTestId('sync-outcome').locator('.sync-steps > li').allTextContents();
    await expect.poll(listed, { timeout: 5000 }).toEqual(['DividerSet the line colour by hand.', 'DividerSet the spacing by hand.']);
    await closeAsync(page);
  });

  it('a sync refused because the builder key was removed offers Settings', async () => {
    const page = await openAsync({ count: 20, runError: { code: 'not_linked', message: 'Sync needs a builder API key. Add it in Settings.' } });
    await page.getByTestId('sync-run').click();
    await expect.poll(() => page.getByTestId('sync-error').textContent()).toContain('Add it in Settings');
    await page.getByTestId('sync-error').locator('..').getByRole('button', { name: 'Open Settings' }).click();
    await page.getByTestId('screen-settings').waitFor();
    expect(await sentAsync(page, 'sync/run')).toHaveLength(1);
    await closeAsync(page);
  });

  it('a sync whose key the builder refuses part-way offers Settings, not the same sync again (it would be refused again)', async () => {
    const page = await openAsync({ count: 20, runSentBeforeError: 5, runError: { code: 'unauthorized', message: 'The builder API key was not accepted. Check the key in Settings; it may have been revoked.' } });
    await page.getByTestId('sync-run').click();
    await expect.poll(() => page.getByTestId('sync-error').textContent()).toContain('What was already sent is recorded');
    const notice = page.getByTestId('sync-error').locator('..');
    expect(await notice.getByRole('button').allTextContents()).toEqual(['Open Settings']);
    await notice.getByRole('button', { name: 'Open Settings' }).click();
    await page.getByTestId('screen-settings').waitFor();
    expect(await sentAsync(page, 'sync/run')).toHaveLength(1);
    await closeAsync(page);
  });

  it('runs the sync with progress, then says what happened and lists the conflict that came back', async () => {
    const page = await openAsync({ count: 20, stepMs: 150 });
    await page.getByTestId('sync-run').click();
    await expect.poll(() => page.getByTestId('sync-progress').textContent()).toMatch(/^Pushing \d+ of 12/);
    await expect.poll(() => page.getByTestId('sync-outcome').textContent(), { timeout: 5000 }).toContain('1 component changed in the design system while syncing');
    expect(await page.getByTestId('sync-outcome').getByRole('listitem').filter({ hasText: 'Card / Product 1' }).textContent()).toBe('Card / Product 1Set the image fill by hand.');
    expect(await page.getByRole('row', { name: /Hero \/ Late edit/ }).count()).toBe(1);
    await closeAsync(page);
  });

  it('changes no choice with Space while a sync runs (the ticks are disabled then, the keys too)', async () => {
    const page = await openAsync({ count: 20, stepMs: 400 });
    await page.getByRole('button', { name: /^Local changes/ }).click();
    const grid = page.getByRole('grid', { name: 'Components that differ' });
    await grid.waitFor();
    await page.getByTestId('sync-run').click();
    await page.getByTestId('sync-progress').waitFor();
    await grid.focus();
    await page.keyboard.press(' ');
    await page.getByTestId('sync-outcome').waitFor({ timeout: 10_000 });
    expect(await sentAsync(page, 'sync/choose')).toEqual([]);
    await closeAsync(page);
  });

  it('offers no Keep them apart while a sync runs (the pair may be gone when it ends), as it offers no choice', async () => {
    const page = await openAsync({ count: 3, replaced: true, stepMs: 400 });
    await page.getByRole('grid', { name: 'Components that differ' }).waitFor();
    await page.getByTestId('sync-run').click();
    await page.getByTestId('sync-progress').waitFor();
    await page.getByTestId('sync-row').filter({ hasText: 'Banner' }).click();
    expect(await page.getByRole('button', { name: 'Keep them apart' }).isDisabled()).toBe(true);
    await page.getByTestId('sync-outcome').waitFor({ timeout: 10_000 });
    expect(await sentAsync(page, 'sync/keep-apart')).toEqual([]);
    await closeAsync(page);
  });

  it('cancels a running sync, says so, and checks again what is left', async () => {
    const page = await openAsync({ count: 20, stepMs: 400 });
    await page.getByTestId('sync-run').click();
    await page.getByRole('button', { name: 'Cancel sync' }).click();
    await expect.poll(() => page.getByTestId('sync-message').textContent()).toContain('Sync cancelled. What was already sent is recorded');
    expect((await sentAsync(page, undefined)).filter((message) => message.kind === 'cancel')).toHaveLength(1);
    await expect.poll(async () => (await sentAsync(page, 'sync/compare')).length).toBe(2);
    await closeAsync(page);
  });

  it('cancelled, with the check after it failing: the list and the Sync button count what is left as recorded, not the list from before the sync', async () => {
    const page = await openAsync({ count: 20, kinds: ['local-change'], stepMs: 400, compareErrorFrom: 2 });
    const run = page.getByTestId('sync-run');
    await expect.poll(() => run.textContent()).toBe('Sync 20 changes');
    await run.click();
    await expect.poll(() => page.getByTestId('sync-progress').textContent()).toMatch(/Pushing [1-9]\d* of 20/);
    await page.getByRole('button', { name: 'Cancel sync' }).click();
    await expect.poll(() => page.getByTestId('sync-error').textContent()).toContain('The comparison did not finish');
    await expect.poll(() => page.getByTestId('sync-message').textContent()).toContain('Sync cancelled. What was already sent is recorded; the list shows what is left.');
    // Before, the list from before the sync stayed, its button counting the changes already sent.
    await expect.poll(() => run.textContent()).toMatch(/^Sync 1?\d changes?$/);
    await closeAsync(page);
  });

  it('cancelled part-way, its check failed: a box ticked while the list is being brought up to date stays as ticked when the recorded state arrives before its save', async () => {
    const page = await openAsync({ count: 20, kinds: ['local-change'], runError: { code: 'cancelled', message: 'Cancelled.' }, runSentBeforeError: 5, compareErrorFrom: 2, hold: ['sync/current', 'sync/choose'] });
    const run = page.getByTestId('sync-run');
    await expect.poll(() => run.textContent()).toBe('Sync 20 changes');
    await run.click();
    await expect.poll(() => page.getByTestId('sync-error').textContent()).toContain('The comparison did not finish');
    await expect.poll(async () => (await sentAsync(page, 'sync/current')).length).toBe(1);
    // Unticked while the recorded state is on its way; its save is sent and held.
    const box = page.getByRole('checkbox', { name: 'Push Card / Product 5' });
    await box.click();
    await expect.poll(async () => (await sentAsync(page, 'sync/choose')).length).toBe(1);
    expect(await run.textContent()).toBe('Sync 19 changes');
    await page.evaluate(() => (window as unknown as { syncStub: { release(type: string): void } }).syncStub.release('sync/current'));
    // The 5 sent are gone from the count; before, the box came back ticked with the answer (15), and went again with the save's reply.
    await expect.poll(() => run.textContent()).not.toBe('Sync 19 changes');
    expect(await run.textContent()).toBe('Sync 14 changes');
    expect(await box.isChecked()).toBe(false);
    await page.evaluate(() => (window as unknown as { syncStub: { release(type: string): void } }).syncStub.release('sync/choose'));
    await expect.poll(async () => (await sentAsync(page, 'sync/choose')).length).toBe(1);
    expect(await box.isChecked()).toBe(false);
    await closeAsync(page);
  });

  it('failed part-way: the failure shows once the recorded state is read, its retry counting only what is left (it counted what was sent until then)', async () => {
    const message = 'Envelope could not reach the builder. Check your connection and try again.';
    const page = await openAsync({ count: 20, kinds: ['local-change'], runError: { code: 'offline', message }, runSentBeforeError: 5, hold: ['sync/current'] });
    await page.getByTestId('sync-run').click();
    await expect.poll(async () => (await sentAsync(page, 'sync/current')).length).toBe(1);
    // Still busy while it is read: nothing to press or tick counts what was sent.
    expect(await page.getByTestId('sync-error').count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: 'Push Card / Product 5' }).isEnabled()).toBe(false);
    await page.evaluate(() => (window as unknown as { syncStub: { release(type: string): void } }).syncStub.release('sync/current'));
    const error = page.getByTestId('sync-error');
    await expect.poll(() => error.textContent().catch(() => null)).toContain(message);
    expect(await page.getByTestId('sync-run').textContent()).toBe('Sync 15 changes');
    expect(await page.getByRole('checkbox', { name: 'Push Card / Product 5' }).isEnabled()).toBe(true);
    await closeAsync(page);
  });

  it('failed part-way, with the recorded state unreadable: says the list may still count what was sent, and keeps the failure’s words', async () => {
    const message = 'Envelope could not reach the builder. Check your connection and try again.';
    const page = await openAsync({ count: 20, kinds: ['local-change'], runError: { code: 'offline', message }, runSentBeforeError: 5, currentError: 'The file’s sync state could not be read.' });
    await page.getByTestId('sync-run').click();
    await expect.poll(() => page.getByTestId('sync-error').textContent()).toContain('The list may still');
    const said = await page.getByTestId('sync-error').textContent();
    expect(said).toContain(`The sync did not finish: ${message} What was already sent is recorded`);
    expect(said).toMatch(/Check again/);
    expect(await page.getByTestId('sync-check').textContent()).toBe('Check again');
    await closeAsync(page);
  });

  it('a failure’s retry pressed from the keyboard hands the keyboard to what runs (Stop checking), not to the page', async () => {
    const page = await openAsync({ count: 20, stepMs: 400, compareErrorFrom: 2 });
    await page.getByTestId('sync-check').click();
    const retry = page.getByTestId('sync-error').locator('..').getByRole('button', { name: 'Check again' });
    await retry.waitFor({ timeout: 10_000 });
    await retry.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('sync-progress').waitFor();
    // Before, the retry went with its notice and the focus fell to the page.
    expect(await page.evaluate(() => (document.activeElement === document.body ? 'the page' : document.activeElement?.textContent))).toBe('Stop checking');
    await closeAsync(page);
  });

  it('the opening check stopped: says so, with Check again, and no longer says it is opening', async () => {
    const page = await openAsync({ count: 20, stepMs: 400 });
    await page.getByRole('button', { name: 'Stop checking' }).click();
    await expect.poll(() => page.getByTestId('sync-message').textContent()).toBe('Check stopped. Press Check again to compare.');
    expect(await page.getByTestId('sync-check').count()).toBe(1);
    // Before, "Opening sync…" and its spinner stayed beside it, though nothing ran.
    expect(await page.getByText('Opening sync…').count()).toBe(0);
    await closeAsync(page);
  });

  it('keeps the list, the choices and the scroll while Settings is open, without comparing again', async () => {
    const page = await openAsync({ count: 600 });
    await page.getByRole('button', { name: /^Local changes/ }).click();
    const grid = page.getByRole('grid', { name: 'Components that differ' });
    await grid.focus();
    await page.keyboard.press('PageDown');
    await page.keyboard.press('PageDown');
    await page.keyboard.press(' ');
    const scrolled = await grid.evaluate((element) => element.scrollTop);
    expect(scrolled).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByTestId('screen-settings').waitFor();
    await page.getByTestId('nav-sync').click();
    await grid.waitFor();
    expect(await grid.evaluate((element) => element.scrollTop)).toBe(scrolled);
    expect(await sentAsync(page, 'sync/compare')).toHaveLength(1);
    await expect.poll(async () => (await sentAsync(page, 'sync/choose')).length).toBe(1);
    await closeAsync(page);
  });

  it('says which link is missing, with a way to Settings; shows the badge with its count in words', async () => {
    const page = await openAsync({ count: 0, problem: 'no-builder-key' });
    await page.getByText('Sync needs your builder API key.').waitFor();
    await page.evaluate(() => (window as unknown as { syncStub: { emit(type: string, payload: unknown): void } }).syncStub.emit('sync/badge', { rows: 5 }));
    await page.getByRole('button', { name: 'Sync 5 changes to review' }).waitFor();
    await page.getByRole('button', { name: 'Open Settings' }).click();
    await page.getByTestId('screen-settings').waitFor();
    await closeAsync(page);
  });

  it('counts on the Sync tab up to 999, as the list does, in the number it says (it showed “99+” beside a list of 190); past that “999+”, said in full; in the tab bar at 320 px', async () => {
    const page = await openAsync({ count: 0, problem: 'no-builder-key' });
    await page.getByText('Sync needs your builder API key.').waitFor();
    const emit = (rows: number) => page.evaluate((count) => (window as unknown as { syncStub: { emit(type: string, payload: unknown): void } }).syncStub.emit('sync/badge', { rows: count }), rows);
    // What a sighted person reads on the badge (its words for screen readers left out).
    const shown = () => page.getByTestId('nav-sync-badge').evaluate((badge) => badge.firstChild!.textContent);
    await emit(190);
    await page.getByRole('button', { name: 'Sync 190 changes to review' }).waitFor();
    expect(await shown()).toBe('190');
    await emit(1234);
    await page.getByRole('button', { name: 'Sync 1,234 changes to review' }).waitFor();
    expect(await shown()).toBe('999+');
    await page.setViewportSize({ width: 320, height: 240 });
    const fits = await page.getByRole('navigation', { name: 'Envelope screens' }).evaluate((nav) => {
      const right = Math.min(nav.getBoundingClientRect().right, document.documentElement.clientWidth);
      return [...nav.querySelectorAll('.nav-item, .nav-badge')].every((part) => part.getBoundingClientRect().right <= right) && nav.scrollWidth <= nav.clientWidth;
    });
    expect(fits, 'every tab and the badge within the tab bar').toBe(true);
    await closeAsync(page);
  });

  it('gives the focus back to the list after a detail opened with Enter on the first row, without moving first', async () => {
    const page = await openAsync({ count: 30 });
    const grid = page.getByRole('grid', { name: 'Components that differ' });
    await grid.waitFor();
    await grid.focus();
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { level: 2 });
    await heading.waitFor();
    // The detail has the keyboard as soon as it shows.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('sync-detail-title');
    const opened = await heading.textContent();
    await page.keyboard.press('Escape');
    await grid.waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('grid');
    expect(await page.locator('[data-testid="sync-row"][aria-selected="true"] .sync-name').textContent()).toBe(opened);
    await closeAsync(page);
  });

  it('with only format updates left, says so and offers to send them, without a "No component matches" for a search nobody made', async () => {
    const page = await openAsync({ count: 0, formatUpdates: 3 });
    await page.getByTestId('sync-format-update').waitFor();
    expect(await page.getByRole('button', { name: 'Send 3 format updates' }).count()).toBe(1);
    expect(await page.getByText(/No component matches/).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'All 0' }).count()).toBe(0);
    expect(await axeViolationsAsync(page.mainFrame())).toEqual([]);
    await page.getByRole('button', { name: 'Show them' }).click();
    await expect.poll(() => page.getByTestId('sync-row').count()).toBe(3);
    // No "other changes" to go back to.
    await page.getByRole('button', { name: 'Hide them' }).click();
    await expect.poll(() => page.getByTestId('sync-row').count()).toBe(0);
    expect(await page.getByText(/No component matches/).count()).toBe(0);
    await closeAsync(page);
  });

  it('offers to record components that are the same on both sides when nothing else is left (a version taken in part, finished by hand)', async () => {
    const page = await openAsync({ count: 2, kinds: ['both-same'] });
    await page.getByRole('grid', { name: 'Components that differ' }).waitFor();
    expect(await page.getByTestId('sync-row').first().textContent()).toContain('The same in the design system: recorded as synced with the next sync');
    await page.getByRole('button', { name: 'Record 2 components as synced' }).click();
    await expect.poll(() => page.getByTestId('sync-outcome').textContent()).toContain('Sync done');
    // Recorded: they leave the list (the stand-in's run always brings back one late conflict).
    await expect.poll(() => page.getByRole('button', { name: /^Same on both sides/ }).count()).toBe(0);
    expect(await page.getByText('Button / Primary 0').count()).toBe(0);
    await closeAsync(page);
  });

  it('says when the search or a filter hides changes the Sync button sends, with a way to show them', async () => {
    const page = await openAsync({ count: 30 });
    await page.getByRole('grid', { name: 'Components that differ' }).waitFor();
    const run = await page.getByTestId('sync-run').textContent();
    expect(await page.getByTestId('sync-hidden-note').count()).toBe(0);
    await page.getByRole('searchbox', { name: 'Search by name' }).fill('Card / Product 1');
    await expect.poll(() => page.getByTestId('sync-row').count()).toBeLessThan(10);
    // The button still sends everything chosen: the screen says what the list does not show.
    expect(await page.getByTestId('sync-run').textContent()).toBe(run);
    await expect.poll(() => page.getByTestId('sync-hidden-note').textContent()).toMatch(/^\d+ of the changes to sync (is|are) not shown by the search or filter\. ?Show all changes$/);
    expect(await axeViolationsAsync(page.mainFrame())).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await axeViolationsAsync(page.mainFrame())).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    // Nothing matches: the empty list's one "Show all changes", and the note still counts what the sync sends.
    await page.getByRole('searchbox', { name: 'Search by name' }).fill('Nothing by this name');
    await expect.poll(() => page.getByTestId('sync-hidden-note').textContent()).toMatch(/^\d+ of the changes to sync are not shown by the search or filter\.$/);
    expect(await page.getByRole('button', { name: 'Show all changes' }).count()).toBe(1);
    await page.getByRole('searchbox', { name: 'Search by name' }).fill('Card / Product 1');
    await page.getByTestId('sync-hidden-note').getByRole('button', { name: 'Show all changes' }).click();
    await expect.poll(() => page.getByTestId('sync-hidden-note').count()).toBe(0);
    expect(await page.getByRole('searchbox', { name: 'Search by name' }).inputValue()).toBe('');
    // The button went with the note: the keyboard goes on from the search field, not from the page's start.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Search by name');
    // The same from the empty list's button.
    await page.getByRole('button', { name: /^Conflicts / }).click();
    await page.getByRole('searchbox', { name: 'Search by name' }).fill('Nothing by this name');
    await page.getByTestId('sync-no-match').getByRole('button', { name: 'Show all changes' }).click();
    await expect.poll(() => page.getByTestId('sync-no-match').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Search by name');
    await closeAsync(page);
  });

  it('after a sync with steps by hand: Dismiss leaves the keyboard on the first button below, in sight, not on the page body or the screen’s title (a small window jumped to the top)', async () => {
    const page = await openAsync({ count: 20 });
    await page.setViewportSize({ width: 320, height: 240 });
    await page.getByTestId('sync-run').click();
    const dismiss = page.getByTestId('sync-outcome').getByRole('button', { name: 'Dismiss' });
    await dismiss.waitFor({ timeout: 10_000 });
    await dismiss.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('sync-outcome').count()).toBe(0);
    // What came after the notice: the first button just below it, where the window already was.
    const focused = page.locator(':focus');
    expect(await focused.evaluate((element) => element.tagName === 'BUTTON' && element.closest('.sync-actions') !== null)).toBe(true);
    expect(await focused.textContent()).toMatch(/^Check again/);
    const box = (await focused.boundingBox())!;
    expect(box.y >= 0 && box.y + box.height <= 240).toBe(true);
    await closeAsync(page);
  });

  it('lists the steps left after a sync one per line under the component, and keeps the search field whole above the list', async () => {
    const steps = ['Card / Product 1: fill (none) → #ff2200', 'Until this file matches the design system, the component stays listed as taken in part.'];
    const page = await openAsync({ count: 20, runSteps: steps });
    const search = page.getByRole('searchbox', { name: 'Search by name' });
    await search.waitFor();
    const height = (await search.boundingBox())!.height;
    await page.getByTestId('sync-run').click();
    const outcome = page.getByTestId('sync-outcome');
    await outcome.waitFor({ timeout: 10_000 });
    // Each step its own item: not "…#ff2200; Until this file…" run together.
    expect(await outcome.getByRole('list').last().getByRole('listitem').allTextContents()).toEqual(steps);
    expect(await outcome.textContent()).not.toContain('; Until');
    // The notice takes room from the list (which scrolls), never from the search field.
    await search.waitFor();
    expect((await search.boundingBox())!.height).toBe(height);
    expect(await axeViolationsAsync(page.mainFrame())).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await axeViolationsAsync(page.mainFrame())).toEqual([]);
    await closeAsync(page);
  });

  it('says everything is in sync when nothing differs', async () => {
    const page = await openAsync({ count: 0 });
    await expect.poll(() => page.getByTestId('sync-in-sync').textContent()).toBe('Everything is in syncLast synced 2 hours ago.');
    await closeAsync(page);
  });
});
