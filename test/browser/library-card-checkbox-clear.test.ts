// Browse's cards: the checkbox that selects one for "Insert N" covers nothing of the email. It sat
// over the thumbnail's top left corner, on the picture itself (the brand's logo in its header) at the
// window's usual 400 × 600, on the letterbox's bar at 320 × 240. It sits beside the date now.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness } from './support/playground-harness';
import { openBrowseAsync } from './support/browse-steps';
import { smallestWindowAsync } from './support/window-steps';

const h = useHarness();

/**
 * For each of the first cards in view: 'clear', or what of the email its checkbox covers (the picture
 * as drawn, object-fit and the box's clip counted; the words' own lines), or 'not loaded'.
 */
const checkboxesCover = (ui: Frame) =>
  ui.evaluate(() => {
    type Box = { left: number; top: number; right: number; bottom: number };
    const meet = (a: Box, b: Box) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    const cards = [...document.querySelectorAll('[aria-label="Emails"] > li')].filter((card) => {
      const at = card.getBoundingClientRect();
      return at.top >= 0 && at.bottom <= innerHeight;
    });
    return cards.slice(0, 3).map((card) => {
      const check = card.querySelector('input[type="checkbox"]')!.getBoundingClientRect();
      const image = card.querySelector('img');
      if (!image?.complete || image.naturalWidth === 0) return 'not loaded';
      const box = image.getBoundingClientRect();
      const fit = getComputedStyle(image).objectFit;
      const scale = (fit === 'contain' ? Math.min : Math.max)(box.width / image.naturalWidth, box.height / image.naturalHeight);
      const width = image.naturalWidth * scale;
      const height = image.naturalHeight * scale;
      const left = box.left + (box.width - width) / 2;
      const top = box.top + (box.height - height) / 2;
      const drawn = { left: Math.max(left, box.left), top: Math.max(top, box.top), right: Math.min(left + width, box.right), bottom: Math.min(top + height, box.bottom) };
      const covered = meet(check, drawn) ? [`the picture (${fit})`] : [];
      for (const words of card.querySelectorAll('button > span:not(:first-child)')) {
        const lines = document.createRange();
        lines.selectNodeContents(words);
        if ([...lines.getClientRects()].some((line) => meet(check, line))) covered.push(`“${words.textContent ?? ''}”`);
      }
      return covered.length === 0 ? 'clear' : covered.join(', ');
    });
  });

describe('Browse: a card’s checkbox', () => {
  it('covers nothing of the email’s picture or words, at the usual 400 × 600 and at 320 × 240 (it hid the picture’s top left corner)', async () => {
    const ui = await openBrowseAsync(h);
    expect(await ui.evaluate(() => [innerWidth, innerHeight])).toEqual([400, 600]);
    await ui.getByRole('checkbox', { name: /^Select / }).first().waitFor({ timeout: 20_000 });
    await expect.poll(() => checkboxesCover(ui), { timeout: 10_000 }).not.toContain('not loaded');
    expect(await checkboxesCover(ui), '400 × 600').toEqual(['clear', 'clear', 'clear']);

    await smallestWindowAsync(h.page, ui);
    // The cards scroll with the screen in a window this short: the first row brought into view.
    await ui.getByRole('list', { name: 'Emails' }).getByRole('listitem').first().scrollIntoViewIfNeeded();
    await expect.poll(() => checkboxesCover(ui), { timeout: 10_000 }).not.toContain('not loaded');
    const covered = await checkboxesCover(ui);
    expect(covered.length, '320 × 240: cards in view').toBeGreaterThan(0);
    expect(covered, '320 × 240').toEqual(covered.map(() => 'clear'));
  });
});
