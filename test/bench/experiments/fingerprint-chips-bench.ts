// Issue 20 experiment: the chips of 10,000 changed components from two category fingerprints
// (base and current) against the classification of the same 10,000 changed components, in
// QuickJS, in the same run (phases in rotation, untimed first pass). The tally of each phase
// (taken after the untimed first pass, outside the phase) checks that every scheme finds the
// same chips. See fingerprint-chips-vm-entry.ts.
// Run: node test/support/run-ts.mjs test/bench/experiments/fingerprint-chips-bench.ts [--components 10000] [--runs 9] [--walk]
import { loadavg } from 'node:os';
import { newQuickJSWASMModule, RELEASE_SYNC } from 'quickjs-emscripten';
import { bundleForQuickJsAsync } from '../quickjs-bundle';

const root = process.cwd();

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function mainAsync(): Promise<void> {
  const argv = process.argv.slice(2);
  const components = argv.includes('--components') ? Number(argv[argv.indexOf('--components') + 1]) : 10_000;
  const runs = argv.includes('--runs') ? Number(argv[argv.indexOf('--runs') + 1]) : 9;
  // The payload walk (src/sync/change-chips.ts, ≈ 0.9 s) only on request: it dominates the run.
  const phases = ['classifyChanged', 'exact32Arrays', 'exact32', 'exact32F64', 'packed16', 'packed8', 'exact32Masks', 'exact32F64Masks', 'packed16Masks', 'packed8Masks', ...(argv.includes('--walk') ? ['walk'] : [])];
  const code = await bundleForQuickJsAsync(root, 'test/bench/experiments/fingerprint-chips-vm-entry.ts');
  const QuickJS = await newQuickJSWASMModule(RELEASE_SYNC);
  const runtime = QuickJS.newRuntime();
  runtime.setMaxStackSize(0);
  const vm = runtime.newContext();
  vm.unwrapResult(vm.evalCode(code)).dispose();
  const call = (expression: string): { ms: number; result: unknown } => {
    const started = performance.now();
    const handle = vm.unwrapResult(vm.evalCode(expression));
    const ms = performance.now() - started;
    const text = vm.getString(handle);
    handle.dispose();
    return { ms, result: JSON.parse(text) as unknown };
  };
  console.error(`set up: ${JSON.stringify(call(`__chipsBench.setup(${components})`).result)}`);
  const samples: Record<string, number[]> = Object.fromEntries(phases.map((phase) => [phase, [] as number[]]));
  for (const phase of phases) {
    const first = call(`__chipsBench.${phase}()`).result;
    const chips = phase === 'classifyChanged' || phase === 'walk' ? first : call(`__chipsBench.tally(${phase.endsWith('Masks')})`).result;
    console.error(`${phase}: ${JSON.stringify(chips)}`);
  }
  for (let run = 0; run < runs; run++) {
    // Rotated so that no phase always follows the same one.
    for (let index = 0; index < phases.length; index++) {
      const phase = phases[(index + run) % phases.length]!;
      samples[phase]!.push(call(`__chipsBench.${phase}()`).ms);
    }
  }
  const classify = samples.classifyChanged!;
  console.log(`QuickJS, ${components} changed components, ${runs} runs (load average ${loadavg().map((value) => value.toFixed(2)).join(' / ')})`);
  for (const phase of phases) {
    const values = samples[phase]!;
    const ratios = values.map((value, index) => (value / classify[index]!) * 100);
    console.log(`  ${phase.padEnd(16)} median ${median(values).toFixed(2)} ms (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}); / classification: median ${median(ratios).toFixed(1)} % (${Math.min(...ratios).toFixed(1)}–${Math.max(...ratios).toFixed(1)} %)`);
  }
}

await mainAsync();
