// The brand-request form as a designer fixes it, and the day's limit reached by requests made
// elsewhere (the limit is shared with the MCP server): what the words beside the fields and under
// My requests say then.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { useHarness, textOf } from './support/playground-harness';
import { openBrowseAsync, openBrowseWithClockAsync } from './support/browse-steps';
import { useUpTheDayElsewhereAsync } from './support/brand-request-steps';
import { holdRequestsAsync } from './support/hold-requests';
import { demoLibraryKeyAsync, readLibraryAsync } from './support/library-read';

const h = useHarness();

async function openRequestsAsync(theme: 'light' | 'dark'): Promise<Frame> {
  const ui = await openBrowseAsync(h, theme);
  await ui.getByRole('navigation', { name: 'Library' }).getByRole('button', { name: 'Requests', exact: true }).click();
  return ui;
}

/** The field's words as a screen reader hears them with it (its description), and whether it is marked invalid. */
const fieldState = (ui: Frame, id: string) =>
  ui.evaluate((fieldId) => {
    const field = document.getElementById(fieldId)!;
    const described = (field.getAttribute('aria-describedby') ?? '').split(' ').map((part) => document.getElementById(part)?.textContent ?? '').join(' ').trim();
    return `${field.getAttribute('aria-invalid') === 'true' ? 'invalid' : 'valid'}: ${described}`.trim();
  }, id);

describe.each(['light', 'dark'] as const)('Brand requests: a problem fixed (%s)', (theme) => {
  it('is checked again as the field is fixed: the words go once it is right and stay true meanwhile (“Enter the brand’s name.” stayed beside a name, “these are 510” at 480)', async () => {
    const ui = await openRequestsAsync(theme);
    const form = ui.getByRole('form', { name: 'Ask for a brand' });
    await form.getByLabel('Notes (optional)').fill('x'.repeat(510));
    // Too long is said, and marked, as typed.
    await expect.poll(() => fieldState(ui, 'request-notes'), { timeout: 10_000 }).toBe('invalid: 510 of 500 characters, 10 too many');
    await form.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => fieldState(ui, 'request-brand')).toBe('invalid: Enter the brand’s name.');
    expect(await fieldState(ui, 'request-website')).toBe('invalid: Enter the brand’s website, such as brand.com.');
    expect(await fieldState(ui, 'request-notes')).toBe('invalid: Notes are at most 500 characters; these are 510.');
    // The keyboard on the first of them, and back there when the same ones are sent again from elsewhere.
    await expect.poll(() => ui.evaluate(() => document.activeElement?.id)).toBe('request-brand');
    await form.getByLabel('Notes (optional)').focus();
    await form.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => ui.evaluate(() => document.activeElement?.id)).toBe('request-brand');
    await checkAxeAsync(ui, `the request form with problems, ${theme}`);

    await form.getByLabel('Brand', { exact: true }).fill('Zephyr Candles');
    await expect.poll(() => fieldState(ui, 'request-brand')).toBe('valid:');
    await form.getByLabel('Website').fill('zephyr');
    await expect.poll(() => fieldState(ui, 'request-website')).toBe('invalid: This does not look like a website: enter something like brand.com.');
    await form.getByLabel('Website').fill('zephyrcandles.com');
    await expect.poll(() => fieldState(ui, 'request-website')).toBe('valid:');
    await form.getByLabel('Notes (optional)').fill('x'.repeat(505));
    await expect.poll(() => fieldState(ui, 'request-notes')).toBe('invalid: Notes are at most 500 characters; these are 505.');
    await form.getByLabel('Notes (optional)').fill('x'.repeat(480));
    await expect.poll(() => fieldState(ui, 'request-notes')).toBe('valid: 480 of 500 characters');
    expect(await form.locator('.field-error').count()).toBe(0);
    await checkAxeAsync(ui, `the request form fixed, ${theme}`);
  });
});

describe('Brand requests: the day’s 50 used elsewhere', () => {
  it('says the day’s count the library gives under My requests, beside the refusal (it kept “2 of today’s 50 used” beside “You have made today’s 50”)', async () => {
    const ui = await openRequestsAsync('light');
    const today = ui.getByTestId('requests-today');
    await expect.poll(() => textOf(today), { timeout: 10_000 }).toMatch(/^\d of today’s 50 brand requests used/);
    await useUpTheDayElsewhereAsync(h.emulator.libraryUrl);
    const form = ui.getByRole('form', { name: 'Ask for a brand' });
    await form.getByLabel('Brand', { exact: true }).fill('One Too Many');
    await form.getByLabel('Website').fill('onetoomany.com');
    await form.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => textOf(ui.getByTestId('request-outcome')), { timeout: 10_000 }).toMatch(/^You have made today’s 50 brand requests/);
    await expect.poll(() => textOf(today), { timeout: 10_000 }).toMatch(/^50 of today’s 50 brand requests used/);
    // Read again from the library: the requests made elsewhere are listed too.
    await expect.poll(() => textOf(ui.getByRole('list', { name: 'My requests' })), { timeout: 10_000 }).toContain('Elsewhere 0');
    expect(await form.getByLabel('Brand', { exact: true }).inputValue()).toBe('One Too Many');
  });
});

