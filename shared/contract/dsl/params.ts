/**
 * The parameter contract language. A contract is plain data (so tests, the validator, the
 * JSON Schema writer and the type derivation all read the same thing) built with these helpers.
 */

export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;

/** Units of a decimal-string, as the spec names them. */
export type DecimalUnit = 'cur' | 'pct' | 'ratio' | 'unit';

/** Formats a string parameter can carry besides free text. */
export type StringFormat = 'date' | 'date-time' | 'byte' | 'sha256' | 'phone' | 'year4' | 'digits';

export interface StringSpec {
  readonly kind: 'string';
  /** Length bounds in characters (Unicode code points), as `S<n>` in the spec. */
  readonly max?: number;
  readonly min?: number;
  readonly noControl?: boolean;
  readonly format?: StringFormat;
  /** The empty string passes the format check (the spec's `=empty` default on a formatted string). */
  readonly allowEmpty?: boolean;
}

export interface IntSpec {
  readonly kind: 'int';
  readonly min: number;
  readonly max: number;
}

export interface BoolSpec {
  readonly kind: 'bool';
}

export interface DecimalSpec {
  readonly kind: 'decimal';
  readonly unit?: DecimalUnit;
  readonly max?: number;
  /** At most this many digits after the separator. */
  readonly scale: number;
  /** At most this many digits before the separator. */
  readonly intDigits: number;
  readonly signed: boolean;
  /** A comma is accepted as the separator (the spec says so for `kf`); it is normalized to a dot. */
  readonly comma?: boolean;
  readonly allowEmpty?: boolean;
  /** Value bounds, as decimal strings; `exclusiveMin` means strictly greater. */
  readonly minValue?: string;
  readonly exclusiveMin?: boolean;
  readonly maxValue?: string;
}

export interface EnumSpec<V extends string = string> {
  readonly kind: 'enum';
  readonly values: readonly V[];
}

export interface ArraySpec<I extends ParamSpec = ParamSpec> {
  readonly kind: 'array';
  readonly items: I;
  readonly minItems: number;
  readonly maxItems: number;
  readonly unique?: boolean;
}

export interface ObjectSpec<F extends Fields = Fields> {
  readonly kind: 'object';
  readonly fields: F;
}

export type ParamSpec = StringSpec | IntSpec | BoolSpec | DecimalSpec | EnumSpec | ArraySpec | ObjectSpec;

export interface Field<S extends ParamSpec = ParamSpec, R extends boolean = boolean> {
  readonly spec: S;
  readonly required: R;
  readonly default?: unknown;
  /** Set where the spec leaves the member open and this project chose it. */
  readonly projectDefined?: string;
}

export type Fields = Readonly<Record<string, Field>>;

// ── builders ────────────────────────────────────────────────────────────────

export const str = (max?: number, extra: Omit<StringSpec, 'kind' | 'max'> = {}): StringSpec => ({
  kind: 'string',
  ...(max === undefined ? {} : { max }),
  ...extra,
});

export const int = (min = INT32_MIN, max = INT32_MAX): IntSpec => ({ kind: 'int', min, max });

export const bool = (): BoolSpec => ({ kind: 'bool' });

/**
 * Decimal precision is not given by the spec; the project keeps what the back office stores
 * exactly as scaled integers below 2^53: money to 4 places with 11 integer digits, quantities
 * to 3 with 12, percents to 4 with 6, ratios to 6 with 9.
 */
export const DECIMAL_SCALE: Record<DecimalUnit, number> = { cur: 4, unit: 3, pct: 4, ratio: 6 };
const INT_DIGITS: Record<DecimalUnit, number> = { cur: 11, unit: 12, pct: 6, ratio: 9 };

export const dec = (
  unit: DecimalUnit | undefined,
  max?: number,
  extra: Partial<Omit<DecimalSpec, 'kind' | 'unit' | 'max'>> = {},
): DecimalSpec => ({
  kind: 'decimal',
  ...(unit === undefined ? {} : { unit }),
  ...(max === undefined ? {} : { max }),
  scale: DECIMAL_SCALE[unit ?? 'cur'],
  intDigits: INT_DIGITS[unit ?? 'cur'],
  signed: true,
  ...extra,
});

export const oneOf = <const V extends string>(...values: V[]): EnumSpec<V> => ({ kind: 'enum', values });

export const list = <I extends ParamSpec>(items: I, minItems: number, maxItems: number, unique = false): ArraySpec<I> => ({
  kind: 'array',
  items,
  minItems,
  maxItems,
  ...(unique ? { unique } : {}),
});

export const obj = <const F extends Fields>(fields: F): ObjectSpec<F> => ({ kind: 'object', fields });

export const req = <S extends ParamSpec>(spec: S): Field<S, true> => ({ spec, required: true });

export function opt<S extends ParamSpec>(spec: S): Field<S, false>;
export function opt<S extends ParamSpec>(spec: S, dflt: ValueOf<S>): Field<S, false> & { readonly default: ValueOf<S> };
export function opt<S extends ParamSpec>(spec: S, dflt?: ValueOf<S>): Field<S, false> {
  return dflt === undefined ? { spec, required: false } : { spec, required: false, default: dflt };
}

/** Marks a field as chosen by this project where the spec says "not shown". */
export const ours = <F extends Field>(field: F, why: string): F => ({ ...field, projectDefined: why });

// ── types derived from a contract ───────────────────────────────────────────

export type ValueOf<S> = S extends StringSpec
  ? string
  : S extends IntSpec
    ? number
    : S extends BoolSpec
      ? boolean
      : S extends DecimalSpec
        ? string
        : S extends EnumSpec<infer V>
          ? V
          : S extends ArraySpec<infer I>
            ? ValueOf<I>[]
            : S extends ObjectSpec<infer F>
              ? InputOf<F>
              : never;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** What a caller may send: required members required, the rest optional. */
export type InputOf<F extends Fields> = Simplify<
  { -readonly [K in keyof F as F[K]['required'] extends true ? K : never]: ValueOf<F[K]['spec']> } & {
    -readonly [K in keyof F as F[K]['required'] extends true ? never : K]?: ValueOf<F[K]['spec']>;
  }
>;

/** What a handler receives after validation: members with a default are always present. */
export type ParsedOf<F extends Fields> = Simplify<
  {
    -readonly [K in keyof F as F[K]['required'] extends true ? K : F[K] extends { default: unknown } ? K : never]: ParsedValueOf<
      F[K]['spec']
    >;
  } & {
    -readonly [K in keyof F as F[K]['required'] extends true
      ? never
      : F[K] extends { default: unknown }
        ? never
        : K]?: ParsedValueOf<F[K]['spec']>;
  }
>;

type ParsedValueOf<S> =
  S extends ObjectSpec<infer F> ? ParsedOf<F> : S extends ArraySpec<infer I> ? ParsedValueOf<I>[] : ValueOf<S>;
