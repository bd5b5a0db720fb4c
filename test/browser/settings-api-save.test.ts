// Settings' Save, Forget key and the key field's words for one API: what the designer sees after
// each, by roles, labels and visible text in the real dist/ui.html.
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { evaluateHooks, type Harness, startHarnessAsync, textOf } from './support/playground-harness';
import { readyUiAsync } from './support/sync-steps';

let h: Harness;

beforeAll(async () => {
  h = await startHarnessAsync();
});

afterAll(async () => {
  await h?.closeAsync();
});

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
