// A brand request refused for its key (401): the words say to check the key in Settings, and the
// outcome offers Open Settings, on the library key; back in Browse the typed form is still there.
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness, textOf } from './support/playground-harness';
import { openBrowseAsync } from './support/browse-steps';
import { addRouteAsync } from './support/own-route';

const h = useHarness();

describe('Brand requests: the key refused', () => {
  it('offers Open Settings on the library key, and keeps the form', async () => {
    const refused = { status: 401, headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' }, body: JSON.stringify({ error: { code: 'unauthorized', message: 'Invalid API key' } }) };
    const requests = (url: URL) => url.pathname === '/v1/brand-requests';
    const stopAsync = await addRouteAsync(h.page, requests, (route: Route) => (route.request().method() === 'POST' ? route.fulfill(refused) : route.continue()));
    try {
      const ui = await openBrowseAsync(h);
      await ui.getByRole('navigation', { name: 'Library' }).getByRole('button', { name: 'Requests', exact: true }).click();
      const form = ui.getByRole('form', { name: 'Ask for a brand' });
      await form.getByLabel('Brand').fill('Harbour Lane Soap');
      await form.getByLabel('Website').fill('harbourlanesoap.com');
      await form.getByRole('button', { name: 'Send request' }).click();
      const outcome = ui.getByTestId('request-outcome');
      await expect.poll(() => textOf(outcome), { timeout: 10_000 }).toMatch(/not accepted\. Check the key in Settings.*Your form is kept\./);
      await outcome.getByRole('button', { name: 'Open Settings' }).click();
      const key = ui.getByTestId('settings-library-key');
      await expect.poll(() => key.evaluate((element) => element === document.activeElement), { timeout: 10_000 }).toBe(true);
      await ui.getByTestId('nav-browse').click();
      expect(await form.getByLabel('Brand').inputValue()).toBe('Harbour Lane Soap');
      expect(await form.getByLabel('Website').inputValue()).toBe('harbourlanesoap.com');
    } finally {
      await stopAsync();
    }
  });
});
