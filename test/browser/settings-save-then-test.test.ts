// Test connection pressed while a Save or Forget key is on its way runs once they are done. Its
// "Testing…" came in the same render as what they said, so a designer never saw or heard that the
// key was saved (or removed): that is said first now, then the test's answer replaces both.
import { describe, expect, it } from 'vitest';
import { maskKey } from '../../src/shared/settings/validate-settings';
import { checkAxeAsync } from './support/a11y-checks';
import { holdRequestsAsync } from './support/hold-requests';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';
import { readyUiAsync } from './support/sync-steps';

const h = useHarness();

describe('Test connection pressed while Save is on its way', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`says the key was saved, then that it is testing, then the test’s answer (“saved” was never seen) (${theme})`, async () => {
      await h.openFreshAsync(`?demo-keys=1&command=settings&theme=${theme}`);
      const ui = await readyUiAsync(h);
      const demoKey = (await evaluateHooks(h.page, (hooks) => hooks.fake().clientStorage.getAsync('envelope.builder.apiKey'))) as string;
      const builder = ui.getByRole('region', { name: 'Email builder' });
      const status = builder.getByRole('status');
      await builder.getByRole('button', { name: 'Replace key (builder API key)' }).click();
      await builder.getByLabel('Builder API key', { exact: true }).fill(demoKey);
      // Figma's storage is slow: the Save waits; Test connection is pressed meanwhile.
      await evaluateHooks(h.page, (hooks) => hooks.clientStorageHold.hold());
      await builder.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => evaluateHooks(h.page, (hooks) => hooks.clientStorageHold.held()), { timeout: 10_000 }).toBeGreaterThan(0);
      await builder.getByRole('button', { name: 'Test connection' }).click();
      // The builder's answer to the test is held, so the words before it stay to be read.
      const answer = await holdRequestsAsync(h.page, h.emulator.builderUrl);
      try {
        await evaluateHooks(h.page, (hooks) => hooks.clientStorageHold.release());
        await expect
          .poll(() => textOf(status), { timeout: 15_000 })
          .toBe(`Email builder settings saved. The key is stored on this computer only, shown as ${maskKey(demoKey)}. Test connection checks it with the service. Testing the email builder connection…`);
        await expect.poll(() => answer.count(), { timeout: 10_000 }).toBeGreaterThan(0);
        await checkAxeAsync(ui, `Settings saving, then testing, ${theme}`);
      } finally {
        await answer.releaseAsync();
      }
      await expect.poll(() => textOf(status), { timeout: 20_000 }).toMatch(/^Connected to the builder: /);
    });
  }
});

describe('Test connection pressed while Forget key is on its way', () => {
  it('says the key was removed, then that it is testing, then the test’s answer', async () => {
    await h.openFreshAsync('?demo-keys=1&command=settings');
    const ui = await readyUiAsync(h);
    const library = ui.getByRole('region', { name: 'Email library' });
    const status = library.getByRole('status');
    await library.getByRole('button', { name: 'Forget key (library API key)' }).click();
    await evaluateHooks(h.page, (hooks) => hooks.clientStorageHold.hold());
    await library.getByRole('group', { name: /Remove the saved library API key/ }).getByRole('button', { name: 'Forget key' }).click();
    await expect.poll(() => evaluateHooks(h.page, (hooks) => hooks.clientStorageHold.held()), { timeout: 10_000 }).toBeGreaterThan(0);
    await library.getByRole('button', { name: 'Test connection' }).click();
    const answer = await holdRequestsAsync(h.page, h.emulator.libraryUrl);
    try {
      await evaluateHooks(h.page, (hooks) => hooks.clientStorageHold.release());
      await expect.poll(() => textOf(status), { timeout: 15_000 }).toBe('The library API key was removed from this computer. Testing the email library connection…');
    } finally {
      await answer.releaseAsync();
    }
    await expect.poll(() => textOf(status), { timeout: 20_000 }).not.toMatch(/Testing/);
  });
});
