// Holds an API's answers for as long as a test's checks take, so a state that lasts while a
// request is on its way (Placing…, Comparing…, a save being sent) is still there however slow the
// machine is. A slow answer of a few real seconds (the emulator's `slow` fault) can end while axe
// or a keyboard walk runs on a loaded machine.
import type { Page, Route } from 'playwright-core';
import { addRouteAsync } from './own-route';

export interface HeldRequests {
  /** How many requests have been held so far. */
  count(): number;
  /** Lets every held request go (and those after), and stops holding. */
  releaseAsync(): Promise<void>;
}

/**
 * Holds every request from `page` (any of its frames) to `origin` that `which` picks, until
 * released; then each goes on to the API, or is given `answer` instead (a fault set up by the test).
 */
export async function holdRequestsAsync(page: Page, origin: string, which: (url: URL) => boolean = () => true, answer: (route: Route) => Promise<void> = (route) => route.continue()): Promise<HeldRequests> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const matches = (url: URL) => url.origin === new URL(origin).origin && which(url);
  const going: Array<Promise<void>> = [];
  const stopAsync = await addRouteAsync(page, matches, (route) => {
    // One that comes as the route is taken off is let go by Playwright itself; one the app gave up
    // on meanwhile (Cancel aborts it) cannot be continued: nothing to do then.
    const goes = released.then(() => answer(route).catch(() => undefined));
    going.push(goes);
    return goes;
  });
  return {
    count: () => going.length,
    releaseAsync: async () => {
      release();
      // Unrouted with a request still held, Playwright lets it go itself and the handler's own continue throws.
      await Promise.all(going);
      await stopAsync();
    },
  };
}
