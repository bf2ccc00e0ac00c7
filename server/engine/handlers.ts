/** The shape of the back office: one handler per operation of the registry, typed from it. */
import type { OperationName, ParsedParamsOf } from '../../shared/contract/index.js';
import type { Db } from '../../shared-node/sql/db.js';
import type { RawResult } from '../upstream/upstream.js';

export interface EngineContext {
  readonly db: Db;
  /** The calling API key's name: the "current user" of PRRO scope `user` and `only_user`. */
  readonly user: string;
  /** The signed-in cashier (catalog.users id) a till's write carries (header X-Cashier), if any. */
  readonly cashier?: number;
  /** A manager's confirmation id a write carries (header X-Manager-Confirmation), if any. */
  readonly confirmation?: number;
  /** The clock, injectable so tests and the demo are deterministic. */
  readonly now: () => Date;
  /** IANA time zone of the shop, for dates and date-times with offset (default Europe/Kyiv). */
  readonly timeZone: string;
}

export type Handler<M extends OperationName> = (params: ParsedParamsOf<M>, ctx: EngineContext) => RawResult;

/** A set of handlers for some operations; the engine checks that the sets cover the registry. */
export type HandlerGroup<Names extends OperationName> = { readonly [M in Names]: Handler<M> };

export type Handlers = HandlerGroup<OperationName>;
