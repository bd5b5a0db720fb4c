// The images the emulator was asked for, read from its request log (`GET /_emulator/requests?include=images`,
// test/emulator/README.md): what the plugin fetched, where it landed, not the page's own downloads.
// No vitest here: the library bench (test/bench/library-bench.ts) reads the log too, outside a test run.
import type { ImageRequest } from '../../emulator/http/image-requests';

export type { ImageRequest };

interface ImageLogAnswer {
  images: ImageRequest[];
  /** Older entries the emulator dropped (it keeps the last few thousand). */
  images_dropped: number;
}

async function imageLogAsync(emulator: { libraryUrl: string }): Promise<ImageLogAnswer> {
  const response = await fetch(`${emulator.libraryUrl}/_emulator/requests?include=images`);
  if (!response.ok) throw new Error(`GET /_emulator/requests?include=images answered ${response.status}.`);
  return (await response.json()) as ImageLogAnswer;
}

/** The images either host was asked for since the emulator's reset, in order (its last few thousand). */
export async function imageRequestsAsync(emulator: { libraryUrl: string }): Promise<ImageRequest[]> {
  return (await imageLogAsync(emulator)).images;
}

/** The log from here on: `sinceAsync()` lists the images asked for after this call. */
export async function markImageRequestsAsync(emulator: { libraryUrl: string }): Promise<{ sinceAsync(): Promise<ImageRequest[]> }> {
  const first = await imageLogAsync(emulator);
  // Counted from the reset, so entries the emulator dropped meanwhile do not shift the mark.
  const from = first.images_dropped + first.images.length;
  return {
    sinceAsync: async () => {
      const now = await imageLogAsync(emulator);
      if (now.images_dropped > from) throw new Error('The emulator dropped image requests made after the mark: too many to read back.');
      return now.images.slice(from - now.images_dropped);
    },
  };
}

/** The email a library image path names (`/images/emails/1001/preview.png` → 1001), else null. */
export function emailIdOf(request: ImageRequest): number | null {
  const match = /^\/images\/emails\/(\d+)\//.exec(request.path);
  return match ? Number(match[1]) : null;
}
