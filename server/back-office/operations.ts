/**
 * Every operation of the back office, and the one way to perform one in-process: a read as is,
 * a write in one IMMEDIATE transaction with the shop's write turn (core/write.ts: IMMEDIATE takes
 * the write lock up front, so a busy database fails fast instead of mid-write). The embedded
 * upstream, the demo seed and the tests all go through here, so demo data and test data obey
 * exactly the rules a till's data does.
 */
import {
  findOperation,
  type OperationName,
  type OperationSpec,
  type ParamsOf,
  validateParams,
} from '../../shared/contract/index.js';
import { type CommitHook, type RawResult, refusalOfIssue } from '../upstream/upstream.js';
import { catalogHandlers } from './catalog/index.js';
import { writeTransaction } from './core/write.js';
import type { BackOfficeContext, Handlers, PreparedHandler } from './handlers.js';
import { salesHandlers } from './sales/index.js';
import { signBeforeWrite } from './sales/kernel/keys/sign.js';

const HANDLERS = { ...catalogHandlers, ...salesHandlers } satisfies Handlers;

type Handler = (p: unknown, ctx: BackOfficeContext) => RawResult;
type Write = (handler: Handler, params: unknown, ctx: BackOfficeContext, commit: CommitHook | undefined) => RawResult;

/**
 * One transaction function per database, made once: better-sqlite3 builds several wrappers for
 * each `db.transaction()`, which every write paid for when it was made per call.
 */
const writes = new WeakMap<BackOfficeContext['db'], Write>();
function writeOf(db: BackOfficeContext['db']): Write {
  let write = writes.get(db);
  if (!write) {
    write = writeTransaction(db, (handler: Handler, params: unknown, ctx: BackOfficeContext, commit: CommitHook | undefined) => {
      commit?.before?.();
      const raw = handler(params, ctx);
      commit?.commit(raw);
      return raw;
    });
    writes.set(db, write);
  }
  return write;
}

type Prepared = PreparedHandler<OperationName, unknown> & {
  readonly prepare: (p: unknown, ctx: BackOfficeContext) => unknown;
  readonly perform: (p: unknown, ctx: BackOfficeContext, prepared: unknown) => RawResult;
  readonly settle?: (p: unknown, ctx: BackOfficeContext, prepared: unknown) => void;
};

/** Performs validated params; `commit` runs inside a write's transaction (the idempotency record). */
export function perform(ctx: BackOfficeContext, op: OperationSpec, params: unknown, commit?: CommitHook): RawResult {
  const entry = HANDLERS[op.name as OperationName] as Handler | Prepared;
  if (op.kind === 'read') return (entry as Handler)(params, ctx);
  // Documents still waiting for their signature are signed before the lock is taken, so a new
  // offline document finds the one before it signed and the sale's transaction signs nothing.
  signBeforeWrite(ctx.db, ctx.now());
  if (typeof entry === 'function') return writeOf(ctx.db)(entry, params, ctx, commit);
  const prepared = entry.prepare(params, ctx);
  const raw = writeOf(ctx.db)((p, c) => entry.perform(p, c, prepared), params, ctx, commit);
  entry.settle?.(params, ctx, prepared);
  return raw;
}

/** Checks params against the registry (defaults applied; the first issue refused), then performs. */
export function invoke<M extends OperationName>(ctx: BackOfficeContext, name: M, params: ParamsOf<M>): RawResult {
  const op = findOperation(name);
  if (!op) throw new Error(`${name} is not an operation of the registry`);
  const checked = validateParams(op.params, params);
  if (!checked.ok) {
    const [first] = checked.issues;
    if (!first) throw new Error(`${name}: the contract refused params without saying why`);
    throw refusalOfIssue(first);
  }
  return perform(ctx, op, checked.value);
}
