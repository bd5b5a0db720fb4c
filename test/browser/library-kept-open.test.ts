// A journey or a collection left open stays open while the designer looks at another Browse
// section (or another part of Me) and comes back, as the search keeps its place: it was forgotten,
// the list shown again. Coming back leaves the keyboard on the section's button; back from the
// journey or collection, the row it was opened from takes it, as before.
import { describe, expect, it } from 'vitest';
import { useHarness, textOf } from './support/playground-harness';
import { focusedPlaceAsync, openBrowseAsync, sectionButton } from './support/browse-steps';

const h = useHarness();

describe('Browse: an open journey or collection, after another section', () => {
  it('shows the journey still open, and back from it the keyboard is on its row', async () => {
    const ui = await openBrowseAsync(h);
    await sectionButton(ui, 'Journeys').click();
    const rows = ui.getByRole('list', { name: 'Brands with a journey' });
    const row = rows.getByRole('button').nth(1);
    await row.click();
    const heading = ui.getByRole('region', { name: 'Journeys' }).getByRole('heading', { level: 2 });
    await expect.poll(() => textOf(heading)).toMatch(/: journey$/);
    const journey = await heading.textContent();
    await sectionButton(ui, 'Emails').click();
    await ui.getByRole('searchbox', { name: 'Search emails' }).waitFor();
    await sectionButton(ui, 'Journeys').click();
    await expect.poll(() => textOf(heading)).toBe(journey);
    // Once the journey shows again, the keyboard is still where the designer pressed.
    await ui.getByRole('region', { name: 'Journeys' }).getByRole('list').first().waitFor();
    expect(await focusedPlaceAsync(ui)).toBe('BUTTON Journeys');
    await ui.getByRole('button', { name: '← All journeys' }).click();
    await expect.poll(() => focusedPlaceAsync(ui)).toBe('row 1 of Brands with a journey');
    expect(await ui.getByRole('button', { name: '← All journeys' }).count()).toBe(0);
  });

  it('shows the collection still open, after another section and after Likes, and back from it the keyboard is on its row', async () => {
    const ui = await openBrowseAsync(h);
    const me = ui.getByRole('region', { name: 'Me' });
    const part = (name: string) => me.getByRole('group', { name: 'Show' }).getByRole('button', { name, exact: true });
    await sectionButton(ui, 'Me').click();
    await part('Collections').click();
    const row = me.getByRole('list', { name: 'Collections' }).getByRole('button').nth(1);
    await row.waitFor();
    const name = (await row.locator('.brand-row-name').textContent())!;
    await row.click();
    const heading = me.getByRole('heading', { level: 3, name, exact: true });
    await heading.waitFor();
    await sectionButton(ui, 'Brands').click();
    await ui.getByRole('list', { name: 'Top brands' }).waitFor();
    await sectionButton(ui, 'Me').click();
    await expect.poll(() => heading.count()).toBe(1);
    await expect.poll(() => me.getByRole('list', { name: `Emails in ${name}` }).count()).toBe(1);
    await me.getByRole('list', { name: `Emails in ${name}` }).getByRole('listitem').first().waitFor();
    expect(await focusedPlaceAsync(ui)).toBe('BUTTON Me');
    await part('Likes').click();
    await me.getByRole('list', { name: 'Liked emails' }).waitFor();
    await part('Collections').click();
    await expect.poll(() => heading.count()).toBe(1);
    await me.getByRole('button', { name: '← All collections' }).click();
    await expect.poll(() => focusedPlaceAsync(ui)).toBe('row 1 of Collections');
  });
});
