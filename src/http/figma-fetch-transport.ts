// The API transport in the plugin sandbox: Figma's main-thread `fetch`, which takes a string
// URL, plain-object headers and a string body, and answers with `headersObject` and `text()`.
import { lowerCaseHeaders, type HttpTransport } from '../shared/api/http/transport';

type FigmaFetch = (url: string, init?: FetchOptions) => Promise<FetchResponse>;

/** Figma's global `fetch`, looked up when called (tests install a fake one). */
function globalFigmaFetch(): FigmaFetch {
  return (globalThis as unknown as { fetch: FigmaFetch }).fetch;
}

export function createFigmaFetchTransport(fetchFunction?: FigmaFetch): HttpTransport {
  return async (request) => {
    const init: FetchOptions = { method: request.method, headers: request.headers };
    if (request.body !== undefined) init.body = request.body;
    const response = await (fetchFunction ?? globalFigmaFetch())(request.url, init);
    const text = await response.text();
    return { status: response.status, headers: lowerCaseHeaders(response.headersObject ?? {}), text };
  };
}
