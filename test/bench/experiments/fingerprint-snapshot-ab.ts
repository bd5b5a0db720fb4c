// Issue 20 experiment: what computing per-category change fingerprints in the normalizer costs
// the component snapshot in QuickJS. Each variant's snapshot code (src/snapshot as at a git
// commit) is bundled separately and all are evaluated in the same QuickJS context over one
// generated document; each round runs every variant's full snapshot and the bare traversal
// taking turns at their yields (test/bench/turn-taking.ts), each charged the wall time it ran,
// the task order rotated from round to round. Reports per variant full/bare and its time
// against the first variant (the baseline), medians and ranges over the rounds. Give the
// baseline twice (`--variants base=C,control=C,…`) to see what an identical copy reads.
// Run: node test/support/run-ts.mjs test/bench/experiments/fingerprint-snapshot-ab.ts \
//   [--variants baseline=e8253cc,control=e8253cc,G=h/chip-fingerprints-lane-only,A2=f751c57] [--sizes 1000,10000] [--rounds 6]
// (README.md beside this file: the variants and the figures measured.)
import { execFileSync } from 'node:child_process';
import { build, type Plugin } from 'esbuild';
import { loadavg } from 'node:os';
import { relative } from 'node:path';
import { newQuickJSWASMModule, RELEASE_SYNC } from 'quickjs-emscripten';
import { drainQuickJsJobs } from '../quickjs-bundle';

const root = process.cwd();

function parseArgs(argv: string[]): { variants: Array<[string, string]>; sizes: number[]; rounds: number } {
  const options = { variants: [['baseline', 'e8253cc'], ['control', 'e8253cc'], ['G', 'h/chip-fingerprints-lane-only'], ['A2', 'f751c57']] as Array<[string, string]>, sizes: [1000], rounds: 6 };
  for (let index = 0; index < argv.length; index += 2) {
    const [arg, value] = [argv[index], argv[index + 1]];
    if (value === undefined) throw new Error(`${arg} needs a value`);
    if (arg === '--variants') options.variants = value.split(',').map((item) => item.split('=') as [string, string]);
    else if (arg === '--sizes') options.sizes = value.split(',').map(Number);
    else if (arg === '--rounds') options.rounds = Number(value);
    else throw new Error(`unknown option ${arg} (expected --variants NAME=COMMIT,…, --sizes N,N, --rounds N)`);
  }
  return options;
}

/** Serves src/snapshot/** as it was at `commit`, so that one bundle holds the old code. */
function snapshotAtCommit(commit: string): Plugin {
  return {
    name: 'snapshot-at-commit',
    setup(builder) {
      builder.onLoad({ filter: /[\\/]src[\\/]snapshot[\\/].*\.ts$/ }, (args) => {
        const path = relative(root, args.path).split('\\').join('/');
        return { contents: execFileSync('git', ['show', `${commit}:${path}`], { encoding: 'utf8' }), loader: 'ts' };
      });
    },
  };
}

