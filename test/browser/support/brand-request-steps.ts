// Brand-request set-up shared by the Requests tests.
import { expect } from 'vitest';
import { demoLibraryKeyAsync } from './library-read';

/**
 * The rest of the day's brand requests, made elsewhere with the same key (the limit is the
 * account's), until the library refuses one: the seconds to the library's midnight (UTC) its
 * refusal gives.
 */
export async function useUpTheDayElsewhereAsync(libraryUrl: string): Promise<number> {
  const key = await demoLibraryKeyAsync(libraryUrl);
  for (let index = 0; ; index++) {
    const response = await fetch(`${libraryUrl}/v1/brand-requests`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ brand: `Elsewhere ${index}`, website: `elsewhere${index}.com` }),
    });
    if (response.status === 429) return Number(response.headers.get('retry-after'));
    expect(response.status).toBe(201);
  }
}
