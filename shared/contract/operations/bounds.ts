/**
 * Bounds the spec leaves to the project. Every string of the contract is bounded (issue 12: an
 * unbounded member let a valid request exceed the body limit), so where the spec gives no `S<n>`
 * the project chooses a generous one and says so in the operation's notes.
 */

/** Free text the spec gives no length: its usual S512. */
export const OPEN_TEXT = 512;

/**
 * A decimal-string the spec gives no length: S64, as it gives `kf`. The largest value of any unit
 * has 18 characters; the rest is room for leading zeros, which the syntax allows.
 */
export const OPEN_DECIMAL = 64;

/** The operation's note naming each member whose length the project chose. */
export function openLengths(text: readonly string[], decimals: readonly string[] = [], wider: string = ''): string {
  const parts = [
    text.length > 0 ? `${text.join(', ')} S${OPEN_TEXT}` : '',
    decimals.length > 0 ? `decimal-strings ${decimals.join(', ')} S${OPEN_DECIMAL}` : '',
    wider,
  ].filter(Boolean);
  return `lengths the spec leaves open, chosen generously: ${parts.join('; ')}`;
}

/**
 * Lines of one receipt (a sale or a return) and excise stamps of one line. With free text at its
 * worst (request-size.ts), 100 lines of 20 stamps keep the largest valid sale under the 1 MiB body
 * limit; a shop's receipt is far shorter, and a longer sale closes as two receipts.
 */
export const MAX_RECEIPT_LINES = 100;
export const MAX_STAMPS_PER_LINE = 20;
