/**
 * A bridge for the key's component tests: reads answer the key rows (and a shift state) given,
 * the key's messages and the manager's confirmation are mocks a test can hold or make refuse, and
 * who is signed in is a manager or a cashier as the test says.
 */
import { vi } from 'vitest';
import type { BridgeEvent, CashdeskApi, WriteOutcome } from '../../../shared/bridge/api.js';
import { BridgeError } from '../../bridge/index.js';
import type { KeyRow } from './key-state.js';

export const RESULT = { upstream: { name: 'b', version: '1', resource: 'pos' }, status: { code: 'OK' as const, operation: 'x' } };

/** A refusal of the back office with its reason, as the core hands it on. */
export const refusal = (reason: string, values: Record<string, string> = {}, path = 'params.password') =>
  new BridgeError('INVALID_PARAMETER', 'refused', [{ path, problem: 'refused', reason, values } as never]);

export interface KeyBridge {
  readonly api: CashdeskApi;
  rows: KeyRow[];
  shift: Record<string, unknown> | undefined;
  role: 'cashier' | 'manager';
  /** What the next write answers. */
  writeAnswer: WriteOutcome;
  readonly read: ReturnType<typeof vi.fn>;
  readonly loadKey: ReturnType<typeof vi.fn>;
  readonly unlockKey: ReturnType<typeof vi.fn>;
  readonly setKeyUnattended: ReturnType<typeof vi.fn>;
  readonly confirmManager: ReturnType<typeof vi.fn>;
  readonly write: ReturnType<typeof vi.fn>;
  readonly queueReconcile: ReturnType<typeof vi.fn>;
  /** Hands an event to the page's listeners, as the core does. */
  emit(event: BridgeEvent): void;
}

export function keyBridge(): KeyBridge {
  const b = {
    rows: [] as KeyRow[],
    shift: undefined as Record<string, unknown> | undefined,
    role: 'manager' as 'cashier' | 'manager',
    writeAnswer: { status: 'done', id: 1, result: { ...RESULT, rows: [] } } as WriteOutcome,
  };
  const rowsFor = (method: string, params: { kasm?: number }) => {
    if (method === 'pos.prro_key_state') return b.rows.filter((r) => !params.kasm || r.kasm === String(params.kasm));
    if (method === 'pos.shift_state') return b.shift ? [b.shift] : [];
    return [];
  };
  const keyAnswer = async (params: { kasm: number }) => ({
    ...RESULT,
    rows: b.rows.filter((r) => r.kasm === String(params.kasm)),
  });
  const read = vi.fn(async (method: string, params: { kasm?: number }) => ({
    method,
    result: { ...RESULT, rows: rowsFor(method, params) },
    stale: false,
    fetchedAt: '',
  }));
  const loadKey = vi.fn(keyAnswer);
  const unlockKey = vi.fn(keyAnswer);
  const setKeyUnattended = vi.fn(keyAnswer);
  const confirmManager = vi.fn(async () => ({
    ...RESULT,
    rows: [{ outcome: 'confirmed', confirmation_id: '77', manager: 'Мельник Андрій Петрович' }],
  }));
  const write = vi.fn(async () => b.writeAnswer);
  const queueReconcile = vi.fn(async () => ({}));
  const listeners = new Set<(e: BridgeEvent) => void>();
  const emit = (event: BridgeEvent) => {
    for (const l of listeners) l(event);
  };
  const api = {
    read,
    loadKey,
    unlockKey,
    setKeyUnattended,
    confirmManager,
    write,
    queueReconcile,
    status: vi.fn(async () => ({
      connection: 'online',
      queue: { queued: 0, sending: 0, refused: 0, reconcile: 0, elsewhere: 0 },
      catalog: { syncedAt: new Date().toISOString(), goods: 1, cards: 0 },
      cashier: { id: 3, name: 'Шевчук Оксана Василівна', role: b.role },
      storageFault: null,
    })),
    settingsGet: vi.fn(async () => ({
      serviceUrl: '',
      till: { kasm: 1, akas: 'KAS1', numprro: '4000211451' },
      language: 'uk',
      hasApiKey: true,
      embedded: true,
      timeZone: 'Europe/Kyiv',
    })),
    onEvent: (listener: (e: BridgeEvent) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as CashdeskApi;
  return Object.assign(b, { api, read, loadKey, unlockKey, setKeyUnattended, confirmManager, write, queueReconcile, emit });
}

/** Puts the bridge where getBridge() finds it. */
export function installBridge(bridge: KeyBridge): void {
  Object.defineProperty(window, 'cashdesk', { value: bridge.api, configurable: true });
}
