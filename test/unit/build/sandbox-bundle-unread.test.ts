import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { unreadDeclarations } from '../../support/unread-declarations';

const root = join(import.meta.dirname, '../../..');

// Known and left for their owners, each read only by the UI: a lookup table (its computed keys
// keep it in code.js too, some 200 bytes), and a schema of an error's details the window parses
// (on main since 5bd8bf49). Take a name off once it is gone from the sandbox bundle.
const KNOWN = new Set(['src/shared/sync/picture-labels.ts SUBJECT', 'src/shared/bridge/messages.ts lostSaveFactsSchema']);

// The sandbox's twin of ui-bundle-unread.test.ts: a schema only read for its type still ships in
// dist/code.js, since esbuild keeps any top-level call.
describe('the sandbox bundle', () => {
  it('holds no declaration of our own that nothing reads', async () => {
    // build.mjs's sandbox options, with names and layout kept (only the syntax minified, so
    // constants fold as they do in dist/code.js), and as a module so esbuild does not wrap it.
    const result = await build({
      entryPoints: [join(root, 'src/main.ts')],
      bundle: true,
      write: false,
      outfile: join(root, 'dist/unread-check/code.js'),
      format: 'esm',
      platform: 'neutral',
      target: 'es2017',
      mainFields: ['module', 'main'],
      tsconfig: join(root, 'src/tsconfig.json'),
      define: { 'process.env.NODE_ENV': '"production"' },
      minifySyntax: true,
      logLevel: 'silent',
    });
    const script = result.outputFiles[0]?.text ?? '';
    const ours = unreadDeclarations(script).filter(
      (declaration) => !declaration.file.includes('node_modules/') && !KNOWN.has(`${declaration.file} ${declaration.name}`),
    );
    expect(ours).toEqual([]);
  }, 30_000);
});
