// An open journey (and the list of journeys) kept through a visit to another Browse section comes
// back where the designer had scrolled to, as the search's results do (library-place.test.ts): it
// came back at the top. A journey opened from the list still starts at its top. The real
// dist/ui.html in the playground against the library emulator, driven by the wheel, roles and
// labels; the outcome checked where it lands (what the window shows).
import type { Frame, Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness, textOf } from './support/playground-harness';
import { focusSeen, openBrowseAsync, openBrowseWithClockAsync, sectionButton } from './support/browse-steps';
import { holdRequestsAsync } from './support/hold-requests';
import { smallestWindowAsync } from './support/window-steps';

const h = useHarness();

const journeys = (ui: Frame) => ui.getByRole('region', { name: 'Journeys' });

/** The stage headings the window shows (their tops, rounded), or the rows of the list, by their words. */
function inSight(items: Locator): Promise<Array<[string, number]>> {
  return items.evaluateAll((elements) =>
    elements.flatMap((element) => {
      const box = element.getBoundingClientRect();
      return box.bottom > 0 && box.top < window.innerHeight ? [[element.textContent ?? '', Math.round(box.top)] as [string, number]] : [];
    }),
  );
}

/** Within a few px of where they were: the same words at about the same heights. */
async function expectAboutAsync(items: Locator, before: Array<[string, number]>): Promise<void> {
  await expect
    .poll(async () => {
      const now = await inSight(items);
      return now.length === before.length && now.every(([text, top], index) => text === before[index]![0] && Math.abs(top - before[index]![1]) <= 3);
    }, { timeout: 10_000 })
    .toBe(true);
}

/** Scrolls `items` with the wheel over them until the first in sight is `past` or later; comes to rest there. */
async function wheelDownAsync(ui: Frame, items: Locator, past: number, wheel = (dy: number) => h.page.mouse.wheel(0, dy)): Promise<Array<[string, number]>> {
  await items.first().hover();
  const all = await items.allTextContents();
  await expect
    .poll(
      async () => {
        await wheel(120);
        const shown = await inSight(items);
        return shown.length > 0 && all.indexOf(shown[0]![0]) >= past;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  // Come to rest (a place is kept once the scroll stops, as the search's).
  await ui.waitForTimeout(1_000);
  return inSight(items);
}

/** Up to the sections' buttons (the only way in a window this short), then to Me and back to Journeys. */
async function visitMeAsync(ui: Frame): Promise<void> {
  const sections = ui.getByRole('navigation', { name: 'Library' });
  await h.page.mouse.wheel(0, -5_000);
  await expect.poll(() => sections.evaluate((element) => element.getBoundingClientRect().top >= 0)).toBe(true);
  await sectionButton(ui, 'Me').click();
  await ui.getByRole('region', { name: 'Me' }).waitFor();
  await sectionButton(ui, 'Journeys').click();
}

/** Whether the journey shows from its top: its way back and its heading in the window. */
function atItsTop(ui: Frame): Promise<boolean> {
  return journeys(ui)
    .getByRole('button', { name: '← All journeys' })
    .evaluate((button) => button.getBoundingClientRect().top >= 0 && button.closest('section')!.querySelector('h2')!.getBoundingClientRect().bottom <= window.innerHeight);
}

describe('Journeys at 320 × 240: where the designer had scrolled to', () => {
  it('an open journey comes back there after another section, once it has drawn again; another journey, or the same one opened again, starts at its top', async () => {
    const ui = await openBrowseAsync(h);
    await smallestWindowAsync(h.page, ui);
    await sectionButton(ui, 'Journeys').click();
    const rows = journeys(ui).getByRole('list', { name: 'Brands with a journey' }).getByRole('button');
    await rows.nth(1).click();
    const heading = journeys(ui).getByRole('heading', { level: 2 });
    await expect.poll(() => textOf(heading), { timeout: 10_000 }).toMatch(/: journey$/);
    const name = await heading.textContent();
    const stages = journeys(ui).getByRole('heading', { level: 3 });
    await stages.first().waitFor();
    const before = await wheelDownAsync(ui, stages, 1);
    await visitMeAsync(ui);
    await expect.poll(() => textOf(heading)).toBe(name);
    await expectAboutAsync(stages, before);
    // The keyboard stays where the designer pressed; Tab goes on at the first row in view, where
    // the journey shows (it went on to the next section's button, at the top: the place was lost).
    expect(await ui.evaluate(() => document.activeElement?.textContent)).toBe('Journeys');
    await h.page.keyboard.press('Tab');
    expect(await journeys(ui).evaluate((section) => section.contains(document.activeElement))).toBe(true);
    expect(await focusSeen(ui)).toMatch(/: in view$/);
    await expectAboutAsync(stages, before);

    // Opened again from the list, and another journey: each from its top.
    await h.page.mouse.wheel(0, -5_000);
    await journeys(ui).getByRole('button', { name: '← All journeys' }).click();
    await rows.nth(1).click();
    await stages.first().waitFor();
    expect(await atItsTop(ui)).toBe(true);
    await wheelDownAsync(ui, stages, 1);
    await h.page.mouse.wheel(0, -5_000);
    await journeys(ui).getByRole('button', { name: '← All journeys' }).click();
    await rows.nth(2).click();
    await expect.poll(() => textOf(heading)).not.toBe(name);
    await stages.first().waitFor();
    expect(await atItsTop(ui)).toBe(true);
  });

  it('the list of journeys comes back where it was scrolled to after another section', async () => {
    const ui = await openBrowseAsync(h);
    await smallestWindowAsync(h.page, ui);
    await sectionButton(ui, 'Journeys').click();
    const rows = journeys(ui).getByRole('list', { name: 'Brands with a journey' }).getByRole('button');
    await rows.nth(4).waitFor();
    const before = await wheelDownAsync(ui, rows, 3);
    await visitMeAsync(ui);
    await rows.nth(4).waitFor();
    await expectAboutAsync(rows, before);
  });
});

describe('Journeys in the plugin’s own window: where the designer had scrolled to', () => {
  it('an open journey of ten emails a stage comes back there after another section, once it has been read again (a minute later)', async () => {
    // A clock to move past the answers' minute in the cache: the journey is asked for again.
    const { context, page, ui } = await openBrowseWithClockAsync(h);
    try {
      const wheel = (dy: number) => page.mouse.wheel(0, dy);
      await sectionButton(ui, 'Journeys').click();
      await journeys(ui).getByRole('list', { name: 'Brands with a journey' }).getByRole('button').first().click();
      await ui.getByLabel('Emails per stage').selectOption('10');
      const stages = journeys(ui).getByRole('heading', { level: 3 });
      await stages.first().waitFor({ timeout: 10_000 });
      await expect.poll(() => journeys(ui).getByRole('status').filter({ hasText: 'per stage' }).count(), { timeout: 10_000 }).toBe(0);
      const before = await wheelDownAsync(ui, stages, 1, wheel);
      await sectionButton(ui, 'Brands').click();
      await ui.getByRole('list', { name: 'Top brands' }).waitFor();
      await context.clock.fastForward(61_000);
      const held = await holdRequestsAsync(page, h.emulator.libraryUrl, (url) => url.pathname.startsWith('/v1/journeys/'));
      try {
        await sectionButton(ui, 'Journeys').click();
        await expect.poll(() => held.count()).toBe(1);
        expect(await stages.count()).toBe(0);
      } finally {
        await held.releaseAsync();
      }
      await expectAboutAsync(stages, before);
    } finally {
      await context.close();
    }
  });
});
