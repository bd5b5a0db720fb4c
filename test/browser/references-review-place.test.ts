// Where each reference to a removed email is, as the list says it. It said "On page “Inspiration”
// at 963, -11838": coordinates mean nothing to a designer. It says the page and the layer at the
// top of the page that holds the reference (a journey board by its name), else "on the canvas";
// two references to one email in one place are told apart by their order ("1 of 2"), in the row
// and in the name of its Show.
import type { Frame } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { firstEmailsAsync } from './support/references-steps';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';
import { libraryControlAsync } from './support/library-read';

const h = useHarness();
let ids: number[];
let name: string;

beforeAll(async () => {
  ({ ids, name } = await firstEmailsAsync(h.emulator.libraryUrl));
});

/**
 * Three references to the first email on the page Cover (the others on Components), the first
 * of them moved by the designer into a journey board "Spring journey"; that email removed, checked.
 */
async function checkedAsync(theme: 'light' | 'dark'): Promise<Frame> {
  await libraryControlAsync(h.emulator.libraryUrl, 'reset');
  await h.openFreshAsync(`?command=browse&demo-keys=1&theme=${theme}&references=${[ids[0], ids[1], ids[0], ids[2], ids[0]].join(',')}`);
  const ui = await h.uiFrameAsync();
  await evaluateHooks(
    h.page,
    (hooks, emailId) => {
      const inspect = hooks.inspect();
      const [first] = inspect.allNodes().filter((node) => node.getPluginData('reference') !== '' && (JSON.parse(node.getPluginData('reference')) as { emailId: number }).emailId === emailId) as FrameNode[];
      const figma = hooks.fake().figma;
      inspect.run(() => {
        const page = first!.parent as PageNode;
        const board = figma.createFrame();
        board.name = 'Spring journey';
        const label = figma.createText();
        label.name = 'Stage: Welcome';
        board.appendChild(label);
        board.appendChild(first!);
        page.appendChild(board);
      });
    },
    ids[0]!,
  );
  await libraryControlAsync(h.emulator.libraryUrl, `library/emails/${ids[0]!}/remove`);
  await ui.getByRole('button', { name: 'References', exact: true }).click();
  await ui.getByRole('button', { name: 'Check references' }).click();
  await expect.poll(() => textOf(ui.getByTestId('references-summary')), { timeout: 30_000 }).toBe('5 references to 3 emails; 1 removed from the library.');
  return ui;
}

const list = (ui: Frame) => ui.getByRole('list', { name: 'References to removed emails' });

describe('References: where each reference to a removed email is', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`says the page and the board or the canvas, never coordinates, and tells two in one place apart (${theme}, clean under axe)`, async () => {
      const ui = await checkedAsync(theme);
      const rows = await list(ui).locator('.brand-row-description').allTextContents();
      expect(rows.map((row) => row.trim())).toEqual(['On page “Cover”, on the canvas (1 of 2)', 'On page “Cover”, on the canvas (2 of 2)', 'On page “Cover”, in the journey board “Spring journey”']);
      const shows = await list(ui)
        .getByRole('button')
        .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
      expect(shows).toEqual([`Show ${name} on page “Cover”, on the canvas (1 of 2)`, `Show ${name} on page “Cover”, on the canvas (2 of 2)`, `Show ${name} on page “Cover”, in the journey board “Spring journey”`]);
      await checkAxeAsync(ui, `references to removed emails placed in words, ${theme}`);

      // Show goes to the one its name says: the board's.
      await list(ui).getByRole('button', { name: `Show ${name} on page “Cover”, in the journey board “Spring journey”` }).click();
      await expect
        .poll(() => evaluateHooks(h.page, (hooks) => hooks.inspect().currentPage.selection.map((node) => node.parent?.name ?? '')))
        .toEqual(['Spring journey']);
    }, 120_000);
  }

  it('says a page whose name is blank as a page with no name, in the row and its Show (it read “On page “””)', async () => {
    await libraryControlAsync(h.emulator.libraryUrl, 'reset');
    await h.openFreshAsync(`?command=browse&demo-keys=1&theme=dark&references=${[ids[0], ids[1]].join(',')}`);
    const ui = await h.uiFrameAsync();
    // The designer cleared the name of the page the reference is on.
    await evaluateHooks(
      h.page,
      (hooks, emailId) => {
        const inspect = hooks.inspect();
        const pageOf = (node: BaseNode): PageNode => (node.type === 'PAGE' ? node : pageOf(node.parent!));
        const reference = inspect.allNodes().find((node) => node.getPluginData('reference') !== '' && (JSON.parse(node.getPluginData('reference')) as { emailId: number }).emailId === emailId)!;
        inspect.run(() => {
          pageOf(reference).name = ' ';
        });
      },
      ids[0]!,
    );
    await libraryControlAsync(h.emulator.libraryUrl, `library/emails/${ids[0]!}/remove`);
    await ui.getByRole('button', { name: 'References', exact: true }).click();
    await ui.getByRole('button', { name: 'Check references' }).click();
    await expect.poll(() => textOf(ui.getByTestId('references-summary')), { timeout: 30_000 }).toBe('2 references to 2 emails; 1 removed from the library.');
    const rows = await list(ui).locator('.brand-row-description').allTextContents();
    expect(rows.map((row) => row.trim())).toEqual(['On a page with no name, on the canvas']);
    expect(await list(ui).getByRole('button', { name: `Show ${name} on a page with no name, on the canvas` }).count()).toBe(1);
    await checkAxeAsync(ui, 'a reference on a page with no name, dark');
  }, 120_000);
});
