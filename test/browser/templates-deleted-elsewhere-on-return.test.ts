// Templates: a template a teammate deleted while the designer was on another screen. Coming back
// reads page 1 again, keeping the rows below it (a form open in one, the person's place), and the
// deleted template stayed listed for the rest of the session: pressed, it only said it was gone.
// When page 1 lists every template, the rows it lacks were deleted, and go; one in use stays.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { textOf, useHarness } from './support/playground-harness';
import { builderAsync } from './support/templates-steps';

const h = useHarness();

async function listedAsync(theme: 'light' | 'dark') {
  await h.openFreshAsync(`?command=templates&theme=${theme}&demo-keys=1`);
  const ui = await h.uiFrameAsync();
  const list = ui.getByRole('list', { name: 'Templates in the workspace' });
  await list.getByRole('listitem').first().waitFor({ timeout: 20_000 });
  const templates = (await builderAsync<Array<{ id: string; name: string }>>(h, '/templates?per_page=100')).data;
  // One page holds them all: the emulator's seed is a small workspace.
  expect(templates.length).toBeGreaterThan(2);
  expect(templates.length).toBeLessThan(50);
  await expect.poll(() => list.getByRole('listitem').count(), { timeout: 20_000 }).toBe(templates.length);
  return { ui, list, templates };
}

/** Settings and back to Templates, as a person looks at another screen. */
async function backFromSettingsAsync(ui: Awaited<ReturnType<typeof listedAsync>>['ui']) {
  await ui.getByRole('button', { name: 'Settings' }).first().click();
  await ui.getByRole('button', { name: 'Templates' }).first().click();
}

describe('Templates: a template deleted elsewhere, the screen opened again', () => {
  it('is gone from the list, and the count says what is left (light)', async () => {
    const { ui, list, templates } = await listedAsync('light');
    const gone = templates[1]!;
    expect((await builderAsync(h, `/templates/${gone.id}`, 'DELETE')).status).toBe(204);
    await backFromSettingsAsync(ui);
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 20_000 }).toBe(templates.length - 1);
    expect(await list.getByRole('button', { name: `Delete “${gone.name}”` }).count()).toBe(0);
    expect(await textOf(ui.getByRole('region', { name: 'Templates in the workspace' }))).toContain(`${templates.length - 1} templates`);
    await checkAxeAsync(ui, 'a template deleted elsewhere gone on return');
  }, 120_000);

  it('keeps a row whose rename is typed: its Save says it was deleted elsewhere (dark)', async () => {
    const { ui, list, templates } = await listedAsync('dark');
    const gone = templates[1]!;
    await list.getByRole('button', { name: `Rename “${gone.name}”` }).click();
    const form = ui.getByRole('form', { name: `Rename “${gone.name}”` });
    await form.getByRole('textbox', { name: 'New name' }).fill('Typed before it went');
    expect((await builderAsync(h, `/templates/${gone.id}`, 'DELETE')).status).toBe(204);
    // Another template deleted too, in use by no one: it goes.
    const other = templates[2]!;
    expect((await builderAsync(h, `/templates/${other.id}`, 'DELETE')).status).toBe(204);
    await backFromSettingsAsync(ui);
    await expect.poll(() => list.getByRole('button', { name: `Delete “${other.name}”` }).count(), { timeout: 20_000 }).toBe(0);
    expect(await form.getByRole('textbox', { name: 'New name' }).inputValue()).toBe('Typed before it went');
    await form.getByRole('button', { name: 'Save name and description' }).click();
    await expect.poll(() => ui.getByText(`“${gone.name}” was already deleted elsewhere.`, { exact: false }).count(), { timeout: 20_000 }).toBe(1);
    expect(await list.getByRole('button', { name: `Rename “${gone.name}”` }).count()).toBe(0);
    await checkAxeAsync(ui, 'a rename typed in a row deleted elsewhere, dark');
  }, 120_000);
});
