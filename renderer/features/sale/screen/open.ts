/** Which dialog of the sale screen is open, and what it is about. */
import type { Candidate } from '../actions/types.js';

export type Open =
  | { readonly kind: 'cash' | 'cancel' | 'search' | 'parked' }
  | { readonly kind: 'quantity' | 'stamps' | 'remove' | 'manual'; readonly code: string }
  | { readonly kind: 'age' | 'weigh'; readonly candidate: Candidate }
  | { readonly kind: 'return'; readonly link: string };
