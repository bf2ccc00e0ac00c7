/**
 * Dates typed at the till are Ukrainian whatever the browser's locale: дд.мм.рррр (14.03.2026). A
 * browser's own date field follows its locale (a till's Chromium said mm/dd/yyyy), so the screens
 * use a text field with these rules and send the ISO date the contract takes.
 */

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "2026-03-14" → "14.03.2026"; '' for no date. */
export function dateText(iso: string): string {
  const m = ISO.exec(iso);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : '';
}

export type DateEntry =
  | { readonly kind: 'empty' }
  /** Still being typed: not a date yet, and not wrong either. */
  | { readonly kind: 'partial' }
  | { readonly kind: 'date'; readonly iso: string }
  /** Complete but no day of the calendar (31.02.2026). */
  | { readonly kind: 'invalid' };

/** What a typed date is: "14.03.2026", "1.3.2026", "14/03/2026", or an ISO date pasted in. */
export function parseDateText(text: string): DateEntry {
  const t = text.trim();
  if (t === '') return { kind: 'empty' };
  const iso = ISO.exec(t);
  const m = iso ? [t, iso[3], iso[2], iso[1]] : /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(t);
  if (!m) return /^[\d./-]*$/.test(t) ? { kind: 'partial' } : { kind: 'invalid' };
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return { kind: 'invalid' };
  return {
    kind: 'date',
    iso: `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
  };
}
