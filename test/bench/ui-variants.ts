// dist/ui.html as the real UI build makes it (build.mjs's options, terser, ui/index.html), with
// some of the plugin window's screens swapped for ones that draw nothing, so what only they use
// drops out of the bundle. For measuring issue 12's choices (ui-without-screens.ts, ui-open-time.ts).
import { build, type BuildOptions, type BuildResult, type Plugin } from 'esbuild';
// @ts-expect-error build.mjs is plain JavaScript without type declarations
import * as uiBuild from '../../build.mjs';

const { uiHtml, uiOptions } = uiBuild as { uiHtml: (result: BuildResult<{ write: false }>) => Promise<string>; uiOptions: BuildOptions };

/** Each screen of the plugin window: the module app.tsx imports it from, and its component. */
export const SCREENS = {
  Browse: { module: './library/library-screen', component: 'LibraryScreen' },
  Sync: { module: './sync/sync-screen', component: 'SyncScreen' },
  Templates: { module: './templates/templates-screen', component: 'TemplatesScreen' },
  Settings: { module: './settings/settings-screen', component: 'SettingsScreen' },
} as const;
export type ScreenName = keyof typeof SCREENS;

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

/** dist/ui.html without the named screens (none: as built). */
export async function uiHtmlWithoutAsync(names: readonly ScreenName[]): Promise<string> {
  const swapped = new Set<ScreenName>();
  const result = await build({ ...uiOptions, write: false, plugins: [leftOut(names, swapped)] });
  // A screen app.tsx no longer imports by that path would quietly measure as built.
  const missed = names.filter((name) => !swapped.has(name));
  if (missed.length > 0) throw new Error(`app.tsx does not import ${missed.map((name) => SCREENS[name].module).join(', ')}: update SCREENS`);
  return uiHtml(result);
}

/** A row's name: the screens left out, or "nothing (as built)". */
export const leftOutName = (names: readonly ScreenName[]): string => (names.length === 0 ? 'nothing (as built)' : names.join(', '));
