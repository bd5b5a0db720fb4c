// The repository's root directory, found from this module's own source file: run-ts.mjs keeps
// each module's import.meta.url when it bundles (the bundle itself may sit in another checkout's
// node_modules, linked from a git worktree, whose root and dist/ are not this one's).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function findRepositoryRoot(start: string = fileURLToPath(import.meta.url)): string {
  let directory = dirname(start);
  for (;;) {
    if (existsSync(join(directory, 'build.mjs')) && existsSync(join(directory, 'package.json'))) return directory;
    const parent = dirname(directory);
    if (parent === directory) throw new Error(`Could not find the repository root (a folder with build.mjs) above ${start}.`);
    directory = parent;
  }
}
