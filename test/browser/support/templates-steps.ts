// Steps shared by the Templates browser tests.
import type { Frame } from 'playwright-core';

/** Which row of the templates' list has the keyboard (its first button), or what else has it ("the page"). */
export function focusedTemplatePlaceAsync(ui: Frame): Promise<string> {
  return ui.evaluate(() => {
    const active = document.activeElement;
    if (active === null || active === document.body) return 'the page';
    const row = active.closest('li');
    const list = row?.parentElement;
    if (row && list && active === row.querySelector('button')) return `row ${Array.prototype.indexOf.call(list.children, row)}`;
    return `${active.tagName} ${active.getAttribute('aria-label') ?? active.textContent ?? ''}`;
  });
}
