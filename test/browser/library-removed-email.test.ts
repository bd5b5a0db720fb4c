// An email removed from the library within the response cache's minute opened again from the
// results: its details came from memory, and its screenshot's 404 was said as a screenshot that
// "could not be shown". The screenshot failing now asks the library again, fresh: gone is said as
// gone (as a 404 of the detail is), with the results and their scroll place kept behind it.
// Back in the results its card is gone (it stayed, its thumbnail broken), the same search asked
// again within the minute does not bring it back, and Previous and Next pass over it.
import type { Frame, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { browseWindowAsync, openBrowseAsync } from './support/browse-steps';
import { demoLibraryKeyAsync, libraryControlAsync, readLibraryAsync } from './support/library-read';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();

const grid = (ui: Frame) => ui.getByTestId('email-grid');

/** A card a few rows down, reached by keys (the grid scrolled), and the id of its email. */
async function cardDownTheGridAsync(ui: Frame) {
  await ui.getByRole('list', { name: 'Emails' }).getByRole('button').first().focus();
  for (let row = 0; row < 3; row++) await h.page.keyboard.press('ArrowDown');
  await expect.poll(() => grid(ui).evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
  const index = await ui.evaluate(() => (document.activeElement as HTMLElement).dataset['index']!);
  const card = ui.locator(`[data-index="${index}"]`);
  const subject = (await card.locator('.email-card-subject').textContent()) ?? '';
  const list = await readLibraryAsync<{ data: Array<{ id: number; subject_line: string }> }>(h.emulator.libraryUrl, '/v1/emails?per_page=50', await demoLibraryKeyAsync(h.emulator.libraryUrl));
  const id = list.data[Number(index)]!.id;
  expect(list.data[Number(index)]!.subject_line).toBe(subject);
  return { card, index, subject, id };
}

/** The plugin's reads of one email's detail, as they go out. */
function watchDetailReads(id: number): { count: () => number; stop: () => void } {
  let count = 0;
  const watch = (request: Request) => {
    if (new URL(request.url()).pathname === `/v1/emails/${id}`) count += 1;
  };
  h.page.on('request', watch);
  return { count: () => count, stop: () => h.page.off('request', watch) };
}

describe('Browse: an email removed within the minute its details are kept', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`says it is no longer in the library, not that its screenshot could not be shown, and keeps the results’ place (${theme})`, async () => {
      // The first results are referenced on the page: checking them reads each email's details,
      // which are kept for a minute (their screenshots are not loaded).
      // (The emulator reset first: the test before removed an email from these results.)
      await libraryControlAsync(h.emulator.libraryUrl, 'reset');
      const key = await demoLibraryKeyAsync(h.emulator.libraryUrl);
      const first = await readLibraryAsync<{ data: Array<{ id: number }> }>(h.emulator.libraryUrl, '/v1/emails?per_page=20', key);
      await h.openFreshAsync(`?command=browse&demo-keys=1&theme=${theme}&references=${first.data.map((email) => email.id).join(',')}`);
      const ui = await browseWindowAsync(h);
      await ui.getByRole('button', { name: 'References', exact: true }).click();
      await ui.getByRole('button', { name: 'Check references' }).click();
      await expect.poll(() => textOf(ui.getByTestId('references-summary')), { timeout: 30_000 }).toBe('20 references to 20 emails; 0 removed from the library.');
      await ui.getByRole('button', { name: 'Emails', exact: true }).click();
      const { card, index, subject, id } = await cardDownTheGridAsync(ui);
      expect(first.data.map((email) => email.id)).toContain(id);
      const scrollTop = await grid(ui).evaluate((element) => element.scrollTop);
      expect(subject).not.toBe('');

      await libraryControlAsync(h.emulator.libraryUrl, `library/emails/${id}/remove`);
      await card.click();
      const problem = ui.getByTestId('library-problem');
      await expect.poll(() => textOf(problem.getByRole('alert')), { timeout: 10_000 }).toBe('This email is no longer in the library.');
      expect(await ui.getByTestId('screenshot-problem').count()).toBe(0);
      // Nothing of the removed email is left on show, and nothing offers to ask again.
      expect(await ui.getByRole('article').getByRole('button', { name: 'Insert on canvas' }).count()).toBe(0);
      expect(await problem.getByRole('button', { name: 'Try again' }).count()).toBe(0);
      await checkAxeAsync(ui, `a removed email said as gone, ${theme}`);

      await h.page.keyboard.press('Escape');
      await expect.poll(() => ui.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset['index'])).toBe(index);
      expect(await grid(ui).evaluate((element) => element.scrollTop)).toBe(scrollTop);
    });
  }

  it('takes the removed email out of the results, and out of those kept for the minute: the keyboard on the card in its place, Previous and Next passing over it', async () => {
    await libraryControlAsync(h.emulator.libraryUrl, 'reset');
    try {
      const ui = await openBrowseAsync(h);
      const { card, index, id } = await cardDownTheGridAsync(ui);
      const list = await readLibraryAsync<{ data: Array<{ id: number; subject_line: string }> }>(h.emulator.libraryUrl, '/v1/emails?per_page=50', await demoLibraryKeyAsync(h.emulator.libraryUrl));
      const at = Number(index);
      const before = list.data[at - 1]!;
      const after = list.data[at + 1]!;
      const scrollTop = await grid(ui).evaluate((element) => element.scrollTop);
      // Which emails the cards drawn show, and the one with the keyboard (subjects repeat: by id).
      const cardsShown = () => ui.locator('.email-card-button').evaluateAll((cards) => cards.map((each) => Number((each as HTMLElement).dataset['resultId'])));
      const focusedCard = () => ui.evaluate(() => ({ index: (document.activeElement as HTMLElement | null)?.dataset['index'], id: Number((document.activeElement as HTMLElement | null)?.dataset['resultId']) }));
      expect(await cardsShown()).toContain(id);

      await libraryControlAsync(h.emulator.libraryUrl, `library/emails/${id}/remove`);
      await card.click();
      await expect.poll(() => textOf(ui.getByTestId('library-problem').getByRole('alert')), { timeout: 10_000 }).toBe('This email is no longer in the library.');

      // Back: its card is gone, the keyboard on the one now in its place, the grid where it was.
      await h.page.keyboard.press('Escape');
      await expect.poll(focusedCard).toEqual({ index, id: after.id });
      expect(await cardsShown()).not.toContain(id);
      expect(await grid(ui).evaluate((element) => element.scrollTop)).toBe(scrollTop);

      // From the email after it, Previous goes to the one before it, not back to the removed one.
      await h.page.keyboard.press('Enter');
      await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 })), { timeout: 10_000 }).toBe(after.subject_line);
      await ui.getByRole('button', { name: 'Previous' }).click();
      await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 })), { timeout: 10_000 }).toBe(before.subject_line);
      await h.page.keyboard.press('Escape');

      // The same search again within the minute (another typed, then cleared): its card does not come back.
      const field = ui.getByLabel('Search emails');
      await field.fill('no such words in any email');
      await expect.poll(() => textOf(ui.getByTestId('library-empty').locator('strong')), { timeout: 10_000 }).toBe('No emails match this search.');
      await field.fill('');
      await expect.poll(() => textOf(ui.getByTestId('library-status')), { timeout: 10_000 }).toMatch(/emails so far; scroll for more\.$/);
      await ui.getByRole('list', { name: 'Emails' }).getByRole('button').first().focus();
      for (let row = 0; row < 3; row++) await h.page.keyboard.press('ArrowDown');
      await expect.poll(focusedCard).toEqual({ index, id: after.id });
      expect(await cardsShown()).not.toContain(id);
    } finally {
      await libraryControlAsync(h.emulator.libraryUrl, 'reset');
    }
  });

  it('keeps saying the screenshot could not be shown when the library still has the email, having asked it again', async () => {
    const ui = await openBrowseAsync(h);
    const { card, subject, id } = await cardDownTheGridAsync(ui);
    const fault = (value: string | null) =>
      fetch(`${h.emulator.libraryUrl}/_emulator/library/emails/${id}/preview-fault`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fault: value }) });
    expect((await fault('404')).ok).toBe(true);
    const reads = watchDetailReads(id);
    try {
      await card.click();
      await expect.poll(() => textOf(ui.getByRole('heading', { level: 2 })), { timeout: 10_000 }).toBe(subject);
      await expect.poll(() => textOf(ui.getByTestId('screenshot-problem')), { timeout: 10_000 }).toBe('The library’s screenshot of this email could not be shown.');
      // Its detail read once to show it, once more (fresh) when the screenshot failed.
      await expect.poll(() => reads.count(), { timeout: 10_000 }).toBe(2);
      expect(await ui.getByTestId('library-problem').count()).toBe(0);
      expect(await ui.getByRole('link', { name: 'Its page in the library' }).count()).toBe(1);
    } finally {
      reads.stop();
      await fault(null);
    }
  });
});
