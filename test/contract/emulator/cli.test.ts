// `npm run emulator`: the first stdout line is the JSON with both URLs; SIGTERM stops it cleanly.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../..', import.meta.url).pathname;

function runCli(args: string[]) {
  const child = spawn(process.execPath, ['test/support/run-ts.mjs', 'test/emulator/cli.ts', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { child, exited, stderr: () => stderr };
}

describe('emulator CLI', () => {
  it('prints the URLs as its first line, serves both APIs and stops on SIGTERM', async () => {
    const { child, exited } = runCli(['--library-port', '0', '--builder-port', '0', '--relaxed', '--seed', '3']);
    const lines = createInterface({ input: child.stdout });
    const first = await new Promise<string>((resolve) => lines.once('line', resolve));
    const urls = JSON.parse(first) as Record<string, string>;
    expect(Object.keys(urls)).toEqual(['library', 'builder']);
    expect(urls['library']).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(urls['builder']).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const state = (await (await fetch(`${urls['builder']}/_emulator/state`)).json()) as { library: { base_url: string } };
    expect(state.library.base_url).toBe(urls['library']);
    expect((await fetch(`${urls['library']}/v1/emails?per_page=1`)).status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('refuses an unknown option with a message and exit code 2', async () => {
    const { exited, stderr } = runCli(['--port', '1']);
    expect(await exited).toBe(2);
    expect(stderr()).toContain('Unknown option --port');
  });
});
