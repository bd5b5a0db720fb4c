// Templates: scrolling the list to its end with the wheel leaves the window where it is. Each row's
// status for screen readers (visually hidden, position: absolute) was placed in the window, not in
// the scrolling list, so the window itself could scroll: at the list's end the wheel went on and
// slid the file name and the tabs out of sight, leaving a blank strip under the list.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { useHarness } from './support/playground-harness';

const h = useHarness();

describe('Templates: the list’s end', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`scrolled past with the wheel, keeps the tabs in sight and the window still (${theme})`, async () => {
      await h.openFreshAsync(`?command=templates&theme=${theme}&demo-keys=1`);
      const ui = await h.uiFrameAsync();
      const list = ui.getByRole('list', { name: 'Templates in the workspace' });
      await list.getByRole('listitem').last().waitFor({ timeout: 20_000 });
      const tabs = ui.getByRole('navigation', { name: 'Envelope screens' });
      const tabsBefore = (await tabs.boundingBox())!;

      // The designer scrolls down the list with the wheel, and on past its end.
      const lastRow = list.getByRole('listitem').last();
      await list.getByRole('listitem').first().hover();
      const main = ui.getByRole('main');
      const atEnd = () => main.evaluate((element) => element.scrollTop + element.clientHeight >= element.scrollHeight - 1);
      for (let turn = 0; turn < 12 && !(await atEnd()); turn++) await h.page.mouse.wheel(0, 300);
      await expect.poll(atEnd, { timeout: 10_000 }).toBe(true);
      for (let turn = 0; turn < 4; turn++) await h.page.mouse.wheel(0, 300);
      await lastRow.getByRole('button', { name: /^Delete/ }).waitFor();

      // The tabs are where they were, and the window has nothing of its own to scroll (only the screen does).
      await expect.poll(async () => (await tabs.boundingBox())?.y, { timeout: 10_000 }).toBe(tabsBefore.y);
      expect(await ui.evaluate(() => [document.scrollingElement!.scrollHeight - innerHeight, document.scrollingElement!.scrollWidth - innerWidth])).toEqual([0, 0]);
      await checkAxeAsync(ui, `Templates scrolled to the list’s end, ${theme}`);
    });
  }
});
