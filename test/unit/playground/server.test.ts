// The playground server: the page, its bundled script, and the build read fresh from dist/.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlayground, type Playground } from '../../playground/server';

let distDir: string;
let playground: Playground;

beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'envelope-playground-'));
  playground = await startPlayground({ distDir, emulator: { libraryUrl: 'http://127.0.0.1:1', builderUrl: 'http://127.0.0.1:2' } });
}, 60_000);

afterAll(async () => {
  await playground?.close();
  await rm(distDir, { recursive: true, force: true });
});

async function getAsync(path: string): Promise<{ status: number; type: string | null; text: string }> {
  const response = await fetch(new URL(path, playground.url));
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

describe('the playground server', () => {
  it('serves the page with the emulator URLs and links its script and styles', async () => {
    const page = await getAsync('/');
    expect(page.status).toBe(200);
    expect(page.type).toContain('text/html');
    expect(page.text).toContain('"libraryUrl":"http://127.0.0.1:1"');
    // figma's fetch may reach what the manifest allows in development, and the emulator.
    expect(page.text).toContain('"https://app.templatebuilder.example"');
    expect(page.text).toContain('"http://127.0.0.1:4011"');
    expect(page.text).toContain('"http://127.0.0.1:2"');
    expect(page.text).toContain('<script src="/page.js"></script>');
    const script = await getAsync('/page.js');
    expect(script.status).toBe(200);
    expect(script.text).toContain('__playground');
    const styles = await getAsync('/page.css');
    expect(styles.text).toContain('.plugin-window');
  });

  it('reads code.js and ui.html from dist on every request, so a rebuild shows on reload', async () => {
    await writeFile(join(distDir, 'code.js'), 'first build');
    expect((await getAsync('/code.js')).text).toBe('first build');
    await writeFile(join(distDir, 'code.js'), 'second build');
    const second = await getAsync('/code.js');
    expect(second.text).toBe('second build');
    expect(second.type).toContain('text/javascript');
    await writeFile(join(distDir, 'ui.html'), '<p>ui</p>');
    expect(await getAsync('/ui.html')).toMatchObject({ status: 200, text: '<p>ui</p>' });
  });

  it('says to build first when dist has no build, and names unknown paths', async () => {
    await rm(join(distDir, 'ui.html'), { force: true }); // whether or not another test built one
    const missing = await getAsync('/ui.html');
    expect(missing.status).toBe(503);
    expect(missing.text).toContain('Run `npm run build`');
    const unknown = await getAsync('/nope');
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('Nothing at /nope');
  });
});
