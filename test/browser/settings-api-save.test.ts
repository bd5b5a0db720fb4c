// Settings' Save, Forget key and the key field's words for one API: what the designer sees after
// each, by roles, labels and visible text in the real dist/ui.html.
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';
import { readyUiAsync } from './support/sync-steps';

const NEW_KEY = 'ef_0123456789abcdef0123';

const h = useHarness();

describe('Save with the placeholder address', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`says the address is still missing in the tone of a thing to do, not as a success (it was green) (${theme})`, async () => {
      await h.openFirstVisitAsync(`?command=settings&theme=${theme}`);
      const ui = await readyUiAsync(h);
      const builder = ui.getByRole('region', { name: 'Email builder' });
      await builder.getByRole('button', { name: 'Save' }).click();
      const result = builder.getByRole('status');
      await expect.poll(() => textOf(result), { timeout: 15_000 }).toBe('Email builder address still missing: the placeholder is not a real address. Enter yours above, then choose Save.');
      // The same tone as Test connection's "the address is missing".
      expect(await result.getAttribute('data-tone')).toBe('error');
      await checkAxeAsync(ui, `Settings after Save with the placeholder address, ${theme}`);
    });
  }
});

/** The words that describe the field (its hint and any error), as a screen reader says them. */
function descriptionOf(field: Locator): Promise<string> {
  return field.evaluate((input) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

describe('the key field open for a new key when the saved key is forgotten in another window', () => {
  it('no longer says “Escape keeps the saved key”, as none is saved (it kept saying it)', async () => {
    await h.openFreshAsync('?demo-keys=1&command=settings');
    const ui = await readyUiAsync(h);
    const builder = ui.getByRole('region', { name: 'Email builder' });
    await builder.getByRole('button', { name: 'Replace key (builder API key)' }).click();
    const keyField = builder.getByLabel('Builder API key', { exact: true });
    await expect.poll(() => descriptionOf(keyField), { timeout: 10_000 }).toContain('Escape keeps the saved key.');
    // Another Envelope window of the same person forgets the key; the canvas had the focus meanwhile.
    await h.page.mouse.click(5, 5);
    await evaluateHooks(h.page, (hooks) => hooks.fake().clientStorage.deleteAsync('envelope.builder.apiKey'));
    await ui.getByRole('heading', { name: 'Email builder' }).click();
    await expect.poll(() => descriptionOf(keyField), { timeout: 10_000 }).not.toContain('Escape');
    expect(await descriptionOf(keyField)).toContain('Stored on this computer only, never in the file.');
  });
});

describe('Save pressed while Forget key is still running', () => {
  it('keeps the key typed after Replace key meanwhile and saves it once the old one is gone (the Save was dropped, and the key typed was cleared)', async () => {
    await h.openFreshAsync('?demo-keys=1&command=settings');
    const ui = await readyUiAsync(h);
    const builder = ui.getByRole('region', { name: 'Email builder' });
    await builder.getByRole('button', { name: 'Forget key (builder API key)' }).click();
    // Figma's storage is slow: the key's removal waits.
    await evaluateHooks(h.page, (hooks) => hooks.clientStorageHold.hold());
    await builder.getByRole('group', { name: /Remove the saved builder API key/ }).getByRole('button', { name: 'Forget key' }).click();
    await expect.poll(() => evaluateHooks(h.page, (hooks) => hooks.clientStorageHold.held()), { timeout: 10_000 }).toBeGreaterThan(0);

    // The designer changes their mind: a new key instead, and Save.
    await builder.getByRole('button', { name: 'Replace key (builder API key)' }).click();
    const keyField = builder.getByLabel('Builder API key', { exact: true });
    await keyField.fill(NEW_KEY);
    const save = builder.getByRole('button', { name: 'Save' });
    await save.click();
    // The Save waits for the removal, and says it is under way.
    await expect.poll(() => save.getAttribute('aria-busy'), { timeout: 10_000 }).toBe('true');

    await evaluateHooks(h.page, (hooks) => hooks.clientStorageHold.release());
    await expect.poll(() => textOf(builder.getByRole('status')), { timeout: 15_000 }).toBe('Email builder settings saved. The key is stored on this computer only, shown as ef_••••0123. Test connection checks it with the service.');
    expect(await evaluateHooks(h.page, (hooks) => hooks.fake().clientStorage.getAsync('envelope.builder.apiKey'))).toBe(NEW_KEY);
    expect(await textOf(ui.getByTestId('settings-builder-key-hint'))).toBe('ef_••••0123');
  });
});

describe('Save with only spaces in the key field', () => {
  it('empties the key field when it saves the address alone and says no key is saved (the dots stayed)', async () => {
    await h.openFirstVisitAsync('?command=settings');
    const ui = await readyUiAsync(h);
    const builder = ui.getByRole('region', { name: 'Email builder' });
    await builder.getByRole('textbox', { name: 'API address' }).fill(h.emulator.builderUrl);
    const keyField = builder.getByLabel('Builder API key', { exact: true });
    await keyField.fill('   ');
    await builder.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => textOf(builder.getByRole('status')), { timeout: 15_000 }).toBe('Email builder address saved. No key is saved yet: paste one to connect.');
    expect(await keyField.inputValue()).toBe('');
  });
});

describe('a key typed while a Save of another key is on its way', () => {
  it('stays in the key field, and the key sent is saved (the Save cleared it and closed the field)', async () => {
    const OTHER_KEY = 'ef_fedcba9876543210fedc';
    await h.openFreshAsync('?demo-keys=1&command=settings');
    const ui = await readyUiAsync(h);
    const builder = ui.getByRole('region', { name: 'Email builder' });
    await builder.getByRole('button', { name: 'Replace key (builder API key)' }).click();
    const keyField = builder.getByLabel('Builder API key', { exact: true });
    await keyField.fill(NEW_KEY);
    // Figma's storage is slow: the Save waits.
    await evaluateHooks(h.page, (hooks) => hooks.clientStorageHold.hold());
    await builder.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => evaluateHooks(h.page, (hooks) => hooks.clientStorageHold.held()), { timeout: 10_000 }).toBeGreaterThan(0);

    // The designer notices the wrong key went and pastes the right one while the Save is on its way.
    await keyField.fill(OTHER_KEY);
    await evaluateHooks(h.page, (hooks) => hooks.clientStorageHold.release());
    await expect.poll(() => textOf(builder.getByRole('status')), { timeout: 15_000 }).toBe('Email builder settings saved. The key is stored on this computer only, shown as ef_••••0123. Test connection checks it with the service.');
    expect(await evaluateHooks(h.page, (hooks) => hooks.fake().clientStorage.getAsync('envelope.builder.apiKey'))).toBe(NEW_KEY);
    expect(await keyField.inputValue()).toBe(OTHER_KEY);
    expect(await descriptionOf(keyField)).toContain('Escape keeps the saved key.');

    // Saved next, as typed.
    await builder.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => textOf(builder.getByRole('status')), { timeout: 15_000 }).toBe('Email builder settings saved. The key is stored on this computer only, shown as ef_••••fedc. Test connection checks it with the service.');
    expect(await evaluateHooks(h.page, (hooks) => hooks.fake().clientStorage.getAsync('envelope.builder.apiKey'))).toBe(OTHER_KEY);
  });
});

