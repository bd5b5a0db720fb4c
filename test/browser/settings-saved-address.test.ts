// An address saved by an older version (or by hand) that the rules now refuse: Settings shows the
// default address instead, and says why beside the key field, as it does for a key saved with it
// (settings-saved-key.test.ts).
import type { Frame } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageKeys } from '../../src/settings/key-store';
import { PERSISTED_STORAGE_KEY } from '../playground/page/storage-persistence';
import { messageProblems } from '../support/message-rules';
import { axeViolationsAsync } from './support/axe';
import { type Harness, openSettingsAsync, startHarnessAsync } from './support/playground-harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarnessAsync();
});

afterAll(async () => {
  await h?.closeAsync();
});

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
    expect(description).toContain('The builder API address saved earlier, http://builder.internal.example, is not used: Keys are only sent over HTTPS');
    expect(description).toContain('Envelope uses the default address until you save another.');
    expect(messageProblems(description)).toEqual([]);
    expect(await axeViolationsAsync(ui)).toEqual([]);
  });
});
