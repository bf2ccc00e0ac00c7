/**
 * Turns what an upstream returned into the result the spec promises for the operation's mode:
 * only declared columns, every value a string in its format. An upstream that answers outside
 * the contract is a failure of the upstream (UPSTREAM_FAILURE), never passed on to clients.
 */
import {
  type Column,
  type Columns,
  groupOf,
  isBase64,
  isCalendarDate,
  isDateTimeWithOffset,
  isSha256,
  type OperationSpec,
  operationOf,
  type RpcResult,
} from '../../shared/contract/index.js';
import type { RawResult } from '../upstream/upstream.js';

export class ContractBreach extends Error {
  constructor(
    readonly path: string,
    problem: string,
  ) {
    super(`${path}: ${problem}`);
    this.name = 'ContractBreach';
  }
}

const DECIMAL = /^-?\d+(?:\.\d+)?$/;

/** A JS number as a plain decimal string: 15 significant digits drop binary artefacts (0.1+0.2). */
export function numberToDecimal(n: number): string {
  if (!Number.isFinite(n)) throw new ContractBreach('', `${n} is not a finite number`);
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return String(n);
  const [mantissa = '0', expPart = '0'] = n.toPrecision(15).split('e');
  const exp = Number(expPart);
  const neg = mantissa.startsWith('-');
  const [ip = '', fp = ''] = mantissa.replace('-', '').split('.');
  const digits = ip + fp;
  const point = ip.length + exp;
  let out: string;
  if (point <= 0) out = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) out = digits + '0'.repeat(point - digits.length);
  else out = `${digits.slice(0, point)}.${digits.slice(point)}`;
  out = out.includes('.') ? out.replace(/0+$/, '').replace(/\.$/, '') : out;
  out = out.replace(/^0+(?=\d)/, '');
  return neg && out !== '0' ? `-${out}` : out;
}

function formatValue(col: Column, v: unknown, path: string): string | null {
  if (v === null || v === undefined || v === '') {
    if (col.format === 'string' || col.nullable) return '';
    throw new ContractBreach(path, `is empty but must be ${col.format}`);
  }
  switch (col.format) {
    case 'string':
    case 'phone':
      if (typeof v === 'string') return v;
      if (typeof v === 'number' || typeof v === 'bigint') return String(v);
      if (typeof v === 'boolean') return v ? '1' : '0';
      break;
    case 'int':
      if (typeof v === 'number' && Number.isInteger(v)) return String(v);
      if (typeof v === 'bigint') return String(v);
      if (typeof v === 'string' && /^-?\d+$/.test(v)) return v;
      break;
    case 'decimal':
      if (typeof v === 'number') return numberToDecimal(v);
      if (typeof v === 'bigint') return String(v);
      if (typeof v === 'string' && DECIMAL.test(v)) return v;
      break;
    case 'date':
      if (v instanceof Date) return v.toISOString().slice(0, 10);
      if (typeof v === 'string' && isCalendarDate(v)) return v;
      break;
    case 'date-time':
      if (v instanceof Date) return v.toISOString();
      if (typeof v === 'string' && isDateTimeWithOffset(v)) return v;
      break;
    case 'byte':
      if (v instanceof Uint8Array) return Buffer.from(v).toString('base64');
      if (typeof v === 'string' && isBase64(v)) return v;
      break;
    case 'sha256':
      if (typeof v === 'string' && isSha256(v)) return v.toLowerCase();
      break;
  }
  throw new ContractBreach(path, `is not a valid ${col.format}`);
}

function objectRow(columns: Columns, row: unknown, path: string): Record<string, string | null> {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) throw new ContractBreach(path, 'is not a row object');
  const src = row as Record<string, unknown>;
  const out: Record<string, string | null> = {};
  for (const [name, col] of Object.entries(columns)) out[name] = formatValue(col, src[name], `${path}.${name}`);
  return out;
}

function positionalRow(columns: Columns, row: unknown, path: string): (string | null)[] {
  if (!Array.isArray(row)) throw new ContractBreach(path, 'is not a positional row');
  const cols = Object.values(columns);
  if (row.length !== cols.length) throw new ContractBreach(path, `has ${row.length} values, expected ${cols.length}`);
  return cols.map((col, i) => formatValue(col, row[i], `${path}[${i}]`));
}

function rowsOf(raw: RawResult): readonly unknown[] {
  if (raw.rows === undefined) return [];
  if (!Array.isArray(raw.rows)) throw new ContractBreach('rows', 'is not an array');
  return raw.rows;
}

export function normalizeResult(op: OperationSpec, raw: RawResult, upstream: { name: string; version: string }): RpcResult {
  const base = { code: 'OK' as const, operation: operationOf(op.name) };
  const spec = op.result;
  let status: Record<string, string> = base;
  let rows: unknown[] = [];
  switch (spec.mode) {
    case 'rows':
    case 'rows_uncounted': {
      rows = rowsOf(raw).map((r, i) => objectRow(spec.columns, r, `rows[${i}]`));
      // The spec leaves status.value of rows mode open; it carries the number of rows returned.
      if (spec.mode === 'rows') status = { ...base, value: String(rows.length) };
      break;
    }
    case 'scalar': {
      const value = raw.value ?? raw.status?.value;
      status = { ...base, value: formatValue(spec.value, value, 'value') ?? '' };
      break;
    }
    case 'status': {
      const fields: Record<string, string> = {};
      for (const f of spec.fields) fields[f] = formatValue({ format: 'string' }, raw.status?.[f], `status.${f}`) ?? '';
      status = { ...base, ...fields };
      if (raw.rows !== undefined && rowsOf(raw).length > 0) throw new ContractBreach('rows', 'must be empty in status mode');
      break;
    }
    case 'tagged_rows': {
      rows = rowsOf(raw).map((r, i) => {
        const tag = (r as { tag?: unknown } | null)?.tag;
        const shape = typeof tag === 'string' ? spec.shapes[tag] : undefined;
        if (!shape) throw new ContractBreach(`rows[${i}].tag`, `is not one of ${Object.keys(spec.shapes).join(', ')}`);
        return { tag, ...objectRow(shape, r, `rows[${i}]`) };
      });
      break;
    }
    case 'variable_rows': {
      const src = rowsOf(raw);
      if (src.length < 1 + spec.rest.minRest)
        throw new ContractBreach(
          'rows',
          `has ${src.length} rows, expected a ${spec.first.name} row and at least ${spec.rest.minRest} more`,
        );
      rows = src.map((r, i) => positionalRow(i === 0 ? spec.first.columns : spec.rest.columns, r, `rows[${i}]`));
      break;
    }
  }
  return {
    upstream: { name: upstream.name, version: upstream.version, resource: groupOf(op.name) },
    status: status as RpcResult['status'],
    rows,
  };
}
