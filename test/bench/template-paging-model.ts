// How often the random model of the templates list (test/support/template-paging-model.ts) leaves a
// template the list can never reach (no row, no Show more), and how often reading to the end takes
// a press of Show more that brings none. Measured for the note, not a benchmark of speed:
// `node test/support/run-ts.mjs test/bench/template-paging-model.ts [sequences]`.
import { MODEL_PAGE_SIZE, unreachedAfter } from '../support/template-paging-model';

const sequences = Number(process.argv[2] ?? 3000);
let failing = 0;
let idle = 0;
let stale = 0;
for (let seed = 0; seed < sequences; seed++) {
  const outcome = unreachedAfter(seed);
  if (outcome.unreached.length > 0) failing++;
  if (outcome.idle > 0) idle++;
  if (outcome.stale.length > 0) stale++;
}
const share = (count: number) => `${((count / sequences) * 100).toFixed(1)} %`;
console.log(`${MODEL_PAGE_SIZE} to a page, ${sequences} sequences: ${failing} (${share(failing)}) leave a template unreachable; in ${idle} (${share(idle)}) reading to the end took a press of Show more that brought no template; ${stale} (${share(stale)}) end with a row of a template deleted.`);
