/** Reading the answer of an operation performed in-process (see ../operations.ts). */
import type { RawResult } from '../../../upstream/upstream.js';

/** The first row of an answer that always has one (a priced line, a closed receipt, a new id). */
export function firstRow<T>(raw: RawResult): T {
  const row = raw.rows?.[0];
  if (row === undefined) throw new Error('the operation answered without a row');
  return row as T;
}
