// Templates: after Unlink, the template's row in the list still said "Linked to the frame …" until
// the list was read again (unlinking asks nothing of the builder, so nothing read it), and Open on
// that row then said the template had no frame here. The row says no link as soon as the unlink
// is said.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { useHarness, textNowAsync, textOf } from './support/playground-harness';
import { demoEmailSavedAsync } from './support/templates-steps';
import { DEMO_EMAIL_NAME } from '../fixtures/demo-document';

const h = useHarness();
const EMAIL = DEMO_EMAIL_NAME;

describe('Templates: the row of a template whose frame was unlinked', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`no longer says it is linked, at once (${theme})`, async () => {
      const { ui, section, result } = await demoEmailSavedAsync(h, theme);
      const row = ui.getByRole('list', { name: 'Templates in the workspace' }).getByRole('listitem').filter({ has: ui.getByText(EMAIL, { exact: true }) });
      await expect.poll(() => textOf(row), { timeout: 20_000 }).toContain(`Linked to the frame “${EMAIL}”`);

      await section.getByRole('button', { name: 'Unlink' }).click();
      await expect.poll(() => textOf(result), { timeout: 20_000 }).toBe(`“${EMAIL}” is no longer linked to a template.`);
      // Said with the unlink itself, not after a later read of the list.
      expect(await textNowAsync(row)).not.toContain('Linked to');
      await checkAxeAsync(ui, `Templates, the row after Unlink, ${theme}`);

      // Open agrees with the row: the template has no frame in this file.
      await row.getByRole('button', { name: `Open “${EMAIL}”` }).click();
      await expect.poll(() => textOf(row), { timeout: 20_000 }).toContain(`“${EMAIL}” has no frame in this file.`);
      expect(await textNowAsync(row)).not.toContain('Linked to');
    });
  }
});
