// Runs a TypeScript entry point under Node 20 (which cannot strip types): bundles it with
// esbuild into node_modules/.cache and imports the result. Usage: node run-ts.mjs FILE.ts [args…]
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { resolve, basename, extname } from 'node:path';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node test/support/run-ts.mjs FILE.ts [args…]');
  process.exit(2);
}
const root = resolve(new URL('../..', import.meta.url).pathname);
// Node reads the bundle at node_modules' real place, which in a git worktree is the checkout its
// node_modules links to: each source module keeps its own import.meta.url instead, so what it
// finds from there (the repository root, dist/) is this checkout's. build.mjs too: bundled, it
// would take the bundle for its root, and for itself run as a script.
const ownModuleUrl = {
  name: 'own-module-url',
  setup(build) {
    build.onLoad({ filter: /\.(tsx?|mjs)$/ }, async ({ path }) => ({
      contents: (await readFile(path, 'utf8')).replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href)),
      loader: extname(path) === '.mjs' ? 'js' : extname(path).slice(1),
    }));
  },
};
const outfile = resolve(root, 'node_modules/.cache/envelope', `${basename(entry).replace(/\.tsx?$/, '')}-${process.pid}.mjs`);
await build({
  entryPoints: [resolve(entry)],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'inline',
  jsx: 'automatic',
  jsxImportSource: 'preact',
  logLevel: 'warning',
  plugins: [ownModuleUrl],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
process.argv = [process.argv[0], outfile, ...args];
await import(pathToFileURL(outfile).href);
