/**
 * A barcode scanner types like a keyboard: a burst of characters a few milliseconds apart, then
 * Enter. A person types far slower and edits. Telling the two apart matters where typing by hand
 * is dangerous (excise stamps: duplicates typed by hand were fined), and a scanned EAN-13 with a
 * wrong check digit is a misread to be scanned again, not a code to look up.
 */

import { isEan13 } from '../../../shared/barcodes/ean.js';
import { typedUnderOtherLayout } from './keyboard-layout.js';

/**
 * Scanners in keyboard mode send a key every 1-15 ms. Nobody types six or more keys averaging
 * under 35 ms (that is over 340 words a minute), while a busy till may delay one key of a burst:
 * so a scan is judged by its average pace, with one late key tolerated up to 100 ms.
 */
export const SCAN_MEAN_GAP_MS = 35;
export const SCAN_MAX_GAP_MS = 100;
/** Shorter bursts are key repeats or a fast "12", not a barcode (EAN-8 is the shortest we read). */
export const SCAN_MIN_LENGTH = 6;

export type EntryKind = 'scan' | 'typed';

/** One entry, finished by Enter: how it came, and its text as meant (see EntryTimer.finish). */
export interface Entry {
  readonly kind: EntryKind;
  readonly text: string;
}

/**
 * How an entry came: `times` are the moments of its character keys in order, `enterAt` the
 * moment of Enter (a scanner sends it as the last key of the burst).
 */
export function classifyEntry(times: readonly number[], enterAt: number): EntryKind {
  if (times.length < SCAN_MIN_LENGTH) return 'typed';
  const all = [...times, enterAt];
  let longest = 0;
  for (let i = 1; i < all.length; i++) {
    const gap = (all[i] as number) - (all[i - 1] as number);
    if (gap < 0) return 'typed';
    longest = Math.max(longest, gap);
  }
  const mean = ((all.at(-1) as number) - (all[0] as number)) / (all.length - 1);
  return mean < SCAN_MEAN_GAP_MS && longest < SCAN_MAX_GAP_MS ? 'scan' : 'typed';
}

/**
 * Collects the key timings of one entry in an input. Anything but plain characters (Backspace,
 * a paste, a cursor move) makes the entry a typed one: a scanner never edits.
 */
export class EntryTimer {
  private times: number[] = [];
  /** What a US keyboard types at each character key's position (keyboard-layout.ts). */
  private usText = '';
  private usComplete = true;
  private edited = false;

  /**
   * A keydown in the input: its key name (KeyboardEvent.key), when it happened, whether the
   * field was empty then, and the character of its position on a US keyboard
   * (`usCharacter(e.code, e.shiftKey)`). Delete or Backspace on an empty field edits nothing: the
   * entry starts afresh, so the scan that follows is judged on its own keys.
   */
  key(key: string, at: number, fieldEmpty = false, usChar?: string): void {
    if (key.length === 1) {
      this.times.push(at);
      if (usChar === undefined) this.usComplete = false;
      else this.usText += usChar;
    } else if (fieldEmpty && key !== 'Enter') this.reset();
    else if (key !== 'Enter' && key !== 'Shift') this.edited = true;
  }

  /** Text came in some other way than keys (paste, drop, autofill). */
  edit(): void {
    this.edited = true;
  }

  /**
   * Enter was pressed after `typed`: how the entry came, and its text. A scan that arrived as
   * other than Latin characters was typed under another keyboard layout (a Ukrainian one): its
   * text is what its keys' positions type on a US keyboard, as the scanner meant. Typing by hand
   * is left as typed. The timer starts over.
   */
  finish(enterAt: number, typed = ''): Entry {
    const kind = this.edited ? 'typed' : classifyEntry(this.times, enterAt);
    const meant = kind === 'scan' && typedUnderOtherLayout(typed) && this.usComplete && this.usText.length === typed.length;
    const entry = { kind, text: meant ? this.usText : typed };
    this.reset();
    return entry;
  }

  reset(): void {
    this.times = [];
    this.usText = '';
    this.usComplete = true;
    this.edited = false;
  }
}

/** A scanned 13-digit code whose check digit is wrong was misread: scan it again. */
export const isMisreadScan = (code: string, kind: EntryKind): boolean =>
  kind === 'scan' && /^\d{13}$/.test(code) && !isEan13(code);
