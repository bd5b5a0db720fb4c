// The welcome screen tells a newcomer about Templates, a tab of its own: it spoke of "two ways"
// (Sync and Browse) only. What Templates does, what it needs (the builder key, no design system),
// and a step to it; where a builder key is made is said as the builder's own Settings, not Envelope's,
// once, by Sync's part.
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolationsAsync } from './support/axe';
import { useHarness, textOf } from './support/playground-harness';

const h = useHarness();

/** The playground as on a first visit: nothing kept from earlier runs (as first-run.test.ts opens it). */
async function openFreshAsync(query = ''): Promise<Frame> {
  await h.openFirstVisitAsync(query);
  const ui = await h.uiFrameAsync();
  await ui.getByRole('navigation', { name: 'Envelope screens' }).waitFor({ timeout: 10_000 });
  return ui;
}

const screenTitle = (ui: Frame) => textOf(ui.getByRole('heading', { level: 1 }));

describe('the welcome screen’s Templates part', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`on a first run says what Templates does and needs, where the builder key is made, and opens Templates (${theme})`, async () => {
      const ui = await openFreshAsync(`?theme=${theme}`);
      await expect.poll(() => screenTitle(ui), { timeout: 10_000 }).toBe('Welcome to Envelope');
      await expect.poll(() => textOf(ui.getByTestId('screen-start').locator('> p').first()), { timeout: 10_000 }).toBe('Envelope links this Figma file to your email work in three ways. Use any of them.');
      const templates = ui.getByRole('region', { name: 'Save frames as email templates' });
      await expect.poll(() => textOf(templates.locator('p').first()), { timeout: 10_000 }).toBe('Save a selected frame as a template in your email builder, update it after you change the frame, and rename or delete your templates.');
      await expect.poll(() => textOf(templates.locator('p.muted')), { timeout: 10_000 }).toBe('Needs only the email builder’s address and a builder API key, the same ones Sync uses.');
      // Sync, just above, says where the key is made; once on the screen (it read twice, Templates repeating it).
      expect(await ui.getByRole('region', { name: 'Sync with your email builder' }).textContent()).toContain('(make one in your email builder, under its Settings → API Keys)');
      expect((await ui.getByTestId('screen-start').textContent())!.split('Settings → API Keys').length - 1).toBe(1);
      expect(await axeViolationsAsync(ui)).toEqual([]);
      await templates.getByRole('button', { name: 'Open Templates' }).click();
      await expect.poll(() => screenTitle(ui)).toBe('Templates');
      expect(await ui.getByRole('button', { name: 'Templates', exact: true }).getAttribute('aria-current')).toBe('page');
    });
  }

  it('shown again from Settings with the builder key saved, says Templates is ready', async () => {
    const ui = await openFreshAsync('?demo-keys=1&command=settings');
    await expect.poll(() => screenTitle(ui), { timeout: 10_000 }).toBe('Settings');
    await ui.getByRole('button', { name: 'Show the welcome screen' }).click();
    await expect.poll(() => screenTitle(ui)).toBe('Welcome to Envelope');
    const templates = ui.getByRole('region', { name: 'Save frames as email templates' });
    await expect.poll(() => textOf(templates.locator('p.muted')), { timeout: 10_000 }).toBe('Ready: your builder API key is saved.');
    expect(await axeViolationsAsync(ui)).toEqual([]);
    await templates.getByRole('button', { name: 'Open Templates' }).click();
    await expect.poll(() => screenTitle(ui)).toBe('Templates');
  });
});
