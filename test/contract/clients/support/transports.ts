// The two real transports, each over Node's fetch, for running every contract test twice.
import { createFigmaFetchTransport } from '../../../../src/http/figma-fetch-transport';
import type { HttpTransport } from '../../../../src/shared/api/http/transport';
import { createBrowserFetchTransport } from '../../../../ui/http/browser-fetch-transport';

/**
 * Stand-in for the fake Figma's `createFigmaStyleFetch(fetch)` (test/fake-figma/fetch.ts, not
 * there yet): Figma's main-thread fetch shape over Node's fetch — string URL only,
 * plain-object headers, `headersObject` and `text()` on the response.
 * TODO: use createFigmaStyleFetch from test/fake-figma/fetch.ts once it exists.
 */
function figmaStyleFetchStandIn(network: typeof fetch): (url: string, init?: FetchOptions) => Promise<FetchResponse> {
  return async (url, init) => {
    if (typeof url !== 'string') throw new TypeError('figma.fetch takes a string URL');
    const response = await network(url, {
      method: init?.method ?? 'GET',
      headers: init?.headers ?? {},
      ...(typeof init?.body === 'string' ? { body: init.body } : {}),
    });
    const headersObject: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headersObject[name] = value;
    });
    return {
      headersObject,
      ok: response.ok,
      redirected: response.redirected,
      status: response.status,
      statusText: response.statusText,
      type: response.type,
      url: response.url,
      arrayBuffer: () => response.arrayBuffer(),
      text: () => response.text(),
      json: () => response.json() as Promise<unknown>,
    };
  };
}

export interface NamedTransport {
  name: string;
  create(): HttpTransport;
}

export const TRANSPORTS: NamedTransport[] = [
  { name: 'browser-fetch transport', create: () => createBrowserFetchTransport((input, init) => fetch(input, init)) },
  { name: 'figma-fetch transport', create: () => createFigmaFetchTransport(figmaStyleFetchStandIn((input, init) => fetch(input, init))) },
];

/** Calls the emulator's control surface (`/_emulator/*`). */
export async function controlAsync(baseUrl: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${baseUrl}/_emulator/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as unknown;
  if (!response.ok) throw new Error(`/_emulator/${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

export interface EmulatorKeys {
  library: { demo: string; other: string; revoked: string };
  builder: { demo: string; other: string; design_systems: string[] };
}

export async function emulatorKeysAsync(baseUrl: string): Promise<EmulatorKeys> {
  const state = (await controlAsync(baseUrl, 'state')) as {
    library: { keys: { demo: string; other: string; revoked: string } };
    builder: { keys: { demo: string; other: string }; design_systems: string[] };
  };
  return { library: state.library.keys, builder: { ...state.builder.keys, design_systems: state.builder.design_systems } };
}
