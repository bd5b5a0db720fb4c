// How big dist/ui.html would be without some of the plugin window's screens (issue 12's budget:
// ≤ 60 kB gzipped): the real UI build (build.mjs's options, terser, ui/index.html) with each
// screen left out swapped for one that draws nothing, so what only it uses drops out of the bundle.
// Measured for the owners' choice, not a feature: `node test/support/run-ts.mjs test/bench/ui-without-screens.ts`.
import { build, type BuildOptions, type BuildResult, type Plugin } from 'esbuild';
import { gzipSync } from 'node:zlib';
// @ts-expect-error build.mjs is plain JavaScript without type declarations
import * as uiBuild from '../../build.mjs';

const { uiHtml, uiOptions } = uiBuild as { uiHtml: (result: BuildResult<{ write: false }>) => Promise<string>; uiOptions: BuildOptions };

/** Each screen of the plugin window: the module app.tsx imports it from, and its component. */
const SCREENS = {
  Browse: { module: './library/library-screen', component: 'LibraryScreen' },
  Sync: { module: './sync/sync-screen', component: 'SyncScreen' },
  Templates: { module: './templates/templates-screen', component: 'TemplatesScreen' },
  Settings: { module: './settings/settings-screen', component: 'SettingsScreen' },
} as const;
type ScreenName = keyof typeof SCREENS;

/** Swaps the named screens for empty ones, noting in `swapped` each one it met. */
const leftOut = (names: readonly ScreenName[], swapped: Set<ScreenName>): Plugin => ({
  name: 'screens-left-out',
  setup(bundle) {
    for (const name of names) {
      const { module } = SCREENS[name];
      bundle.onResolve({ filter: new RegExp(`^${module.replace(/[./]/g, '\\$&')}$`) }, () => {
        swapped.add(name);
        return { path: name, namespace: 'left-out' };
      });
    }
    bundle.onLoad({ filter: /.*/, namespace: 'left-out' }, ({ path }) => ({
      contents: `export function ${SCREENS[path as ScreenName].component}() { return null; }`,
      loader: 'js',
    }));
  },
});

async function gzippedKbAsync(names: readonly ScreenName[]): Promise<string> {
  const swapped = new Set<ScreenName>();
  const result = await build({ ...uiOptions, write: false, plugins: [leftOut(names, swapped)] });
  // A screen app.tsx no longer imports by that path would quietly measure as built.
  const missed = names.filter((name) => !swapped.has(name));
  if (missed.length > 0) throw new Error(`app.tsx does not import ${missed.map((name) => SCREENS[name].module).join(', ')}: update SCREENS`);
  const html = await uiHtml(result);
  return (gzipSync(html, { level: 9 }).length / 1024).toFixed(1);
}

const LEFT_OUT: ReadonlyArray<readonly ScreenName[]> = [
  [],
  ['Templates'],
  ['Sync'],
  ['Browse'],
  ['Sync', 'Templates'],
  ['Browse', 'Templates'],
  ['Sync', 'Templates', 'Settings'],
  ['Browse', 'Templates', 'Settings'],
];

console.log('| left out | dist/ui.html gzipped (kB) |\n| --- | --- |');
for (const names of LEFT_OUT) console.log(`| ${names.length === 0 ? 'nothing (as built)' : names.join(', ')} | ${await gzippedKbAsync(names)} |`);
