// A key saved by an older version that the rules now refuse (the comma after a key copied out of
// JSON): it reads as no key, and Settings says why beside the key field instead of showing an
// empty field with nothing said.
import { describe, expect, it } from 'vitest';
import { storageKeys } from '../../src/settings/key-store';
import { parseEmulatorState } from '../playground/page/emulator-link';
import { PERSISTED_STORAGE_KEY } from '../playground/page/storage-persistence';
import { messageProblems } from '../support/message-rules';
import { axeViolationsAsync } from './support/axe';
import { openSettingsAsync, useHarness } from './support/playground-harness';

const h = useHarness();

/** Settings opened over the plugin's clientStorage as an older version left it (kept across the reload, as Figma keeps it); the key field's description. */
async function keyFieldDescriptionAsync(saved: (demoKey: string) => Record<string, string>): Promise<{ description: string; key: string; ui: Awaited<ReturnType<typeof openSettingsAsync>> }> {
  const response = await fetch(`${h.emulator.builderUrl}/_emulator/state`);
  const key = parseEmulatorState(await response.json()).builder.keys.demo;
  await h.page.goto(new URL('/code.js', h.playground.url).href);
  await h.page.evaluate(([name, value]) => localStorage.setItem(name, value), [PERSISTED_STORAGE_KEY, JSON.stringify(saved(key))] as const);
  await h.openAsync();
  const ui = await openSettingsAsync(h);
  const field = ui.getByRole('textbox', { name: 'Builder API key' });
  await field.waitFor({ timeout: 10_000 });
  const description = await field.evaluate((input) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
  return { description, key, ui };
}

describe('a key saved earlier that is no longer used', () => {
  it('says on Settings, with the key field, that the saved builder key ends with a comma and is not used', async () => {
    const names = storageKeys('builder');
    const { description, key, ui } = await keyFieldDescriptionAsync((demoKey) => ({ [names.baseUrl]: h.emulator.builderUrl, [names.key]: `${demoKey},` }));
    expect(description).toContain('The builder API key saved earlier is not used, as the builder would refuse it. The key ends with a comma. Paste the key without it.');
    expect(messageProblems(description)).toEqual([]);
    expect(await ui.locator('body').textContent()).not.toContain(key);
    expect(await axeViolationsAsync(ui)).toEqual([]);
  });

  it('says why a good key saved with an address the rules now refuse is not used (the key vanished, nothing said)', async () => {
    const names = storageKeys('builder');
    const { description, key, ui } = await keyFieldDescriptionAsync((demoKey) => ({ [names.baseUrl]: 'http://builder.internal.example', [names.key]: demoKey }));
    expect(description).toContain('The builder API address saved earlier, http://builder.internal.example, is not used:');
    expect(description).toContain('So the key saved with it is not used either: save the address again, with the key.');
    expect(messageProblems(description)).toEqual([]);
    expect(await ui.locator('body').textContent()).not.toContain(key);
    expect(await axeViolationsAsync(ui)).toEqual([]);
  });
});
