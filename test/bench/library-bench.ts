// `npm run bench` (library part): Browse in a real browser against the library emulator at its
// real limits (20 requests a minute anonymous). A scripted anonymous session at a person's pace,
// padded to a full minute so everything it caused is counted: type a query, scroll through 5
// more pages, open 10 emails (one, then the next nine with the arrow key, then back one), go back
// to the results, open a brand page with its insights from an email, go back to the results.
// Then, with the demo key, 1,000 results loaded and scrolled while long tasks (over 50 ms) are
// counted. Option: --json FILE.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { startEmulator } from '../emulator/index';
import { startPlayground } from '../playground/server';
import { launchChromiumAsync } from '../support/chromium';
import { markImageRequestsAsync } from '../browser/support/emulator-image-requests';

const SESSION_MS = 60_000;

// The image figures are the emulator's (its request log, test/emulator/README.md): what was actually
// asked of the library. The page's own downloads can count more: images are sent with a day's
// `Cache-Control`, so a card drawn again after scrolling back may be answered by the browser's cache
// and still show up as a page request, though the library never saw it.
interface SessionFigures {
  apiRequests: number;
  rateLimited: number;
  /** Every image the library was asked for: thumbnails and the opened emails' screenshots (and any logo). */
  imageRequests: number;
  thumbnailRequests: number;
  /** Thumbnail requests for a card that was never on screen when its image was put in the page (target: 0). */
  offScreenThumbnailRequests: number;
  screenshotRequests: number;
  /** Thumbnail requests up to the end of the scrolling. */
  imagesWhileScrolling: number;
  /** Reads of something already seen (an email opened again) that the response cache answered, of `reopens`. */
  cacheHits: number;
  reopens: number;
  timeToFirstResultsMs: number;
  /** When the scripted actions ended; the session is then held open to a full minute. */
  actionsMs: number;
  wallMs: number;
}

interface ScrollFigures {
  loaded: number;
  longTasks: number;
  longestTaskMs: number;
  drawnCards: number;
}

const json = process.argv.includes('--json') ? process.argv[process.argv.indexOf('--json') + 1]! : 'test/bench/library-results.json';

async function uiFrameAsync(page: Page): Promise<Frame> {
  const element = await page.waitForSelector('iframe[data-role="plugin-iframe"]', { state: 'attached' });
  return (await element.contentFrame())!;
}

async function loadedAsync(ui: Frame): Promise<number> {
  const text = (await ui.getByTestId('library-status').textContent()) ?? '';
  return Number(/^(\d+) emails?/.exec(text)?.[1] ?? 0);
}

async function waitForMoreAsync(ui: Frame, before: number, step: () => Promise<void>): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    await step();
    await new Promise((done) => setTimeout(done, 100));
    if ((await loadedAsync(ui)) > before) return;
  }
  throw new Error(`No more results after ${before}.`);
}

