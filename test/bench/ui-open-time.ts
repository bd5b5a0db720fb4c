// How long the plugin window takes to open with and without some of its screens (issue 12: what
// dist/ui.html's size costs a designer). Each sample loads one build of dist/ui.html (ui-variants.ts)
// into a fresh page's sandboxed iframe in the system Chromium and times it to the window's first
// message to the sandbox (window-open-time.ts: the script parsed, run and drawn). Every sample's
// script differs by a comment, so no compiled code is reused from an earlier one. Builds take
// turns, in rotated order; at full speed and at 4× CPU slow-down (a slower laptop; the iframe is
// kept in the page's process so the slow-down reaches it), beside an empty window as the floor.
// Measured for the owners' choice, not a feature:
// `node test/support/run-ts.mjs test/bench/ui-open-time.ts [--runs N]`.
import { gzipSync } from 'node:zlib';
import { IN_PROCESS_IFRAMES_ARGS, launchChromiumAsync } from '../support/chromium';
import { leftOutName, uiHtmlWithoutAsync, type ScreenName } from './ui-variants';
import { medianAndRange, timeWindowOpenAsync } from './window-open-time';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1] ?? 15) || 15;

const LEFT_OUT: ReadonlyArray<readonly ScreenName[]> = [[], ['Browse', 'Templates'], ['Browse', 'Templates', 'Settings']];
const SLOW_DOWNS = [1, 4] as const;

// The floor: a window with nothing in it that speaks once its first frame is drawn, as the app does
// (Preact runs effects after the frame).
const EMPTY_WINDOW = '<!doctype html><html><body><script>requestAnimationFrame(() => setTimeout(() => parent.postMessage({}, "*")));</script></body></html>';
const builds = [
  ...(await Promise.all(LEFT_OUT.map(async (names) => ({ name: leftOutName(names), html: await uiHtmlWithoutAsync(names) })))),
  { name: 'everything (an empty window)', html: EMPTY_WINDOW },
];

const browser = await launchChromiumAsync(IN_PROCESS_IFRAMES_ARGS);
try {
  const times = new Map<string, number[]>();
  let sample = 0;
  for (const slowDown of SLOW_DOWNS) {
    for (let run = 0; run < runs; run++) {
      for (let turn = 0; turn < builds.length; turn++) {
        const { name, html } = builds[(run + turn) % builds.length]!;
        sample += 1;
        const { openMs } = await timeWindowOpenAsync(browser, { html, screens: null, slowDown, sample });
        const key = `${slowDown}|${name}`;
        times.set(key, [...(times.get(key) ?? []), openMs]);
      }
    }
  }
  console.log(`${runs} samples each (median, range), Chromium ${browser.version()}\n`);
  console.log('| left out | dist/ui.html | gzipped | open, full speed | open, 4× CPU slow-down |\n| --- | ---: | ---: | ---: | ---: |');
  for (const { name, html } of builds) {
    const cells = SLOW_DOWNS.map((slowDown) => medianAndRange(times.get(`${slowDown}|${name}`)!));
    const kB = (bytes: number): string => `${(bytes / 1024).toFixed(1)} kB`;
    console.log(`| ${name} | ${kB(Buffer.byteLength(html))} | ${kB(gzipSync(html, { level: 9 }).length)} | ${cells.join(' | ')} |`);
  }
} finally {
  await browser.close();
}
