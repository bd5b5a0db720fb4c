// The last step of `npm run bench`: from the files the run just wrote (and the bundle sizes of
// the build), writes every figure into docs/benchmarks.md and one short table of headline
// figures into the README (between the two bench-figures markers), so no figure is typed by hand.
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const root = process.cwd();
const START = '<!-- bench-figures:start -->';
const END = '<!-- bench-figures:end -->';

interface PhaseFigure { engine: string; components: number; phase: string; ms: number; samples: number[]; peakBytes: number }
interface Target { engine: string; name: string; value: number; limit: string; met: boolean | null }
interface SnapshotResults { machine: { cpu: string; cores: number; node: string }; figures: PhaseFigure[]; targets: Target[] }
interface EngineResults { mediansMs: Record<string, number>; samplesMs: Record<string, number[]>; snapshotReference: { ms: number } | null }
interface SyncCase { case: string; componentNodes: number; components: number; pushCalls: number; changesCalls: number; upsertsPerPush: number[]; bytesSent: number; payloadBytes: number; rateLimited: number; wallMs: number }
interface SyncResults { machine: { date: string }; results: SyncCase[] }

const read = <T>(path: string): T => JSON.parse(readFileSync(`${root}/${path}`, 'utf8')) as T;
const ms = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(1)} ms`);
const spread = (samples: number[]) => `${ms(Math.min(...samples))}–${ms(Math.max(...samples))}`;
// kB of 1,024 bytes, as the build prints them.
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const group = (n: number) => n.toLocaleString('en-US');

const snapshot = read<SnapshotResults>('test/bench/latest-results.json');
const engine = read<EngineResults>('test/bench/sync-engine-results.json');
const sync = read<SyncResults>('test/bench/sync-results.json');

const lines: string[] = [];
lines.push(`Latest \`npm run bench\` (${sync.machine.date.slice(0, 10)}, ${snapshot.machine.cores}-core ${snapshot.machine.cpu}, Node ${snapshot.machine.node}); medians, with the range of the samples.`);
lines.push('');
lines.push('**Component snapshot** (the built code in QuickJS, the interpreter family of Figma\'s sandbox; 30-layer components):');
lines.push('');
lines.push('| components | bare traversal (floor) | full snapshot | incremental (10 edited) | peak memory (full) |');
lines.push('| ---: | ---: | ---: | ---: | ---: |');
for (const size of [...new Set(snapshot.figures.filter((f) => f.engine === 'quickjs').map((f) => f.components))]) {
  const phase = (name: string) => snapshot.figures.find((f) => f.engine === 'quickjs' && f.components === size && f.phase === name)!;
  const cell = (name: string) => `${ms(phase(name).ms)} (${spread(phase(name).samples)})`;
  lines.push(`| ${group(size)} | ${cell('bare')} | ${cell('full')} | ${cell('incremental')} | ${Math.round(phase('full').peakBytes / 1e6)} MB |`);
}
lines.push('');
const targets = snapshot.targets.filter((t) => t.engine === 'quickjs' && t.met !== null);
lines.push(`Targets: ${targets.map((t) => `${t.name}: ${t.name.includes('incremental') ? `${(t.value * 100).toFixed(2)} %` : t.value.toFixed(2)} (${t.limit}, ${t.met ? 'met' : 'not met'})`).join('; ')}.`);
lines.push('');
const snapshotMs = engine.snapshotReference?.ms ?? snapshot.figures.find((f) => f.engine === 'quickjs' && f.components === 10000 && f.phase === 'full')?.ms ?? NaN;
const share = (name: string) => `${((engine.mediansMs[name]! / snapshotMs) * 100).toFixed(1)} %`;
lines.push('**Sync engine** (QuickJS, 10,000 components, 300 remote changes with 50 conflicts), against the full snapshot above:');
lines.push('');
lines.push('| step | median (range) | share of a full snapshot | target |');
lines.push('| --- | ---: | ---: | ---: |');
lines.push(`| classify + push plan | ${ms(engine.mediansMs.classifyAndPlan!)} (${spread(engine.samplesMs.classifyAndPlan!)}) | ${share('classifyAndPlan')} | ≤ 10 % |`);
const stateMs = engine.mediansMs.writeState! + engine.mediansMs.readState!;
lines.push(`| sync state write + read | ${ms(engine.mediansMs.writeState!)} + ${ms(engine.mediansMs.readState!)} | ${((stateMs / snapshotMs) * 100).toFixed(1)} % | ≤ 10 % |`);
lines.push('');
if (engine.mediansMs.chips !== undefined && engine.mediansMs.classifyChanged !== undefined) {
  const chipsShare = (engine.mediansMs.chips / engine.mediansMs.classifyChanged) * 100;
  lines.push(`What-changed chips for 10,000 changed components: ${ms(engine.mediansMs.chips)} (${spread(engine.samplesMs.chips!)}), ${chipsShare.toFixed(0)} % of classifying them (${ms(engine.mediansMs.classifyChanged)}); target ≤ 10 %: ${chipsShare <= 10 ? 'met' : 'not met'}.`);
  lines.push('');
}
if (engine.mediansMs.pairingAlike !== undefined && engine.mediansMs.pairingUnlike !== undefined) {
  lines.push(`Nearly-same pairing (replaced components under new names), 200 deleted and 200 added sharing one description: ${ms(engine.mediansMs.pairingAlike)} (${spread(engine.samplesMs.pairingAlike!)}) when all are alike (comparisons that cannot change the outcome skipped), ${ms(engine.mediansMs.pairingUnlike)} (${spread(engine.samplesMs.pairingUnlike!)}) when none is (every pair compared); Figma gets a turn every 25 ms meanwhile. No target.`);
  lines.push('');
}
const pixel = (() => {
  try {
    return read<{ runs: number; medianMs: number; timesMs: number[]; longestTaskMs: number }>('test/bench/pixel-diff-results.json');
  } catch {
    return null;
  }
})();
if (pixel !== null) {
  lines.push(`**Pixel difference** of two 256 px pictures in Chromium (the UI's code): median ${ms(pixel.medianMs)} (${spread(pixel.timesMs)}) over ${pixel.runs} runs; longest main-thread task ${ms(pixel.longestTaskMs)} (target: none over 50 ms).`);
  lines.push('');
}
lines.push('**The whole sync on the wire** (the real handlers, the fake Figma, the builder emulator at its real limits: 100 requests a minute, 100 upserts and 2 MB a request):');
lines.push('');
lines.push('| components (synced: a set counts once) | case | push requests (upserts each) | changes calls | sent | 429s | wall time |');
lines.push('| ---: | --- | --- | ---: | ---: | ---: | ---: |');
for (const row of sync.results) {
  const upserts = row.upsertsPerPush.length === 0 ? '0' : `${row.pushCalls} (${[...new Set(row.upsertsPerPush)].length === 1 ? `${row.upsertsPerPush[0]} each` : `${Math.min(...row.upsertsPerPush)}–${Math.max(...row.upsertsPerPush)}; ${(row.upsertsPerPush.reduce((a, b) => a + b, 0) / row.pushCalls).toFixed(0)} on average`})`;
  const sent = row.bytesSent === 0 ? '0' : `${(row.bytesSent / 1e6).toFixed(2)} MB${row.payloadBytes > 0 ? ` (${(row.bytesSent / row.payloadBytes).toFixed(2)}× the payloads)` : ''}`;
  lines.push(`| ${group(row.componentNodes)} (${group(row.components)}) | ${row.case} | ${upserts} | ${row.changesCalls} | ${sent} | ${row.rateLimited} | ${ms(row.wallMs)} |`);
}
lines.push('');
const library = (() => {
  try {
    return read<{
      session: { apiRequests: number; rateLimited: number; imageRequests: number; thumbnailRequests: number; offScreenThumbnailRequests: number; screenshotRequests: number; cacheHits: number; reopens: number; timeToFirstResultsMs: number; wallMs: number };
      scroll: { loaded: number; longTasks: number; longestTaskMs: number; drawnCards: number };
    }>('test/bench/library-results.json');
  } catch {
    return null;
  }
})();
if (library !== null) {
  const { session, scroll } = library;
  lines.push(
    `**Library browsing** (Chromium against the emulator at its real limits, anonymous): a scripted ${ms(session.wallMs)} session at a person's pace (a query, five more pages, ten emails opened, a brand and its insights, back to the results) made ${session.apiRequests} API requests (limit 20 a minute) with ${session.rateLimited} × 429; the cache answered ${session.cacheHits} of ${session.reopens} reopened emails; first results in ${ms(session.timeToFirstResultsMs)}; ${session.imageRequests} image requests (${session.thumbnailRequests} thumbnails, ${session.offScreenThumbnailRequests} of them for cards off screen, and ${session.screenshotRequests} screenshots); scrolling ${group(scroll.loaded)} loaded results drew ${scroll.drawnCards} cards at a time with ${scroll.longTasks} tasks over 50 ms (frames dropped).`,
  );
  lines.push('');
}
interface InsertMemory { decodedMb: number; oneTileMb: number; uiRendererPeakAboveBaselineMb: number; uiRendererPeakPerDecodedMb: number; uiRendererPeakPerDecodedPlusTile: number }
interface CanvasResults {
  chromium: {
    one: { clickToNodeMs: number; uiHeapPeakMb: number; longestTaskMs: number; memory?: InsertMemory };
    oneTallest?: { clickToNodeMs: number; memory: InsertMemory };
    twenty: { clickToSummaryMs: number; longestTaskMs: number };
  };
  quickjs: { one: { medianMs: number; samplesMs: number[] }; twenty: { medianMs: number; samplesMs: number[] } };
}
const canvas = (() => {
  try {
    return read<CanvasResults>('test/bench/canvas-results.json');
  } catch {
    return null;
  }
})();
if (canvas !== null) {
  const { chromium, quickjs } = canvas;
  lines.push(
    `**Library emails on the canvas** (Chromium through the playground, the emulator's screenshots): a 600 × 12,000 px email from click to its frame in the document in ${ms(chromium.one.clickToNodeMs)} (UI thread's JS heap at most ${chromium.one.uiHeapPeakMb} MB; decoding and encoding run in a worker), longest UI task ${ms(chromium.one.longestTaskMs)}; 20 at once in ${ms(chromium.twenty.clickToSummaryMs)}, longest UI task ${ms(chromium.twenty.longestTaskMs)} (target: none over 200 ms). The sandbox's part in QuickJS: ${ms(quickjs.one.medianMs)} (${spread(quickjs.one.samplesMs)}) for the tall one, ${ms(quickjs.twenty.medianMs)} (${spread(quickjs.twenty.samplesMs)}) for 20.`,
  );
  const memory = (size: string, figure: InsertMemory) =>
    `${size}: ${figure.uiRendererPeakAboveBaselineMb} MB, ${figure.uiRendererPeakPerDecodedMb} × its ${figure.decodedMb} MB decoded, ${figure.uiRendererPeakPerDecodedPlusTile} × one decoded copy and one ${figure.oneTileMb} MB tile`;
  if (chromium.one.memory && chromium.oneTallest) {
    lines.push('');
    lines.push(
      `Peak resident memory of the UI's renderer process (its page and the worker that decodes and encodes; RSS from /proc every 20 ms) above the baseline just before the click: ${memory('600 × 12,000 px', chromium.one.memory)}; ${memory('600 × 20,000 px', chromium.oneTallest.memory)} (inserted in ${ms(chromium.oneTallest.clickToNodeMs)}). Every tile held at once would add another decoded copy.`,
    );
  }
  lines.push('');
}
const size = (path: string) => {
  const bytes = readFileSync(`${root}/${path}`);
  return `\`${path}\` ${kb(bytes.length)} (${kb(gzipSync(bytes, { level: 9 }).length)} gzipped)`;
};
lines.push(`Bundles (\`npm run build\`, rewritten with the figures): ${size('dist/code.js')}, ${size('dist/ui.html')}.`);


