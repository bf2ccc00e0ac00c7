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
  /**
   * What the desk does with the operation (desk-rules.ts derives its tables from these). Not part
   * of the public contract: the publishers leave it out.
   */
  readonly desk?: DeskRules;
}

/** A label the interface words in the cashier's language: an i18n key and the values it fills in. */
export interface WriteLabel {
  readonly key: string;
  readonly values: Readonly<Record<string, string>>;
}

/** A queued write as a person reads it: an English line for logs and a label for the cashier. */
export interface WriteDescription {
  readonly summary: string;
  readonly label: WriteLabel;
}

/**
 * Which params leave a queued write free of order (electron/core/outbox/dependencies.ts): any other
 * param set makes it a barrier, so a param added to the contract later is a barrier until someone
 * decides otherwise.
 */
export interface FreeOfOrder {
  readonly params: readonly string[];
  /**
   * Params that must be lists of objects whose items carry only `members` set and, for a member
   * named in `values`, one of those values; anything else makes the write a barrier.
   */
  readonly lists?: Readonly<
    Record<string, { readonly members: readonly string[]; readonly values?: Readonly<Record<string, readonly string[]>> }>
  >;
}

export interface DeskRules {
  /** A read the desk keeps the last answer of, to answer it while the service is unreachable. */
  readonly cachedOffline?: true;
  /** A write that changes nothing in the desk's catalogue copy: no catalogue sync after it. */
  readonly draft?: true;
  /** A queued write that may be sent beside others when its params allow it. */
  readonly freeOfOrder?: FreeOfOrder;
  /** How a queued write that came without a label is described (absent: by its name). */
  readonly describe?: (params: Readonly<Record<string, unknown>>) => WriteDescription;
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
