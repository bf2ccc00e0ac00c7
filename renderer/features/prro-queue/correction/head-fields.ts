/**
 * The head fields a manager corrects most (a date, a time, a number, a cashier's name), read from
 * and written into a document's XML text: the correction form's only model is that text, so the
 * form and the raw XML editor never disagree. Values are shown as people write them (13.03.2025,
 * 06:26:03) and written as the DPS schema wants them (13032025, 062603); a value the form cannot
 * read is shown as it is, so a wrong one stays in sight. The checks mirror the schema's types
 * (check01.xsd, zrep01.xsd) to say at once what is wrong; the back office checks the document
 * against the schema itself when it is requeued.
 */
import { fitsCp1251 } from '../../../../shared/fiscal/cp1251.js';
import { HEAD_ORDER } from '../../../../shared/fiscal/head-order.js';

export type FieldKind = 'date' | 'time' | 'tin' | 'ipn' | 'positive' | 'name';

export interface HeadField {
  /** The head element. */
  readonly id: 'ORDERDATE' | 'ORDERTIME' | 'CASHIER' | 'CASHREGISTERNUM' | 'CASHDESKNUM' | 'TIN' | 'IPN';
  readonly kind: FieldKind;
  /** Optional in the schema: the form may add it, and an empty value takes it out. */
  readonly optional?: true;
}

/** In the order the form lists them: what a manager corrects most first. */
export const HEAD_FIELDS: readonly HeadField[] = [
  { id: 'ORDERDATE', kind: 'date' },
  { id: 'ORDERTIME', kind: 'time' },
  { id: 'CASHIER', kind: 'name', optional: true },
  { id: 'CASHREGISTERNUM', kind: 'positive' },
  { id: 'CASHDESKNUM', kind: 'positive' },
  { id: 'TIN', kind: 'tin' },
  { id: 'IPN', kind: 'ipn', optional: true },
];

export type FieldId = HeadField['id'];

const HEAD = /<(CHECKHEAD|ZREPHEAD)(?:\s[^>]*)?>([\s\S]*?)<\/\1\s*>/;

const elementIn = (name: string) => new RegExp(`<${name}(?:\\s[^>]*)?(?:/>|>([^<]*)</${name}\\s*>)`);

const ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function unescapeXml(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[e] ?? whole;
  });
}

const escapeXml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Where the head's children are in the text; undefined when the document has no head. */
function headOf(xml: string): { readonly start: number; readonly body: string } | undefined {
  const m = HEAD.exec(xml);
  if (!m || m[2] === undefined) return undefined;
  return { start: m.index + m[0].indexOf('>') + 1, body: m[2] };
}

/** Whether the document has a head the form can work on. */
export const hasHead = (xml: string): boolean => headOf(xml) !== undefined;

/** A head element's text as it reads (entities resolved); undefined when it is not there. */
export function headValue(xml: string, name: FieldId): string | undefined {
  const head = headOf(xml);
  const m = head ? elementIn(name).exec(head.body) : null;
  return m ? unescapeXml(m[1] ?? '') : undefined;
}

/**
 * The text with a head element set to `value` (escaped), added in schema order where it is not
 * there, or taken out when `value` is undefined. Unchanged when the document has no head.
 */
