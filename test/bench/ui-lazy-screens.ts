// Issue 12, a third choice for the owners: keep every screen, but leave Browse, Templates and
// Settings out of dist/ui.html and load them into the open window the first time they are asked
// for. Figma lets a manifest name several UI files (`"ui": { "main": …, "screens": … }`), which the
// sandbox reads as strings (`__uiFiles__.screens`) and could post to the window, where a script
// element runs them. This prototype builds the two parts as that would and measures them:
// - the window (dist/ui.html's part): app.tsx with the three screens swapped for stand-ins that
//   draw the real screen once it has arrived, and a registry of the modules the screens share
//   with it (Preact, the shell's components, the API clients, zod), so both use one copy of each
//   (Preact's hooks need the one Preact);
// - the screens: their own modules only, every shared import read from that registry.
// It reports both sizes (gzip level 9), the window's open time beside dist/ui.html as built (as
// window-open-time.ts: a fresh page per sample), and how long the screens' script takes to run in the open window.
// It checks that the screens' script finds every module it needs in the registry and registers
// the three screens, and, in the playground, that Browse and Settings then draw and work.
// Measured for the owners' choice, not a feature:
// `node test/support/run-ts.mjs test/bench/ui-lazy-screens.ts [--runs N] [--list]` (--list: what the screens read from the registry).
import { build, type BuildOptions, type BuildResult, type Metafile, type Plugin } from 'esbuild';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { gzipSync } from 'node:zlib';
import { minify, type MinifyOptions } from 'terser';
// @ts-expect-error build.mjs is plain JavaScript without type declarations
import * as uiBuild from '../../build.mjs';
import { startEmulator } from '../emulator/index';
import { startPlayground } from '../playground/server';
import { IN_PROCESS_IFRAMES_ARGS, launchChromiumAsync } from '../support/chromium';
import { SCREENS, uiHtmlWithoutAsync, type ScreenName } from './ui-variants';
import { medianAndRange, timeWindowOpenAsync } from './window-open-time';

const { uiHtml, uiOptions, uiTerserOptions } = uiBuild as { uiHtml: (result: BuildResult<{ write: false }>) => Promise<string>; uiOptions: BuildOptions; uiTerserOptions: MinifyOptions };

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1] ?? 15) || 15;
const ROOT = process.cwd();
const UI = resolve(ROOT, 'ui');
const LAZY: readonly ScreenName[] = ['Browse', 'Templates', 'Settings'];

/** In the window: each lazy screen draws the real one once the screens' script has registered it. */
const standIns = (): Plugin => ({
  name: 'lazy-stand-ins',
  setup(bundle) {
    for (const name of LAZY) {
      const { module } = SCREENS[name];
      bundle.onResolve({ filter: new RegExp(`^${module.replace(/[./]/g, '\\$&')}$`) }, () => ({ path: name, namespace: 'stand-in' }));
    }
    // The window notes the sandbox's library refusals for Browse; the real note takes the library
    // client (its rate allowance) and with it the library's schemas. Kept until Browse arrives
    // instead, as a lazy window would have to (a change to library-connection.ts, not made here).
    bundle.onResolve({ filter: /^\.\/library\/library-connection$/ }, () => ({ path: 'refusals', namespace: 'stand-in' }));
    bundle.onLoad({ filter: /^refusals$/, namespace: 'stand-in' }, () => ({
      contents: 'export function noteSandboxRefusal(refusal) { (globalThis.__envelopeRefusals ??= []).push(refusal); }',
      loader: 'js',
    }));
    bundle.onLoad({ filter: /.*/, namespace: 'stand-in' }, ({ path }) => {
      const { component } = SCREENS[path as ScreenName];
      return {
        // Draws nothing until the screens' script has run (it then fires 'envelope-screens').
        contents: `import { h } from 'preact';
import { useEffect, useState } from 'preact/hooks';
export function ${component}(props) {
  const [Screen, setScreen] = useState(() => globalThis.__envelopeScreens?.${component});
  useEffect(() => {
    if (Screen) return undefined;
    const arrived = () => setScreen(() => globalThis.__envelopeScreens?.${component});
    addEventListener('envelope-screens', arrived);
    return () => removeEventListener('envelope-screens', arrived);
  }, [Screen]);
  return Screen ? h(Screen, props) : null;
}`,
        loader: 'js',
        resolveDir: UI,
      };
    });
  },
});

