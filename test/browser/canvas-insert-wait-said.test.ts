// The insert bar while the library asks to slow down: its countdown ticks in sight, and a screen
// reader hears the wait once, not every second (the bar is a live region: each tick was read out).
import { beforeAll, describe, expect, it } from 'vitest';
import { openBrowseOnCurrentPageAsync, placedReferencesAsync } from './support/canvas-references';
import { demoLibraryKeyAsync, readLibraryAsync } from './support/library-read';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();
let key: string;

beforeAll(async () => {
  key = await demoLibraryKeyAsync(h.emulator.libraryUrl);
});

describe('Insert on canvas: the library’s “slow down”', () => {
  it('is said once to a screen reader while its countdown ticks in sight (each second was read out)', async () => {
    const ui = await openBrowseOnCurrentPageAsync(h, 'light');
    const cards = ui.getByRole('list', { name: 'Emails' }).getByRole('listitem');
    await cards.first().waitFor();
    const [first] = (await readLibraryAsync<{ data: Array<{ id: number }> }>(h.emulator.libraryUrl, '/v1/emails?per_page=1', key)).data;
    const previewFault = (fault: string | null) => fetch(`${h.emulator.libraryUrl}/_emulator/library/emails/${first!.id}/preview-fault`, { method: 'POST', body: JSON.stringify({ fault }) });
    // Every change in the bar: what shows, and what the live region gives a screen reader (its text
    // without what is hidden from assistive technology), recorded in the window as it happens.
    await ui.evaluate(() => {
      const record = { shown: [] as string[], spoken: [] as string[] };
      (window as unknown as { barRecord: typeof record }).barRecord = record;
      const region = document.querySelector('[data-testid="insert-status"]')!.closest('[aria-live]') ?? document.querySelector('[data-testid="insert-status"] [aria-live]')!;
      const spokenText = (node: Node): string => {
        if (node instanceof Element && (node.getAttribute('aria-hidden') === 'true' || node.hasAttribute('hidden'))) return '';
        return node.nodeType === Node.TEXT_NODE ? (node.textContent ?? '') : [...node.childNodes].map(spokenText).join('');
      };
      const look = () => {
        const shown = document.querySelector('#insert-progress-label')?.textContent ?? '';
        if (shown !== record.shown.at(-1)) record.shown.push(shown);
        const spoken = spokenText(region).trim();
        if (spoken !== record.spoken.at(-1)) record.spoken.push(spoken);
      };
      new MutationObserver(look).observe(region, { childList: true, subtree: true, characterData: true, attributes: true });
    });
    await previewFault('429');
    try {
      await cards.first().getByRole('checkbox').check();
      await ui.getByRole('button', { name: 'Insert 1' }).click();
      await expect.poll(() => textOf(ui.getByTestId('insert-status').locator('.insert-text')), { timeout: 30_000 }).toMatch(/^Placed 1 reference on the canvas\./);
    } finally {
      await previewFault(null);
    }
    expect((await placedReferencesAsync(h.page)).map((reference) => reference.record?.emailId)).toContain(first!.id);
    const { shown, spoken } = await ui.evaluate(() => (window as unknown as { barRecord: { shown: string[]; spoken: string[] } }).barRecord);
    const waits = (texts: string[]) => texts.filter((text) => text.includes('asked us to slow down'));
    // In sight, the wait counts down (the library asked for 2 seconds)…
    expect(waits(shown).length).toBeGreaterThanOrEqual(2);
    // …and the live region says it once, with the wait asked for.
    expect(waits(spoken)).toHaveLength(1);
    // Its words alone: the bar’s Cancel is beside the region, not read out in it.
    expect(waits(spoken)[0]).toMatch(/^The library asked us to slow down: placing goes on in 2 seconds \(.+\)\.$/);
  });
});
