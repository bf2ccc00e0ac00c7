/**
 * What the gateway forwards to. The embedded back office (SQLite) is the default; a remote
 * business server can implement the same port.
 */
import {
  type Issue,
  type IssueReason,
  type OperationSpec,
  type RefusalReason,
  type RefusalValues,
  refusalText,
} from '../../shared/contract/index.js';

/** What an upstream returns before the gateway normalizes it against the result contract. */
export interface RawResult {
  /** Row objects (rows, rows_uncounted, tagged_rows with a `tag` member) or arrays (variable_rows). */
  readonly rows?: readonly unknown[];
  /** Status fields of `status` mode, and `value` of `scalar` mode. */
  readonly status?: Readonly<Record<string, unknown>>;
  readonly value?: unknown;
}

export interface CallContext {
  readonly requestId: string;
  /** Name of the API key that called: the back office's "current user" (PRRO scope `user`, `only_user`). */
  readonly user: string;
  /** The signed-in cashier of the till that sent the write (header X-Cashier), if any. */
  readonly cashier?: number;
  /** A manager's confirmation the write carries (header X-Manager-Confirmation), if any. */
  readonly confirmation?: number;
  readonly signal: AbortSignal;
}

export interface UpstreamCall {
  readonly op: OperationSpec;
  /** Validated params, defaults applied. */
  readonly params: Record<string, unknown>;
  readonly ctx: CallContext;
}

/**
 * Called by a transactional upstream inside the transaction of the business write, so the
 * idempotency record commits (or rolls back) with it. Throwing from either rolls the write back.
 */
export interface CommitHook {
  /** First, under the transaction's write lock, before any business work: the key looked at again. */
  readonly before?: () => void;
  /** Last, with the business result: the idempotency record written. */
  readonly commit: (raw: RawResult) => void;
}

export interface Upstream {
  readonly name: string;
  readonly version: string;
  /**
   * True for the in-process back office: `commit` runs in the same transaction as the business
   * write, and the call runs synchronously, so the gateway sets no timeout on it.
   */
  readonly transactional: boolean;
  call(call: UpstreamCall, commit?: CommitHook): Promise<RawResult>;
  close(): Promise<void>;
}

/** The upstream refused the request on business grounds (nothing was written): INVALID_PARAMETER. */
export class BusinessRefusal extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
    /** A reason of the refusal catalogue, or a contract issue's when a check of the contract refused it. */
    readonly reason?: RefusalReason | IssueReason,
    readonly values?: RefusalValues,
  ) {
    super(`${path} ${problem}`);
    this.name = 'BusinessRefusal';
  }
}

/**
 * The one way the back office refuses: a reason of the catalogue (shared/contract/refusals.ts)
 * with its values, worded in English for API clients and kept as data for clients that translate.
 */
export function refuse(
  path: string,
  reason: RefusalReason,
  values: Readonly<Record<string, string | number>> = {},
): BusinessRefusal {
  const strings = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]));
  return new BusinessRefusal(path, refusalText(reason, strings), reason, strings);
}

/** A check of the contract (shared/contract/dsl) refused the params: its issue, reason and values kept. */
export const refusalOfIssue = (issue: Issue): BusinessRefusal =>
  new BusinessRefusal(issue.path, issue.problem, issue.reason, issue.values);

/** The upstream is unreachable or failed. `sent` says whether a write may have reached it. */
export class UpstreamError extends Error {
  constructor(
    message: string,
    readonly sent: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'UpstreamError';
  }
}
