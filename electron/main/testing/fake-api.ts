/**
 * A CashdeskApi for transport tests: records every call, answers a fixed sample per message, can
 * be told to fail, and emits events on demand. It never touches the core.
 */
import type {
  AppStatus,
  BridgeEvent,
  BridgeMessage,
  CashdeskApi,
  PublicSettings,
  QueueItem,
} from '../../../shared/bridge/api.js';

const settings: PublicSettings = {
  serviceUrl: '',
  till: { kasm: 1, akas: 'CASH-1', numprro: '4000000001' },
  language: 'uk',
  hasApiKey: true,
  embedded: true,
};

const item: QueueItem = {
  id: 7,
  // Cast: the contract's WriteName is currently `never` (defineOp does not keep `kind` literal).
  method: 'pos.checkout_close_sale' as QueueItem['method'],
  group: 'sale-1042',
  state: 'queued',
  attempts: 0,
  nextAttemptAt: null,
  waitingFor: null,
  lastError: null,
  result: null,
  idempotencyKey: 'k-7',
  createdAt: '2025-01-01T10:00:00.000Z',
  updatedAt: '2025-01-01T10:00:00.000Z',
  summary: 'Sale 1042: close',
  note: null,
};

const result = {
  upstream: { name: 'fake', version: '1', resource: 'x' },
  status: { code: 'OK' as const, operation: 'x' },
  rows: [],
};

const status: AppStatus = {
  connection: 'online',
  queue: { queued: 1, sending: 0, refused: 0, reconcile: 0 },
  versions: { app: '0.1.0', contract: '0.4.0', runtime: 'test' },
  serviceUrl: '',
  embedded: true,
};

/** What each message answers: a JSON value, so it survives both transports unchanged. */
export const SAMPLE_VALUES: Record<BridgeMessage, unknown> = {
  read: { method: 'service.ping', result, stale: false, fetchedAt: '2025-01-01T10:00:00.000Z' },
  write: { status: 'queued', id: 7 },
  queueList: [item],
  queueRetry: item,
  queueReconcile: { ...item, state: 'reconciled', note: 'checked' },
  settingsGet: settings,
  settingsUpdate: { ...settings, language: 'en' },
  setApiKey: settings,
  testConnection: { ok: true, latencyMs: 3, error: null, upstream: { name: 'fake', version: '1' } },
  status,
};

export interface FakeApi extends CashdeskApi {
  readonly calls: { message: BridgeMessage; args: unknown[] }[];
  /** The next call throws this instead of answering. */
  failNext(error: unknown): void;
  emit(event: BridgeEvent): void;
  listenerCount(): number;
}

export function fakeApi(): FakeApi {
  const calls: FakeApi['calls'] = [];
  const listeners = new Set<(event: BridgeEvent) => void>();
  let failure: { error: unknown } | undefined;
  const answer =
    (message: BridgeMessage) =>
    async (...args: unknown[]): Promise<never> => {
      calls.push({ message, args });
      if (failure) {
        const { error } = failure;
        failure = undefined;
        throw error;
      }
      return structuredClone(SAMPLE_VALUES[message]) as never;
    };
  return {
    calls,
    failNext: (error) => {
      failure = { error };
    },
    emit: (event) => {
      for (const l of listeners) l(event);
    },
    listenerCount: () => listeners.size,
    read: answer('read'),
    write: answer('write'),
    queueList: answer('queueList'),
    queueRetry: answer('queueRetry'),
    queueReconcile: answer('queueReconcile'),
    settingsGet: answer('settingsGet'),
    settingsUpdate: answer('settingsUpdate'),
    setApiKey: answer('setApiKey'),
    testConnection: answer('testConnection'),
    status: answer('status'),
    onEvent: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Arguments every message accepts, as a renderer would send them. */
export const VALID_ARGS: Record<BridgeMessage, unknown[]> = {
  read: ['service.ping', {}],
  write: ['pos.card_setting_save', { code: '4820000000017', nt: 'Молоко 2,5%', price: '42.90' }, { group: 'card-1' }],
  queueList: [{ states: ['queued', 'refused'], limit: 50 }],
  queueRetry: [7],
  queueReconcile: [7, 'checked in the back office'],
  settingsGet: [],
  settingsUpdate: [{ language: 'en' }],
  setApiKey: ['k3y-abcdefgh'],
  testConnection: [],
  status: [],
};
