// The repository's root directory, found from this module's location. Walking up (rather than a
// fixed `../..`) keeps it right when run-ts.mjs has bundled this file into node_modules/.cache.
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
