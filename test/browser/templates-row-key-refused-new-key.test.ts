// Templates: a row's Open refused because the builder key was revoked meanwhile says to check the
// key in Settings. The designer saves a new key there and comes back: the list reads with it, and
// the row still said the old key was not accepted, beside templates the new key had just read.
// The refusal goes with the key it was said of, as the save section's does; one that comes back
// only after the new key was saved is of the old key too (the key it was sent with), row or save.
import type { Frame, Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { addRouteAsync } from './support/own-route';
import { useHarness, textOf, type Harness } from './support/playground-harness';
import { builderKeysAsync, saveBuilderKeyAsync, selectLayerAsync } from './support/templates-steps';
import { DEMO_EMAIL_NAME } from '../fixtures/demo-document';

const h = useHarness();
const NAME = 'Welcome email';

const rowOf = (ui: Frame) => ui.getByRole('list', { name: 'Templates in the workspace' }).getByRole('listitem').filter({ has: ui.getByText(NAME, { exact: true }) });

/**
 * From now on the builder refuses `key` as it refuses a revoked one (401); other keys are answered
 * as usual, and `onOtherKeyList` hears each read of the list made with one. `answerAfter`: the
 * refusal waits for it (the answer is slow to come).
 */
function revokeBuilderKeyAsync(harness: Pick<Harness, 'page' | 'emulator'>, key: string, onOtherKeyList: () => void, answerAfter: Promise<void> = Promise.resolve()): Promise<() => Promise<void>> {
  const builderOrigin = new URL(harness.emulator.builderUrl).origin;
  return addRouteAsync(harness.page, (url) => url.origin === builderOrigin && url.pathname.startsWith('/api/'), async (route, request) => {
    if (request.headers()['authorization'] !== `Bearer ${key}`) {
      if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/templates') onOtherKeyList();
      return route.fallback();
    }
    await answerAfter;
    return route.fulfill({
      status: 401,
      headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' },
      body: JSON.stringify({ error: 'invalid_api_key', message: 'The provided API key is not valid.' }),
    });
  });
}

describe('Templates: a row’s key refusal and a new key', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`is gone once a new builder key is saved in Settings (${theme})`, async () => {
      const keys = await builderKeysAsync(h);
      await h.openFreshAsync(`?command=templates&theme=${theme}&demo-keys=1`);
      const ui = await h.uiFrameAsync();
      const row = rowOf(ui);
      await row.waitFor({ timeout: 20_000 });

      let newKeyReads = 0;
      const stopAsync = await revokeBuilderKeyAsync(h, keys.demo, () => newKeyReads++);
      try {
        await row.getByRole('button', { name: `Open “${NAME}”` }).click();
        await expect.poll(() => textOf(row.getByRole('alert')), { timeout: 30_000 }).toContain('The builder API key was not accepted');

        // The designer saves a new key in Settings and comes back.
        await saveBuilderKeyAsync(ui, keys.other);

        // The list reads with the new key; the row's refusal, said of the old key, is not beside it.
        await expect.poll(() => newKeyReads, { timeout: 20_000 }).toBeGreaterThan(0);
        await expect.poll(() => ui.getByText('Reading the templates…').count(), { timeout: 20_000 }).toBe(0);
        await row.waitFor();
        expect(await row.getByRole('alert').count()).toBe(0);
        expect(await ui.getByText('The builder API key was not accepted').count()).toBe(0);
        await checkAxeAsync(ui, `Templates, a row after a new key, ${theme}`);
      } finally {
        await stopAsync();
      }
    }, 60_000);
  }

  /**
   * `button` (found in the window) is pressed with the old key, now revoked, whose refusal is slow
   * to come; the designer saves the other key and comes back meanwhile. Resolves once the refusal
   * came (the button no longer busy), with the window.
   */
  async function refusedAfterNewKeyAsync(button: (ui: Frame) => Locator, before: (ui: Frame) => Promise<void> = async () => undefined): Promise<Frame> {
    const keys = await builderKeysAsync(h);
    await h.openFreshAsync('?command=templates&demo-keys=1');
    const ui = await h.uiFrameAsync();
    await rowOf(ui).waitFor({ timeout: 20_000 });
    await before(ui);
    let newKeyReads = 0;
    let answer = () => undefined as void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const stopAsync = await revokeBuilderKeyAsync(h, keys.demo, () => newKeyReads++, answered);
    try {
      await button(ui).click();
      await saveBuilderKeyAsync(ui, keys.other);
      await expect.poll(() => newKeyReads, { timeout: 20_000 }).toBeGreaterThan(0);
      await expect.poll(() => ui.getByText('Reading the templates…').count(), { timeout: 20_000 }).toBe(0);
      // Still waiting for the old key's answer; then it comes.
      expect(await button(ui).getAttribute('aria-busy')).toBe('true');
      answer();
      await expect.poll(() => button(ui).getAttribute('aria-busy'), { timeout: 20_000 }).not.toBe('true');
      return ui;
    } finally {
      answer();
      await stopAsync();
    }
  }

  it('is not said when it comes back only after a new key was saved (it was said of the key it answered, beside the new one)', async () => {
    const ui = await refusedAfterNewKeyAsync((window) => rowOf(window).getByRole('button', { name: `Open “${NAME}”` }));
    await rowOf(ui).waitFor();
    expect(await rowOf(ui).getByRole('alert').count()).toBe(0);
    expect(await ui.getByText('The builder API key was not accepted').count()).toBe(0);
  }, 60_000);

  it('a save’s refusal is not said either when it comes back only after a new key was saved', async () => {
    const ui = await refusedAfterNewKeyAsync(
      (window) => window.getByRole('button', { name: 'Save as template' }),
      async (window) => {
        await selectLayerAsync(h.page, 'Emails', DEMO_EMAIL_NAME);
        await expect.poll(() => window.getByLabel('Template name').inputValue(), { timeout: 20_000 }).toBe(DEMO_EMAIL_NAME);
      },
    );
    expect(await ui.getByText('The builder API key was not accepted').count()).toBe(0);
  }, 60_000);
});
