/** An operation of the contract: its name, kind, scope, parameter contract and result contract. */
import type { Fields } from './params.js';
import type { ResultSpec } from './results.js';

export const SCOPES = [
  'pos.read',
  'pos.write',
  'settings.read',
  'settings.write',
  'catalog.write',
  'catalog.details.read',
  'inventory.read',
  'inventory.write',
  'inventory.cost.read',
  'finance.read',
  'finance.write',
  'diagnostics.read',
] as const;

export type Scope = (typeof SCOPES)[number];

export type OperationKind = 'read' | 'write';

export interface OperationSpec<
  N extends string = string,
  F extends Fields = Fields,
  R extends ResultSpec = ResultSpec,
  K extends OperationKind = OperationKind,
> {
  readonly name: N;
  /** R: no Idempotency-Key; W: mutating, Idempotency-Key required. */
  readonly kind: K;
  readonly scope: Scope;
  readonly summary: string;
  readonly params: F;
  readonly result: R;
  /**
   * What this project chose where the spec says "not shown" or marks the operation with a dagger,
   * each with its one-line reason. Published in the contract document.
   */
  readonly projectDefined?: readonly string[];
  /**
   * `project` marks an operation this project added to a spec group (shifts, returns, fiscal
   * settings, …): the spec says its groups have operations it does not show. Such an operation
   * says why it exists in `projectDefined`. Absent: an operation of the spec.
   */
  readonly origin?: 'project';
}

export const defineOp = <
  const N extends string,
  const F extends Fields,
  const R extends ResultSpec,
  const K extends OperationKind,
>(
  spec: OperationSpec<N, F, R, K>,
): OperationSpec<N, F, R, K> => spec;

/** `pos.cashdesk_balance` → `pos`; `catalog.contrag.save` → `catalog`. */
export const groupOf = (name: string): string => name.slice(0, name.indexOf('.'));

/** The operation name without its group: `catalog.contrag.delete` → `contrag.delete`. */
export const operationOf = (name: string): string => name.slice(name.indexOf('.') + 1);