describe('Test connection pressed while Forget key runs, then Save', () => {
  it('tests the key the waiting Save stored, after it (the test ran between the two, and said no key was saved)', async () => {
    await h.openFreshAsync('?demo-keys=1&command=settings');
    const ui = await readyUiAsync(h);
    const demoKey = (await evaluateHooks(h.page, (hooks) => hooks.fake().clientStorage.getAsync('envelope.builder.apiKey'))) as string;
    const builder = ui.getByRole('region', { name: 'Email builder' });
    const status = builder.getByRole('status');
    // Every status the section shows on the way, however briefly.
    await builder.evaluate((element) => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => seen.push(element.querySelector('[role="status"]')?.textContent ?? '')).observe(element, { subtree: true, childList: true, characterData: true });
    });
    await builder.getByRole('button', { name: 'Forget key (builder API key)' }).click();
    // Figma's storage is slow: the key's removal waits.
    await evaluateHooks(h.page, (hooks) => hooks.clientStorageHold.hold());
    await builder.getByRole('group', { name: /Remove the saved builder API key/ }).getByRole('button', { name: 'Forget key' }).click();
    await expect.poll(() => evaluateHooks(h.page, (hooks) => hooks.clientStorageHold.held()), { timeout: 10_000 }).toBeGreaterThan(0);

    // Test connection, then the key pasted back and Save, both while the removal waits.
    await builder.getByRole('button', { name: 'Test connection' }).click();
    await builder.getByRole('button', { name: 'Replace key (builder API key)' }).click();
    await builder.getByLabel('Builder API key', { exact: true }).fill(demoKey);
    const save = builder.getByRole('button', { name: 'Save' });
    await save.click();
    await expect.poll(() => save.getAttribute('aria-busy'), { timeout: 10_000 }).toBe('true');

    await evaluateHooks(h.page, (hooks) => hooks.clientStorageHold.release());
    await expect.poll(() => textOf(status), { timeout: 20_000 }).toMatch(/^Connected to the builder: /);
    expect(await evaluateHooks(h.page, (hooks) => hooks.fake().clientStorage.getAsync('envelope.builder.apiKey'))).toBe(demoKey);
    const seen = await builder.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(seen.filter((text) => text.startsWith('No builder API key'))).toEqual([]);
  });
});
