// What fingerprint-snapshot-ab.ts evaluates inside QuickJS, after the variants' bundles
// (fingerprint-variant-entry.ts): one fake document, one snapshotter per variant of the snapshot
// code (globalThis.__snapshotVariants) and the bare traversal. A round runs them all taking
// turns at their yields (test/bench/turn-taking.ts), each charged the wall time it ran, so that
// every version of the code meets the same machine.
import { createFakeFigma } from '../../fake-figma';
import type { createSnapshotter, Snapshotter } from '../../../src/snapshot';
import { bareTraversalAsync, type BareCounts } from '../bare-traversal';
import { generateDocumentAsync } from '../generate-document';
import { takeTurnsAsync, type TurnTask } from '../turn-taking';

interface PhaseState {
  done: boolean;
  result?: unknown;
  error?: string;
}

type CreateSnapshotter = typeof createSnapshotter;

let figma: PluginAPI | null = null;
let bareNodes = 0;
const snapshotters: Record<string, Snapshotter> = {};
/** Where each snapshotter yields: its turn's end while taking turns. */
const yields: Record<string, () => Promise<void>> = {};
const state: PhaseState = { done: true };
const quiet = { log: (): void => undefined, warn: (): void => undefined, error: (): void => undefined };

function wallNow(): number {
  const clock = (globalThis as { __benchNowMs?: () => number }).__benchNowMs;
  return clock ? clock() : Date.now();
}

function snapshotTask(which: string): TurnTask {
  let progress = 0;
  return {
    progress: () => progress,
    async runAsync(yieldTurn) {
      yields[which] = yieldTurn;
      try {
        const onProgress = (value: { phase: string; done: number; total: number }): void => {
          if (value.phase === 'reading') progress = value.done / value.total;
        };
        const result = await snapshotters[which]!.snapshotAsync({ full: true, onProgress });
        return result.components.map((component) => component.hash).join('');
      } finally {
        yields[which] = () => Promise.resolve();
      }
    },
  };
}

/** `order`: the tasks by name ('bare' or a variant), rotated by the host (ties go to the first). */
async function roundAsync(order: string[]): Promise<unknown> {
  const counts: BareCounts = { nodes: 0, values: 0 };
  const bare: TurnTask = { progress: () => counts.nodes / bareNodes, runAsync: (yieldTurn) => bareTraversalAsync(figma!, yieldTurn, counts) };
  const { ms, turns, results } = await takeTurnsAsync(order.map((name) => (name === 'bare' ? bare : snapshotTask(name))), wallNow);
  const hashes = results.filter((_, index) => order[index] !== 'bare');
  const times: Record<string, number> = {};
  order.forEach((name, index) => (times[name] = ms[index]!));
  return { ms: times, turns, sameHashes: hashes.every((value) => value === hashes[0]) };
}

async function runPhaseAsync(phase: string, count: number, order: string[]): Promise<unknown> {
  switch (phase) {
    case 'generate': {
      figma = createFakeFigma({ console: quiet }).figma;
      const doc = await generateDocumentAsync(figma, count);
      const variants = (globalThis as { __snapshotVariants?: Record<string, CreateSnapshotter> }).__snapshotVariants ?? {};
      for (const name of Object.keys(variants)) {
        yields[name] = () => Promise.resolve();
        snapshotters[name] = variants[name]!(figma, { yieldAsync: () => yields[name]!(), incremental: false });
      }
      return { components: doc.components, roots: doc.roots, variants: Object.keys(variants) };
    }
    case 'warm': {
      // Untimed: the bare traversal's size, and each snapshotter's first full snapshot (the one
      // that grows the heap by a whole snapshot and meets the first collections).
      bareNodes = (await bareTraversalAsync(figma!, () => Promise.resolve())).nodes;
      const hashes: string[] = [];
      let components = 0;
      for (const name of Object.keys(snapshotters)) {
        const result = await snapshotters[name]!.snapshotAsync({ full: true });
        components = result.components.length;
        hashes.push(result.components.map((component) => component.hash).join(''));
      }
      return { bareNodes, components, sameHashes: hashes.every((value) => value === hashes[0]) };
    }
    case 'round':
      return roundAsync(order);
    default:
      throw new Error(`unknown phase "${phase}"`);
  }
}

(globalThis as Record<string, unknown>).__abBench = {
  start(phase: string, count: number, order: string[]): void {
    state.done = false;
    state.result = undefined;
    state.error = undefined;
    runPhaseAsync(phase, count, order).then(
      (result) => {
        state.result = result;
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
};
