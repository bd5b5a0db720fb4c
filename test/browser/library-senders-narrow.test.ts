// A brand's senders in the narrowest window (320 px): each address is read whole, beside its bar,
// not cut short with an ellipsis. The real dist/ui.html in the playground against the library
// emulator, made narrow with the resize grip's keys as a person does; the rows read by role and text.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness } from './support/playground-harness';
import { firstBrandsAsync, openBrandAsync, openBrowseAsync } from './support/browse-steps';
import { readLibraryAsync } from './support/library-read';

const h = useHarness();

/** Each row's label: its text, whether all of it shows, and whether it keeps clear of the row's bar. */
function labelsOf(ui: Frame, figure: string) {
  return ui
    .getByRole('figure', { name: figure })
    .getByRole('listitem')
    .evaluateAll((rows) =>
      rows.map((row) => {
        const [label, track] = Array.from(row.children) as HTMLElement[];
        const whole = label!.scrollWidth <= label!.clientWidth && label!.scrollHeight <= label!.clientHeight + 1;
        const clear = label!.getBoundingClientRect().right <= track!.getBoundingClientRect().left;
        return `${label!.textContent ?? ''}${whole ? '' : ' (cut)'}${clear ? '' : ' (under its bar)'}`;
      }),
    );
}

describe('Brands at 320 px: Senders', () => {
  it('shows each sender’s address whole, beside its bar (it was cut to “hello@cedarclay.exa…”)', async () => {
    const brand = (await firstBrandsAsync(h))[0]!;
    const insights = (await readLibraryAsync<{ data: { senders: Array<{ from_email: string }> } }>(h.emulator.libraryUrl, `/v1/brands/${brand.slug}/insights`)).data;
    const ui = await openBrowseAsync(h);
    await ui.getByTestId('resize-handle').focus();
    for (let step = 0; step < 3; step++) await h.page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(() => ui.evaluate(() => window.innerWidth)).toBe(320);
    await openBrandAsync(ui, brand.name);
    await ui.getByRole('figure', { name: 'Senders' }).waitFor({ timeout: 10_000 });
    expect(await labelsOf(ui, 'Senders')).toEqual(insights.senders.map((sender) => sender.from_email));
  });
});
