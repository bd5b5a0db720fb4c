// The playground's web server: the page, its script (bundled from page.ts once at start), and the
// REAL build from dist/ — read fresh on every request, so a rebuild shows up on reload.
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { EmulatorUrls } from './page-config';
import { renderPageHtml } from './page-html';
import { findRepositoryRoot } from './repository-root';

export interface PlaygroundOptions {
  /** 0 (the default) picks any free port. */
  port?: number;
  host?: string;
  /** The emulator the page offers ("Use emulator demo keys"); omit to run without one. */
  emulator?: EmulatorUrls;
  /** Where code.js and ui.html are read from; defaults to the repository's dist/. */
  distDir?: string;
}

export interface Playground {
  url: string;
  close(): Promise<void>;
}

const repositoryRoot = findRepositoryRoot();
const playgroundDir = join(repositoryRoot, 'test/playground');

interface PageAssets {
  script: string;
  styles: string;
}

/** Bundles the page script and its styles in memory. */
export async function bundlePageAsync(): Promise<PageAssets> {
  const result = await build({
    entryPoints: [join(playgroundDir, 'page.ts'), join(playgroundDir, 'page.css')],
    outdir: join(repositoryRoot, 'node_modules/.cache/envelope/playground'),
    write: false,
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2020',
    sourcemap: 'inline',
    logLevel: 'silent',
    tsconfig: join(repositoryRoot, 'test/tsconfig.json'),
    jsx: 'automatic',
    jsxImportSource: 'preact',
  });
  const script = result.outputFiles.find((file) => file.path.endsWith('.js'))?.text;
  const styles = result.outputFiles.find((file) => file.path.endsWith('.css'))?.text;
  if (script === undefined || styles === undefined) throw new Error('Bundling the playground page produced no script or no styles.');
  return { script, styles };
}

/**
 * What the manifest grants, as Figma applies it to a plugin in development: the origins figma's
 * fetch may reach (plus the emulator's) and the permissions.
 */
async function manifestGrantsAsync(emulator: EmulatorUrls | undefined): Promise<{ allowedDomains: string[]; permissions: string[] }> {
  const manifest = JSON.parse(await readFile(join(repositoryRoot, 'manifest.json'), 'utf8')) as {
    networkAccess?: { allowedDomains?: string[]; devAllowedDomains?: string[] };
    permissions?: string[];
  };
  const access = manifest.networkAccess ?? {};
  const emulatorOrigins = emulator ? [new URL(emulator.libraryUrl).origin, new URL(emulator.builderUrl).origin] : [];
  return {
    allowedDomains: [...new Set([...(access.allowedDomains ?? []), ...(access.devAllowedDomains ?? []), ...emulatorOrigins])],
    permissions: manifest.permissions ?? [],
  };
}

function send(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, {
    'content-type': `${type}; charset=utf-8`,
    // Always the current build: never let the browser keep an old one.
    'cache-control': 'no-store',
  });
  response.end(body);
}

async function readBuildFileAsync(distDir: string, name: string): Promise<string | null> {
  try {
    return await readFile(join(distDir, name), 'utf8');
  } catch {
    return null;
  }
}

function missingBuild(name: string, distDir: string): string {
  return `${join(distDir, name)} was not found. Run \`npm run build\` (or \`node build.mjs\`) first.`;
}

export async function startPlayground(options: PlaygroundOptions = {}): Promise<Playground> {
  const distDir = options.distDir ?? join(repositoryRoot, 'dist');
  const host = options.host ?? '127.0.0.1';
  const assets = await bundlePageAsync();
  const page = renderPageHtml({ emulator: options.emulator ?? null, ...(await manifestGrantsAsync(options.emulator)) });

  async function handleAsync(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', 'http://playground').pathname;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      send(response, 405, 'text/plain', `The playground only answers GET, not ${request.method ?? 'this method'}.`);
      return;
    }
    switch (path) {
      case '/':
      case '/index.html':
        send(response, 200, 'text/html', page);
        return;
      case '/page.js':
        send(response, 200, 'text/javascript', assets.script);
        return;
      case '/page.css':
        send(response, 200, 'text/css', assets.styles);
        return;
      case '/code.js':
      case '/ui.html': {
        const name = path.slice(1);
        const text = await readBuildFileAsync(distDir, name);
        if (text === null) send(response, 503, 'text/plain', missingBuild(name, distDir));
        else send(response, 200, name.endsWith('.js') ? 'text/javascript' : 'text/html', text);
        return;
      }
      case '/favicon.ico':
        response.writeHead(204).end();
        return;
      default:
        send(response, 404, 'text/plain', `Nothing at ${path}. The playground serves /, /page.js, /page.css, /code.js and /ui.html.`);
    }
  }

  const server = createServer((request, response) => {
    handleAsync(request, response).catch((error: unknown) => {
      send(response, 500, 'text/plain', `The playground failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}/`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive connections from a browser would hold close() open.
        server.closeAllConnections();
      }),
  };
}
