// A reference the designer deleted in Figma while the check asked the library: it is still in
// the list, and Remove found it gone. That was said as a failure ("A reference was not removed.
// Someone deleted it after the check.", in red) and still counted in the summary, though the
// file no longer has it: what the designer chose is done, and the words must say so, naming it
// where its row did.
import type { Frame } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { holdRequestsAsync } from './support/hold-requests';
import { firstEmailsAsync } from './support/references-steps';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';
import { libraryControlAsync } from './support/library-read';

const h = useHarness();
let ids: number[];
let name: string;

beforeAll(async () => {
  ({ ids, name } = await firstEmailsAsync(h.emulator.libraryUrl));
});

/** The designer deletes, in Figma, the reference to `emailId` on page `pageName`. */
function deleteInFigmaAsync(emailId: number, pageName: string): Promise<void> {
  return evaluateHooks(
    h.page,
    (hooks, [emailId, pageName]) => {
      const pageOf = (node: BaseNode): string => (node.type === 'PAGE' ? node.name : node.parent ? pageOf(node.parent) : '');
      const node = hooks
        .inspect()
        .allNodes()
        .find((node) => node.getPluginData('reference') !== '' && (JSON.parse(node.getPluginData('reference')) as { emailId: number }).emailId === emailId && pageOf(node) === pageName)!;
      hooks.inspect().run(() => node.remove());
    },
    [emailId, pageName] as const,
  );
}

const focusedTestId = (ui: Frame) => ui.evaluate(() => document.activeElement?.getAttribute('data-testid'));

describe('References: a reference deleted in Figma while the check ran', () => {
  it('says it is already gone, by name, counts it no more, and the rest is removed', async () => {
    await libraryControlAsync(h.emulator.libraryUrl, 'reset');
    await h.openFreshAsync(`?command=browse&demo-keys=1&theme=dark&references=${[ids[0], ids[1], ids[2], ids[0]].join(',')}`);
    const ui = await h.uiFrameAsync();
    await libraryControlAsync(h.emulator.libraryUrl, `library/emails/${ids[0]!}/remove`);
    await ui.getByRole('button', { name: 'References', exact: true }).click();
    const held = await holdRequestsAsync(h.page, h.emulator.libraryUrl, (url) => /^\/v1\/emails\/\d+$/.test(url.pathname));
    try {
      await ui.getByRole('button', { name: 'Check references' }).click();
      await expect.poll(() => held.count(), { timeout: 30_000 }).toBeGreaterThan(0);
      // Meanwhile, in Figma, the designer deletes the one on Cover.
      await deleteInFigmaAsync(ids[0]!, 'Cover');
    } finally {
      await held.releaseAsync();
    }
    const summary = ui.getByTestId('references-summary');
    await expect.poll(() => textOf(summary), { timeout: 30_000 }).toBe('4 references to 3 emails; 1 removed from the library.');
    await ui.getByRole('button', { name: 'Remove 2 references' }).click();
    await ui.getByRole('group', { name: /^Remove 2 references/ }).getByRole('button', { name: 'Remove 2 references' }).click();

    const removal = ui.getByTestId('references-removal');
    await expect.poll(() => textOf(removal), { timeout: 30_000 }).toBe(`Removed 1 reference (one undo step in Figma). “${name}” on page “Cover”, on the canvas was already deleted from the file.`);
    expect(await removal.getAttribute('class')).toContain('notice-success');
    // The file has two references left, both to emails the library still has.
    expect(await textOf(summary)).toBe('2 references to 2 emails; the references to the email removed from the library were removed.');
    expect(await focusedTestId(ui)).toBe('references-removal');
    await checkAxeAsync(ui, 'references: one was already deleted, dark');
  }, 120_000);
});
