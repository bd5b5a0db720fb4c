// The library key revoked meanwhile, for what placing emails asks: an email's facts asked for
// with a key are refused (401, as the library answers a revoked key); asked without one, answered.
import type { Request } from 'playwright-core';
import type { Harness } from './playground-harness';
import { addRouteAsync } from './own-route';

const keyedEmailRead = (request: Request) => /^\/v1\/emails\/\d+$/.test(new URL(request.url()).pathname) && request.headers()['authorization'] !== undefined;

/** Refuses keyed reads of an email from now on; the returned call stops it. */
export function revokeKeyForEmailReadsAsync(h: Pick<Harness, 'page' | 'emulator'>): Promise<() => Promise<void>> {
  return addRouteAsync(h.page, (url) => url.origin === new URL(h.emulator.libraryUrl).origin && /^\/v1\/emails\/\d+$/.test(url.pathname), (route, request) =>
    keyedEmailRead(request)
      ? route.fulfill({
          status: 401,
          headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' },
          body: JSON.stringify({ error: { code: 'unauthorized', message: 'The API key was revoked by its owner.' } }),
        })
      : route.continue(),
  );
}
