// Templates: a frame whose preview is too large even at its smallest is refused in words that add
// up. A tall email (600 × 9,000 px) was refused as "would be 1.2 MB even at 120 px wide, too large
// to send (the builder takes at most 2 MB per request)": a size under the only limit named. The
// limit that refused it, the preview's own, is named now.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { evaluateHooks, textOf, useHarness } from './support/playground-harness';
import { selectLayerAsync } from './support/templates-steps';

const h = useHarness();

describe('Templates: a preview too large to send', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`is refused naming a limit under the size it says, before anything is sent; the name typed stays (${theme})`, async () => {
      await h.openFreshAsync(`?command=templates&theme=${theme}&demo-keys=1`);
      const ui = await h.uiFrameAsync();
      await ui.getByRole('list', { name: 'Templates in the workspace' }).waitFor({ timeout: 20_000 });
      await h.page.locator('[data-role="pages"] li', { hasText: 'Emails' }).click();
      // A fixture: a tall email on the Emails page (made as a teammate would, not by the plugin).
      await evaluateHooks(h.page, (hooks) => {
        const fake = hooks.fake();
        fake.remoteEdit(() => {
          const frame = fake.figma.createFrame();
          frame.name = 'Tall email';
          frame.resize(600, 9_000);
          frame.x = 2000;
          frame.fills = [{ type: 'SOLID', color: { r: 0.4, g: 0.5, b: 0.6 } }];
        });
      });
      await selectLayerAsync(h.page, 'Emails', 'Tall email');
      const name = ui.getByLabel('Template name');
      await expect.poll(() => name.inputValue(), { timeout: 10_000 }).toBe('Tall email');
      await name.fill('Tall email, summer');
      await ui.getByRole('button', { name: 'Save as template' }).focus();
      await h.page.keyboard.press('Enter');

      const alert = ui.getByRole('region', { name: 'Save selection as template' }).getByRole('alert');
      await expect.poll(() => textOf(alert), { timeout: 60_000 }).toMatch(/^The preview of “Tall email” would be \d+\.\d MB even at \d+ px wide, too large to send/);
      const words = (await textOf(alert))!;
      const size = Number(/would be (\d+\.\d) MB/.exec(words)?.[1]);
      const limit = Number(/(?:up to|at most) (\d+(?:\.\d)?) MB/.exec(words)?.[1]);
      // The size said is over the limit said.
      expect([size, limit, size > limit], words).toEqual([size, limit, true]);

      expect(await evaluateHooks(h.page, (hooks) => hooks.requests().filter((request) => request.method === 'POST').length)).toBe(0);
      expect(await name.inputValue()).toBe('Tall email, summer');
      await checkAxeAsync(ui, `Templates refusing a preview too large, ${theme}`);
    });
  }
});
