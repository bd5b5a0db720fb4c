// Show, as a keyboard and screen-reader user meets it in the list of references to removed
// emails. Two references to one email had one name twice ("Show Acme: Sale on the canvas"), so a
// screen reader could not tell which page each goes to; and what Show found (the reference is
// hidden, or its page was deleted) was said at the section's end, out of sight at 320 × 240
// while the keyboard stayed on Show: a sighted designer saw nothing happen.
import type { Frame, Locator } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { firstEmailsAsync } from './support/references-steps';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';
import { smallestWindowAsync } from './support/window-steps';
import { libraryControlAsync } from './support/library-read';

const h = useHarness();
let ids: number[];
let name: string;

beforeAll(async () => {
  mkdirSync('test-results/screenshots', { recursive: true });
  ({ ids, name } = await firstEmailsAsync(h.emulator.libraryUrl));
});

/** The file's references (the first email on pages Cover and Components), that email removed, checked: the list of two. */
async function checkedAsync(theme: 'light' | 'dark'): Promise<Frame> {
  await libraryControlAsync(h.emulator.libraryUrl, 'reset');
  await h.openFreshAsync(`?command=browse&demo-keys=1&theme=${theme}&references=${[ids[0], ids[1], ids[2], ids[0]].join(',')}`);
  const ui = await h.uiFrameAsync();
  await libraryControlAsync(h.emulator.libraryUrl, `library/emails/${ids[0]!}/remove`);
  if (theme === 'dark') await smallestWindowAsync(h.page, ui);
  await ui.getByRole('button', { name: 'References', exact: true }).click();
  await ui.getByRole('button', { name: 'Check references' }).click();
  await expect.poll(() => textOf(ui.getByTestId('references-summary')), { timeout: 30_000 }).toBe('4 references to 3 emails; 1 removed from the library.');
  return ui;
}

/** Whether the element is wholly inside the window, as the designer sees it. */
const inSight = (locator: Locator) => locator.evaluate((element) => {
  const { top, bottom } = element.getBoundingClientRect();
  return top >= 0 && bottom <= innerHeight;
});
const focused = (ui: Frame) => ui.locator(':focus');

describe('References: Show in the list of references to removed emails', () => {
  it('names each Show with the page and place of its reference', async () => {
    const ui = await checkedAsync('light');
    const names = await ui
      .getByRole('list', { name: 'References to removed emails' })
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
    expect(names).toHaveLength(2);
    expect(names).toEqual([`Show ${name} on page “Cover”, on the canvas`, `Show ${name} on page “Components”, on the canvas`]);
    await checkAxeAsync(ui, 'references to removed emails, light');
  }, 120_000);

  it('says what Show found under its row, in sight at 320 × 240 (dark)', async () => {
    const ui = await checkedAsync('dark');
    // In Figma, the designer hid the one on Cover, and deleted the page Components.
    await evaluateHooks(h.page, async (hooks, emailId) => {
      const pageOf = (node: BaseNode): BaseNode => (node.type === 'PAGE' || !node.parent ? node : pageOf(node.parent));
      const references = hooks.inspect().allNodes().filter((node) => node.getPluginData('reference') !== '' && (JSON.parse(node.getPluginData('reference')) as { emailId: number }).emailId === emailId) as FrameNode[];
      hooks.inspect().run(() => {
        for (const reference of references) {
          const page = pageOf(reference) as PageNode;
          if (page.name === 'Cover') reference.visible = false;
        }
      });
      // Figma deletes a page only while another is open.
      const pages = hooks.inspect().root.children;
      await hooks.fake().figma.setCurrentPageAsync(pages.find((page) => page.name === 'Cover')!);
      hooks.inspect().run(() => pages.find((page) => page.name === 'Components')!.remove());
    }, ids[0]!);

    // From Check again, the keyboard goes to Remove, the first reference's box, then its Show.
    await expect.poll(() => textOf(focused(ui))).toBe('Check again');
    await h.page.keyboard.press('Tab');
    await h.page.keyboard.press('Tab');
    await h.page.keyboard.press('Tab');
    expect(await focused(ui).getAttribute('aria-label')).toMatch(/^Show /);
    await h.page.keyboard.press('Enter');
    const hidden = ui.getByText(`“${name}” is selected but hidden, so it does not show on the canvas. Press ⇧⌘H (Ctrl+Shift+H) in Figma to show it.`);
    await hidden.waitFor({ timeout: 10_000 });
    expect(await inSight(hidden), 'what Show found, in sight').toBe(true);
    expect(await inSight(focused(ui)), 'Show, still in sight').toBe(true);
    await h.page.screenshot({ path: 'test-results/screenshots/references-review-show-dark.png' });
    await checkAxeAsync(ui, 'a hidden reference shown, 320 × 240, dark');

    await h.page.keyboard.press('Tab');
    await h.page.keyboard.press('Tab');
    expect(await focused(ui).getAttribute('aria-label')).toMatch(/^Show /);
    await h.page.keyboard.press('Enter');
    const gone = ui.getByText('That reference is no longer in the file.');
    await gone.waitFor({ timeout: 10_000 });
    expect(await inSight(gone), 'the page gone, said in sight').toBe(true);
    expect(await inSight(focused(ui)), 'Show, still in sight').toBe(true);
    // The first one's words went: they were about another reference.
    expect(await hidden.count()).toBe(0);
  }, 120_000);
});
