/**
 * The bridge between the cash-desk interface and the main process: ONE typed API, one function
 * per message. Electron IPC (preload) and the browser host both carry exactly this interface,
 * built on the same core. The API key never crosses it: it can be replaced, never read.
 */
import type { ErrorCode, ErrorDetail, OperationName, ParamsOf, ReadName, RpcResult, WriteName } from '../contract/index.js';

/** Failures the client finds itself, besides the service's own error codes. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'TIMEOUT' | 'NO_API_KEY' | 'BAD_RESPONSE';

export interface RpcErrorInfo {
  readonly code: ErrorCode | ClientErrorCode;
  readonly message: string;
  readonly details: readonly ErrorDetail[];
}

/** Where an outbox item is. `reconcile`: the outcome is unknown and a person must check. */
export type QueueState = 'queued' | 'sending' | 'done' | 'refused' | 'reconcile' | 'reconciled';
export const QUEUE_STATES: readonly QueueState[] = ['queued', 'sending', 'done', 'refused', 'reconcile', 'reconciled'];

export interface QueueItem {
  readonly id: number;
  readonly method: WriteName;
  /** Items of one group (a sale document) are sent in order, and wait behind a refused one. */
  readonly group: string;
  readonly state: QueueState;
  readonly attempts: number;
  readonly nextAttemptAt: string | null;
  /** The item it waits behind (a refused or unreconciled item of its group), if any. */
  readonly waitingFor: number | null;
  readonly lastError: RpcErrorInfo | null;
  readonly result: RpcResult | null;
  readonly idempotencyKey: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** What a person reads in the monitor, e.g. "Sale 1042: close, 3 lines, 152.40". */
  readonly summary: string;
  readonly note: string | null;
}

export interface QueueCounts {
  readonly queued: number;
  readonly sending: number;
  readonly refused: number;
  readonly reconcile: number;
}

export type ConnectionState = 'online' | 'offline' | 'unauthorized' | 'unknown';

export interface ReadOutcome<M extends ReadName = ReadName> {
  readonly method: M;
  readonly result: RpcResult;
  /** Served from the local cache because the service could not be reached. */
  readonly stale: boolean;
  readonly fetchedAt: string;
}

export type WriteOutcome =
  | { readonly status: 'done'; readonly id: number; readonly result: RpcResult }
  | { readonly status: 'queued'; readonly id: number }
  | { readonly status: 'refused'; readonly id: number; readonly error: RpcErrorInfo }
  | { readonly status: 'reconcile'; readonly id: number; readonly error: RpcErrorInfo };

export interface TillIdentity {
  /** Cash-desk number. */
  readonly kasm: number;
  /** Cash box that receives this till's cash. */
  readonly akas: string;
  /** Fiscal number of the PRRO the till uses. */
  readonly numprro: string;
}

export type Language = 'uk' | 'en';

/** Settings the interface may read: everything but the key, of which it learns only that it is set. */
export interface PublicSettings {
  /** Empty: the embedded service on a local file. */
  readonly serviceUrl: string;
  readonly till: TillIdentity;
  readonly language: Language;
  readonly hasApiKey: boolean;
  readonly embedded: boolean;
}

export interface SettingsPatch {
  readonly serviceUrl?: string;
  readonly till?: Partial<TillIdentity>;
  readonly language?: Language;
}

export interface ConnectionTest {
  readonly ok: boolean;
  readonly latencyMs: number | null;
  readonly error: RpcErrorInfo | null;
  readonly upstream: { readonly name: string; readonly version: string } | null;
}

export interface AppStatus {
  readonly connection: ConnectionState;
  readonly queue: QueueCounts;
  readonly versions: { readonly app: string; readonly contract: string; readonly runtime: string };
  readonly serviceUrl: string;
  readonly embedded: boolean;
}

export type BridgeEvent =
  | { readonly type: 'queue'; readonly counts: QueueCounts; readonly changedId: number | null }
  | { readonly type: 'connection'; readonly state: ConnectionState };

export interface WriteOptions {
  /** The business object the write belongs to (a sale document number); default: none (the write depends on no other). */
  readonly group?: string;
  /** How long to wait for the answer before returning "queued" (default 1500 ms). */
  readonly waitMs?: number;
  readonly summary?: string;
}

export interface QueueFilter {
  readonly states?: readonly QueueState[];
  readonly limit?: number;
}

export interface CashdeskApi {
  read<M extends ReadName>(method: M, params: ParamsOf<M>): Promise<ReadOutcome<M>>;
  write<M extends WriteName>(method: M, params: ParamsOf<M>, options?: WriteOptions): Promise<WriteOutcome>;
  queueList(filter?: QueueFilter): Promise<QueueItem[]>;
  queueRetry(id: number): Promise<QueueItem>;
  queueReconcile(id: number, note: string): Promise<QueueItem>;
  settingsGet(): Promise<PublicSettings>;
  settingsUpdate(patch: SettingsPatch): Promise<PublicSettings>;
  /** Replaces the API key; there is no way to read it back. */
  setApiKey(key: string): Promise<PublicSettings>;
  testConnection(): Promise<ConnectionTest>;
  status(): Promise<AppStatus>;
  /** Subscribes to events; returns the unsubscribe function. */
  onEvent(listener: (event: BridgeEvent) => void): () => void;
}

/** Messages of the bridge: the request/response functions (events travel separately). */
export type BridgeMessage = Exclude<keyof CashdeskApi, 'onEvent'>;
export const BRIDGE_MESSAGES = [
  'read',
  'write',
  'queueList',
  'queueRetry',
  'queueReconcile',
  'settingsGet',
  'settingsUpdate',
  'setApiKey',
  'testConnection',
  'status',
] as const satisfies readonly BridgeMessage[];

/** Compile-time check that BRIDGE_MESSAGES lists every message. */
type Missing = Exclude<BridgeMessage, (typeof BRIDGE_MESSAGES)[number]>;
export const BRIDGE_MESSAGES_COMPLETE: Missing extends never ? true : never = true;

export type OperationParams<M extends OperationName> = ParamsOf<M>;

/** The request/response half of the API over one transport's `call`, one function per message. */
export function bridgeFunctions(call: <K extends BridgeMessage>(message: K) => CashdeskApi[K]): Omit<CashdeskApi, 'onEvent'> {
  return Object.fromEntries(BRIDGE_MESSAGES.map((m) => [m, call(m)])) as unknown as Omit<CashdeskApi, 'onEvent'>;
}
