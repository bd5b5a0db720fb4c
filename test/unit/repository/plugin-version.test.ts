import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PLUGIN_VERSION } from '../../../src/handlers';

// The sandbox cannot read package.json at run time, so the version it sends with each sync is a
// constant: this keeps the two from drifting apart.
describe('PLUGIN_VERSION', () => {
  it('is package.json’s version', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(PLUGIN_VERSION).toBe(manifest.version);
  });
});
