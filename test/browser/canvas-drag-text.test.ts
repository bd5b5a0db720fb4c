// A card dragged out of the window, dropped anywhere but the canvas (a chat, a document), carries
// text that credits where it came from: the reference's name, the record's public page and the
// service with its site, as the library's terms ask and as Browse credits it.
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';
import { demoLibraryKeyAsync, readLibraryAsync } from './support/library-read';

const h = useHarness();
let key: string;

beforeAll(async () => {
  key = await demoLibraryKeyAsync(h.emulator.libraryUrl);
});

describe('a dragged card’s text', () => {
  it('credits the service by name and site, beside the email’s name and page (it named the page alone)', async () => {
    await h.openFreshAsync('?command=browse&theme=light&demo-keys=1');
    const currentPageId = await evaluateHooks(h.page, (hooks) => hooks.inspect().currentPage.id);
    await h.page.locator(`[data-role="pages"] [data-page="${currentPageId}"]`).click();
    const ui = await h.uiFrameAsync();
    const cards = ui.getByRole('list', { name: 'Emails' }).getByRole('listitem');
    await cards.first().waitFor({ timeout: 20_000 });
    // One email placed first: the plugin has read the library's credit for the service.
    await cards.first().getByRole('button').first().click();
    await ui.getByRole('button', { name: 'Insert on canvas' }).click();
    await expect.poll(() => textOf(ui.getByTestId('insert-status').locator('p')), { timeout: 60_000 }).toBe('Placed 1 reference on the canvas.');
    await ui.getByRole('button', { name: /Back to results/ }).click();
    const card = ui.getByRole('list', { name: 'Emails' }).getByRole('listitem').nth(1).getByRole('button').first();
    await card.waitFor({ timeout: 20_000 });
    const dataTransfer = await ui.evaluateHandle(() => new DataTransfer());
    await card.dispatchEvent('dragstart', { dataTransfer });
    const text = await dataTransfer.evaluate((data) => data.getData('text/plain'));
    const list = await readLibraryAsync<{ data: Array<{ url: string; subject_line: string }>; meta: { attribution: { source: string; url: string } } }>(h.emulator.libraryUrl, '/v1/emails?per_page=20', key);
    const subject = ((await card.locator('.email-card-subject').textContent()) ?? '').trim();
    const email = list.data.find((candidate) => candidate.subject_line === subject);
    if (!email) throw new Error(`no email “${subject}” in the library's first page`);
    const { source, url } = list.meta.attribution;
    expect(text.split('\n').slice(1)).toEqual([email.url, `Via ${source} (${url})`]);
    expect(text.split('\n')[0]).toContain(subject);
  });
  it('credits the service before anything is placed in the window (the credit came only after a first Insert)', async () => {
    await h.openFreshAsync('?command=browse&theme=light&demo-keys=1');
    const ui = await h.uiFrameAsync();
    const card = ui.getByRole('list', { name: 'Emails' }).getByRole('listitem').first().getByRole('button').first();
    await card.waitFor({ timeout: 20_000 });
    const dataTransfer = await ui.evaluateHandle(() => new DataTransfer());
    await card.dispatchEvent('dragstart', { dataTransfer });
    const text = await dataTransfer.evaluate((data) => data.getData('text/plain'));
    const list = await readLibraryAsync<{ meta: { attribution: { source: string; url: string } } }>(h.emulator.libraryUrl, '/v1/emails?per_page=1', key);
    const { source, url } = list.meta.attribution;
    expect(text.split('\n').at(-1)).toBe(`Via ${source} (${url})`);
  });
});
