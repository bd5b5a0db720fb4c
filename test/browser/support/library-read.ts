// The library emulator's answer to a path, read directly (not through the plugin): what a test
// expects the plugin to show.
import { expect } from 'vitest';

export async function readLibraryAsync<T>(libraryUrl: string, path: string, key: string | null = null): Promise<T> {
  const response = await fetch(`${libraryUrl}${path}`, { headers: key ? { authorization: `Bearer ${key}` } : {} });
  expect(response.ok).toBe(true);
  return (await response.json()) as T;
}
