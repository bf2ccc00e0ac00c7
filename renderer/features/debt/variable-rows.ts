/**
 * Variable rows (`variable_rows` results): a first row of one shape, then rows of another, each
 * a positional array on the wire. The registry says which column sits where, so the names come
 * from it and are never written here by hand.
 */
import {
  type Columns,
  findOperation,
  type OperationByName,
  type OperationName,
  type ResultSpec,
} from '../../../shared/contract/index.js';

type VariableSpec = Extract<ResultSpec, { mode: 'variable_rows' }>;

/** Operations whose result is variable rows. */
export type VariableRowsName = {
  [M in OperationName]: OperationByName<M>['result'] extends VariableSpec ? M : never;
}[OperationName];

type Named<C extends Columns> = { [K in keyof C & string]: string };
type SpecOf<M extends VariableRowsName> = Extract<OperationByName<M>['result'], VariableSpec>;

export interface VariableRows<M extends VariableRowsName> {
  readonly first: Named<SpecOf<M>['first']['columns']>;
  readonly rest: Named<SpecOf<M>['rest']['columns']>[];
}

/** Thrown when the rows do not have the shape the registry gives: the answer is outside the contract. */
export class VariableRowsError extends Error {
  override readonly name = 'VariableRowsError';
}

function named(columns: Columns, row: unknown, index: number): Record<string, string> {
  const names = Object.keys(columns);
  if (!Array.isArray(row) || row.length !== names.length || row.some((v) => typeof v !== 'string')) {
    throw new VariableRowsError(`row ${index} is not ${names.length} strings (${names.join(', ')})`);
  }
  return Object.fromEntries(names.map((name, i) => [name, row[i] as string]));
}

export function parseVariableRows<M extends VariableRowsName>(method: M, rows: readonly unknown[]): VariableRows<M> {
  const result = findOperation(method)?.result;
  if (result?.mode !== 'variable_rows') throw new VariableRowsError(`${method} does not answer with variable rows`);
  const [head, ...tail] = rows;
  if (head === undefined) throw new VariableRowsError(`${method} answered without its ${result.first.name} row`);
  if (tail.length < result.rest.minRest) {
    throw new VariableRowsError(`${method} answered ${tail.length} ${result.rest.name} rows, fewer than ${result.rest.minRest}`);
  }
  return {
    first: named(result.first.columns, head, 0),
    rest: tail.map((row, i) => named(result.rest.columns, row, i + 1)),
  } as VariableRows<M>;
}
