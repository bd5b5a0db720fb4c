// Bundles the plugin: src/main.ts → dist/code.js (the sandbox) and ui/ → dist/ui.html
// (one self-contained file: Figma loads the UI as a single HTML string).
// `node build.mjs --watch` rebuilds on change.
import { build, context } from 'esbuild';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { minify } from 'terser';

const watch = process.argv.includes('--watch');

// Which configured hosts a manifest's networkAccess does not cover, in words.
// Figma matches allowedDomains entries as origins, `*.domain` wildcards or origin+path prefixes.

/** @param {string} pattern @param {URL} url */
function patternCovers(pattern, url) {
  if (pattern === '*') return true;
  const withScheme = /^[a-z]+:\/\//i.test(pattern) ? pattern : `${url.protocol}//${pattern}`;
  let target;
  try {
    target = new URL(withScheme.replace('*.', 'wildcard-placeholder.'));
  } catch {
    return false;
  }
  if (target.protocol !== url.protocol) return false;
  if (pattern.includes('*.')) {
    const suffix = target.host.replace('wildcard-placeholder.', '');
    return url.host === suffix || url.host.endsWith(`.${suffix}`);
  }
  if (target.host !== url.host) return false;
  const path = target.pathname === '/' ? '' : target.pathname;
  return url.pathname.startsWith(path) || `${url.pathname}/`.startsWith(path);
}

/**
 * @param {{networkAccess?: {allowedDomains?: string[], devAllowedDomains?: string[]}}} manifest
 * @param {string[]} hosts base URLs the plugin is configured to reach
 * @returns {string[]} one message per uncovered host
 */
export function checkNetworkAccess(manifest, hosts) {
  const allowed = manifest.networkAccess?.allowedDomains;
  if (!allowed) return ['manifest.json has no networkAccess.allowedDomains'];
  if (allowed.includes('none')) return ['networkAccess.allowedDomains is ["none"], but the plugin calls APIs'];
  const problems = [];
  for (const host of hosts) {
    let url;
    try {
      url = new URL(host);
    } catch {
      problems.push(`"${host}" is not a URL`);
      continue;
    }
    if (!allowed.some((pattern) => patternCovers(pattern, url))) {
      problems.push(`${host} is not in networkAccess.allowedDomains`);
    }
  }
  return problems;
}

const root = new URL('.', import.meta.url).pathname;

async function checkManifest() {
  const manifest = JSON.parse(await readFile(`${root}manifest.json`, 'utf8'));
  const hosts = JSON.parse(await readFile(`${root}src/shared/config/api-hosts.json`, 'utf8'));
  const problems = checkNetworkAccess(manifest, [hosts.library, hosts.builder, ...hosts.images]);
  if (problems.length > 0) {
    throw new Error(`manifest.json networkAccess does not cover the configured hosts:\n  ${problems.join('\n  ')}`);
  }
}

const common = {
  bundle: true,
  minify: !watch,
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'warning',
  define: { 'process.env.NODE_ENV': watch ? '"development"' : '"production"' },
};

/** @type {import('esbuild').BuildOptions} */
const sandboxOptions = {
  ...common,
  entryPoints: [`${root}src/main.ts`],
  outfile: `${root}dist/code.js`,
  platform: 'neutral',
  format: 'iife',
  // Figma's sandbox is a QuickJS build: modern syntax works, but stay conservative.
  target: 'es2017',
  mainFields: ['module', 'main'],
  tsconfig: `${root}src/tsconfig.json`,
};

/** @type {import('esbuild').BuildOptions} */
export const uiOptions = {
  ...common,
  entryPoints: [`${root}ui/main.tsx`],
  outdir: `${root}dist/ui-assets`,
  write: false,
  platform: 'browser',
  format: 'iife',
  target: 'es2020',
  jsx: 'automatic',
  jsxImportSource: 'preact',
  tsconfig: `${root}ui/tsconfig.json`,
  loader: { '.svg': 'text' },
};

// A second pass over esbuild's minified UI script (not in watch builds): terser's compressor and
// its name mangler, which picks short names by how often their letters occur, so the gzip gets
// smaller (about 2.7 kB off dist/ui.html). ASCII only, like esbuild's own output.
export const uiTerserOptions = { ecma: 2020, compress: { passes: 2 }, format: { ascii_only: true, comments: false } };

function sizeLine(name, text) {
  const raw = Buffer.byteLength(text);
  const gz = gzipSync(text).length;
  return `  ${name.padEnd(14)} ${(raw / 1024).toFixed(1).padStart(7)} kB  (gzip ${(gz / 1024).toFixed(1)} kB)`;
}

/**
 * ui/index.html with the UI bundle's CSS and script inlined (the script through terser, except
 * in watch builds): what dist/ui.html holds.
 * @param {import('esbuild').BuildResult<{ write: false }>} result
 */
export async function uiHtml(result) {
  const bundled = result.outputFiles.find((f) => f.path.endsWith('.js'))?.text ?? '';
  const js = watch ? bundled : ((await minify(bundled, uiTerserOptions)).code ?? '');
  const css = result.outputFiles.find((f) => f.path.endsWith('.css'))?.text ?? '';
  const template = await readFile(`${root}ui/index.html`, 'utf8');
  // `</script` inside the bundle would end the inline script early.
  const safeJs = js.replace(/<\/script/gi, '<\\/script');
  return template
    .replace('<!-- styles -->', () => `<style>${css}</style>`)
    .replace('<!-- script -->', () => `<script>${safeJs}</script>`);
}

/** Writes dist/ui.html from the UI bundle. */
async function writeUiHtml(result) {
  const html = await uiHtml(result);
  await writeFile(`${root}dist/ui.html`, html);
  return html;
}

async function buildOnce() {
  await checkManifest();
  await mkdir(`${root}dist`, { recursive: true });
  const [, ui] = await Promise.all([build(sandboxOptions), build(uiOptions)]);
  const html = await writeUiHtml(ui);
  const code = await readFile(`${root}dist/code.js`, 'utf8');
  console.log('built');
  console.log(sizeLine('dist/code.js', code));
  console.log(sizeLine('dist/ui.html', html));
}

async function watchAll() {
  await checkManifest();
  await mkdir(`${root}dist`, { recursive: true });
  const report = { name: 'report', setup(b) { b.onEnd((r) => { if (r.errors.length === 0) console.log(`rebuilt ${new Date().toLocaleTimeString()}`); }); } };
  const sandbox = await context({ ...sandboxOptions, plugins: [report] });
  const ui = await context({
    ...uiOptions,
    plugins: [report, { name: 'inline-html', setup(b) { b.onEnd(async (r) => { if (r.errors.length === 0) await writeUiHtml(r); }); } }],
  });
  await Promise.all([sandbox.watch(), ui.watch()]);
  console.log('watching src/ and ui/ …');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    await (watch ? watchAll() : buildOnce());
  } catch (error) {
    console.error(`build failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
