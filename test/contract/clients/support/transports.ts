// The two real transports, each over Node's fetch, for running every contract test twice.
import { createFigmaStyleFetch } from '../../../fake-figma/fetch';
import { createFigmaFetchTransport } from '../../../../src/http/figma-fetch-transport';
import type { HttpTransport } from '../../../../src/shared/api/http/transport';
import { createBrowserFetchTransport } from '../../../../ui/http/browser-fetch-transport';

export interface NamedTransport {
  name: string;
  create(): HttpTransport;
}

export const TRANSPORTS: NamedTransport[] = [
  { name: 'browser-fetch transport', create: () => createBrowserFetchTransport((input, init) => fetch(input, init)) },
  // Figma's main-thread fetch shape and restrictions (the fake Figma's), over Node's fetch.
  { name: 'figma-fetch transport', create: () => createFigmaFetchTransport(createFigmaStyleFetch((url, init) => fetch(url, init as RequestInit))) },
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
