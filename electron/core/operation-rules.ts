/**
 * Which operations the desk treats apart: kept in one tiny file because these rules are moving
 * into the contract registry (shared/contract), and this file is what is swapped when they do.
 */

/** Writes of a sale still being built change nothing in the catalogue copy, so they start no read of it. */
export const DRAFT_WRITES = /^pos\.(checkout_apply_sale_line|checkout_store_mixed_payment|excise_|prro_)/;
/** Reads a sale needs while the service is unreachable, besides product lookups (the catalogue copy answers those). */
export const CACHED_READS = new Set<string>([
  'pos.find_code',
  'goods.card_main',
  'goods.card_open',
  'pos.is_etax',
  'pos.checkout_uktzed_rows',
  'checks.discount_debt',
  'pos.debt_open_rows',
]);
