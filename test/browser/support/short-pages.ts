// A library list read a few at a time (its `per_page` rewritten on the way), so a test reaches the
// end of a page, or empties it, in a few steps. Taken off with the function returned (this route only).
import type { Page, Route } from 'playwright-core';
import { addRouteAsync } from './own-route';

export async function shortPagesAsync(page: Page, pathname: string, perPage: number): Promise<() => Promise<void>> {
  return addRouteAsync(
    page,
    (url) => url.pathname === pathname,
    (route: Route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('per_page', String(perPage));
      // A request the page gave up on meanwhile is handled already: nothing to do.
      return route.fetch({ url: url.toString() }).then((response) => route.fulfill({ response }), () => route.abort()).catch(() => undefined);
    },
  );
}
