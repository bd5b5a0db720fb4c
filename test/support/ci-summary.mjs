// Prints CI's last line, `N passed, N failed`, from vitest's JSON report. When the run
// stopped before vitest (typecheck, lint or build failed) that failure counts as one.
import { readFileSync } from 'node:fs';

const [reportPath, statusText] = process.argv.slice(2);
const status = Number(statusText ?? '1');
let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const report = JSON.parse(readFileSync(reportPath, 'utf8'));
  passed = report.numPassedTests ?? 0;
  failed = report.numFailedTests ?? 0;
  // A test file that failed without a failing test (an import error, a failing hook) counts once.
  for (const file of report.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed').length;
    if (file.status === 'failed' && failedTests === 0) failed += 1;
  }
  skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
} catch {
  console.log('no test report: typecheck, lint or build failed before the tests ran');
}
if (status !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
