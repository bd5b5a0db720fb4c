// What the benchmark evaluates inside QuickJS (and, for comparison, in Node): the fake Figma,
// a generated document, the snapshot module and the bare traversal, driven phase by phase by
// the host through `globalThis.__snapshotBench`. Bundled like the plugin's sandbox code.
import { createFakeFigma } from '../fake-figma';
import { createSnapshotter, type Snapshotter } from '../../src/snapshot';
import { createComponentReader } from '../../src/snapshot/component-reader';
import { bareTraversalAsync, readRootBareAsync } from './bare-traversal';
import { editComponentsAsync, generateDocumentAsync, type GeneratedDocument } from './generate-document';

interface PhaseState {
  done: boolean;
  result?: unknown;
  error?: string;
}

let figma: PluginAPI | null = null;
let doc: GeneratedDocument | null = null;
let snapshotter: Snapshotter | null = null;
let sampler: (() => void) | null = null;
let editRound = 0;
const state: PhaseState = { done: true };

const quiet = { log: (): void => undefined, warn: (): void => undefined, error: (): void => undefined };

// Collections of the engine's cycle collector, counted for the report: QuickJS walks its whole
// heap, fake document included (≈ 1 s at 10,000 components), and a collection lands in
// whichever phase crosses the threshold. Detected by a WeakRef to an unreachable cycle, which
// only a collection can clear; checked at every yield and at the end of a phase.
let sentinel: { deref(): object | undefined } | null = null;
let collections = 0;

function plantSentinel(): void {
  const WeakRefClass = (globalThis as { WeakRef?: new (target: object) => { deref(): object | undefined } }).WeakRef;
  if (!WeakRefClass) return;
  const cycle: { self?: object } = {};
  cycle.self = cycle;
  sentinel = new WeakRefClass(cycle);
}

function countCollections(): void {
  if (sentinel !== null && sentinel.deref() === undefined) {
    collections++;
    plantSentinel();
  }
}

// Yield as the plugin would, but through the job queue (QuickJS has no timers): the host
// regains control between jobs, so it can sample memory while a phase runs.
function yieldAsync(): Promise<void> {
  sampler?.();
  countCollections();
  return Promise.resolve();
}

/** CPU time in ms from the host when it offers one (steadier than wall time on a shared VM). */
function cpuNow(): number {
  const clock = (globalThis as { __benchCpuMs?: () => number }).__benchCpuMs;
  return clock ? clock() : Date.now();
}

async function cpuMsOfAsync(work: () => Promise<void>): Promise<number> {
  const started = cpuNow();
  await work();
  return cpuNow() - started;
}

const SLICE = 60;

/**
 * Bare reading and full reading (the snapshotter's own per-root reader) of the same roots, in
 * slices of 60 read by both (taking turns to go first), timed on CPU time: both see the same
 * machine state, so the median of the per-slice ratios is much steadier than whole-phase wall
 * times.
 */
async function interleavedAsync(figma: PluginAPI): Promise<unknown> {
  const reader = createComponentReader(figma);
  const before = figma.skipInvisibleInstanceChildren;
  figma.skipInvisibleInstanceChildren = true;
  const roots: Array<ComponentNode | ComponentSetNode> = [];
  for (const page of figma.root.children) {
    await page.loadAsync();
    for (const root of page.findAllWithCriteria({ types: ['COMPONENT', 'COMPONENT_SET'] })) {
      if (!root.remote && !(root.type === 'COMPONENT' && root.parent?.type === 'COMPONENT_SET')) roots.push(root);
    }
  }
  const counts = { nodes: 0, values: 0 };
  const ratios: number[] = [];
  let bareMs = 0;
  let fullMs = 0;
  const kept: unknown[] = []; // full readings stay alive until the slice ends, as in a snapshot
  // At most about 40 slices, spread over the whole document.
  const step = SLICE * Math.max(1, Math.floor(roots.length / SLICE / 40));
  for (let start = 0; start + SLICE <= roots.length; start += step) {
    const slice = roots.slice(start, start + SLICE);
    const readBareAsync = async (): Promise<void> => {
      for (const root of slice) await readRootBareAsync(root, figma.mixed, counts);
    };
    const readFullAsync = async (): Promise<void> => {
      for (const root of slice) kept.push(await reader.readAsync(root));
    };
    // The second reading of a slice finds its layers in the CPU caches: alternate who goes first.
    let bare: number;
    let full: number;
    if (ratios.length % 2 === 0) {
      bare = await cpuMsOfAsync(readBareAsync);
      full = await cpuMsOfAsync(readFullAsync);
    } else {
      full = await cpuMsOfAsync(readFullAsync);
      bare = await cpuMsOfAsync(readBareAsync);
    }
    kept.length = 0;
    bareMs += bare;
    fullMs += full;
    ratios.push(full / bare);
    await yieldAsync();
  }
  figma.skipInvisibleInstanceChildren = before;
  ratios.sort((a, b) => a - b);
  // A document smaller than one slice gives no ratio.
  return { slices: ratios.length, sliceSize: SLICE, medianRatio: ratios.length > 0 ? ratios[ratios.length >> 1] : null, bareMs, fullMs };
}

async function runPhaseAsync(phase: string, count: number): Promise<unknown> {
  switch (phase) {
    case 'generate': {
      figma = createFakeFigma({ console: quiet }).figma;
      doc = await generateDocumentAsync(figma, count);
      snapshotter = createSnapshotter(figma, { yieldAsync });
      return { components: doc.components, roots: doc.roots, layersPerComponent: doc.layersPerComponent };
    }
    case 'bare':
      return bareTraversalAsync(figma!, yieldAsync);
    case 'full': {
      const result = await snapshotter!.snapshotAsync({ full: true });
      return { stats: result.stats, sample: result.components[0]?.hash };
    }
    case 'interleaved':
      return interleavedAsync(figma!);
    case 'edit':
      return { edited: await editComponentsAsync(figma!, doc!, count, ++editRound) };
    case 'incremental': {
      const result = await snapshotter!.snapshotAsync();
      return { stats: result.stats };
    }
    default:
      throw new Error(`unknown benchmark phase "${phase}"`);
  }
}

(globalThis as Record<string, unknown>).__snapshotBench = {
  start(phase: string, count: number): void {
    state.done = false;
    state.result = undefined;
    state.error = undefined;
    if (sentinel === null) plantSentinel();
    collections = 0;
    runPhaseAsync(phase, count).then(
      (result) => {
        countCollections();
        state.result = { result, collections };
        state.done = true;
      },
      (error: unknown) => {
        state.error = error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error);
        state.done = true;
      },
    );
  },
  poll(): string {
    return JSON.stringify(state);
  },
  setSampler(fn: (() => void) | null): void {
    sampler = fn;
  },
};
