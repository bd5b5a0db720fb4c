// The sync engine measured where the plugin runs (QuickJS compiled to WebAssembly, as in
// snapshot-bench.ts): at 10,000 components with 300 remote changes (50 of them conflicts), the
// classification + push plan, and the sync state's write and read, each as the median of
// several runs. The targets compare them with a full snapshot of 10,000 components in QuickJS
// (≤ 10 % each); that figure comes from test/bench/latest-results.json (snapshot-bench's last
// recorded run) unless given with --snapshot-ms. Also, without a target: the chips at 10,000
// changed components beside their classification (issue 20), and the nearly-same pairing's two
// worst cases, PAIRING_SIDE deleted and added under one shared description (alike, unlike). Options: --json FILE, --components N, --runs N.
// Run: node test/support/run-ts.mjs test/bench/sync-engine-bench.ts [--json test/bench/sync-engine-results.json]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { bundleForQuickJsAsync, drainQuickJsJobs } from './quickjs-bundle';
import { median } from './stats';
import { newQuickJSWASMModule, RELEASE_SYNC } from 'quickjs-emscripten';
import type { SyncEngineSetup } from './sync-engine-vm-entry';

const root = process.cwd();
/** Deleted and added components sharing one description in the pairing's worst case (PAIRING_SIDE² comparisons). */
const PAIRING_SIDE = 200;
/** Teammates' changes since the last sync, 50 of them conflicts. */
const REMOTE_CHANGES = 300;

function parseArgs(argv: string[]): { json: string | null; components: number; runs: number; snapshotMs: number | null } {
  const options = { json: null as string | null, components: 10_000, runs: 7, snapshotMs: null as number | null };
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    const value = argv[index + 1];
    if (arg === '--json' && value) options.json = value;
    else if (arg === '--components' && value) options.components = Number(value);
    else if (arg === '--runs' && value) options.runs = Number(value);
    else if (arg === '--snapshot-ms' && value) options.snapshotMs = Number(value);
    else throw new Error(`unknown option ${arg} (expected --json FILE, --components N, --runs N, --snapshot-ms MS)`);
    index += 1;
  }
  // Teammates' changes land on the second half of the file's keys, one key each.
  if (options.components < 2 * REMOTE_CHANGES) throw new Error(`--components must be at least ${2 * REMOTE_CHANGES} (the ${REMOTE_CHANGES} remote changes take keys from the second half)`);
  return options;
}

/** The VM bundle, built like build.mjs builds the sandbox. */
function bundleAsync(): Promise<string> {
  return bundleForQuickJsAsync(root, 'test/bench/sync-engine-vm-entry.ts');
}

/** The full snapshot's QuickJS median at this size from snapshot-bench's recorded results. */
function recordedSnapshotMs(components: number): { ms: number; source: string } | null {
  const file = `${root}/test/bench/latest-results.json`;
  if (!existsSync(file)) return null;
  const results = JSON.parse(readFileSync(file, 'utf8')) as { figures?: Array<{ engine: string; components: number; phase: string; ms: number }> };
  const figure = results.figures?.find((item) => item.engine === 'quickjs' && item.components === components && item.phase === 'full');
  return figure ? { ms: figure.ms, source: 'test/bench/latest-results.json (quickjs, full)' } : null;
}