const inputsOf = (metafile: Metafile): Set<string> => new Set(Object.keys(metafile.inputs).filter((path) => !path.includes(':')));

// The window without the screens, and the screens alone, to find what they share.
const windowFirst = await build({ ...uiOptions, write: false, metafile: true, plugins: [standIns()] });
const screensEntry = LAZY.map((name) => `export { ${SCREENS[name].component} } from '${SCREENS[name].module}';`).join('\n');
const screensOptions: BuildOptions = { ...uiOptions, entryPoints: undefined, outdir: undefined, outfile: resolve(ROOT, 'dist/lazy-screens.js'), write: false, stdin: { contents: screensEntry, resolveDir: UI, loader: 'ts', sourcefile: 'lazy-screens.ts' } };
const screensFirst = await build({ ...screensOptions, metafile: true });
const windowInputs = inputsOf(windowFirst.metafile);
const shared = [...inputsOf(screensFirst.metafile)].filter((path) => windowInputs.has(path)).sort();

// What the screens import from the modules they share with the window, by name (read from their
// sources; a namespace import or `export *` takes the whole module). Only those are registered,
// so the window's bundle keeps its tree-shaking.
const sharedSet = new Set(shared);
/** The whole module (no export can be named so). */
const WHOLE = '*';
const needs = new Map<string, Set<string> | typeof WHOLE>();
/** Notes that the screens read `name` of the module at `path` (WHOLE: all of it). */
const need = (path: string, name: string) => {
  const now = needs.get(path);
  if (now === WHOLE) return;
  if (name === WHOLE) needs.set(path, WHOLE);
  else needs.set(path, new Set([...(now ?? []), name]));
};
for (const [input, info] of Object.entries(screensFirst.metafile.inputs)) {
  if (sharedSet.has(input) || input.includes(':')) continue;
  const bySpecifier = new Map(info.imports.filter((item) => sharedSet.has(item.path)).map((item) => [item.original ?? item.path, item.path]));
  if (bySpecifier.size === 0) continue;
  // The JSX runtime is imported by the compiler, not the source.
  for (const [specifier, path] of bySpecifier) if (specifier.endsWith('jsx-runtime')) need(path, WHOLE);
  const source = ts.createSourceFile(input, readFileSync(resolve(ROOT, input), 'utf8'), ts.ScriptTarget.Latest, true, input.endsWith('.tsx') ? ts.ScriptKind.TSX : input.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS);
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const path = bySpecifier.get(statement.moduleSpecifier.text);
      const clause = statement.importClause;
      if (path === undefined || clause?.isTypeOnly) continue;
      if (clause === undefined) needs.set(path, needs.get(path) ?? new Set());
      else {
        if (clause.name) need(path, 'default');
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) namespaceMembers(source, bindings.name, (name) => need(path, name));
        else if (bindings) for (const element of bindings.elements) if (!element.isTypeOnly) need(path, (element.propertyName ?? element.name).text);
      }
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) && !statement.isTypeOnly) {
      const path = bySpecifier.get(statement.moduleSpecifier.text);
      if (path === undefined) continue;
      const clause = statement.exportClause;
      if (clause === undefined || !ts.isNamedExports(clause)) need(path, WHOLE);
      else for (const element of clause.elements) if (!element.isTypeOnly) need(path, (element.propertyName ?? element.name).text);
    }
  }
}
/**
 * The members a namespace import is read by (`z.object`): those are what the module must give.
 * Used any other way (passed on whole), every member (WHOLE). Type positions (`z.infer`) are erased.
 */
