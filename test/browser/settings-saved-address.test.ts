// An address saved by an older version (or by hand) that the rules now refuse: Settings shows the
// default address instead, and says why beside the key field, as it does for a key saved with it
// (settings-saved-key.test.ts). A key saved with it stays bound to its host when the designer
// saves a new address alone: kept (and used) on that host, removed for another, and said.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '../../src/settings/key-store';
import { parseEmulatorState } from '../playground/page/emulator-link';
import { PERSISTED_STORAGE_KEY } from '../playground/page/storage-persistence';
import { messageProblems } from '../support/message-rules';
import { axeViolationsAsync } from './support/axe';
import { openSettingsAsync, useHarness, textOf } from './support/playground-harness';

const h = useHarness();

const names = storageKeys('builder');

/** Settings opened over the plugin's clientStorage as an older version left it (kept across the reload, as Figma keeps it). */
async function settingsOverAsync(saved: Record<string, string>): Promise<Frame> {
  await h.page.goto(new URL('/code.js', h.playground.url).href);
  await h.page.evaluate(([name, value]) => localStorage.setItem(name, value), [PERSISTED_STORAGE_KEY, JSON.stringify(saved)] as const);
  await h.openAsync();
  const ui = await openSettingsAsync(h);
  await ui.getByRole('textbox', { name: 'Builder API key' }).waitFor({ timeout: 10_000 });
  return ui;
}

/** What a screen reader reads after the key field's name. */
function keyFieldDescriptionAsync(ui: Frame): Promise<string> {
  return ui.getByRole('textbox', { name: 'Builder API key' }).evaluate((input) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

describe('an address saved earlier that the rules now refuse', () => {
  it('says, with no key saved, that the saved address is not used and the default is (it fell back without a word)', async () => {
    const ui = await settingsOverAsync({ [names.baseUrl]: 'http://builder.internal.example' });
    const builder = ui.getByRole('region', { name: 'Email builder' });
    expect(await builder.getByRole('textbox', { name: 'API address' }).inputValue()).toBe('https://app.templatebuilder.example');
    const description = await keyFieldDescriptionAsync(ui);
    expect(description).toContain('The builder API address saved earlier, http://builder.internal.example, is not used: Envelope connects over HTTPS only');
    expect(description).toContain('Envelope uses the default address until you save another.');
    expect(messageProblems(description)).toEqual([]);
    expect(await axeViolationsAsync(ui)).toEqual([]);
  });

  it('keeps the key saved with it when the address is saved again on the same host, and connects with it (it was deleted)', async () => {
    const key = await demoKeyAsync();
    const ui = await settingsOverAsync({ [names.baseUrl]: `${h.emulator.builderUrl}/?team=3`, [names.key]: key });
    expect(await keyFieldDescriptionAsync(ui)).toContain('So the key saved with it is not used either');
    const builder = ui.getByRole('region', { name: 'Email builder' });
    await builder.getByRole('textbox', { name: 'API address' }).fill(h.emulator.builderUrl);
    await builder.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => textOf(ui.getByTestId('settings-builder-result')), { timeout: 10_000 }).toBe('Email builder address saved; the saved key is unchanged.');
    await builder.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => textOf(ui.getByTestId('settings-builder-result')), { timeout: 15_000 }).toMatch(/^Connected to the builder: /);
    expect(await ui.locator('body').textContent()).not.toContain(key);
  });

  it('says the key saved with it was removed, and why, when an address on another host is saved alone (it went without a word)', async () => {
    const key = await demoKeyAsync();
    const ui = await settingsOverAsync({ [names.baseUrl]: 'http://builder.internal.example', [names.key]: key });
    const builder = ui.getByRole('region', { name: 'Email builder' });
    await builder.getByRole('textbox', { name: 'API address' }).fill(h.emulator.builderUrl);
    await builder.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => textOf(ui.getByTestId('settings-builder-result')), { timeout: 10_000 }).not.toBe('');
    const said = (await textOf(ui.getByTestId('settings-builder-result'))) ?? '';
    expect(said).toBe(
      'Email builder address saved. The builder API key saved earlier was removed, as it was saved for http://builder.internal.example and a key is only sent to the host it was saved for: paste it again to use it with this address.',
    );
    expect(messageProblems(said)).toEqual([]);
    expect(await ui.locator('body').textContent()).not.toContain(key);
    expect(await axeViolationsAsync(ui)).toEqual([]);
  });
});

async function demoKeyAsync(): Promise<string> {
  const response = await fetch(`${h.emulator.builderUrl}/_emulator/state`);
  return parseEmulatorState(await response.json()).builder.keys.demo;
}
