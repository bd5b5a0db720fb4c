// What the benchmark evaluates inside QuickJS (and, for comparison, in Node): the fake Figma,
// a generated document, the snapshot module and the bare traversal, driven phase by phase by
// the host through `globalThis.__snapshotBench`. Bundled like the plugin's sandbox code.
import { createFakeFigma } from '../fake-figma';
import { createSnapshotter, type Snapshotter } from '../../src/snapshot';
import { bareTraversalAsync, type BareCounts } from './bare-traversal';
import { editComponentsAsync, generateDocumentAsync, type GeneratedDocument } from './generate-document';
import { takeTurnsAsync } from './turn-taking';

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

/** A yield that samples memory and counts collections, then hands over to `next`. */
function yieldingTo(next: () => Promise<void>): () => Promise<void> {
  return () => {
    sampler?.();
    countCollections();
    return next();
  };
}

// Yield as the plugin would, but through the job queue (QuickJS has no timers): the host
// regains control between jobs, so it can sample memory while a phase runs.
const yieldAsync = yieldingTo(() => Promise.resolve());

/** Wall-clock time in ms from the host (performance.now), finer than Date.now. */
function wallNow(): number {
  const clock = (globalThis as { __benchNowMs?: () => number }).__benchNowMs;
  return clock ? clock() : Date.now();
}

/** Where the snapshotter yields: `yieldAsync`, or its turn's end while it takes turns. */
let snapshotYield: () => Promise<void> = yieldAsync;
/** Layers the last bare traversal visited: the scale of its progress when it takes turns. */
let bareNodes = 0;

/**
 * A full snapshot and a bare traversal taking turns at their yields (every 25 ms of work), the
 * one least far along going next, each charged the wall time it ran (turn-taking.ts): both meet
 * the same machine, so their ratio does not follow the host's drift.
 */
async function turnsAsync(figma: PluginAPI): Promise<unknown> {
  let fullProgress = 0;
  const counts: BareCounts = { nodes: 0, values: 0 };
  const total = bareNodes;
  const { ms, turns } = await takeTurnsAsync(
    [
      {
        progress: () => fullProgress,
        async runAsync(yieldTurn) {
          snapshotYield = yieldingTo(yieldTurn);
          try {
            const onProgress = (progress: { phase: string; done: number; total: number }): void => {
              if (progress.phase === 'reading') fullProgress = progress.done / progress.total;
            };
            return (await snapshotter!.snapshotAsync({ full: true, onProgress })).stats;
          } finally {
            snapshotYield = yieldAsync;
          }
        },
      },
      { progress: () => counts.nodes / total, runAsync: (yieldTurn) => bareTraversalAsync(figma, yieldingTo(yieldTurn), counts) },
    ],
    wallNow,
  );
  return { fullMs: ms[0]!, bareMs: ms[1]!, turns };
}

async function runPhaseAsync(phase: string, count: number): Promise<unknown> {
  switch (phase) {
    case 'generate': {
      figma = createFakeFigma({ console: quiet }).figma;
      doc = await generateDocumentAsync(figma, count);
      snapshotter = createSnapshotter(figma, { yieldAsync: () => snapshotYield() });
      return { components: doc.components, roots: doc.roots, layersPerComponent: doc.layersPerComponent };
    }
    case 'bare': {
      const counts = await bareTraversalAsync(figma!, yieldAsync);
      bareNodes = counts.nodes;
      return counts;
    }
    case 'full': {
      const result = await snapshotter!.snapshotAsync({ full: true });
      return { stats: result.stats, sample: result.components[0]?.hash };
    }
    case 'turns':
      return turnsAsync(figma!);
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
