// The Sync screen walked as a designer on an email team would, in the playground: what they hit
// that the other sync tests do not reach.
import { beforeAll, describe, expect, it } from 'vitest';
import { parseEmulatorState } from '../playground/page/emulator-link';
import { checkAxeAsync } from './support/a11y-checks';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';
import { linkToEmptyDesignSystemAsync } from './support/sync-steps';

const h = useHarness();
let demoKey: string;

beforeAll(async () => {
  demoKey = parseEmulatorState(await (await fetch(`${h.emulator.builderUrl}/_emulator/state`)).json()).builder.keys.demo;
});

describe('a builder key the builder refuses', () => {
  it('the failed comparison offers Settings (Check again would be refused again), and with the right key saved there the list comes back', async () => {
    await h.openFreshAsync('');
    const ui = await linkToEmptyDesignSystemAsync(h);
    await ui.getByRole('button', { name: /^Sync \d[\d,]* changes?$/ }).waitFor({ timeout: 30_000 });
    const builder = ui.getByRole('region', { name: 'Email builder' });

    // A key mistyped in Settings (or revoked in the builder since).
    await ui.getByRole('button', { name: 'Settings' }).click();
    await builder.getByRole('button', { name: 'Replace key' }).click();
    await builder.getByLabel('Builder API key').fill('ef_mistypedkey12345');
    await builder.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => textOf(builder)).toContain('settings saved');
    await ui.getByRole('button', { name: /^Sync/ }).first().click();

    const error = ui.getByTestId('sync-error');
    await expect.poll(() => textOf(error), { timeout: 30_000 }).toMatch(/^The comparison did not finish: The builder API key was not accepted/);
    const notice = error.locator('..');
    expect(await notice.getByRole('button').allTextContents()).toEqual(['Open Settings']);
    await checkAxeAsync(ui, 'a refused key on Sync');

    // Back on Sync with the same key: the refusal stays said, and the builder is not asked again
    // (each return asked, and was refused again in the same words).
    const asked: string[] = [];
    const noteChangesRequest = (request: { url: () => string }) => {
      if (request.url().startsWith(h.emulator.builderUrl) && request.url().includes('/changes')) asked.push(request.url());
    };
    h.page.on('request', noteChangesRequest);
    try {
      await notice.getByRole('button', { name: 'Open Settings' }).click();
      await builder.waitFor();
      await ui.getByRole('button', { name: /^Sync/ }).first().click();
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await expect.poll(() => textOf(error), { timeout: 10_000 }).toMatch(/^The comparison did not finish: The builder API key was not accepted/);
      expect(asked).toEqual([]);
      // Check again does ask, and says the same.
      await ui.getByRole('button', { name: 'Check again' }).click();
      await expect.poll(() => asked.length, { timeout: 30_000 }).toBe(1);
      await expect.poll(() => textOf(error), { timeout: 30_000 }).toMatch(/^The comparison did not finish: The builder API key was not accepted/);
    } finally {
      h.page.off('request', noteChangesRequest);
    }

    await notice.getByRole('button', { name: 'Open Settings' }).click();
    await builder.getByRole('button', { name: 'Replace key' }).click();
    await builder.getByLabel('Builder API key').fill(demoKey);
    await builder.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => textOf(builder)).toContain('settings saved');
    await ui.getByRole('button', { name: /^Sync/ }).first().click();
    await expect.poll(() => error.count(), { timeout: 30_000 }).toBe(0);
    await ui.getByRole('button', { name: /^Sync \d[\d,]* changes?$/ }).waitFor({ timeout: 30_000 });
  }, 120_000);
});

describe('a file with no components of its own, linked to a design system with none', () => {
  it('says there is nothing to sync and why, not “Everything is in sync”', async () => {
    await h.openFreshAsync('?theme=dark');
    // The designer opened a file that only uses a library's components (or none): every local one gone.
    await evaluateHooks(h.page, (hooks) => {
      hooks.inspect().run(() => {
        const roots = hooks.inspect().allNodes().filter((node) => (node.type === 'COMPONENT_SET' || (node.type === 'COMPONENT' && node.parent?.type !== 'COMPONENT_SET')) && !(node as ComponentNode).remote);
        for (const node of roots) node.remove();
      });
    });
    const ui = await linkToEmptyDesignSystemAsync(h);
    const empty = ui.getByTestId('screen-sync').getByText('No components to sync');
    await empty.waitFor({ timeout: 30_000 });
    expect(await ui.getByText('Everything is in sync').count()).toBe(0);
    await expect.poll(() => textOf(ui.getByText(/^This file has no components of its own/)), { timeout: 10_000 }).toContain('those used from a library sync from the file they are made in');
    await checkAxeAsync(ui, 'a file with no components, dark theme');
  }, 120_000);
});