describe('Brand requests: the day’s 50 used, then the new day', () => {
  it('reads My requests again once Send can go, with the new day’s count (“50 of today’s 50 used” stayed beside “You can send your request now”)', async () => {
    const { context, ui } = await openBrowseWithClockAsync(h);
    try {
      await ui.getByRole('navigation', { name: 'Library' }).getByRole('button', { name: 'Requests', exact: true }).click();
      const today = ui.getByTestId('requests-today');
      await expect.poll(() => textOf(today), { timeout: 10_000 }).toMatch(/^\d of today’s 50 brand requests used/);
      const toMidnight = await useUpTheDayElsewhereAsync(h.emulator.libraryUrl);
      const form = ui.getByRole('form', { name: 'Ask for a brand' });
      await form.getByLabel('Brand', { exact: true }).fill('One Too Many');
      await form.getByLabel('Website').fill('onetoomany.com');
      await form.getByRole('button', { name: 'Send request' }).click();
      const outcome = ui.getByTestId('request-outcome');
      await expect.poll(() => textOf(outcome), { timeout: 10_000 }).toMatch(/^You have made today’s 50 brand requests/);
      await expect.poll(() => textOf(today), { timeout: 10_000 }).toMatch(/^50 of today’s 50 brand requests used/);
      // Midnight UTC, for the library and the window.
      const moved = await fetch(`${h.emulator.libraryUrl}/_emulator/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advance_seconds: toMidnight + 60 }) });
      expect(moved.ok).toBe(true);
      await context.clock.fastForward((toMidnight + 60) * 1000);
      await expect.poll(() => textOf(outcome), { timeout: 10_000 }).toMatch(/You can send your request now\.$/);
      await expect.poll(() => textOf(today), { timeout: 10_000 }).toMatch(/^0 of today’s 50 brand requests used/);
    } finally {
      await context.close();
    }
  });
});

describe('Brand requests: the answer comes while another section shows', () => {
  it('is said on the way back to Requests, the form emptied and My requests read again (the form stayed filled, Send free and nothing said, inviting a second request)', async () => {
    const ui = await openRequestsAsync('light');
    const sections = ui.getByRole('navigation', { name: 'Library' });
    const form = ui.getByRole('form', { name: 'Ask for a brand' });
    await expect.poll(() => textOf(ui.getByTestId('requests-today')), { timeout: 10_000 }).toMatch(/^\d of today’s 50 brand requests used/);
    await form.getByLabel('Brand', { exact: true }).fill('Zephyr Candles');
    await form.getByLabel('Website').fill('zephyrcandles.com');
    const held = await holdRequestsAsync(h.page, h.emulator.libraryUrl);
    await form.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => held.count()).toBe(1);

    await sections.getByRole('button', { name: 'Brands', exact: true }).click();
    await ui.getByRole('region', { name: 'Brands' }).waitFor();
    await sections.getByRole('button', { name: 'Requests', exact: true }).click();
    // Still on its way: Send is held, the form as it was sent.
    await expect.poll(() => form.getByRole('button', { name: 'Send request' }).getAttribute('aria-busy')).toBe('true');
    expect(await form.getByLabel('Brand', { exact: true }).inputValue()).toBe('Zephyr Candles');

    await held.releaseAsync();
    await expect.poll(() => textOf(ui.getByTestId('request-outcome')), { timeout: 10_000 }).toMatch(/^Requested Zephyr Candles\./);
    expect(await form.getByLabel('Brand', { exact: true }).inputValue()).toBe('');
    await expect.poll(() => textOf(ui.getByRole('list', { name: 'My requests' })), { timeout: 10_000 }).toContain('Zephyr Candles');
    // Asked for once, as the library has it.
    const mine = await readLibraryAsync<{ data: Array<{ brand: string }> }>(h.emulator.libraryUrl, '/v1/brand-requests?limit=100', await demoLibraryKeyAsync(h.emulator.libraryUrl));
    expect(mine.data.filter((request) => request.brand === 'Zephyr Candles')).toHaveLength(1);
  });
});
