// Browse → References with a removed email: the opening the References tests share.
import type { Frame } from 'playwright-core';
import { expect } from 'vitest';
import { smallestWindowAsync } from './window-steps';
import { libraryControlAsync } from './library-read';
import { textOf, type Harness } from './playground-harness';

/** The ids of the library's first three emails. */
export async function firstEmailIdsAsync(libraryUrl: string): Promise<number[]> {
  return (await firstEmailsAsync(libraryUrl)).ids;
}

/** The library's first three emails: their ids, and the first one's name as a reference's row says it ("Brand: subject"). */
export async function firstEmailsAsync(libraryUrl: string): Promise<{ ids: number[]; name: string }> {
  const list = (await (await fetch(`${libraryUrl}/v1/emails?per_page=3`)).json()) as { data: Array<{ id: number; brand: string; subject_line: string }> };
  return { ids: list.data.map((email) => email.id), name: `${list.data[0]!.brand}: ${list.data[0]!.subject_line}` };
}

/**
 * Four references to three emails (`ids`), the first (on two pages) removed by its brand, checked
 * from Browse → References; `small`: in the smallest window.
 */
export async function checkedWithOneRemovedAsync(h: Harness, ids: readonly number[], theme: 'light' | 'dark', small = false): Promise<Frame> {
  await libraryControlAsync(h.emulator.libraryUrl, 'reset');
  await h.openFreshAsync(`?command=browse&demo-keys=1&theme=${theme}&references=${[ids[0], ids[1], ids[2], ids[0]].join(',')}`);
  const ui = await h.uiFrameAsync();
  await libraryControlAsync(h.emulator.libraryUrl, `library/emails/${ids[0]!}/remove`);
  if (small) await smallestWindowAsync(h.page, ui);
  await ui.getByRole('button', { name: 'References', exact: true }).click();
  await ui.getByRole('button', { name: 'Check references' }).click();
  await expect.poll(() => textOf(ui.getByTestId('references-summary')), { timeout: 30_000 }).toBe('4 references to 3 emails; 1 removed from the library.');
  return ui;
}