async function mainAsync(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const code = await bundleAsync();
  const QuickJS = await newQuickJSWASMModule(RELEASE_SYNC);
  const runtime = QuickJS.newRuntime();
  runtime.setMaxStackSize(0);
  const vm = runtime.newContext();
  // Timed to the phase's settling (the jobs drained), then its outcome read untimed.
  const call = (expression: string): { ms: number; result: unknown } => {
    const started = performance.now();
    vm.unwrapResult(vm.evalCode(expression)).dispose();
    drainQuickJsJobs(runtime, vm, expression);
    const ms = performance.now() - started;
    const handle = vm.unwrapResult(vm.evalCode('__syncEngineBench.outcome()'));
    const text = vm.getString(handle);
    handle.dispose();
    return { ms, result: JSON.parse(text) as unknown };
  };
  vm.unwrapResult(vm.evalCode(code)).dispose();
  const setupOptions: SyncEngineSetup = {
    components: options.components,
    localEdits: 100,
    localAdds: 20,
    localDeletes: 20,
    remoteChanges: REMOTE_CHANGES,
    conflicts: 50,
    echoes: 100,
  };
  const setup = call(`__syncEngineBench.setup(${JSON.stringify(setupOptions)})`);
  console.error(`quickjs: set up ${JSON.stringify(setup.result)} in ${(setup.ms / 1000).toFixed(1)} s`);

  const chipsSetup = call(`__syncEngineBench.setupChips(${options.components})`);
  console.error(`quickjs: chips set up ${JSON.stringify(chipsSetup.result)} in ${(chipsSetup.ms / 1000).toFixed(1)} s`);

  const pairingSetup = call(`__syncEngineBench.setupPairing(${PAIRING_SIDE})`);
  console.error(`quickjs: pairing set up ${JSON.stringify(pairingSetup.result)} in ${(pairingSetup.ms / 1000).toFixed(1)} s`);

  // One untimed pass of each, then the phases in rotation so that they meet the host alike.
  let detail: Record<string, unknown> = {};
  const phases = ['classifyAndPlan', 'writeState', 'readState', 'classifyChanged', 'chips', 'pairingAlike', 'pairingUnlike'];
  for (const phase of phases) detail[phase] = call(`__syncEngineBench.${phase}()`).result;
  const samples: Record<string, number[]> = Object.fromEntries(phases.map((phase) => [phase, [] as number[]]));
  for (let run = 0; run < options.runs; run += 1) {
    for (const phase of Object.keys(samples)) {
      const timed = call(`__syncEngineBench.${phase}()`);
      samples[phase]!.push(timed.ms);
      detail = { ...detail, [phase]: timed.result };
    }
  }
  const medians = Object.fromEntries(Object.entries(samples).map(([phase, values]) => [phase, median(values)])) as Record<string, number>;
  const reference = options.snapshotMs !== null ? { ms: options.snapshotMs, source: '--snapshot-ms' } : recordedSnapshotMs(options.components);
  const classifyPlanMs = medians.classifyAndPlan!;
  const stateMs = medians.writeState! + medians.readState!;
  // The chips are computed with the classification: their added time against its time when
  // every component changed (issue 20's target, independent of the snapshot figure).
  const chipsTarget = { target: `chips / classification at ${options.components} changed components`, value: medians.chips! / medians.classifyChanged!, limit: 0.1 };
  const targets = [{ ...chipsTarget, met: chipsTarget.value <= chipsTarget.limit }];
  if (reference) {
    for (const item of [
      { target: `classify + plan / full snapshot at ${options.components}`, value: classifyPlanMs / reference.ms, limit: 0.1 },
      { target: `sync state write + read / full snapshot at ${options.components}`, value: stateMs / reference.ms, limit: 0.1 },
    ])
      targets.push({ ...item, met: item.value <= item.limit });
  }
  const load = loadavg().map((value) => Number(value.toFixed(2)));
  const machine = { cpu: cpus()[0]?.model ?? 'unknown CPU', cores: cpus().length, memoryGb: Math.round(totalmem() / 2 ** 30), node: process.version, loadAverageAtEnd: load };
  console.log(`Sync engine benchmark (QuickJS) on ${machine.cpu} (${machine.cores} cores, load average ${load.join(' / ')}), bundle ${(code.length / 1024).toFixed(0)} kB`);
  console.log(`setup: ${JSON.stringify(setupOptions)}`);
  for (const [phase, values] of Object.entries(samples)) {
    console.log(`${phase.padEnd(16)} median ${medians[phase]!.toFixed(1)} ms (runs ${values.map((value) => value.toFixed(1)).join(', ')})`);
  }
  console.log(`detail: ${JSON.stringify(detail)}`);
  if (reference) console.log(`full snapshot at ${options.components}: ${(reference.ms / 1000).toFixed(2)} s (${reference.source})`);
  else console.log('no full-snapshot figure to compare with: run npm run bench first or pass --snapshot-ms');
  for (const item of targets) console.log(`${item.target}: ${(item.value * 100).toFixed(2)} % (limit ${item.limit * 100} %) ${item.met ? 'met' : 'NOT met'}`);
  if (options.json) {
    writeFileSync(options.json, `${JSON.stringify({ machine, setup: setupOptions, samplesMs: samples, mediansMs: medians, detail, snapshotReference: reference, targets }, null, 2)}\n`);
  }
}

await mainAsync();
