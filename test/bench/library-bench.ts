// `npm run bench` (library part): Browse in a real browser against the library emulator at its
// real limits (20 requests a minute anonymous). A scripted anonymous session — type a query,
// scroll 5 pages, open 10 emails and go back each time, open a brand page with its insights, back
// to the results — counting what goes over the wire; then, with the demo key, 1,000 results
// loaded and scrolled while long tasks (over 50 ms) are counted. Option: --json FILE.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { startEmulator } from '../emulator/index';
import { startPlayground } from '../playground/server';
import { launchChromiumAsync } from '../support/chromium';

interface SessionFigures {
  apiRequests: number;
  rateLimited: number;
  imageRequests: number;
  /** Image requests up to the end of the scrolling (thumbnails only: the grid draws them for on-screen rows alone). */
  imagesWhileScrolling: number;
  /** Reads the screen made that the cache answered (an email opened twice, the results come back to). */
  cacheAnsweredReopens: number;
  timeToFirstResultsMs: number;
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
    const images: string[] = [];
    let rateLimited = 0;
    page.on('request', (request) => {
      if (!request.url().startsWith(emulator.libraryUrl)) return;
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/v1/')) api.push(request.url());
      else if (path.startsWith('/images/')) images.push(request.url());
    });
    page.on('response', (response) => {
      if (response.url().startsWith(emulator.libraryUrl) && response.status() === 429) rateLimited++;
    });

    // Anonymous: only the library's address in Settings.
    await page.goto(`${playground.url}?command=settings`);
    await page.waitForSelector('html[data-playground-ready="true"]', { state: 'attached', timeout: 40_000 });
    let ui = await uiFrameAsync(page);
    await ui.getByTestId('settings-library-base-url').fill(emulator.libraryUrl);
    await ui.getByTestId('settings-library-save').click();
    await page.waitForTimeout(500);
    api.length = 0;
    images.length = 0;

    const started = Date.now();
    await ui.getByTestId('nav-browse').click();
    const grid = ui.getByRole('list', { name: 'Emails' });
    await grid.getByRole('button').first().waitFor();
    const timeToFirstResultsMs = Date.now() - started;

    await ui.getByRole('searchbox', { name: 'Search emails' }).pressSequentially('new', { delay: 80 });
    await new Promise((done) => setTimeout(done, 1_000));
    await grid.getByRole('button').first().waitFor();
    await ui.getByTestId('email-grid').hover();
    for (let n = 0; n < 4; n++) {
      const before = await loadedAsync(ui);
      if (!(await ui.getByTestId('library-status').textContent())?.includes('scroll for more')) break;
      await waitForMoreAsync(ui, before, () => page.mouse.wheel(0, 1_500));
    }
    const imagesWhileScrolling = images.length;

    await ui.getByTestId('email-grid').evaluate((element) => (element.scrollTop = 0));
    await grid.getByRole('button').first().focus();
    const heading = ui.getByRole('heading', { level: 2 });
    const position = ui.locator('.email-detail-position');
    /** A key, then the next email ("3 of 250" changes; its title and screenshot are in). */
    const pressForEmailAsync = async (key: string, before: string | null): Promise<string> => {
      await page.keyboard.press(key);
      for (let tries = 0; tries < 200; tries++) {
        const where = await position.textContent({ timeout: 100 }).catch(() => null);
        const loaded = (await heading.count()) > 0 && (await ui.getByRole('img', { name: /^Screenshot of the email/ }).count()) > 0;
        if (where !== null && where !== before && loaded) return where;
        await new Promise((done) => setTimeout(done, 50));
      }
      throw new Error(`No email after ${key}.`);
    };
    let where = await pressForEmailAsync('Enter', null);
    for (let n = 1; n < 10; n++) where = await pressForEmailAsync('ArrowRight', where);
    const beforeReopen = api.length;
    await pressForEmailAsync('ArrowLeft', where);
    const cacheAnsweredReopens = api.length === beforeReopen ? 1 : 0;
    await ui.locator('.email-facts').getByRole('button').first().click();
    await ui.getByRole('heading', { name: 'Insights' }).or(ui.getByTestId('no-insights')).waitFor();
    await ui.getByRole('button', { name: 'Emails', exact: true }).click();
    await grid.getByRole('button').first().waitFor();
    const wallMs = Date.now() - started;
    const session: SessionFigures = {
      apiRequests: api.length,
      rateLimited,
      imageRequests: images.length,
      imagesWhileScrolling,
      cacheAnsweredReopens,
      timeToFirstResultsMs,
      wallMs,
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
    await ui.getByTestId('email-grid').evaluate((element) => (element.scrollTop = 0));
    await ui.getByTestId('email-grid').hover();
    for (let n = 0; n < 120; n++) await page.mouse.wheel(0, 800);
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
    if (session.rateLimited > 0 || session.apiRequests > 20) process.exitCode = 1;
  } finally {
    await browser.close().catch(() => undefined);
    await playground.close().catch(() => undefined);
    await emulator.close().catch(() => undefined);
  }
}

await mainAsync();
