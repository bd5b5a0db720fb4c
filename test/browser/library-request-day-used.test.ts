// Brand requests with the day's 50 already used (here or through the MCP server, whose requests
// count too): the form looked as usual, "50 of today’s 50 used" sat under My requests below the
// fold, and a designer filled in a brand only to be refused. It is said by Send before anything is
// typed; Send stays, as a brand already in the library (or asked for before) is still answered.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { useHarness, textOf } from './support/playground-harness';
import { openBrowseAsync } from './support/browse-steps';
import { useUpTheDayElsewhereAsync } from './support/brand-request-steps';

const h = useHarness();


const USED = 'You have used today’s 50 brand requests: a new brand can be asked for after midnight UTC. A brand already in the library, or one you asked for before, is still answered.';

/** Send's name and what a screen reader hears with it. */
const sendDescribed = (ui: Frame) =>
  ui.evaluate(() => {
    const send = [...document.querySelectorAll('button')].find((button) => button.textContent?.trim() === 'Send request')!;
    return (send.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent?.trim() ?? '').join(' ').trim();
  });

describe.each(['light', 'dark'] as const)('Brand requests: the day’s 50 used before the form is opened (%s)', (theme) => {
  it('says so by Send before anything is typed, and a brand already in the library is still answered', async () => {
    const ui = await openBrowseAsync(h, theme);
    await useUpTheDayElsewhereAsync(h.emulator.libraryUrl);
    await ui.getByRole('navigation', { name: 'Library' }).getByRole('button', { name: 'Requests', exact: true }).click();
    await expect.poll(() => textOf(ui.getByTestId('requests-today')), { timeout: 10_000 }).toMatch(/^50 of today’s 50 brand requests used/);
    const form = ui.getByRole('form', { name: 'Ask for a brand' });
    await expect.poll(() => textOf(form.getByTestId('request-day-used')), { timeout: 10_000 }).toBe(USED);
    expect(await sendDescribed(ui)).toBe(USED);
    await checkAxeAsync(ui, `brand requests, the day’s 50 used, ${theme}`);
    // Send still goes, by keyboard: the library answers a brand it already has (known by its name).
    const known = (await (await fetch(`${h.emulator.libraryUrl}/v1/brands?per_page=1`)).json()) as { data: Array<{ name: string; slug: string }> };
    const brand = known.data[0]!;
    await form.getByLabel('Brand', { exact: true }).focus();
    await h.page.keyboard.type(brand.name);
    await h.page.keyboard.press('Tab');
    await h.page.keyboard.type(`${brand.slug}.com`);
    await h.page.keyboard.press('Enter');
    await expect.poll(() => textOf(ui.getByTestId('request-outcome')), { timeout: 10_000 }).toMatch(new RegExp(`^${brand.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is already in the library\\.`));
  });
});
