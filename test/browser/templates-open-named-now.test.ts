// Templates: Open on a template renamed elsewhere since the list was read names it as the builder
// answered just now. It said the list's old name, for details read a moment ago.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarnessAsync, type Harness } from './support/playground-harness';

let h: Harness;
let builderKey: string;

beforeAll(async () => {
  h = await startHarnessAsync();
  const state = (await (await fetch(`${h.emulator.builderUrl}/_emulator/state`)).json()) as { builder: { keys: { demo: string } } };
  builderKey = state.builder.keys.demo;
});

afterAll(async () => {
  await h?.closeAsync();
});

async function renameElsewhereAsync(name: string, to: string): Promise<void> {
  const headers = { authorization: `Bearer ${builderKey}`, 'content-type': 'application/json' };
  const list = (await (await fetch(`${h.emulator.builderUrl}/api/templates`, { headers })).json()) as { data: Array<{ id: string; name: string }> };
  const id = list.data.find((template) => template.name === name)?.id;
  const response = await fetch(`${h.emulator.builderUrl}/api/templates/${id}`, { method: 'PUT', headers, body: JSON.stringify({ name: to }) });
  expect(response.status).toBe(200);
}

describe('Templates: Open on a template renamed elsewhere', () => {
  it('says its details under the name the builder gives now', async () => {
    await h.openFreshAsync('?command=templates&theme=light&demo-keys=1');
    const ui = await h.uiFrameAsync();
    await ui.getByRole('list', { name: 'Templates in the workspace' }).waitFor({ timeout: 20_000 });
    await renameElsewhereAsync('Welcome email', 'Welcome email (teammate)');

    await ui.getByRole('button', { name: 'Open “Welcome email”' }).click();
    const row = ui.getByRole('listitem').filter({ hasText: 'Welcome email' });
    await expect.poll(() => row.getByRole('status').textContent(), { timeout: 20_000 }).toContain('“Welcome email (teammate)” has no frame in this file.');
    // Shown under the row as well as said.
    expect(await row.getByText('“Welcome email (teammate)” has no frame in this file.', { exact: false }).count()).toBe(2);
  });
});
