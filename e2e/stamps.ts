/**
 * Excise stamps for end-to-end tests, in the format of a real stamp (shared/excise/stamp-format.ts)
 * and never seen by the demo shop (its own series is AAKZ): a series of this test run, a number.
 */
const run = String(Date.now() % 1_000_000).padStart(6, '0');

export const testStamp = (n: number, series = 'EETT'): string => `${series}${run} ${String(n).padStart(10, '0')}`;
