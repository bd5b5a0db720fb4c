// The API transport in the plugin iframe: the standard `fetch`. The iframe's origin is `null`,
// so the library host has to allow any origin in its CORS answers (see library/client.ts).
import { whenCancelled } from '../../src/shared/api/http/cancel-signal';
import type { HttpTransport } from '../../src/shared/api/http/transport';

/**
 * A request the client gave up on (its deadline, or a screen that no longer needs the answer) is
 * cancelled through its signal: else an answer that stalls half-way holds its connection for good,
 * and once the browser's few connections to the host are all held, every later request waits
 * behind them, even after the network is back.
 */
export function createBrowserFetchTransport(fetchFunction: typeof fetch = (input, init) => fetch(input, init)): HttpTransport {
  return async (request) => {
    const abandon = new AbortController();
    const stopListening = whenCancelled(request.signal, () => abandon.abort());
    try {
      const response = await fetchFunction(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        // Keys travel in the Authorization header only; no cookies, no referrer.
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
        signal: abandon.signal,
      });
      const text = await response.text();
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        headers[name.toLowerCase()] = value;
      });
      return { status: response.status, headers, text };
    } finally {
      stopListening();
    }
  };
}
