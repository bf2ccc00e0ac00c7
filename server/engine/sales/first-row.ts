/**
 * Calling a sales operation in-process the way the engine does: params checked against the
 * registry with defaults applied, a write in one IMMEDIATE transaction. The demo seeds the shop
 * through it, so demo receipts obey exactly the rules a till's receipts do.
 */
import { findOperation, type ParamsOf, validateParams } from '../../../shared/contract/index.js';
import { BusinessRefusal, type RawResult } from '../../upstream/upstream.js';
import type { EngineContext, Handler } from '../handlers.js';
import { type SalesOperation, salesHandlers } from './index.js';

export function invoke<M extends SalesOperation>(ctx: EngineContext, name: M, params: ParamsOf<M>): RawResult {
  const op = findOperation(name);
  if (!op) throw new Error(`${name} is not an operation of the registry`);
  const checked = validateParams(op.params, params);
  if (!checked.ok) {
    const [first] = checked.issues;
    throw new BusinessRefusal(first?.path ?? 'params', first?.problem ?? 'is invalid');
  }
  const handler = salesHandlers[name] as unknown as Handler<M>;
  const run = () => handler(checked.value as never, ctx);
  return op.kind === 'read' ? run() : ctx.db.transaction(run).immediate();
}

/** The first row of an answer that always has one (a priced line, a closed receipt, a new id). */
export function firstRow<T>(raw: RawResult): T {
  const row = raw.rows?.[0];
  if (row === undefined) throw new Error('the operation answered without a row');
  return row as T;
}