function namespaceMembers(source: ts.SourceFile, local: ts.Identifier, found: (name: string) => void): void {
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === local.text && node !== local) {
      const parent = node.parent;
      if (ts.isPropertyAccessExpression(parent) && parent.expression === node) found(parent.name.text);
      else if (!ts.isQualifiedName(parent)) found(WHOLE);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

const unread: string[] = [];
for (const [input, info] of Object.entries(screensFirst.metafile.inputs)) {
  if (sharedSet.has(input) || input.includes(':')) continue;
  for (const item of info.imports) if (sharedSet.has(item.path) && !needs.has(item.path)) unread.push(`${input} → ${item.path}`);
}
if (unread.length > 0) throw new Error(`imports of shared modules not read from the source: ${unread.join('; ')}`);

// The window with the registry of those exports.
const registryLines: string[] = [];
const registryEntries: string[] = [];
[...needs].forEach(([path, names], index) => {
  const from = JSON.stringify(resolve(ROOT, path));
  if (names === WHOLE) {
    registryLines.push(`import * as m${index} from ${from};`);
    registryEntries.push(`${JSON.stringify(path)}: { __esModule: true, ...m${index} }`);
  } else {
    const list = [...names];
    registryLines.push(list.length === 0 ? `import ${from};` : `import { ${list.map((name, at) => `${name} as m${index}_${at}`).join(', ')} } from ${from};`);
    registryEntries.push(`${JSON.stringify(path)}: { __esModule: true, ${list.map((name, at) => `${JSON.stringify(name)}: m${index}_${at}`).join(', ')} }`);
  }
});
const registry = `${registryLines.join('\n')}
globalThis.__envelopeShared = { ${registryEntries.join(', ')} };
import './main.tsx';`;
const windowBuild = await build({ ...uiOptions, entryPoints: undefined, stdin: { contents: registry, resolveDir: UI, loader: 'ts', sourcefile: 'window.ts' }, write: false, plugins: [standIns()] });
const windowHtml = await uiHtml(windowBuild);
const registered = [...needs.keys()];
if (args.includes('--list')) for (const [path, names] of needs) console.log(path, names === WHOLE ? 'all of it' : [...names].join(' '));

// The screens, each shared import read from the registry.
const fromRegistry: Plugin = {
  name: 'shared-from-registry',
  setup(bundle) {
    bundle.onResolve({ filter: /.*/ }, async (found) => {
      if (found.pluginData === 'resolving' || found.kind === 'entry-point') return undefined;
      const resolved = await bundle.resolve(found.path, { importer: found.importer, resolveDir: found.resolveDir, kind: found.kind, pluginData: 'resolving' });
      if (resolved.errors.length > 0) return undefined;
      const path = relative(ROOT, resolved.path);
      return registered.includes(path) ? { path, namespace: 'registry' } : { path: resolved.path };
    });
    bundle.onLoad({ filter: /.*/, namespace: 'registry' }, ({ path }) => ({
      contents: `const found = globalThis.__envelopeShared[${JSON.stringify(path)}]; if (!found) throw new Error('not in the registry: ' + ${JSON.stringify(path)}); module.exports = found;`,
      loader: 'js',
    }));
  },
};
const screensBuild = await build({ ...screensOptions, format: 'iife', globalName: '__envelopeScreens', plugins: [fromRegistry] });
const screensJs = (await minify(screensBuild.outputFiles!.find((file) => file.path.endsWith('.js'))!.text, uiTerserOptions)).code ?? '';
const screensScript = `${screensJs}\ndispatchEvent(new Event('envelope-screens'));`;
if (screensBuild.outputFiles!.some((file) => file.path.endsWith('.css') && file.text.trim() !== '')) throw new Error('the screens brought CSS of their own: measure it too');

const builtHtml = await uiHtmlWithoutAsync([]);
const kB = (text: string) => `${(Buffer.byteLength(text) / 1024).toFixed(1)} kB`;
const gz = (text: string) => `${(gzipSync(text, { level: 9 }).length / 1024).toFixed(1)} kB`;
console.log(`modules both use: ${shared.length}; read by the screens from the window's registry: ${registered.length} (${[...needs.values()].filter((names) => names === WHOLE).length} whole)`);
console.log('| part | raw | gzipped |');
console.log('| --- | ---: | ---: |');
console.log(`| dist/ui.html as built | ${kB(builtHtml)} | ${gz(builtHtml)} |`);
console.log(`| the window (ui.html, lazy) | ${kB(windowHtml)} | ${gz(windowHtml)} |`);
console.log(`| the screens (second UI file) | ${kB(screensScript)} | ${gz(screensScript)} |`);
console.log(`| both | ${kB(windowHtml + screensScript)} | ${(Number(gz(windowHtml).split(' ')[0]) + Number(gz(screensScript).split(' ')[0])).toFixed(1)} kB |`);

/**
 * The lazy window in the playground (the real dist/code.js against the fake Figma, the library
 * emulator behind): opened on Browse it draws no screen; with the screens' script run in it (as
 * the sandbox's message would have it run), Browse shows the library's emails and Settings its
 * key field. The script is put in through the test driver, standing in for that message.
 */
async function checkInPlaygroundAsync(): Promise<string> {
  const dist = mkdtempSync(join(tmpdir(), 'envelope-lazy-'));
  writeFileSync(join(dist, 'ui.html'), windowHtml);
  copyFileSync(resolve(ROOT, 'dist/code.js'), join(dist, 'code.js'));
  const emulator = await startEmulator({ limits: 'relaxed' });
  const playground = await startPlayground({ distDir: dist, emulator: { libraryUrl: emulator.libraryUrl, builderUrl: emulator.builderUrl } });
  const browser = await launchChromiumAsync();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${playground.url}?command=browse&theme=light&demo-keys=1`);
    await page.waitForSelector('html[data-playground-ready="true"]', { state: 'attached', timeout: 40_000 });
    const ui = (await (await page.waitForSelector('iframe[data-role="plugin-iframe"]', { state: 'attached' })).contentFrame())!;
    await ui.getByRole('navigation', { name: 'Envelope screens' }).waitFor();
    const before = await ui.getByRole('list', { name: 'Emails' }).count();
    if (before !== 0) throw new Error('Browse drew before its screens arrived');
    await ui.evaluate((script) => {
      const element = document.createElement('script');
      element.textContent = script;
      document.head.append(element);
    }, screensScript);
    const emails = ui.getByRole('list', { name: 'Emails' });
    await emails.waitFor({ timeout: 20_000 });
    await emails.getByRole('button').first().waitFor({ timeout: 20_000 });
    const cards = await emails.getByRole('button').count();
    await ui.getByTestId('nav-settings').click();
    await ui.getByTestId('settings-library-replace-key').waitFor({ timeout: 10_000 });
    return `Browse showed ${cards} emails from the emulator once the screens' script ran (none before); Settings showed its library key`;
  } finally {
    await browser.close();
    await playground.close();
    await emulator.close();
    rmSync(dist, { recursive: true, force: true });
  }
}
console.log(`\nin the playground: ${await checkInPlaygroundAsync()}`);

