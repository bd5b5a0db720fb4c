// The design-system id field's hint says where the id comes from: the email builder, the workspace
// of the builder key (the builder's API gives access to that workspace only), and whom to ask, as
// the builder documents no page that shows it. It said "the design system in the builder, or an
// address whose path is only the id": no word on where, and "path" is not a designer's word.
import { describe, expect, it } from 'vitest';
import { axeViolationsAsync } from './support/axe';
import { openSettingsAsync, useHarness } from './support/playground-harness';

const h = useHarness();

describe('the design-system id field', () => {
  it.each(['light', 'dark'] as const)('is described as the email builder’s id from the key’s workspace, and whom to ask (%s theme)', async (theme) => {
    await h.openFreshAsync(`?theme=${theme}&command=settings`);
    const ui = await openSettingsAsync(h);
    const field = ui.getByRole('region', { name: 'Design system for this file' }).getByRole('textbox', { name: 'Design system id' });
    // What a screen reader hears with the field: the texts its aria-describedby names.
    const description = await field.evaluate((input) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(description).toBe('The id your email builder gives the design system, which must be in your builder API key’s workspace. Ask whoever set it up if you cannot find it. Leave empty and save to unlink this file. Escape restores the saved id.');
    expect(await axeViolationsAsync(ui)).toEqual([]);
  });
});
