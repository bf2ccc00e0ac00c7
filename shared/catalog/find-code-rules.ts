/**
 * How a scanned or typed code is looked up (pos.find_code): as a product's own code, as another
 * barcode of a product, as a weighted in-store barcode (prefix + PLU + grams), and as a discount
 * card when it starts with a card prefix. One match per reading, in that order, so the cash desk
 * can ask when a code means two things.
 *
 * Written once for both places that answer it: the back office (server/back-office/catalog/goods/
 * find-code.ts, over its SQL) and the till's offline catalogue copy (electron/core/catalog/
 * local-catalog.ts, over its memory), so a code the service finds is found the same way while the
 * service cannot be reached. Each side implements the small lookup port and turns a match into
 * its row; electron/core/catalog/find-code-parity.test.ts runs the demo catalogue through both.
 */
import { parseWeightBarcode } from '../barcodes/ean.js';
import type { ResultRowOf } from '../contract/index.js';
import type { op } from '../contract/op.js';

/** What a side can look up; each answers from its own store. */
export interface CodeLookup<Product, Card> {
  /** The product whose own code this is. */
  product(code: string): Product | undefined;
  /** The product this is another barcode of. */
  productByExtraCode(code: string): Product | undefined;
  /** The weighted product of a PLU (without leading zeros). */
  productByPlu(plu: string): Product | undefined;
  /** The discount card of this number. */
  card(code: string): Card | undefined;
}

export interface CodePrefixes {
  /** Prefixes of weighted in-store barcodes (`pref_ves`). */
  readonly weight: readonly string[];
  /** Prefixes of discount card numbers (`pref_disc`). */
  readonly card: readonly string[];
}

export type CodeMatch<Product, Card> =
  | {
      readonly kind: 'product' | 'extra' | 'weight';
      readonly product: Product;
      readonly quantity: string;
      readonly matched: string;
    }
  | { readonly kind: 'card'; readonly card: Card; readonly matched: string };

/** One piece, as the rows' quantity says it (3 places). */
export const ONE_PIECE = '1.000';

/** Grams as a quantity in kilograms with 3 places, in integers (never a binary fraction). */
export const kilograms = (grams: number): string => `${Math.floor(grams / 1000)}.${String(grams % 1000).padStart(3, '0')}`;

/** Every reading of a code, in the order the rows are answered; none for an empty code. */
export function matchCode<Product, Card>(
  raw: string,
  prefixes: CodePrefixes,
  lookup: CodeLookup<Product, Card>,
): CodeMatch<Product, Card>[] {
  const code = raw.trim();
  if (code === '') return [];
  const matches: CodeMatch<Product, Card>[] = [];
  const own = lookup.product(code);
  if (own) matches.push({ kind: 'product', product: own, quantity: ONE_PIECE, matched: code });
  const extra = lookup.productByExtraCode(code);
  if (extra) matches.push({ kind: 'extra', product: extra, quantity: ONE_PIECE, matched: code });
  const weight = parseWeightBarcode(code, prefixes.weight);
  const weighed = weight && lookup.productByPlu(weight.plu);
  if (weight && weighed)
    matches.push({ kind: 'weight', product: weighed, quantity: kilograms(weight.grams), matched: weight.plu });
  if (prefixes.card.some((prefix) => code.startsWith(prefix))) {
    const card = lookup.card(code);
    if (card) matches.push({ kind: 'card', card, matched: code });
  }
  return matches;
}

export type FoundRow = ResultRowOf<typeof op.pos.findCode>;

/** A matched product as its row says it: each side formats its own store's numbers. */
export interface FoundProduct {
  readonly code: string;
  readonly name: string;
  readonly price: string;
  readonly unit_type: string;
  readonly excise_input: string;
}

/** A matched discount card as its row says it: each side formats its own store's numbers. */
export interface FoundCardFacts {
  readonly card: string;
  readonly holder: string;
  readonly debt: string;
  readonly debt_limit: string;
  readonly bonus: string;
  readonly discount_percent: string;
}

/** Goods carry no card facts; the columns are there so every row has the same shape. */
const NO_CARD = { debt: '0.00', debt_limit: '0.00', bonus: '0.00', discount_percent: '0' } as const;

/** The rows of pos.find_code for the matches, the same on both sides. */
export function foundRows<Product, Card>(
  matches: readonly CodeMatch<Product, Card>[],
  product: (p: Product) => FoundProduct,
  card: (c: Card) => FoundCardFacts,
): FoundRow[] {
  return matches.map((m) => {
    if (m.kind === 'card') {
      const c = card(m.card);
      return {
        kind: m.kind,
        code: c.card,
        name: c.holder,
        price: '0.00',
        quantity: ONE_PIECE,
        unit_type: '',
        excise_input: '0',
        matched: m.matched,
        debt: c.debt,
        debt_limit: c.debt_limit,
        bonus: c.bonus,
        discount_percent: c.discount_percent,
      };
    }
    const p = product(m.product);
    return { kind: m.kind, ...p, quantity: m.quantity, matched: m.matched, ...NO_CARD };
  });
}