/** Bundled like build.mjs builds the sandbox (test/bench/quickjs-bundle.ts), plus `plugins` and __VARIANT__. */
async function bundleAsync(entry: string, plugins: Plugin[], variant: string): Promise<string> {
  const result = await build({
    entryPoints: [`${root}/${entry}`],
    bundle: true,
    write: false,
    minify: true,
    sourcemap: false,
    legalComments: 'none',
    logLevel: 'warning',
    define: { 'process.env.NODE_ENV': '"production"', __VARIANT__: JSON.stringify(variant) },
    platform: 'neutral',
    format: 'iife',
    target: 'es2017',
    mainFields: ['module', 'main'],
    tsconfig: `${root}/test/tsconfig.json`,
    plugins,
  });
  return result.outputFiles[0]!.text;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function summary(values: number[]): string {
  return `${median(values).toFixed(3)} (${Math.min(...values).toFixed(3)}–${Math.max(...values).toFixed(3)})`;
}

interface Round {
  ms: Record<string, number>;
  sameHashes: boolean;
}

/** Every rotation of `names`, forwards and backwards: each task leads and follows alike. */
function rotations(names: string[]): string[][] {
  const out: string[][] = [];
  for (const list of [names, [...names].reverse()]) for (let shift = 0; shift < list.length; shift++) out.push([...list.slice(shift), ...list.slice(0, shift)]);
  return out;
}

async function mainAsync(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const bundles: string[] = [];
  for (const [name, commit] of options.variants) {
    bundles.push(await bundleAsync('test/bench/experiments/fingerprint-variant-entry.ts', [snapshotAtCommit(commit)], name));
  }
  const entry = await bundleAsync('test/bench/experiments/fingerprint-ab-vm-entry.ts', [], '');
  const names = options.variants.map(([name]) => name);
  const orders = rotations([...names, 'bare']);
  for (const count of options.sizes) {
    const QuickJS = await newQuickJSWASMModule(RELEASE_SYNC);
    const runtime = QuickJS.newRuntime();
    runtime.setMaxStackSize(0);
    const vm = runtime.newContext();
    const clock = vm.newFunction('__benchNowMs', () => vm.newNumber(performance.now()));
    vm.setProp(vm.global, '__benchNowMs', clock);
    clock.dispose();
    for (const code of [...bundles, entry]) vm.unwrapResult(vm.evalCode(code)).dispose();
    const phase = (name: string, order: string[] = []): { ms: number; result: unknown } => {
      vm.unwrapResult(vm.evalCode(`__abBench.start(${JSON.stringify(name)}, ${count}, ${JSON.stringify(order)})`)).dispose();
      const ms = drainQuickJsJobs(runtime, vm, name);
      const handle = vm.unwrapResult(vm.evalCode('__abBench.poll()'));
      const polled = JSON.parse(vm.getString(handle)) as { done: boolean; result?: unknown; error?: string };
      handle.dispose();
      if (!polled.done || polled.error) throw new Error(`QuickJS ${name}: ${polled.error ?? 'did not finish'}`);
      return { ms, result: polled.result };
    };
    console.error(`quickjs ${count}: generate ${JSON.stringify(phase('generate').result)}`);
    const warm = phase('warm');
    console.error(`quickjs ${count}: warm-up ${JSON.stringify(warm.result)} in ${(warm.ms / 1000).toFixed(1)} s`);
    const rounds: Round[] = [];
    for (let index = 0; index < options.rounds; index++) {
      const round = phase('round', orders[index % orders.length]).result as Round;
      rounds.push(round);
      const bare = round.ms.bare!;
      const parts = names.map((name) => `${name} ${(round.ms[name]! / bare).toFixed(3)}`);
      console.error(`  round ${index + 1} (${orders[index % orders.length]!.join(' ')}): bare ${bare.toFixed(0)} ms; full/bare ${parts.join(', ')}${round.sameHashes ? '' : ' HASHES DIFFER'}`);
    }
    const [baseline] = names;
    console.log(`QuickJS, ${count} components, ${rounds.length} rounds taking turns (${options.variants.map((pair) => pair.join('=')).join(', ')}; load average ${loadavg().map((value) => value.toFixed(2)).join(' / ')})`);
    console.log(`  bare: median ${median(rounds.map((round) => round.ms.bare!)).toFixed(0)} ms`);
    for (const name of names) {
      const ratios = rounds.map((round) => round.ms[name]! / round.ms.bare!);
      const added = rounds.map((round) => (round.ms[name]! / round.ms[baseline!]! - 1) * 100);
      console.log(`  ${name.padEnd(10)} full/bare median ${summary(ratios)}; full time vs ${baseline}: median ${median(added).toFixed(2)} % (${Math.min(...added).toFixed(2)} … ${Math.max(...added).toFixed(2)} %)`);
    }
    console.log(`  same hashes from every variant in every run: ${rounds.every((round) => round.sameHashes) && (warm.result as { sameHashes: boolean }).sameHashes}`);
  }
}

await mainAsync();
