// The API transport in the plugin iframe: the standard `fetch`. The iframe's origin is `null`,
// so the library host has to allow any origin in its CORS answers (see library/client.ts).
import type { HttpTransport } from '../../src/shared/api/http/transport';

export function createBrowserFetchTransport(fetchFunction: typeof fetch = (input, init) => fetch(input, init)): HttpTransport {
  return async (request) => {
    const response = await fetchFunction(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      // Keys travel in the Authorization header only; no cookies, no referrer.
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    });
    const text = await response.text();
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name.toLowerCase()] = value;
    });
    return { status: response.status, headers, text };
  };
}
