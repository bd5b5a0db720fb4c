import { build } from 'esbuild';
import { getQuickJS } from 'quickjs-emscripten';
import { describe, expect, it } from 'vitest';
import { runScenarioAsync } from './quickjs-scenario';

/** Bundles the scenario without Node built-ins and runs it in a fresh QuickJS context. */
async function runInQuickJsAsync(): Promise<unknown> {
  const bundled = await build({
    entryPoints: [new URL('./quickjs-scenario.ts', import.meta.url).pathname],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'Scenario',
    platform: 'neutral',
    target: 'es2020',
  });
  const QuickJS = await getQuickJS();
  const runtime = QuickJS.newRuntime();
  runtime.setMemoryLimit(512 * 1024 * 1024);
  const context = runtime.newContext();
  try {
    const source = `${bundled.outputFiles[0]!.text}
      globalThis.__state = { done: false };
      Scenario.runScenarioAsync().then(
        (result) => { globalThis.__state = { done: true, result: JSON.stringify(result, (k, v) => v instanceof Uint8Array ? Array.from(v) : v) }; },
        (error) => { globalThis.__state = { done: true, error: String(error && error.stack || error) }; },
      );`;
    context.unwrapResult(context.evalCode(source, 'scenario.js')).dispose();
    for (let i = 0; i < 1_000_000; i++) {
      const stateHandle = context.unwrapResult(context.evalCode('JSON.stringify(globalThis.__state)'));
      const state = JSON.parse(context.getString(stateHandle)) as { done: boolean; result?: string; error?: string };
      stateHandle.dispose();
      if (state.done) {
        if (state.error) throw new Error(`in QuickJS: ${state.error}`);
        return JSON.parse(state.result!);
      }
      const jobs = runtime.executePendingJobs();
      if (jobs.error) {
        const message = context.dump(jobs.error);
        jobs.error.dispose();
        throw new Error(`QuickJS job failed: ${JSON.stringify(message)}`);
      }
    }
    throw new Error('QuickJS scenario did not finish');
  } finally {
    context.dispose();
    runtime.dispose();
  }
}

describe('the fake inside QuickJS (no Node or DOM APIs)', () => {
  it('builds the demo document and behaves exactly as in Node', async () => {
    const inNode = JSON.parse(JSON.stringify(await runScenarioAsync(), (_k, v: unknown) => (v instanceof Uint8Array ? Array.from(v) : v)));
    const inQuickJs = await runInQuickJsAsync();
    expect(inNode.nodes).toBeGreaterThan(100);
    expect(inNode.errors).toEqual([
      expect.stringContaining('Cannot call with documentAccess: dynamic-page'),
      expect.stringContaining('cannot exceed 100 kB'),
      expect.stringContaining('could not be cloned'),
    ]);
    expect(inNode.received).toEqual([{ type: 'ready', bytes: [1, 2, 3] }]);
    expect(inQuickJs).toEqual(inNode);
  }, 120_000);
});
