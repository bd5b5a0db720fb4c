// Builds a benchmark entry the way build.mjs builds the sandbox (IIFE, es2017, minified,
// production), as one script to evaluate inside quickjs-emscripten.
import { build } from 'esbuild';
import type { QuickJSContext, QuickJSRuntime } from 'quickjs-emscripten';

export async function bundleForQuickJsAsync(root: string, entry: string): Promise<string> {
  const result = await build({
    entryPoints: [`${root}/${entry}`],
    bundle: true,
    write: false,
    minify: true,
    sourcemap: false,
    legalComments: 'none',
    logLevel: 'warning',
    define: { 'process.env.NODE_ENV': '"production"' },
    platform: 'neutral',
    format: 'iife',
    target: 'es2017',
    mainFields: ['module', 'main'],
    tsconfig: `${root}/test/tsconfig.json`,
  });
  return result.outputFiles[0]!.text;
}

/**
 * Runs QuickJS's pending jobs until none is left (an async phase's promises settle only as
 * jobs run): the elapsed milliseconds. A job's error stops the run, named after `what`.
 */
export function drainQuickJsJobs(runtime: QuickJSRuntime, vm: QuickJSContext, what: string): number {
  const started = performance.now();
  for (;;) {
    const jobs = runtime.executePendingJobs(500);
    if (jobs.error) {
      const message = vm.dump(jobs.error) as unknown;
      jobs.error.dispose();
      throw new Error(`QuickJS ${what}: ${JSON.stringify(message)}`);
    }
    if (jobs.value === 0) return performance.now() - started;
  }
}
