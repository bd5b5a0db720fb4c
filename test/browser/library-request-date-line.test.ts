// My requests: the date a brand was asked for reads on one line. In the plugin's own window it broke
// between the day and the month ("Requested 4 / Dec") after a long website. The real dist/ui.html in
// the playground against the library emulator; what the window shows, measured where it lands.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { useHarness } from './support/playground-harness';
import { openBrowseAsync, sectionButton } from './support/browse-steps';
import { smallestWindowAsync } from './support/window-steps';

const h = useHarness();

/** For each request listed, its "Requested …" words and how many lines they take. */
const dateLines = (ui: Frame) =>
  ui.getByRole('list', { name: 'My requests' }).getByRole('listitem').evaluateAll((rows) =>
    rows.map((row) => {
      const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent!.indexOf('Requested ');
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, node.textContent!.length);
        const tops = new Set(Array.from(range.getClientRects(), (box) => Math.round(box.top)));
        return `${range.toString()}: ${tops.size} line${tops.size === 1 ? '' : 's'}`;
      }
      return 'no date';
    }),
  );

describe('My requests: when each brand was asked for', () => {
  for (const [theme, smallest] of [
    ['light', false],
    ['dark', true],
  ] as const) {
    it(`reads on one line, ${smallest ? 'at 320 × 240' : 'in the plugin’s own window'}, ${theme}`, async () => {
      const ui = await openBrowseAsync(h, theme);
      if (smallest) await smallestWindowAsync(h.page, ui);
      await sectionButton(ui, 'Requests').click();
      const rows = ui.getByRole('list', { name: 'My requests' }).getByRole('listitem');
      await rows.first().waitFor({ timeout: 15_000 });
      const lines = await dateLines(ui);
      expect(lines.length).toBeGreaterThan(1);
      for (const line of lines) expect(line).toMatch(/^Requested \d{1,2} \w{3}( \d{4})?: 1 line$/);
      await checkAxeAsync(ui, `my requests, ${theme}`);
    });
  }
});
