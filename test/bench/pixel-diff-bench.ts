// The Sync screen's pixel difference in a real browser (the system Chromium): two 256 × 256
// pictures (a drawn component and the same with a recoloured block and moved text), compared
// with ui/sync/pixel-diff.ts as the screen runs it (slices of rows, a yield between slices).
// Reports the median time of a comparison and the longest main-thread task seen meanwhile
// (Long Tasks API; the target is none over 50 ms). Options: --runs N, --json FILE.
// Run: node test/support/run-ts.mjs test/bench/pixel-diff-bench.ts
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
import { launchChromiumAsync } from '../support/chromium';
import { median } from './stats';

const root = process.cwd();
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1] ?? 15) || 15;
const json = args.includes('--json') ? args[args.indexOf('--json') + 1] : undefined;

const bundle = await build({
  stdin: {
    contents: `import { diffPixelsAsync } from './ui/sync/pixel-diff';
      window.benchPixelDiff = async (runs) => {
        const draw = (changed) => {
          const canvas = new OffscreenCanvas(256, 256);
          const c = canvas.getContext('2d');
          c.fillStyle = '#fff'; c.fillRect(0, 0, 256, 256);
          c.fillStyle = changed ? '#ff2200' : '#1c4d3d'; c.fillRect(16, 16, 224, 64);
          c.fillStyle = '#333'; c.font = '16px sans-serif';
          for (let line = 0; line < 6; line++) c.fillText('Line ' + line + ' of the block', changed && line === 3 ? 30 : 24, 110 + line * 22);
          return c.getImageData(0, 0, 256, 256);
        };
        const before = draw(false);
        const after = draw(true);
        let longest = 0;
        new PerformanceObserver((list) => { for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration); }).observe({ type: 'longtask', buffered: false });
        const times = [];
        let result = null;
        for (let run = 0; run < runs; run++) {
          const started = performance.now();
          result = await diffPixelsAsync(before, after, { yieldAsync: () => new Promise((resolve) => setTimeout(resolve, 0)) });
          times.push(performance.now() - started);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
        return { times, longestTaskMs: longest, share: result.share, boxes: result.boxes.length };
      };`,
    resolveDir: root,
    loader: 'ts',
  },
  bundle: true,
  write: false,
  format: 'iife',
  target: 'es2022',
  logLevel: 'warning',
});

const browser = await launchChromiumAsync();
try {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><title>pixel diff bench</title>');
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
  const result = await page.evaluate((count) => (window as unknown as { benchPixelDiff: (runs: number) => Promise<{ times: number[]; longestTaskMs: number; share: number; boxes: number }> }).benchPixelDiff(count), runs);
  const medianMs = median(result.times);
  console.log(`pixel difference of two 256 px pictures: median ${medianMs.toFixed(1)} ms over ${runs} runs (min ${Math.min(...result.times).toFixed(1)}, max ${Math.max(...result.times).toFixed(1)}); longest main-thread task ${result.longestTaskMs.toFixed(0)} ms (limit 50; 0 = none over 50 ms); ${(result.share * 100).toFixed(1)} % changed, ${result.boxes} boxes`);
  if (json) writeFileSync(json, `${JSON.stringify({ runs, medianMs, timesMs: result.times, longestTaskMs: result.longestTaskMs, share: result.share, boxes: result.boxes }, null, 2)}\n`);
} finally {
  await browser.close();
}
