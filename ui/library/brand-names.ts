// Lists that name an email's brand by its slug alone (likes, collections, journeys): the top
// brands (one call, the same as the Brands list's first, so the answer is shared) give their
// names. A list that passes its slugs (likes and collections: a key's, so the keyed rate applies)
// has each brand the top ones lack looked up on its own page, two at a time: in a library of
// thousands of brands, most liked emails' brands are not among the top 50. The names found, and
// the brands found gone, are kept while the connection lasts. Best effort: when the top brands
// cannot be read, or a lookup fails (the rate, the connection), the list looks up nothing more
// until it is drawn anew, and its rows stay unnamed as before. An open journey's one brand
// (useBrandName) uses and adds to the same names.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ApiError } from '../../src/shared/api/http/api-error';
import type { LibraryClient } from '../../src/shared/api/library/client';

/** Lookups in flight at once for one list. */
const AT_ONCE = 2;

/** What brands' own pages said, by client (a connection: another address is another library). */
interface Found {
  names: Map<string, string>;
  /** Brands gone from the library (404): not asked again. */
  gone: Set<string>;
}
const foundByClient = new WeakMap<LibraryClient, Found>();

function foundFor(client: LibraryClient): Found {
  let found = foundByClient.get(client);
  if (found === undefined) foundByClient.set(client, (found = { names: new Map<string, string>(), gone: new Set<string>() }));
  return found;
}

/**
 * One brand's name (an open journey's, named by its slug): as the list that opened it knew it, else
 * as this connection found it already (a Likes row's look-up, say), else from its own page, asked
 * once. What it finds is kept for the lists too. Null (the slug stays) while it comes, or when it
 * cannot be read.
 */
export function useBrandName(client: LibraryClient, slug: string, knownName: string | null): string | null {
  const session = foundFor(client);
  const [, redraw] = useState(0);
  useEffect(() => {
    if (knownName !== null || session.names.has(slug) || session.gone.has(slug)) return undefined;
    let live = true;
    const unneeded = new AbortController();
    client.getBrandAsync(slug, { perPage: 1 }, unneeded.signal).then(
      (response) => {
        session.names.set(slug, response.data.brand.name);
        if (live) redraw((count) => count + 1);
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.code === 'not_found') session.gone.add(slug);
      },
    );
    return () => {
      live = false;
      unneeded.abort();
    };
  }, [client, session, slug, knownName]);
  return knownName ?? session.names.get(slug) ?? null;
}

/** `slugs`: the brands the list shows, to be looked up when the top brands do not name them. */
export function useBrandNames(client: LibraryClient, slugs: readonly string[] = []): ReadonlyMap<string, string> {
  // null until the top brands answered; `failed`: they could not be read (nothing is looked up then).
  const [top, setTop] = useState<{ client: LibraryClient; names: ReadonlyMap<string, string>; failed: boolean } | null>(null);
  useEffect(() => {
    let live = true;
    const unneeded = new AbortController();
    client.listBrandsAsync({ q: '', perPage: 50 }, unneeded.signal).then(
      (response) => live && setTop({ client, names: new Map(response.data.map((known) => [known.slug, known.name])), failed: false }),
      () => live && setTop({ client, names: new Map(), failed: true }),
    );
    return () => {
      live = false;
      unneeded.abort();
    };
  }, [client]);
  const topNow = top?.client === client ? top : null;

  // The names found so far for this client, and each lookup's as it answers.
  const session = foundFor(client);
  const [found, setFound] = useState<{ client: LibraryClient; names: ReadonlyMap<string, string> }>(() => ({ client, names: new Map(session.names) }));
  const foundNames = found.client === client ? found.names : session.names;
  const missing = topNow === null || topNow.failed ? [] : [...new Set(slugs)].filter((slug) => slug !== '' && !topNow.names.has(slug) && !session.names.has(slug) && !session.gone.has(slug));
  const missingKey = missing.join('\n');

  // One queue of lookups per client and drawing of the list: a slug is asked once, and a lookup on
  // its way is not cut short as others answer. `stopped`: a lookup failed; none is asked after.
  const lookups = useRef<{ client: LibraryClient; asked: Set<string>; queue: string[]; running: number; stopped: boolean; unneeded: AbortController } | null>(null);
  useEffect(() => {
    const unneeded = new AbortController();
    lookups.current = { client, asked: new Set(), queue: [], running: 0, stopped: false, unneeded };
    return () => unneeded.abort();
  }, [client]);
  useEffect(() => {
    const state = lookups.current;
    if (missingKey === '' || state === null || state.client !== client || state.stopped) return;
    for (const slug of missingKey.split('\n')) {
      if (state.asked.has(slug)) continue;
      state.asked.add(slug);
      state.queue.push(slug);
    }
    const lookUpAsync = async (): Promise<void> => {
      state.running++;
      for (let slug = state.queue.shift(); slug !== undefined && !state.stopped && !state.unneeded.signal.aborted; slug = state.queue.shift()) {
        try {
          const response = await client.getBrandAsync(slug, { perPage: 1 }, state.unneeded.signal);
          session.names.set(slug, response.data.brand.name);
          if (!state.unneeded.signal.aborted) setFound({ client, names: new Map(session.names) });
        } catch (error) {
          // A brand gone from the library: the next one. Anything else (the rate, the connection)
          // ends the lookups rather than add to it.
          if (error instanceof ApiError && error.code === 'not_found') session.gone.add(slug);
          else {
            state.stopped = true;
            state.queue.length = 0;
          }
        }
      }
      state.running--;
    };
    while (state.running < AT_ONCE && state.queue.length > 0) void lookUpAsync();
  }, [client, session, missingKey]);

  return useMemo(() => {
    const names = new Map(topNow?.names ?? []);
    for (const [slug, name] of foundNames) if (!names.has(slug)) names.set(slug, name);
    return names;
  }, [topNow, foundNames]);
}