writeFileSync(`${root}/docs/benchmarks.md`, `# Benchmark figures\n\nWritten by \`npm run bench\` (test/bench/readme-figures.ts); do not edit by hand.\n\n${lines.join('\n')}\n`);

// The README's headline table: one line per target, from the same figures.
const full10k = snapshot.figures.find((f) => f.engine === 'quickjs' && f.components === 10000 && f.phase === 'full');
const target = (name: string) => snapshot.targets.find((t) => t.engine === 'quickjs' && t.met !== null && t.name.startsWith(name));
const turns = target('full / bare at 10000');
const incremental = target('incremental / full');
const largest = Math.max(...sync.results.map((row) => row.componentNodes));
const syncCase = (name: string) => sync.results.find((row) => row.componentNodes === largest && row.case === name);
const firstSync = syncCase('first sync');
const edited = syncCase('after editing 10');
const unchanged = syncCase('nothing changed');
const bytes = (path: string) => readFileSync(`${root}/${path}`);
const uiGzip = gzipSync(bytes('dist/ui.html'), { level: 9 }).length;
const headline: Array<[string, string, string]> = [];
if (full10k && turns) headline.push(['Full snapshot of 10,000 components (QuickJS)', `${ms(full10k.ms)}; full / bare ${turns.value.toFixed(2)}`, '≤ 2 × bare']);
if (incremental) headline.push(['Snapshot after editing 10 of them', `${(incremental.value * 100).toFixed(2)} % of full`, '< 5 %']);
headline.push(['Classify + push plan, 10,000 (QuickJS)', `${ms(engine.mediansMs.classifyAndPlan!)} (${share('classifyAndPlan')} of a snapshot)`, '≤ 10 %']);
headline.push(['Sync state write + read, 10,000 (QuickJS)', `${ms(stateMs)} (${((stateMs / snapshotMs) * 100).toFixed(1)} %)`, '≤ 10 %']);
if (firstSync) headline.push([`First sync, ${group(firstSync.componentNodes)} components (${group(firstSync.components)} payloads)`, `${firstSync.pushCalls} pushes + ${firstSync.changesCalls} changes call, ${firstSync.rateLimited} × 429, ${ms(firstSync.wallMs)}`, `⌈N/100⌉ pushes, no 429`]);
if (edited) headline.push(['Sync after editing 10', `${edited.pushCalls} push (${edited.upsertsPerPush.join(', ')} upserts) + ${edited.changesCalls} changes call`, '≤ 2 requests + changes']);
if (unchanged) headline.push(['Sync with nothing changed', `${unchanged.pushCalls} pushes, ${unchanged.changesCalls} changes call`, '1 changes call']);
if (engine.mediansMs.chips !== undefined && engine.mediansMs.classifyChanged !== undefined) {
  const chipsShare = (engine.mediansMs.chips / engine.mediansMs.classifyChanged) * 100;
  headline.push(['What-changed chips, 10,000 changed (QuickJS)', `${ms(engine.mediansMs.chips)} (${chipsShare.toFixed(0)} % of classifying them)`, `≤ 10 %${chipsShare <= 10 ? '' : ': not met'}`]);
}
if (pixel !== null) headline.push(['Pixel difference of two 256 px pictures (Chromium)', `${ms(pixel.medianMs)}; longest task ${ms(pixel.longestTaskMs)}`, 'no task > 50 ms']);
if (library !== null) headline.push(['Scripted anonymous library session (Chromium)', `${library.session.apiRequests} requests, ${library.session.rateLimited} × 429`, '≤ 20 requests, no 429']);
if (canvas !== null) headline.push(['A 600 × 12,000 px email onto the canvas; 20 at once (Chromium)', `${ms(canvas.chromium.one.clickToNodeMs)}; ${ms(canvas.chromium.twenty.clickToSummaryMs)}, longest UI task ${ms(Math.max(canvas.chromium.one.longestTaskMs, canvas.chromium.twenty.longestTaskMs))}`, 'no task > 200 ms']);
if (canvas?.chromium.oneTallest) {
  const { memory } = canvas.chromium.oneTallest;
  headline.push(['Peak memory inserting a 600 × 20,000 px email (Chromium, UI renderer)', `${memory.uiRendererPeakAboveBaselineMb} MB above baseline, ${memory.uiRendererPeakPerDecodedPlusTile} × (${memory.decodedMb} MB decoded + one ${memory.oneTileMb} MB tile)`, '≈ one decoded copy + one tile']);
}
headline.push(['`dist/ui.html` gzipped', kb(uiGzip), '≤ 60 kB']);
const table = [
  `Latest \`npm run bench\` (${sync.machine.date.slice(0, 10)}, ${snapshot.machine.cores}-core ${snapshot.machine.cpu}, Node ${snapshot.machine.node}); every figure, with its spread: [docs/benchmarks.md](docs/benchmarks.md).`,
  '',
  '| what | latest run | target |',
  '| --- | --- | --- |',
  ...headline.map(([what, figure, goal]) => `| ${what} | ${figure} | ${goal} |`),
];

const readmePath = `${root}/README.md`;
const readme = readFileSync(readmePath, 'utf8');
const start = readme.indexOf(START);
const end = readme.indexOf(END);
if (start < 0 || end < start) throw new Error(`README.md has no ${START} … ${END} section`);
writeFileSync(readmePath, `${readme.slice(0, start + START.length)}\n${table.join('\n')}\n${readme.slice(end)}`);
console.log('README.md and docs/benchmarks.md: benchmark figures written');
