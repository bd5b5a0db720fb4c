// `npm start` (and the benches) run through run-ts.mjs, which bundles into node_modules/.cache. In
// a git worktree whose node_modules is a link to another checkout's, Node reads the bundle at the
// link's target: the root found from there was the other checkout's, and its dist/ was served.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findRepositoryRoot } from '../../playground/repository-root';

const root = resolve(import.meta.dirname, '../../..');
const checkouts: string[] = [];

/** A checkout with the root markers, run-ts.mjs and repository-root.ts, its node_modules linked to this one's. */
function linkedCheckout(): string {
  const checkout = realpathSync(mkdtempSync(join(tmpdir(), 'envelope-worktree-')));
  checkouts.push(checkout);
  for (const file of ['build.mjs', 'package.json', 'test/support/run-ts.mjs', 'test/playground/repository-root.ts']) {
    mkdirSync(join(checkout, file, '..'), { recursive: true });
    copyFileSync(join(root, file), join(checkout, file));
  }
  symlinkSync(realpathSync(join(root, 'node_modules')), join(checkout, 'node_modules'));
  writeFileSync(join(checkout, 'test/print-root.ts'), "import { findRepositoryRoot } from './playground/repository-root';\nconsole.log(findRepositoryRoot());\n");
  return checkout;
}

afterAll(() => {
  for (const checkout of checkouts) rmSync(checkout, { recursive: true, force: true });
});

describe('findRepositoryRoot', () => {
  it('finds this checkout from the source', () => {
    expect(findRepositoryRoot()).toBe(root);
  });

  it('finds the checkout run-ts.mjs ran in, not the one its linked node_modules belongs to', () => {
    const checkout = linkedCheckout();
    const printed = execFileSync(process.execPath, ['test/support/run-ts.mjs', 'test/print-root.ts'], { cwd: checkout, encoding: 'utf8' });
    expect(printed.trim()).toBe(checkout);
  }, 30_000);
});