export function setHeadValue(xml: string, name: FieldId, value: string | undefined): string {
  const head = headOf(xml);
  if (!head) return xml;
  const written = value === undefined ? '' : `<${name}>${escapeXml(value)}</${name}>`;
  const m = elementIn(name).exec(head.body);
  if (m) {
    const at = head.start + m.index;
    const end = at + m[0].length;
    if (value !== undefined) return xml.slice(0, at) + written + xml.slice(end);
    // Taking an element out takes its line with it, so the indented text stays tidy.
    const line = /\n[ \t]*$/.exec(xml.slice(0, at));
    return xml.slice(0, line ? at - line[0].length : at) + xml.slice(end);
  }
  if (value === undefined) return xml;
  // Before the first element the schema puts after it, on a line of its own as that one is.
  const after = HEAD_ORDER.slice(HEAD_ORDER.indexOf(name) + 1);
  const before = after
    .map((next) => elementIn(next).exec(head.body)?.index)
    .reduce<number | undefined>((a, b) => (b === undefined || (a !== undefined && a < b) ? a : b), undefined);
  if (before !== undefined) {
    const at = head.start + before;
    const indent = /\n[ \t]*$/.exec(xml.slice(0, at))?.[0] ?? '';
    return `${xml.slice(0, at)}${written}${indent}${xml.slice(at)}`;
  }
  // Else last in the head, indented as its first child is.
  const close = head.start + head.body.length;
  const indent = /\n[ \t]*(?=<)/.exec(head.body)?.[0] ?? '';
  const tail = /\n[ \t]*$/.exec(head.body)?.[0].length ?? 0;
  return `${xml.slice(0, close - tail)}${indent}${written}${xml.slice(close - tail)}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

function realDate(d: number, m: number, y: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A date as the DPS writes it (ddMMyyyy), from any way a person or a till program writes one. */
function dpsDate(text: string): string | undefined {
  const s = text.trim();
  const parts =
    /^(\d{2})(\d{2})(\d{4})$/.exec(s)?.slice(1) ??
    /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(s)?.slice(1) ??
    /^(\d{4})-(\d{1,2})-(\d{1,2})(?:T.*)?$/.exec(s)?.slice(1).reverse();
  if (!parts) return undefined;
  const [d, m, y] = parts.map(Number) as [number, number, number];
  // The schema's years are 19xx and 20xx.
  if (y < 1900 || y > 2099 || !realDate(d, m, y)) return undefined;
  return `${pad(d)}${pad(m)}${y}`;
}

/** A time as the DPS writes it (HHmmss). */
function dpsTime(text: string): string | undefined {
  const s = text.trim();
  const parts = /^(\d{2})(\d{2})(\d{2})$/.exec(s)?.slice(1) ?? /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(s)?.slice(1);
  if (!parts) return undefined;
  const [h, m, sec] = parts.map((p) => Number(p ?? '0')) as [number, number, number];
  if (h > 23 || m > 59 || sec > 59) return undefined;
  return `${pad(h)}${pad(m)}${pad(sec)}`;
}

const DGDATE = /^\d{8}$/;
const DGTIME = /^([01]\d|2[0-3])[0-5]\d[0-5]\d$/;
const PASSPORT = '[АБВГДЕЄЖЗИІКЛМНОПРСТУФХЦЧШЩЮЯ]{2}[0-9]{6}';
const DGDRFO = new RegExp(`^(?:[0-9]{5,10}|${PASSPORT})$`);
const DGHIPN0 = new RegExp(`^(?:0|[0-9]{6,12}|${PASSPORT})$`);
const POSITIVE = /^\+?0*[1-9]\d*$/;
const CONTROL = /\p{Cc}/u;

/** How the form shows a value in the document: a date or time as people write it, anything else as it is. */
export function shownValue(field: HeadField, value: string): string {
  if (field.kind === 'date' && DGDATE.test(value) && dpsDate(value) === value) {
    return `${value.slice(0, 2)}.${value.slice(2, 4)}.${value.slice(4)}`;
  }
  if (field.kind === 'time' && DGTIME.test(value)) return `${value.slice(0, 2)}:${value.slice(2, 4)}:${value.slice(4)}`;
  return value;
}

/**
 * What the form writes for what was typed: a date or time it can read in the DPS's form, anything
 * else as typed (so a wrong value stays in sight, with its problem); undefined takes an optional
 * element out.
 */
export function writtenValue(field: HeadField, typed: string): string | undefined {
  if (field.optional && typed.trim() === '') return undefined;
  if (field.kind === 'date') return dpsDate(typed) ?? typed;
  if (field.kind === 'time') return dpsTime(typed) ?? typed;
  if (field.kind === 'name') return typed;
  return typed.trim();
}

/** The value in the DPS's form where a wrong one can be read unambiguously (a date written 2025-03-13). */
export function suggestion(field: HeadField, value: string): string | undefined {
  if (field.kind !== 'date' && field.kind !== 'time') return undefined;
  const dps = field.kind === 'date' ? dpsDate(value) : dpsTime(value);
  return dps !== undefined && dps !== value ? dps : undefined;
}

export type FieldProblem = 'missing' | 'date' | 'time' | 'tin' | 'ipn' | 'positive' | 'long' | 'control' | 'unwritable';

/** What the schema would say is wrong with a value; undefined when nothing is. */
export function fieldProblem(field: HeadField, value: string | undefined): FieldProblem | undefined {
  if (value === undefined) return field.optional ? undefined : 'missing';
  switch (field.kind) {
    case 'date':
      return DGDATE.test(value) && dpsDate(value) === value ? undefined : 'date';
    case 'time':
      return DGTIME.test(value) ? undefined : 'time';
    case 'tin':
      return DGDRFO.test(value) ? undefined : 'tin';
    case 'ipn':
      return DGHIPN0.test(value) ? undefined : 'ipn';
    case 'positive':
      return POSITIVE.test(value) ? undefined : 'positive';
    case 'name':
      if ([...value].length > 128) return 'long';
      if (CONTROL.test(value)) return 'control';
      return fitsCp1251(value) ? undefined : 'unwritable';
  }
}
