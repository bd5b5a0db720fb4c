// How big dist/ui.html would be without some of the plugin window's screens (issue 12's budget:
// ≤ 60 kB gzipped), built by ui-variants.ts. Measured for the owners' choice, not a feature:
// `node test/support/run-ts.mjs test/bench/ui-without-screens.ts`.
import { gzipSync } from 'node:zlib';
import { leftOutName, uiHtmlWithoutAsync, type ScreenName } from './ui-variants';

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
for (const names of LEFT_OUT) {
  const gzipped = gzipSync(await uiHtmlWithoutAsync(names), { level: 9 }).length / 1024;
  console.log(`| ${leftOutName(names)} | ${gzipped.toFixed(1)} |`);
}
