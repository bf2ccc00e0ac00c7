/**
 * How long a code the sale looks up may be: the contract's bound on pos.find_code's code, read from
 * the registry so it is not written twice. A longer entry is no scan (a paste, a scanner gone wrong):
 * the cashier is told so in a few words, never the bridge's refusal of a parameter with the whole
 * text across the panel. A code said back to the cashier is cut to what reads at a glance.
 */
import { findOperation, op } from '../../../shared/contract/index.js';

const field = findOperation(op.pos.findCode)?.params.code as { spec?: { max?: number } } | undefined;
export const MAX_CODE_CHARS: number = field?.spec?.max ?? 512;

/** Characters of a code said back in a notice; the rest is "…". */
const SHOWN = 32;

export const shownCode = (code: string): string => (code.length > SHOWN ? `${code.slice(0, SHOWN - 1)}…` : code);

export const tooLong = (code: string): boolean => code.length > MAX_CODE_CHARS;
