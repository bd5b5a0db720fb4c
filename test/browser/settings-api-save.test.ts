// Settings' Save, Forget key and the key field's words for one API: what the designer sees after
// each, by roles, labels and visible text in the real dist/ui.html.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { type Harness, startHarnessAsync, textOf } from './support/playground-harness';
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
