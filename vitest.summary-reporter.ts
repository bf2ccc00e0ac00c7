/**
 * Prints the plain closing line CI reads ("vitest: N passed, N failed, N skipped"), since CI
 * does not parse vitest's own summary, and saves the counts for the end-to-end run's total.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Reporter, TestModule } from 'vitest/node';

export const VITEST_COUNTS_FILE = join(dirname(fileURLToPath(import.meta.url)), 'test-results', 'vitest-summary.json');

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      const tests = [...mod.children.allTests()];
      let failedHere = 0;
      for (const test of tests) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failedHere++;
        else skipped++;
      }
      // A file that failed to load, or in a hook outside any test, has no failed test of its own
      // (its tests are skipped or were never collected) but must still count as a failure.
      failed += mod.state() === 'failed' ? Math.max(failedHere, 1) : failedHere;
    }
    mkdirSync(dirname(VITEST_COUNTS_FILE), { recursive: true });
    writeFileSync(VITEST_COUNTS_FILE, JSON.stringify({ passed, failed, skipped }));
    process.stdout.write(`\nvitest: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