const browser = await launchChromiumAsync(IN_PROCESS_IFRAMES_ARGS);
try {
  const builds = [
    { name: 'dist/ui.html as built', html: builtHtml, screens: null },
    { name: 'the window (lazy)', html: windowHtml, screens: screensScript },
  ];
  for (const slowDown of [1, 4]) {
    const open = new Map<string, number[]>();
    const screensMs: number[] = [];
    let sample = 0;
    for (let run = 0; run < runs; run++) {
      for (let turn = 0; turn < builds.length; turn++) {
        const { name, html, screens } = builds[(run + turn) % builds.length]!;
        sample += 1;
        const result = await timeWindowOpenAsync(browser, { html, screens, slowDown, sample });
        if (result.error !== null) throw new Error(`the screens failed in the window: ${result.error}`);
        if (result.registered !== null && LAZY.some((screen) => !result.registered!.includes(SCREENS[screen].component))) throw new Error(`the screens registered ${result.registered.join(', ')}`);
        open.set(name, [...(open.get(name) ?? []), result.openMs]);
        if (result.screensMs !== null) screensMs.push(result.screensMs);
      }
    }
    console.log(`\n${slowDown}× CPU, ${runs} samples each (median, range):`);
    for (const [name, values] of open) console.log(`  open ${name}: ${medianAndRange(values)}`);
    console.log(`  running the screens' script in the open window: ${medianAndRange(screensMs)}`);
  }
} finally {
  await browser.close();
}
