// Placing several library emails when the library refuses the key (revoked meanwhile): the first
// refusal stops the rest, which need the same key. Every email was asked for and refused again,
// one after the other, and the summary said the same refusal for each.
import { describe, expect, it } from 'vitest';
import { openBrowseOnCurrentPageAsync, placedReferencesAsync } from './support/canvas-references';
import { addRouteAsync } from './support/own-route';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();

describe('Placing several emails with a key the library refuses', () => {
  it('asks once, places nothing, and says which key and where to fix it', async () => {
    const ui = await openBrowseOnCurrentPageAsync(h, 'light');
    const cards = ui.getByRole('list', { name: 'Emails' }).getByRole('listitem');
    await cards.first().waitFor();
    const subjects = (await cards.locator('.email-card-subject').allTextContents()).slice(0, 3);
    for (let index = 0; index < 3; index++) await cards.nth(index).getByRole('checkbox', { name: `Select “${subjects[index]!}”` }).check();
    // The key is revoked meanwhile: each email's facts are refused.
    const refused: string[] = [];
    const stopAsync = await addRouteAsync(h.page, (url) => url.origin === new URL(h.emulator.libraryUrl).origin && /^\/v1\/emails\/\d+$/.test(url.pathname), (route, request) => {
      refused.push(request.url());
      return route.fulfill({
        status: 401,
        headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' },
        body: JSON.stringify({ error: { code: 'unauthorized', message: 'The API key was revoked by its owner.' } }),
      });
    });
    try {
      await ui.getByRole('button', { name: 'Insert 3' }).click();
      const status = ui.getByTestId('insert-status');
      await expect.poll(() => textOf(status), { timeout: 60_000 }).toMatch(/^Nothing was placed on the canvas\. 3 could not be placed: .*The library API key was not accepted\. Check the key in Settings/);
      expect(refused).toHaveLength(1);
    } finally {
      await stopAsync();
    }
    expect((await placedReferencesAsync(h.page)).filter((reference) => subjects.some((subject) => reference.name.endsWith(`— ${subject}`)))).toEqual([]);
    // The three stay chosen, to be placed once the key is fixed.
    expect(await textOf(ui.getByRole('group', { name: 'Selected emails' }))).toContain('3 selected');
  });
});
