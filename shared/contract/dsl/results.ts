/** The result contract language: result modes of the spec and the format of every column. */
import type { DecimalUnit } from './params.js';

export type ColumnFormat = 'string' | 'decimal' | 'date' | 'date-time' | 'byte' | 'sha256' | 'int' | 'phone';

export interface Column {
  readonly format: ColumnFormat;
  readonly unit?: DecimalUnit;
  /** The column may be null where the value is absent (otherwise a null is a contract breach). */
  readonly nullable?: boolean;
}

export type Columns = Readonly<Record<string, Column>>;

export type ResultSpec =
  | { readonly mode: 'rows'; readonly columns: Columns }
  | { readonly mode: 'rows_uncounted'; readonly columns: Columns }
  | { readonly mode: 'scalar'; readonly value: Column; readonly doc?: string }
  | { readonly mode: 'status'; readonly fields: readonly string[] }
  | { readonly mode: 'tagged_rows'; readonly shapes: Readonly<Record<string, Columns>> }
  | {
      readonly mode: 'variable_rows';
      /** Shape of the first row, then the shape every later row takes; `minRest` later rows at least. */
      readonly first: { readonly name: string; readonly columns: Columns };
      readonly rest: { readonly name: string; readonly columns: Columns; readonly minRest: number };
    };

export type ResultMode = ResultSpec['mode'];

// ── column builders ─────────────────────────────────────────────────────────
export const text: Column = { format: 'string' };
export const money: Column = { format: 'decimal', unit: 'cur' };
export const qty: Column = { format: 'decimal', unit: 'unit' };
export const pct: Column = { format: 'decimal', unit: 'pct' };
export const ratio: Column = { format: 'decimal', unit: 'ratio' };
export const decimal: Column = { format: 'decimal' };
export const date: Column = { format: 'date' };
export const dateTime: Column = { format: 'date-time' };
export const bytes: Column = { format: 'byte' };
export const sha256: Column = { format: 'sha256' };
export const sha256OrEmpty: Column = { format: 'sha256', nullable: true };

/** Columns given by name only are strings. */
export function cols<const N extends string>(names: readonly N[], typed: Partial<Record<N, Column>> = {}): Record<N, Column> {
  const out = {} as Record<N, Column>;
  for (const n of names) out[n] = typed[n] ?? text;
  return out;
}

export const rows = <const C extends Columns>(columns: C) => ({ mode: 'rows', columns }) as const;
export const rowsUncounted = <const C extends Columns>(columns: C) => ({ mode: 'rows_uncounted', columns }) as const;
export const scalar = (value: Column = text, doc?: string) => ({ mode: 'scalar', value, ...(doc ? { doc } : {}) }) as const;
export const status = <const F extends readonly string[]>(...fields: F) => ({ mode: 'status', fields }) as const;
export const tagged = <const S extends Readonly<Record<string, Columns>>>(shapes: S) =>
  ({ mode: 'tagged_rows', shapes }) as const;
export const variable = <const A extends Columns, const B extends Columns>(
  first: { name: string; columns: A },
  rest: { name: string; columns: B; minRest: number },
) => ({ mode: 'variable_rows', first, rest }) as const;

// ── types derived from a result contract ────────────────────────────────────

type RowOfColumns<C extends Columns> = { -readonly [K in keyof C]: C[K]['nullable'] extends true ? string | null : string };

/** A row of a result as the client receives it (every value is a string on the wire). */
export type RowOf<R extends ResultSpec> = R extends { mode: 'rows' | 'rows_uncounted'; columns: infer C extends Columns }
  ? RowOfColumns<C>
  : R extends { mode: 'tagged_rows'; shapes: infer S extends Readonly<Record<string, Columns>> }
    ? { [T in keyof S]: { tag: T } & RowOfColumns<S[T]> }[keyof S]
    : R extends { mode: 'variable_rows' }
      ? string[]
      : never;

export type StatusOf<R extends ResultSpec> = R extends { mode: 'status'; fields: infer F extends readonly string[] }
  ? { code: 'OK'; operation: string } & { [K in F[number]]: string }
  : R extends { mode: 'scalar' | 'rows' }
    ? { code: 'OK'; operation: string; value: string }
    : { code: 'OK'; operation: string };
