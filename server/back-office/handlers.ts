/** The shape of the back office: one handler per operation of the registry, typed from it. */
import type { OperationName, ParsedParamsOf } from '../../shared/contract/index.js';
import type { Db } from '../../shared-node/sql/db.js';
import type { RawResult } from '../upstream/upstream.js';

export interface BackOfficeContext {
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

export type Handler<M extends OperationName> = (params: ParsedParamsOf<M>, ctx: BackOfficeContext) => RawResult;

/**
 * A write whose costly part needs no transaction: `prepare` runs before the write lock is taken
 * (opening a key container derives a key from its password, hundreds of milliseconds), `perform`
 * in the write's transaction with what it prepared, and `settle` after the commit (what lives in
 * the service's memory changes only once the books have).
 */
export interface PreparedHandler<M extends OperationName, X> {
  readonly prepare: (params: ParsedParamsOf<M>, ctx: BackOfficeContext) => X;
  readonly perform: (params: ParsedParamsOf<M>, ctx: BackOfficeContext, prepared: X) => RawResult;
  readonly settle?: (params: ParsedParamsOf<M>, ctx: BackOfficeContext, prepared: X) => void;
}

/** A set of handlers for some operations; the back office checks that the sets cover the registry. */
export type HandlerGroup<Names extends OperationName> = {
  // biome-ignore lint/suspicious/noExplicitAny: each operation prepares a value of its own type
  readonly [M in Names]: Handler<M> | PreparedHandler<M, any>;
};

export type Handlers = HandlerGroup<OperationName>;
