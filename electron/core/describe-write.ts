/**
 * A queued write as a person reads it: an English line for logs (summary) and a label the
 * interface words in the cashier's language. The interface labels its own writes as it makes
 * them; this describes any write that came without one, as its registry spec says
 * (`desk.describe`, shared/contract/operations/pos-desk.ts) or else by its name.
 */
import { describerOf } from '../../shared/contract/desk-rules.js';
import { operationOf, type WriteDescription } from '../../shared/contract/index.js';

export type { WriteDescription };

export function describeWrite(method: string, params: Record<string, unknown>): WriteDescription {
  const describe = describerOf(method);
  if (describe) return describe(params);
  return { summary: operationOf(method).replaceAll('_', ' '), label: { key: 'operation', values: { method } } };
}
