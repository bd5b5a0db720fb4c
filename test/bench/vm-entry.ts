// What the benchmark evaluates inside QuickJS (and, for comparison, in Node): the fake Figma,
// a generated document, the snapshot module and the bare traversal, driven phase by phase by
// the host through `globalThis.__snapshotBench`. Bundled like the plugin's sandbox code.
import { createFakeFigma } from '../fake-figma';
import { createSnapshotter, type Snapshotter } from '../../src/snapshot';
import { bareTraversalAsync } from './bare-traversal';
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

// Yield as the plugin would, but through the job queue (QuickJS has no timers): the host
// regains control between jobs, so it can sample memory while a phase runs.
function yieldAsync(): Promise<void> {
  sampler?.();
  return Promise.resolve();
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
    runPhaseAsync(phase, count).then(
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
  setSampler(fn: (() => void) | null): void {
    sampler = fn;
  },
};
