// A sync that fails part-way (the builder answers 503 after some batches were acknowledged):
// the screen keeps the failure's words, and its list and Sync button count only what is left,
// as the recorded state has it. The emulator's faults make the failure; the acknowledged keys
// are read from the page's own network log.
import { beforeAll, describe, expect, it } from 'vitest';
import { bigFileToPushAsync } from './support/sync-steps';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();
const acknowledged = new Set<string>();

beforeAll(async () => {
  h.page.on('response', (response) => {
    if (!response.url().endsWith('/sync') || response.status() !== 200) return;
    response.json().then(
      (body: { data?: { accepted?: Array<{ key: string }> } }) => {
        for (const entry of body.data?.accepted ?? []) acknowledged.add(entry.key);
      },
      () => undefined, // a cut answer acknowledges nothing
    );
  });
});

function faultsAsync(body: unknown): Promise<Response> {
  return fetch(`${h.emulator.builderUrl}/_emulator/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

describe('a sync that failed part-way', () => {
  it('keeps the failure’s words, and the Sync button counts only what was not sent and recorded', async () => {
    const { ui, run, total } = await bigFileToPushAsync(h);
    // Slow answers, so the push can be failed after its first acknowledged batch.
    await faultsAsync({ rate: 1, kinds: ['slow'], slow_ms: 1500, seed: 3 });
    await run.click();
    await expect.poll(() => textOf(ui.getByTestId('sync-progress')), { timeout: 60_000 }).toMatch(/Pushing [1-9][\d,]* of/);
    await faultsAsync({ rate: 1, kinds: ['503'] });
    await expect.poll(() => textOf(ui.getByTestId('sync-error')), { timeout: 60_000 }).toMatch(/The sync did not finish/);
    await faultsAsync({ rate: 0 });

    expect(acknowledged.size).toBeGreaterThan(0);
    expect(acknowledged.size).toBeLessThan(total);
    const left = total - acknowledged.size;
    await expect.poll(() => textOf(ui.getByRole('button', { name: /^Sync [\d,]+ changes?$/ })), { timeout: 10_000 }).toBe(`Sync ${left.toLocaleString('en-US')} change${left === 1 ? '' : 's'}`);
    // What it pushed before it stopped is in the history, said as stopped part-way.
    await ui.getByText(/^Recent syncs/).click();
    await expect.poll(() => textOf(ui.getByTestId('sync-history')), { timeout: 10_000 }).toContain(`Stopped part-way: ${acknowledged.size.toLocaleString('en-US')} pushed`);
    // The failure's words stay (no new check replaced them).
    await expect.poll(() => textOf(ui.getByTestId('sync-error')), { timeout: 10_000 }).toMatch(/The sync did not finish: .*What was already sent is recorded/);

    // A look at Settings and back (nothing changed there): the words and their retry are still there.
    await ui.getByTestId('nav-settings').click();
    await ui.getByLabel('Design system id').waitFor();
    await ui.getByRole('button', { name: /^Sync/ }).first().click();
    await ui.getByRole('button', { name: /^Sync [\d,]+ changes?$/ }).waitFor();
    await expect.poll(() => textOf(ui.getByTestId('sync-error')), { timeout: 10_000 }).toMatch(/The sync did not finish: .*What was already sent is recorded/);
    // Its retry is the Sync button, once (in the failure's notice), counting what is left.
    expect(await ui.getByRole('button', { name: /^Sync [\d,]+ changes?$/ }).count()).toBe(1);
    expect(await ui.getByTestId('sync-error').locator('..').getByRole('button', { name: /^Sync [\d,]+ changes?$/ }).count()).toBe(1);
  }, 180_000);
});