async function mainAsync(): Promise<void> {
  const emulator = await startEmulator({ limits: 'real' });
  const playground = await startPlayground({ emulator: { libraryUrl: emulator.libraryUrl, builderUrl: emulator.builderUrl } });
  const browser = await launchChromiumAsync();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const api: string[] = [];
    let rateLimited = 0;
    page.on('request', (request) => {
      if (!request.url().startsWith(emulator.libraryUrl)) return;
      const path = new URL(request.url()).pathname;
      if (!path.startsWith('/v1/')) return;
      api.push(request.url());
      if (process.env['BENCH_VERBOSE']) console.error(`${new Date().toISOString()} ${request.url()}`);
    });
    page.on('response', (response) => {
      if (response.url().startsWith(emulator.libraryUrl) && response.status() === 429) rateLimited++;
    });
    const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

    // Anonymous: only the library's address in Settings.
    await page.goto(`${playground.url}?command=settings`);
    await page.waitForSelector('html[data-playground-ready="true"]', { state: 'attached', timeout: 40_000 });
    let ui = await uiFrameAsync(page);
    await ui.getByTestId('settings-library-base-url').fill(emulator.libraryUrl);
    await ui.getByTestId('settings-library-save').click();
    await page.waitForTimeout(500);
    api.length = 0;
    const imageLog = await markImageRequestsAsync(emulator);
    /** The library's image requests since the session started, as the emulator logged them. */
    const libraryImagesAsync = async () => (await imageLog.sinceAsync()).filter((request) => request.host === 'library');
    // Each thumbnail put in the page, and whether its card was inside the grid's visible box then
    // (the browser asks for an image when it is inserted).
    await ui.evaluate(() => {
      const record = window as unknown as { thumbnailsShown: Record<string, boolean> };
      record.thumbnailsShown = {};
      const note = (image: HTMLImageElement) => {
        const scroller = image.closest('[data-testid="email-grid"]');
        if (!scroller) return;
        const box = image.parentElement!.getBoundingClientRect();
        const view = scroller.getBoundingClientRect();
        const onScreen = box.bottom > view.top && box.top < view.bottom && box.right > view.left && box.left < view.right;
        record.thumbnailsShown[image.src] = (record.thumbnailsShown[image.src] ?? false) || onScreen;
      };
      new MutationObserver((mutations) => {
        for (const mutation of mutations) {
          for (const node of Array.from(mutation.addedNodes)) {
            if (node instanceof HTMLImageElement) note(node);
            else if (node instanceof Element) node.querySelectorAll('img').forEach(note);
          }
        }
      }).observe(document.body, { childList: true, subtree: true });
    });

    const started = Date.now();
    await ui.getByTestId('nav-browse').click();
    const grid = ui.getByRole('list', { name: 'Emails' });
    await grid.getByRole('button').first().waitFor();
    const timeToFirstResultsMs = Date.now() - started;
    await pause(3_000);

    // A query typed at about 50 words a minute, then a look at what came.
    await ui.getByRole('searchbox', { name: 'Search emails' }).pressSequentially('new', { delay: 220 });
    await ui.getByTestId('library-status').filter({ hasText: /^50 emails so far/ }).waitFor();
    await pause(3_000);

    // Five more pages, scrolled with flicks of the wheel, a short look at each.
    await ui.getByTestId('email-grid').hover();
    for (let n = 0; n < 5; n++) {
      const before = await loadedAsync(ui);
      if (!(await ui.getByTestId('library-status').textContent())?.includes('scroll for more')) break;
      await waitForMoreAsync(ui, before, async () => {
        await page.mouse.wheel(0, 800);
        await pause(200);
      });
      await pause(1_000);
    }
    const imagesWhileScrolling = (await libraryImagesAsync()).filter((request) => request.kind === 'thumbnail').length;

    // Back to the top (the scroll bar dragged up), then ten emails.
    await ui.getByTestId('email-grid').evaluate((element) => (element.scrollTop = 0));
    await pause(1_000);
    const heading = ui.getByRole('heading', { level: 2 });
    const position = ui.locator('.email-detail-position');
    /** Waits until the email at `where` changed and its title and screenshot are in. */
    const emailShownAsync = async (before: string | null): Promise<string> => {
      for (let tries = 0; tries < 200; tries++) {
        const where = await position.textContent({ timeout: 100 }).catch(() => null);
        const loaded = (await heading.count()) > 0 && (await ui.getByRole('img', { name: /^Screenshot of the email/ }).count()) > 0;
        if (where !== null && where !== before && loaded) return where;
        await pause(50);
      }
      throw new Error('The email did not open.');
    };
    let reopens = 0;
    let cacheHits = 0;
    /** An email seen before, opened again: answered from the cache when no request goes out. */
    const reopenAsync = async (open: () => Promise<unknown>, before: string | null): Promise<string> => {
      const sent = api.length;
      await open();
      const where = await emailShownAsync(before);
      reopens++;
      if (api.length === sent) cacheHits++;
      return where;
    };
    await grid.getByRole('button').first().click();
    let where = await emailShownAsync(null);
    await pause(2_000);
    for (let n = 1; n < 10; n++) {
      await page.keyboard.press('ArrowRight');
      where = await emailShownAsync(where);
      await pause(2_000);
    }
    where = await reopenAsync(() => page.keyboard.press('ArrowLeft'), where);
    await pause(1_500);
    await page.keyboard.press('Escape');
    await grid.getByRole('button').first().waitFor();
    await pause(1_500);

    // The second email again, then its brand's page with the insights.
    await reopenAsync(() => grid.locator('[data-index="1"]').click(), null);
    await pause(1_500);
    await ui.locator('.email-facts').getByRole('button').first().click();
    await ui.getByRole('heading', { name: 'Insights' }).or(ui.getByTestId('no-insights')).waitFor();
    await pause(4_000);
    await ui.getByRole('button', { name: 'Emails', exact: true }).click();
    await grid.getByRole('button').first().waitFor();
    const actionsMs = Date.now() - started;
    // The rest of the minute: anything the session still causes (a retry, a late page) is counted.
    await pause(Math.max(0, SESSION_MS - actionsMs));
    const shown = await ui.evaluate(() => (window as unknown as { thumbnailsShown: Record<string, boolean> }).thumbnailsShown);
    const images = await libraryImagesAsync();
    // The page noted each thumbnail by its address; the log has the path on the library's host.
    const thumbnails = images.filter((request) => request.kind === 'thumbnail').map((request) => `${emulator.libraryUrl}${request.path}`);
    const session: SessionFigures = {
      apiRequests: api.length,
      rateLimited,
      imageRequests: images.length,
      thumbnailRequests: thumbnails.length,
      offScreenThumbnailRequests: thumbnails.filter((url) => shown[url] !== true).length,
      screenshotRequests: images.filter((request) => request.kind === 'screenshot').length,
      imagesWhileScrolling,
      cacheHits,
      reopens,
      timeToFirstResultsMs,
      actionsMs,
      wallMs: Date.now() - started,
    };

    // With the demo key (1,200 a minute): 1,000 results, then scrolled from top to bottom.
    await page.goto(`${playground.url}?command=browse&demo-keys=1`);
    await page.waitForSelector('html[data-playground-ready="true"]', { state: 'attached', timeout: 40_000 });
    ui = await uiFrameAsync(page);
    await ui.getByRole('list', { name: 'Emails' }).getByRole('button').first().focus();
    while ((await loadedAsync(ui)) < 1_000) await waitForMoreAsync(ui, await loadedAsync(ui), () => page.keyboard.press('End'));
    await ui.evaluate(() => {
      const record = window as unknown as { longTasks: number[] };
      record.longTasks = [];
      new PerformanceObserver((list) => list.getEntries().forEach((entry) => record.longTasks.push(entry.duration))).observe({ entryTypes: ['longtask'] });
    });
    // The observer must see this frame's long tasks: a 120 ms task of its own is counted, then the count starts over.
    await ui.evaluate(() =>
      setTimeout(() => {
        const end = performance.now() + 120;
        while (performance.now() < end) {
          // Busy on purpose.
        }
      }, 0),
    );
    await page.waitForTimeout(300);
    if ((await ui.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks.length)) === 0) throw new Error('The long-task observer missed a 120 ms task: the scrolling figure would mean nothing.');
    await ui.evaluate(() => ((window as unknown as { longTasks: number[] }).longTasks = []));
    await ui.getByTestId('email-grid').evaluate((element) => (element.scrollTop = 0));
    await ui.getByTestId('email-grid').hover();
    // Top to bottom with the wheel, a notch a frame or so.
    for (let n = 0; n < 120; n++) {
      await page.mouse.wheel(0, 800);
      await page.waitForTimeout(16);
    }
    await page.waitForTimeout(500);
    const longTasks = await ui.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
    const scroll: ScrollFigures = {
      loaded: await loadedAsync(ui),
      longTasks: longTasks.length,
      longestTaskMs: Math.round(Math.max(0, ...longTasks)),
      drawnCards: await ui.getByRole('list', { name: 'Emails' }).getByRole('listitem').count(),
    };

    const figures = { when: new Date().toISOString(), session, scroll };
    console.log(JSON.stringify(figures, null, 2));
    writeFileSync(resolve(json), `${JSON.stringify(figures, null, 2)}\n`);
    if (session.rateLimited > 0 || session.apiRequests > 20 || session.offScreenThumbnailRequests > 0) process.exitCode = 1;
  } finally {
    await browser.close().catch(() => undefined);
    await playground.close().catch(() => undefined);
    await emulator.close().catch(() => undefined);
  }
}

await mainAsync();
