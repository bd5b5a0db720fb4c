// Builds a benchmark entry the way build.mjs builds the sandbox (IIFE, es2017, minified,
// production), as one script to evaluate inside quickjs-emscripten.
import { build } from 'esbuild';

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
