// Browse walked by keyboard as a designer would, in the places where a key or a fault used to
// go astray: the real dist/ui.html in the playground against the library emulator, driven by
// roles, labels and keys; the outcome checked where it lands.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness, textOf } from './support/playground-harness';
import { emulatorFaults } from './support/emulator-faults';
import { readLibraryAsync } from './support/library-read';

const h = useHarness();

const libraryAsync = <T>(path: string, key: string | null = null) => readLibraryAsync<T>(h.emulator.libraryUrl, path, key);

async function openBrowseAsync(): Promise<Frame> {
  await h.openFreshAsync('?command=browse&theme=light&demo-keys=1');
  const ui = await h.uiFrameAsync();
  await ui.getByRole('list', { name: 'Emails' }).waitFor({ timeout: 20_000 });
  return ui;
}

const focusedIn = (ui: Frame) => () => ui.evaluate(() => (document.activeElement === document.body ? 'the page' : `${document.activeElement?.tagName ?? ''} ${document.activeElement?.id ?? ''}`));

describe('Browse: Escape on a journey’s “Emails per stage”', () => {
  it('leaves the journey open with the list still focused (it went back out of the journey); Escape elsewhere still goes back', async () => {
    const journeys = await libraryAsync<{ data: Array<{ brand_slug: string }> }>('/v1/journeys?per_page=50');
    const slug = journeys.data[0]!.brand_slug;
    const name = (await libraryAsync<{ data: { brand: { name: string } } }>(`/v1/brands/${slug}?per_page=1`)).data.brand.name;
    const ui = await openBrowseAsync();
    await ui.getByRole('button', { name: 'Journeys', exact: true }).click();
    await ui.getByRole('list', { name: 'Brands with a journey' }).getByRole('button', { name: new RegExp(`^${name}`) }).click();
    const heading = ui.getByRole('heading', { level: 2 });
    await expect.poll(() => textOf(heading), { timeout: 10_000 }).toBe(`${name}: journey`);
    const perStage = ui.getByLabel('Emails per stage');
    await perStage.focus();
    await h.page.keyboard.press('Escape');
    await ui.waitForTimeout(300);
    await expect.poll(() => textOf(heading), { timeout: 10_000 }).toBe(`${name}: journey`);
    expect(await focusedIn(ui)()).toBe('SELECT library-per-stage');
    // The heading, not a field: Escape goes back.
    await heading.focus();
    await h.page.keyboard.press('Escape');
    await expect.poll(() => ui.getByRole('button', { name: '← All journeys' }).count(), { timeout: 10_000 }).toBe(0);
  });
});

describe('Requests: a request the library could not take', () => {
  for (const kind of ['503', 'drop'] as const) {
    it(`says so once and leaves My requests as they were (${kind}: the list was read again, failed too, and a second notice said it again)`, async () => {
      const faults = emulatorFaults(h.emulator);
      const ui = await openBrowseAsync();
      await ui.getByRole('button', { name: 'Requests', exact: true }).click();
      const region = ui.getByRole('region', { name: 'Brand requests' });
      const today = ui.getByTestId('requests-today');
      await expect.poll(() => textOf(today), { timeout: 10_000 }).toMatch(/ of today’s 50 brand requests used/);
      const before = await textOf(today);
      const form = ui.getByRole('form', { name: 'Ask for a brand' });
      await form.getByLabel('Brand', { exact: true }).fill('Zephyr Candles');
      await form.getByLabel('Website').fill('zephyrcandles.com');
      await faults.setAsync({ rate: 1, kinds: [kind], seed: 1 });
      try {
        await form.getByRole('button', { name: 'Send request' }).click();
        await expect.poll(() => textOf(ui.getByTestId('request-outcome')), { timeout: 10_000 }).toMatch(/form is kept/);
        await ui.waitForTimeout(1000);
        expect(await region.getByTestId('library-problem').count()).toBe(0);
        expect(await region.getByRole('button', { name: 'Try again' }).count()).toBe(0);
        await expect.poll(() => textOf(today), { timeout: 10_000 }).toBe(before);
        expect(await form.getByLabel('Website').inputValue()).toBe('zephyrcandles.com');
      } finally {
        await faults.clearAsync();
      }
    });
  }
});

describe('Emails: Try again on the next page of results, reached by scrolling', () => {
  it('puts the keyboard on the first card it brought, in view (it went back to the first result, at the top)', async () => {
    const faults = emulatorFaults(h.emulator);
    const ui = await openBrowseAsync();
    const status = ui.getByTestId('library-status');
    const loaded = async () => Number(/^(\d+) emails?/.exec((await textOf(status)) ?? '')?.[1] ?? -1);
    await ui.getByTestId('email-grid').hover();
    const notice = ui.getByTestId('library-problem');
    await faults.setAsync({ rate: 1, kinds: ['503'], seed: 1 });
    try {
      await expect.poll(async () => (await h.page.mouse.wheel(0, 2_000), notice.count()), { timeout: 15_000 }).toBe(1);
    } finally {
      await faults.clearAsync();
    }
    const before = await loaded();
    await notice.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(loaded, { timeout: 10_000 }).toBeGreaterThan(before);
    const focused = () =>
      ui.evaluate(() => {
        const card = document.activeElement;
        const box = card?.getBoundingClientRect();
        const middle = box ? box.top + box.height / 2 : -1;
        return `${card?.getAttribute('data-index') ?? card?.tagName ?? 'none'} ${middle > 0 && middle < window.innerHeight ? 'in view' : 'out of view'}`;
      });
    await expect.poll(focused, { timeout: 10_000 }).toBe(`${before} in view`);
  });
});
