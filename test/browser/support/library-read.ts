// The library emulator's answer to a path, read directly (not through the plugin): what a test
// expects the plugin to show.
import { expect } from 'vitest';

export async function readLibraryAsync<T>(libraryUrl: string, path: string, key: string | null = null): Promise<T> {
  const response = await fetch(`${libraryUrl}${path}`, { headers: key ? { authorization: `Bearer ${key}` } : {} });
  expect(response.ok).toBe(true);
  return (await response.json()) as T;
}

/** Asks the library emulator's control surface for `path` ("reset", "library/emails/7/remove"), which must succeed. */
export async function libraryControlAsync(libraryUrl: string, path: string): Promise<void> {
  const response = await fetch(`${libraryUrl}/_emulator/${path}`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
  expect(response.ok, `POST /_emulator/${path}`).toBe(true);
}

/** How many library API requests the emulator was sent since its reset (faulted ones too), read from its control surface. */
export async function libraryRequestCountAsync(libraryUrl: string): Promise<number> {
  const response = await fetch(`${libraryUrl}/_emulator/requests`);
  expect(response.ok, 'GET /_emulator/requests').toBe(true);
  return ((await response.json()) as { library: number }).library;
}

/** The library emulator's demo key, read from its control surface (what a designer pastes into Settings). */
export async function demoLibraryKeyAsync(libraryUrl: string): Promise<string> {
  return (await readLibraryAsync<{ library: { keys: { demo: string } } }>(libraryUrl, '/_emulator/state')).library.keys.demo;
}

/** The demo key's smallest collection holding at least `least` emails, and its emails in order (read with the key, before Browse opens it). */
export async function smallestCollectionAsync(libraryUrl: string, least: number): Promise<{ collection: { id: string; name: string; email_count: number }; emails: Array<{ id: number }> }> {
  const key = await demoLibraryKeyAsync(libraryUrl);
  const collections = (await readLibraryAsync<{ data: Array<{ id: string; name: string; email_count: number }> }>(libraryUrl, '/v1/me/collections', key)).data;
  const collection = collections.filter((each) => each.email_count >= least).sort((a, b) => a.email_count - b.email_count)[0]!;
  const emails = (await readLibraryAsync<{ data: { emails: Array<{ id: number }> } }>(libraryUrl, `/v1/me/collections/${collection.id}?per_page=50`, key)).data.emails;
  return { collection, emails };
}
