// Templates: a frame with no name (a teammate cleared it) is said plainly in the selection line,
// before and after it is saved as a template: it showed “” is selected and “” is linked to….
import { describe, expect, it } from 'vitest';
import { axeViolationsAsync } from './support/axe';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';

const h = useHarness();

describe('Templates: a frame with no name', () => {
  it('is said as “A frame with no name” and, once linked, “The selected frame”, never as empty quotes', async () => {
    await h.openFreshAsync('?command=templates&theme=light&demo-keys=1');
    const ui = await h.uiFrameAsync();
    await ui.getByRole('list', { name: 'Templates in the workspace' }).waitFor({ timeout: 20_000 });
    await h.page.locator('[data-role="pages"] li', { hasText: 'Emails' }).click();
    // A fixture: a frame on the Emails page whose name a teammate emptied.
    const id = await evaluateHooks(h.page, (hooks) => {
      const fake = hooks.fake();
      let made = '';
      fake.remoteEdit(() => {
        const frame = fake.figma.createFrame();
        frame.name = '';
        frame.resize(600, 400);
        frame.x = 2000;
        frame.fills = [{ type: 'SOLID', color: { r: 0.9, g: 0.8, b: 0.7 } }];
        made = frame.id;
      });
      return made;
    });
    await h.page.locator(`[data-role="layers"] li[data-layer-id="${id}"]`).click();
    const selection = ui.getByTestId('templates-selection');
    await expect.poll(() => textOf(selection)).toBe('A frame with no name is selected.');

    await ui.getByLabel('Template name').fill('Autumn teaser');
    await ui.getByRole('button', { name: 'Save as template' }).click();
    await expect.poll(() => textOf(selection), { timeout: 30_000 }).toBe('The selected frame is linked to the template “Autumn teaser”, saved just now.');
    expect(await axeViolationsAsync(ui)).toEqual([]);
  });
});
