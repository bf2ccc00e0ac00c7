/** What the sale's actions answer the screen: a scan's, a stamp's, a close's and a manual price's results, and a payment. */
import type { CardOutcome, CatalogItem } from '../../../../shared/bridge/api.js';
import type { Dec } from '../../../money/money.js';
import type { SaleProblem, Tender } from '../close-request.js';
import type { Found } from '../sale-lines.js';

/** What a product scan found, and what the till knows of it from its catalogue copy. */
export interface Candidate {
  readonly found: Found;
  readonly item: CatalogItem | null;
  /** The code came from the scale's label (the weight is in it). */
  readonly weighed: boolean;
}

export type ScanResult =
  | { readonly kind: 'line'; readonly code: string; readonly needsStamps: boolean }
  /** Goods for adults only: the buyer's age is to be checked before the line is added. */
  | { readonly kind: 'age'; readonly candidate: Candidate }
  /** Goods by weight scanned by their plain barcode: the weight is to be typed (or their scale label scanned). */
  | { readonly kind: 'weigh'; readonly candidate: Candidate }
  | { readonly kind: 'stamp'; readonly code: string; readonly stamp: string; readonly result: StampResult }
  /** The receipt, or the line, holds as much as one receipt may: said, and nothing added. */
  | { readonly kind: 'card' | 'unknown' | 'misread' | 'failed' | 'full' };

export type StampResult =
  | { readonly kind: 'added'; readonly queued: boolean }
  | { readonly kind: 'empty' | 'here' }
  /** Not a stamp at all: a product's barcode, a bare number, another format. */
  | { readonly kind: 'notStamp'; readonly problem: 'barcode' | 'number' | 'format' | 'product' }
  | { readonly kind: 'refused' | 'unknown' | 'failed'; readonly error: unknown };

export type CloseResult =
  | { readonly kind: 'closed' }
  | { readonly kind: 'problem'; readonly problem: SaleProblem }
  | { readonly kind: 'refused' | 'failed'; readonly error: unknown }
  /** The card terminal did not approve the card part (declined, away, or its outcome unknown): the sale stays open. */
  | { readonly kind: 'card'; readonly outcome: Exclude<CardOutcome, { status: 'approved' }> }
  /** The terminal approved, and the back office refused the close at once; the till voided the payment, or could not. */
  | { readonly kind: 'cardRefused'; readonly error: unknown; readonly voided: boolean };

export type ManualResult =
  | { readonly kind: 'confirmed'; readonly manager: string }
  | { readonly kind: 'wrongPin'; readonly attemptsLeft: number }
  | { readonly kind: 'locked'; readonly until: string }
  | { readonly kind: 'failed'; readonly error: unknown };

export interface Payment {
  readonly tenders: readonly Tender[];
  /** The card part is paid on the bank card terminal first (cardSale); otherwise it was typed in by hand. */
  readonly byTerminal?: boolean;
  /** Cash handed over by the buyer. */
  readonly cashGiven: Dec;
  /** The mixed-payment split to store with the sale document before the close. */
  readonly mixed?: {
    readonly nal: Dec;
    readonly bn: Dec;
    readonly debt: Dec;
    readonly bonus: Dec;
    readonly cert: Dec;
    readonly certNumber: string;
  };
}
