// Lists that name an email's brand by its slug alone (likes, collections, journeys): the top
// brands (one call, the same as the Brands list's first, so the answer is shared) give their
// names. A list that passes its slugs (likes and collections: a key's, so the keyed rate applies)
// has each brand the top ones lack looked up on its own page, two at a time, the names found kept
// for the session: in a library of thousands of brands, most liked emails' brands are not among
// the top 50. Best effort: a failed call leaves the brand unnamed.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ApiError } from '../../src/shared/api/http/api-error';
import type { LibraryClient } from '../../src/shared/api/library/client';

/** Lookups in flight at once for one list. */
const AT_ONCE = 2;

/** Names found on brands' own pages, by client (another address is another library), for the session. */
const foundByClient = new WeakMap<LibraryClient, Map<string, string>>();

function foundFor(client: LibraryClient): Map<string, string> {
  let found = foundByClient.get(client);
  if (found === undefined) foundByClient.set(client, (found = new Map<string, string>()));
  return found;
}

/** `slugs`: the brands the list shows, to be looked up when the top brands do not name them. */
export function useBrandNames(client: LibraryClient, slugs: readonly string[] = []): ReadonlyMap<string, string> {
  // null until the top brands answered (or failed: then every brand is looked up).
  const [top, setTop] = useState<ReadonlyMap<string, string> | null>(null);
  useEffect(() => {
    let live = true;
    const unneeded = new AbortController();
    setTop(null);
    client.listBrandsAsync({ q: '', perPage: 50 }, unneeded.signal).then(
      (response) => live && setTop(new Map(response.data.map((known) => [known.slug, known.name]))),
      () => live && setTop(new Map()),
    );
    return () => {
      live = false;
      unneeded.abort();
    };
  }, [client]);

  // The names found so far for this client: the session's, and each lookup's as it answers.
  const session = foundFor(client);
  const [found, setFound] = useState<{ client: LibraryClient; names: ReadonlyMap<string, string> }>(() => ({ client, names: new Map(session) }));
  const foundNames = found.client === client ? found.names : session;
  const missing = top === null ? [] : [...new Set(slugs)].filter((slug) => slug !== '' && !top.has(slug) && !session.has(slug));
  const missingKey = missing.join('\n');

  // One queue of lookups per client and drawing of the list: a slug is asked once (again only when
  // the list is drawn anew), and a lookup on its way is not cut short as others answer.
  const lookups = useRef<{ client: LibraryClient; asked: Set<string>; queue: string[]; running: number; unneeded: AbortController } | null>(null);
  useEffect(() => {
    const unneeded = new AbortController();
    lookups.current = { client, asked: new Set(), queue: [], running: 0, unneeded };
    return () => unneeded.abort();
  }, [client]);
  useEffect(() => {
    const state = lookups.current;
    if (missingKey === '' || state === null || state.client !== client) return;
    for (const slug of missingKey.split('\n')) {
      if (state.asked.has(slug)) continue;
      state.asked.add(slug);
      state.queue.push(slug);
    }
    const lookUpAsync = async (): Promise<void> => {
      state.running++;
      for (let slug = state.queue.shift(); slug !== undefined && !state.unneeded.signal.aborted; slug = state.queue.shift()) {
        try {
          const response = await client.getBrandAsync(slug, { perPage: 1 }, state.unneeded.signal);
          session.set(slug, response.data.brand.name);
          if (!state.unneeded.signal.aborted) setFound({ client, names: new Map(session) });
        } catch (error) {
          // Unnamed, as before. A brand gone from the library goes on to the next; anything else
          // (the rate, the connection) ends these lookups rather than add to it.
          if (!(error instanceof ApiError && error.code === 'not_found')) state.queue.length = 0;
        }
      }
      state.running--;
    };
    while (state.running < AT_ONCE && state.queue.length > 0) void lookUpAsync();
  }, [client, session, missingKey]);

  return useMemo(() => {
    const names = new Map(top ?? []);
    for (const [slug, name] of foundNames) if (!names.has(slug)) names.set(slug, name);
    return names;
  }, [top, foundNames]);
}
