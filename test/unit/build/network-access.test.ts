import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, cpSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error build.mjs is plain JavaScript without type declarations
import { checkNetworkAccess } from '../../../build.mjs';

const check = checkNetworkAccess as (manifest: unknown, hosts: string[]) => string[];
const root = join(import.meta.dirname, '../../..');

describe('manifest networkAccess check', () => {
  it('covers exact origins, wildcard subdomains and path prefixes', () => {
    const manifest = { networkAccess: { allowedDomains: ['https://api.example.com', '*.images.example.com', 'example.org/api/'] } };
    expect(check(manifest, ['https://api.example.com', 'https://cdn.images.example.com', 'https://example.org/api/v1'])).toEqual([]);
  });

  it('names each host that is not covered', () => {
    const manifest = { networkAccess: { allowedDomains: ['https://api.example.com'] } };
    expect(check(manifest, ['https://api.example.com', 'https://other.example.com', 'http://api.example.com'])).toEqual([
      'https://other.example.com is not in networkAccess.allowedDomains',
      'http://api.example.com is not in networkAccess.allowedDomains',
    ]);
    expect(check({}, ['https://a.example'])).toEqual(['manifest.json has no networkAccess.allowedDomains']);
    expect(check({ networkAccess: { allowedDomains: ['none'] } }, ['https://a.example'])[0]).toMatch(/"none"/);
  });

  it('the shipped manifest covers every configured host', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8')) as unknown;
    const hosts = JSON.parse(readFileSync(join(root, 'src/shared/config/api-hosts.json'), 'utf8')) as { library: string; builder: string; images: string[] };
    expect(check(manifest, [hosts.library, hosts.builder, ...hosts.images])).toEqual([]);
  });

  it('the build fails with a clear message when a configured host is not covered', () => {
    const dir = mkdtempSync(join(tmpdir(), 'envelope-build-'));
    cpSync(join(root, 'build.mjs'), join(dir, 'build.mjs'));
    cpSync(join(root, 'src/shared/config'), join(dir, 'src/shared/config'), { recursive: true });
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
    const manifest = JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8')) as { networkAccess: { allowedDomains: string[] } };
    manifest.networkAccess.allowedDomains = manifest.networkAccess.allowedDomains.filter((d) => !d.includes('templatebuilder'));
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
    let output = '';
    try {
      execFileSync(process.execPath, [join(dir, 'build.mjs')], { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      output = String((error as { stderr?: string }).stderr);
    }
    expect(output).toMatch(/build failed: manifest.json networkAccess does not cover the configured hosts:\n\s+https:\/\/app.templatebuilder.example is not in networkAccess.allowedDomains/);
  });
});
