// The images the emulator was asked for, read from its request log (`GET /_emulator/requests?include=images`,
// test/emulator/README.md): what the plugin fetched, where it landed, not the page's own downloads.
import { expect } from 'vitest';
import type { ImageRequest } from '../../emulator/http/image-requests';

export type { ImageRequest };

/** Every image either host was asked for since the emulator's reset, in order. */
export async function imageRequestsAsync(emulator: { libraryUrl: string }): Promise<ImageRequest[]> {
  const response = await fetch(`${emulator.libraryUrl}/_emulator/requests?include=images`);
  expect(response.ok, 'GET /_emulator/requests?include=images').toBe(true);
  return ((await response.json()) as { images: ImageRequest[] }).images;
}

/** The log from here on: `sinceAsync()` lists the images asked for after this call. */
export async function markImageRequestsAsync(emulator: { libraryUrl: string }): Promise<{ sinceAsync(): Promise<ImageRequest[]> }> {
  const from = (await imageRequestsAsync(emulator)).length;
  return { sinceAsync: async () => (await imageRequestsAsync(emulator)).slice(from) };
}

/** The email a library image path names (`/images/emails/1001/preview.png` → 1001), else null. */
export function emailIdOf(request: ImageRequest): number | null {
  const match = /^\/images\/emails\/(\d+)\//.exec(request.path);
  return match ? Number(match[1]) : null;
}
