// The Sync list at the window's default width (400 px) as a designer reads it: an incoming change's
// and a conflict's row say who changed their version and when, short and whole ("Robin Vale · just
// now"; it was "Changed by Robin Vale (builder app), ju…"); the chips that filter by what changed
// say so on screen ("Changed:", before only screen readers heard it), in the words the detail's
// "Changed: description" uses; so do those that show one kind ("Show:").
import type { Frame, Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';
import { linkToEmptyDesignSystemAsync, syncEverythingAsync } from './support/sync-steps';

const h = useHarness();

function keyOfAsync(name: string): Promise<string> {
  return evaluateHooks(
    h.page,
    (hooks, component) => hooks.inspect().run(() => (hooks.inspect().allNodes().find((node) => node.type === 'COMPONENT' && node.name === component) as ComponentNode).key),
    name,
  );
}

async function remoteDescriptionAsync(name: string, description: string): Promise<void> {
  const edited = await fetch(`${h.emulator.builderUrl}/_emulator/design-systems/ds_empty/remote-edit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key: await keyOfAsync(name), description }),
  });
  expect(edited.ok).toBe(true);
}

/** Synced; then Hero's text changed here and its description by a teammate (a conflict), and Header's description by the teammate only (incoming). */
async function conflictAndIncomingAsync(ui: Frame): Promise<void> {
  await syncEverythingAsync(ui);
  await h.page.getByRole('combobox', { name: /^Component/ }).selectOption({ label: 'Hero' });
  await h.page.getByRole('textbox', { name: /^Text/ }).fill('Mine');
  await h.page.getByRole('button', { name: 'Change text' }).click();
  await remoteDescriptionAsync('Hero', 'Theirs');
  await remoteDescriptionAsync('Header', 'Theirs too');
  await ui.getByRole('button', { name: 'Check again' }).click();
  await ui.getByRole('button', { name: 'Conflicts 1' }).waitFor({ timeout: 30_000 });
}

/** Whether a row of chips' heading is on the line of its first chip, and the row within the window (none cut at its right). */
function headedRowAsync(group: Locator, words: string): Promise<{ besideFirst: boolean; inWindow: boolean }> {
  return group.evaluate((row: HTMLElement, heading) => {
    const label = [...row.children].find((part) => part.textContent === heading)!.getBoundingClientRect();
    const first = row.querySelector('button')!.getBoundingClientRect();
    return {
      besideFirst: label.top < first.bottom && label.bottom > first.top,
      inWindow: [...row.children].every((part) => part.getBoundingClientRect().right <= document.documentElement.clientWidth),
    };
  }, words);
}

/** The row's second line, and whether a person sees it whole (not cut with an ellipsis). */
function subLineAsync(row: Locator): Promise<{ text: string; title: string; whole: boolean }> {
  return row.locator('.sync-sub').evaluate((sub: HTMLElement) => ({
    text: [...sub.childNodes].filter((part) => !(part instanceof HTMLElement && part.classList.contains('visually-hidden'))).map((part) => part.textContent).join(''),
    title: sub.title,
    whole: sub.scrollWidth <= sub.clientWidth,
  }));
}

describe('the Sync list’s rows and filters at the default width', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`says who changed theirs and when, whole; labels the chips of what changed; the detail names them alike, ${theme}`, async () => {
      await h.openFreshAsync(`?theme=${theme}`);
      const ui = await linkToEmptyDesignSystemAsync(h);
      expect(await ui.evaluate(() => window.innerWidth)).toBe(400);
      await conflictAndIncomingAsync(ui);
      const grid = ui.getByRole('grid', { name: 'Components that differ' });

      // 1. Who and when, short enough to be read whole; the line in full for the pointer.
      const conflict = await subLineAsync(grid.getByRole('row').filter({ hasText: 'Hero' }));
      expect(conflict).toEqual({ text: 'Robin Vale · just now', title: 'Changed by Robin Vale (builder app), just now', whole: true });
      const incoming = await subLineAsync(grid.getByRole('row').filter({ hasText: 'Header' }));
      expect(incoming).toEqual({ text: 'Will be taken · Robin Vale · just now', title: 'Changed by Robin Vale (builder app), just now', whole: true });

      // 2. The chips of what changed say so on screen, the words also the group's name, on one line with its chips.
      const changed = ui.getByRole('group', { name: 'Changed:' });
      expect(await changed.count(), 'a group named by its visible label').toBe(1);
      await expect.poll(() => textOf(changed), { timeout: 10_000 }).toMatch(/^Changed:/);
      const buttons = changed.getByRole('button');
      expect(await buttons.allTextContents()).toEqual(['description 2', 'text 1']);
      const label = changed.getByText('Changed:', { exact: true });
      const tops = await Promise.all([label, buttons.first(), buttons.last()].map(async (part) => (await part.boundingBox())!));
      expect(tops.every((box) => box.y < tops[1]!.y + tops[1]!.height && box.y + box.height > tops[1]!.y), 'the label and chips on one line').toBe(true);
      // The kinds' chips are headed alike ("Show:"; before only screen readers heard a name): the words also the group's name.
      const kinds = ui.getByRole('group', { name: 'Show:' });
      expect(await kinds.count(), 'a group named by its visible label').toBe(1);
      await expect.poll(() => textOf(kinds), { timeout: 10_000 }).toMatch(/^Show:All 2/);
      for (const [group, words] of [[kinds, 'Show:'], [changed, 'Changed:']] as const) expect(await headedRowAsync(group, words), words).toEqual({ besideFirst: true, inWindow: true });
      // The conflict's menu has room inside, beside its words and its arrow (they touched its border).
      const menu = grid.getByRole('combobox', { name: 'Choice for Hero' });
      expect(await menu.evaluate((select) => [getComputedStyle(select).paddingLeft, getComputedStyle(select).paddingRight])).toEqual(['4px', '4px']);
      await checkAxeAsync(ui, `the list with a conflict and an incoming change, ${theme}`);

      // 3. The detail's "Changed: description" is kept: in the filter's words (its label above), every chip
      // (also those a row counts as "+N"), and said while the table loads or when it fails; the table names properties.
      await grid.getByRole('row').filter({ hasText: 'Header' }).click();
      const detail = ui.getByTestId('sync-detail');
      const table = detail.getByRole('region', { name: 'What changed' }).getByRole('table');
      await table.waitFor({ timeout: 15_000 });
      await expect.poll(() => textOf(table.getByRole('rowheader')), { timeout: 10_000 }).toContain('description');
      expect(await detail.getByText(/^Changed: /).allTextContents()).toEqual(['Changed: description']);
      await checkAxeAsync(ui, `an incoming change's detail, ${theme}`);

      // The narrowest window: both lines still whole; the chips' label on the first line.
      await detail.getByRole('button', { name: '← Back to the list' }).click();
      await ui.getByTestId('resize-handle').focus();
      for (let step = 0; step < 3; step++) await h.page.keyboard.press('Shift+ArrowLeft');
      await expect.poll(() => ui.evaluate(() => window.innerWidth)).toBe(320);
      expect((await subLineAsync(grid.getByRole('row').filter({ hasText: 'Hero' }))).whole).toBe(true);
      expect((await subLineAsync(grid.getByRole('row').filter({ hasText: 'Header' }))).whole).toBe(true);
      for (const [group, words] of [[kinds, 'Show:'], [changed, 'Changed:']] as const) expect(await headedRowAsync(group, words), `${words} at 320 px`).toEqual({ besideFirst: true, inWindow: true });
    }, 180_000);
  }
});
