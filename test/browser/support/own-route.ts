// A route a test adds and later takes off: only that route. `unroute(url)` without its handler
// takes off every route for `url`, so a test that outlived its timeout and ends late would take off
// the next test's route for the same url too, and that test's requests would go through unrouted.
import type { BrowserContext, Page, Request, Route } from 'playwright-core';

/** What `route` matches: a glob, a regular expression or a URL test. */
export type RouteUrl = Parameters<Page['route']>[0];

/** Routes `url` on `target` to `handler`; the function returned takes off this route alone. */
export async function addRouteAsync(target: Page | BrowserContext, url: RouteUrl, handler: (route: Route, request: Request) => unknown): Promise<() => Promise<void>> {
  // A function of its own: the same handler added twice is two routes, each taken off by its own stop.
  const own = (route: Route, request: Request) => handler(route, request);
  await target.route(url, own);
  return () => target.unroute(url, own);
}
