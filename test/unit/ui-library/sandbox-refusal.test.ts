// Settings' Test connection (the sandbox) met the library's 429 with a wait of hours and kept it to
// itself: Browse (the window, which calls the library itself) opened after it asked the library
// afresh and earned another 429. Told of it (`library/refused`), the window's client of those
// credentials refuses until the wait ends, unsent; another key or address is another allowance.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectLibraryAsync, noteSandboxRefusal } from '../../../ui/library/library-connection';

const baseUrl = 'https://library-sandbox-refused.example';
const key = 'lib_live_SandboxRefused0001';

function searchAnswer(): Response {
  const body = { data: [], meta: { page: 1, per_page: 1, count: 0, attribution: { source: 'Mailvault', url: 'https://mailvault.example' }, query: { q: null, brand: null, category: null } } };
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

/** Browse's connection with these credentials, its fetches counted, and what it tells the sandbox. */
async function browseAsync(credentials: { baseUrl: string; key: string | null }) {
  const fetched: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    fetched.push(url);
    return Promise.resolve(searchAnswer());
  });
  const told: unknown[] = [];
  const endpoint = {
    request: () => Promise.resolve(credentials),
    emit: (...event: unknown[]) => void told.push(event),
  } as unknown as Parameters<typeof connectLibraryAsync>[0];
  const { client } = await connectLibraryAsync(endpoint);
  return { client, fetched, told };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Browse after the sandbox’s test was refused for hours', () => {
  it('refuses its requests unsent, with what is left of the wait, and does not tell the sandbox back', async () => {
    noteSandboxRefusal({ baseUrl, key, waitMs: 7_200_000 });
    const { client, fetched, told } = await browseAsync({ baseUrl, key });
    const refused: unknown = await client.searchEmailsAsync({ perPage: 1 }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ code: 'rate_limited' });
    const seconds = (refused as { retryAfterSeconds: number }).retryAfterSeconds;
    expect(seconds).toBeGreaterThan(7_190);
    expect(seconds).toBeLessThanOrEqual(7_200);
    expect(fetched).toEqual([]);
    // The refusal came from the sandbox: telling it back would only echo it.
    expect(told).toEqual([]);
  });

  it('leaves other allowances alone: another key, and the address without a key', async () => {
    noteSandboxRefusal({ baseUrl: 'https://library-sandbox-refused-2.example', key: 'lib_live_SandboxRefused0002', waitMs: 7_200_000 });
    for (const credentials of [
      { baseUrl: 'https://library-sandbox-refused-2.example', key: 'lib_live_SandboxRefused0003' },
      { baseUrl: 'https://library-sandbox-refused-2.example', key: null },
    ]) {
      const { client, fetched } = await browseAsync(credentials);
      await client.searchEmailsAsync({ perPage: 1 });
      expect(fetched).toHaveLength(1);
    }
  });

  it('ignores a refusal for a key no client takes, rather than failing', () => {
    expect(() => noteSandboxRefusal({ baseUrl, key: 'ef_builder_key_pasted_here', waitMs: 7_200_000 })).not.toThrow();
  });
});
