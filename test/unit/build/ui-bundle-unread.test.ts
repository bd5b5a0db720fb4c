import { join } from 'node:path';
import { build, type BuildOptions } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { unreadDeclarations } from '../../support/unread-declarations';
// @ts-expect-error build.mjs is plain JavaScript without type declarations
import * as uiBuild from '../../../build.mjs';

const { uiOptions } = uiBuild as { uiOptions: BuildOptions };

const root = join(import.meta.dirname, '../../..');

describe('finding top-level declarations nothing reads', () => {
  it('finds one nothing names, and one named only by such a declaration', () => {
    const bundle = [
      '// a.ts',
      'var schema = make({});',
      'var unread = make({ inner: schema2 });',
      'var schema2 = make({});',
      '// b.ts',
      'function used() { return schema; }',
      'class Lonely {}',
      'render(used());',
    ].join('\n');
    expect(unreadDeclarations(bundle)).toEqual([
      { name: 'unread', file: 'a.ts' },
      { name: 'schema2', file: 'a.ts' },
      { name: 'Lonely', file: 'b.ts' },
    ]);
  });

  it('does not take a property of the same name for a read', () => {
    const bundle = '// a.ts\nvar lone = 1;\nvar other = 2;\nrender({ lone: other }, x.lone);';
    expect(unreadDeclarations(bundle)).toEqual([{ name: 'lone', file: 'a.ts' }]);
  });
});

describe('the UI bundle', () => {
  it('holds no declaration of our own that nothing reads', async () => {
    // build.mjs's UI options, unminified so the names stay (dist/ui.html is this, minified), and
    // as a module so each declaration is at the top level.
    const result = await build({ ...uiOptions, write: false, minify: false, format: 'esm', outdir: join(root, 'dist/unread-check'), logLevel: 'silent' });
    const script = result.outputFiles.find((file) => file.path.endsWith('.js'))?.text ?? '';
    const ours = unreadDeclarations(script).filter((declaration) => !declaration.file.includes('node_modules/'));
    expect(ours).toEqual([]);
  }, 30_000);
});
