// Templates: the builder answers a save with short "slow down"s (429), which the sandbox waits out
// as asked, and then with one too long to sit through (ten minutes). The save said only "The email
// builder asked Envelope to slow down for a while, so nothing was changed.", as if nothing had
// been tried: Sync says what Envelope waited. The save now says it too (the seconds this save
// waited, counted where it waited), with by when the long wait ends, and holds Save until then.
// Refused again after short waits alone, it says what it waited the same way.
import type { BrowserContext, Frame, Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { textOf, useHarness } from './support/playground-harness';
import { builderAsync, saveFormWithClockAsync, slowDownSavesAsync } from './support/templates-steps';

const h = useHarness();
let context: BrowserContext | undefined;

afterEach(async () => {
  await context?.close();
  context = undefined;
});

/** Templates open in a context with its clock (closed after the test), the demo email selected and `name` typed. */
async function saveFormAsync(theme: 'light' | 'dark', name: string): Promise<{ page: Page; ui: Frame; section: Locator }> {
  const opened = await saveFormWithClockAsync(h, theme, name);
  context = opened.context;
  return opened;
}

async function savedNamesAsync(): Promise<string[]> {
  return (await builderAsync<Array<{ name: string }>>(h, '/templates')).data.map((template) => template.name);
}

describe('a save the builder asks to slow down for ten minutes after short waits the sandbox sat through', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`says what Envelope waited and by when the long wait ends, and holds Save (${theme})`, async () => {
      const name = `Waited then refused ${theme}`;
      const { page, ui, section: saveSection } = await saveFormAsync(theme, name);
      const save = saveSection.getByRole('button', { name: 'Save as template' });
      // Two seconds' waits, then ten minutes.
      const stopRoute = await slowDownSavesAsync(h, page, (answered) => (answered < 2 ? 2 : 600));
      try {
        // The page's clock at 12:05:40 (this machine's time zone, as the window's); the sandbox's
        // two waits run on it as it goes, so the ten minutes end at 12:15 and some seconds.
        await context!.clock.setSystemTime(new Date(2026, 11, 1, 12, 5, 40));
        await save.click();
        await expect
          .poll(() => textOf(saveSection.getByRole('alert')), { timeout: 30_000 })
          .toBe('Envelope waited 4 seconds as the email builder asked, and it still asks Envelope to slow down. You can try again after 12:16, in about 10 minutes.');
        expect(await save.getAttribute('aria-disabled')).toBe('true');
        await checkAxeAsync(ui, `Templates, a save refused for ten minutes after short waits, ${theme}`);
      } finally {
        await stopRoute();
      }
      // Nothing was made, and Save pressed during the wait sends nothing.
      await save.click({ force: true });
      expect(await savedNamesAsync()).not.toContain(name);
    }, 90_000);
  }
});

describe('a save the builder still refuses after every short wait the sandbox sat through', () => {
  it('says what Envelope waited, and that it can try again a minute after the refusal', async () => {
    const name = 'Waited and still refused';
    const { page, section: saveSection } = await saveFormAsync('light', name);
    const save = saveSection.getByRole('button', { name: 'Save as template' });
    const stopRoute = await slowDownSavesAsync(h, page, () => 1);
    try {
      await context!.clock.setSystemTime(new Date(2026, 11, 1, 12, 5, 40));
      await save.click();
      // Three waits of a second between its four tries, then the minute the builder counts.
      await expect
        .poll(() => textOf(saveSection.getByRole('alert')), { timeout: 30_000 })
        .toMatch(/^Envelope waited 3 seconds as the email builder asked, and it still asks Envelope to slow down\. You can try again after 12:06:4\d, in about a minute\.$/);
      expect(await save.getAttribute('aria-disabled')).toBe('true');
    } finally {
      await stopRoute();
    }
    expect(await savedNamesAsync()).not.toContain(name);
  }, 90_000);
});
