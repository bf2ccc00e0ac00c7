/**
 * Prints the plain closing line CI reads. `npm test` runs vitest first and then Playwright, so
 * this line also adds vitest's counts (saved by vitest.summary-reporter.ts): one total for the run.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { VITEST_COUNTS_FILE } from '../vitest.summary-reporter.js';

export default class SummaryReporter implements Reporter {
  private passed = 0;
  private failed = 0;
  private skipped = 0;

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.retry < test.retries && result.status !== 'passed' && result.status !== 'skipped') return;
    // A test marked test.fail() (a known product bug) that failed went as expected: Playwright counts it passed too.
    if (result.status === 'passed' || (result.status === 'failed' && test.expectedStatus === 'failed')) this.passed++;
    else if (result.status === 'skipped') this.skipped++;
    else this.failed++;
  }

  onEnd(_result: FullResult): void {
    process.stdout.write(`\nplaywright: ${this.passed} passed, ${this.failed} failed, ${this.skipped} skipped\n`);
    if (!existsSync(VITEST_COUNTS_FILE)) return;
    const v = JSON.parse(readFileSync(VITEST_COUNTS_FILE, 'utf8')) as { passed: number; failed: number; skipped: number };
    process.stdout.write(
      `all: ${v.passed + this.passed} passed, ${v.failed + this.failed} failed, ${v.skipped + this.skipped} skipped\n`,
    );
  }
}
