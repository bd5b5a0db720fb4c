// Lists that name an email's brand by its slug alone (likes, collections, journeys): the top
// brands (one call, the same as the Brands list's first, so the answer is shared) give their
// names. Best effort: a brand missing from them, or a failed call, stays unnamed.
import { useEffect, useState } from 'preact/hooks';
import type { LibraryClient } from '../../src/shared/api/library/client';

export function useBrandNames(client: LibraryClient): ReadonlyMap<string, string> {
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    let live = true;
    const unneeded = new AbortController();
    client.listBrandsAsync({ q: '', perPage: 50 }, unneeded.signal).then(
      (response) => live && setNames(new Map(response.data.map((known) => [known.slug, known.name]))),
      () => undefined,
    );
    return () => {
      live = false;
      unneeded.abort();
    };
  }, [client]);
  return names;
}
