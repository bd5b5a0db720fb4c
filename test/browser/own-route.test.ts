// A route taken off with addRouteAsync's stop is that route alone: a later test's route for the same
// URL, even with the same handler, keeps answering (`unroute(url)` takes off every route for it).
import type { BrowserContext, Page, Route } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { addRouteAsync } from './support/own-route';

const ORIGIN = 'http://own-route.test';
/** One URL test for every route here, as a file's tests share one for the same request. */
const asked = (url: URL) => url.pathname === '/asked';
const answer = (body: string) => (route: Route) => route.fulfill({ body, headers: { 'access-control-allow-origin': '*' } });

const browser = useBrowser();
let context: BrowserContext;
let page: Page;

// A browser of its own for each test: a route one leaves behind as it fails cannot fail the next.
beforeEach(async () => {
  context = await browser.newContext();
  page = await context.newPage();
  // The page, and what answers when no test's route is on: nothing on this machine reaches the network.
  await context.route(`${ORIGIN}/`, (route) => route.fulfill({ contentType: 'text/html', body: '<p>page</p>' }));
  await context.route(asked, answer('none'));
  await page.goto(`${ORIGIN}/`);
});

afterEach(async () => {
  await context?.close();
});

const askAsync = () => page.evaluate(() => fetch('/asked').then((response) => response.text()));

describe('addRouteAsync', () => {
  it('takes off only its own route, the one added after it for the same URL still answering', async () => {
    const stopFirstAsync = await addRouteAsync(page, asked, answer('first'));
    const stopSecondAsync = await addRouteAsync(page, asked, answer('second'));
    expect(await askAsync()).toBe('second');
    await stopFirstAsync();
    expect(await askAsync()).toBe('second');
    await stopSecondAsync();
    expect(await askAsync()).toBe('none');
  });

  it('tells apart two routes with the same URL and the same handler', async () => {
    let answered = 0;
    const handler = (route: Route) => route.fulfill({ body: `answer ${++answered}`, headers: { 'access-control-allow-origin': '*' } });
    const stopLateAsync = await addRouteAsync(page, asked, handler);
    const stopNextAsync = await addRouteAsync(page, asked, handler);
    await stopLateAsync();
    expect(await askAsync()).toBe('answer 1');
    await stopNextAsync();
    expect(await askAsync()).toBe('none');
  });

  it('takes off a browser context’s route alone as well', async () => {
    const stopFirstAsync = await addRouteAsync(context, asked, answer('first'));
    const stopSecondAsync = await addRouteAsync(context, asked, answer('second'));
    await stopSecondAsync();
    expect(await askAsync()).toBe('first');
    await stopFirstAsync();
    expect(await askAsync()).toBe('none');
  });
});
