/**
 * The desk's tables, derived from the registry's specs (their `desk` rules and their params) so
 * that an operation's rules are written once, beside its contract: which reads the desk answers
 * offline from its last answer, which writes are drafts (nothing in the catalogue copy changes, so
 * no catalogue sync follows them), which params leave a queued write free of order, which param
 * carries a secret, and how a queued write is described. The desk (electron/core) asks these
 * predicates and never names an operation to decide.
 */
import type { DeskRules, FreeOfOrder, OperationSpec, WriteDescription } from './dsl/operation.js';
import type { Fields, ParamSpec } from './dsl/params.js';
import { OPERATIONS, type OperationName, type ReadName, type WriteName } from './registry.js';
import { isSecretMember, type SecretMember } from './secrets.js';

const rulesOf = new Map<string, DeskRules>(
  (OPERATIONS as readonly OperationSpec[]).flatMap((op) => (op.desk ? [[op.name, op.desk] as const] : [])),
);

const namesWhere = <N extends OperationName>(kind: 'read' | 'write', has: (r: DeskRules) => boolean): ReadonlySet<N> =>
  new Set(
    (OPERATIONS as readonly OperationSpec[])
      .filter((op) => op.kind === kind && op.desk !== undefined && has(op.desk))
      .map((op) => op.name as N),
  );

/** Reads a sale needs while the service is unreachable, besides product lookups (the catalogue copy answers those). */
export const CACHED_READS: ReadonlySet<ReadName> = namesWhere<ReadName>('read', (r) => r.cachedOffline === true);
/** Writes after which the desk's catalogue copy need not be synced: a sale's drafts, excise stamps, the PRRO queue. */
export const DRAFT_WRITES: ReadonlySet<WriteName> = namesWhere<WriteName>('write', (r) => r.draft === true);

/** Whether the desk keeps the last answer of this read to answer it offline. */
export const isCachedRead = (name: string): boolean => (CACHED_READS as ReadonlySet<string>).has(name);
/** Whether this write leaves the desk's catalogue copy as it was. */
export const isDraftWrite = (name: string): boolean => (DRAFT_WRITES as ReadonlySet<string>).has(name);
/** The params that may leave this queued write free of order; undefined: it is always a barrier. */
export const freeOfOrder = (name: string): FreeOfOrder | undefined => rulesOf.get(name)?.freeOfOrder;
/** How the registry describes a queued write of this operation; undefined: by its name. */
export const describerOf = (name: string): ((params: Readonly<Record<string, unknown>>) => WriteDescription) | undefined =>
  rulesOf.get(name)?.describe;

/** The secret members of a parameter spec (objects, lists of objects), in the order found. */
function secretsOfSpec(spec: ParamSpec): SecretMember[] {
  if (spec.kind === 'object') return secretsOfFields(spec.fields);
  if (spec.kind === 'array') return secretsOfSpec(spec.items);
  return [];
}

function secretsOfFields(fields: Fields): SecretMember[] {
  return Object.entries(fields).flatMap(([name, field]) => [
    ...(isSecretMember(name) ? [name] : []),
    ...secretsOfSpec(field.spec),
  ]);
}

/**
 * Every operation whose params carry a secret (a PIN or a password), with the first secret member
 * it has. Derived from the params themselves: a new operation with a `pin` is kept out of the
 * outbox by its params alone.
 */
const SECRET_PARAMS: ReadonlyMap<OperationName, SecretMember> = new Map(
  OPERATIONS.flatMap((op) => {
    const [first] = secretsOfFields(op.params);
    return first ? [[op.name, first] as const] : [];
  }),
);

/** The operations whose params carry a PIN or a password. */
export const SECRET_OPERATIONS: ReadonlySet<OperationName> = new Set(SECRET_PARAMS.keys());
/** The param (at any depth) that carries the operation's secret: `pin` or `password`; undefined: none. */
export const secretParam = (name: string): SecretMember | undefined => SECRET_PARAMS.get(name as OperationName);
