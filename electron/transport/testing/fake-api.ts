/**
 * A CashdeskApi for transport tests: records every call, answers a fixed sample per message, can
 * be told to fail, and emits events on demand. It never touches the core.
 */
import {
  type AppStatus,
  type BridgeEvent,
  type BridgeMessage,
  type CashdeskApi,
  DEFAULT_CUSTOMER_DISPLAY,
  DEFAULT_PRINTER_DEVICE,
  DEFAULT_SCALE,
  DEFAULT_TERMINAL,
  type PrinterState,
  type PublicSettings,
} from '../../../shared/bridge/api.js';
import { sampleQueueItem } from '../../../shared/bridge/queue-item.testing.js';

const settings: PublicSettings = {
  serviceUrl: '',
  till: { kasm: 1, akas: 'CASH-1', numprro: '4000000001' },
  language: 'uk',
  hasApiKey: true,
  embedded: true,
  quickKeys: [],
  timeZone: 'Europe/Kyiv',
  cashRounding: '',
  stampMasks: ['AAAA999999 9999999999'],
  idleLockMinutes: 5,
  printer: { name: 'POS-80', paperWidth: 80, copies: 1, askEachTime: false, eReceiptOnly: false },
  terminal: DEFAULT_TERMINAL,
  printerDevice: { ...DEFAULT_PRINTER_DEVICE, connection: 'tcp', host: '10.0.0.5' },
  customerDisplay: { ...DEFAULT_CUSTOMER_DISPLAY, enabled: true, serialPath: '/dev/ttyUSB1' },
  scale: DEFAULT_SCALE,
  settingUp: false,
};

const printerState: PrinterState = {
  connection: 'tcp',
  condition: 'ready',
  paperNearEnd: false,
  checkedAt: '2025-01-01T10:00:00.000Z',
  reason: 'ready',
};

const item = sampleQueueItem({
  id: 7,
  group: 'sale-1042',
  idempotencyKey: 'k-7',
  createdAt: '2025-01-01T10:00:00.000Z',
  updatedAt: '2025-01-01T10:00:00.000Z',
  summary: 'Sale 1042: close',
  label: { key: 'saleClose', values: { count: '1', total: '10.00' } },
});

const result = {
  upstream: { name: 'fake', version: '1', resource: 'x' },
  status: { code: 'OK' as const, operation: 'x' },
  rows: [],
};

const status: AppStatus = {
  connection: 'online',
  queue: { queued: 1, sending: 0, refused: 0, reconcile: 0, elsewhere: 0 },
  versions: { app: '0.1.0', contract: '0.4.0', runtime: 'test' },
  serviceUrl: '',
  embedded: true,
  upstream: { name: 'fake', version: '1' },
  catalog: { syncedAt: '2025-01-01T10:00:00.000Z', goods: 1, cards: 0 },
  cashier: { id: 2, name: 'Шевченко Олена Петрівна', role: 'cashier' },
  storageFault: null,
  terminal: { state: 'off', answeredAt: null, pending: null },
  printer: printerState,
  update: null,
  scale: null,
  customerDisplay: { state: 'ready', reason: '' },
};

const approval = {
  amount: '10.00',
  rrn: '612300000001',
  auth_code: '400001',
  pan: '4731XXXXXXXX1234',
  payment_system: 'VISA',
  terminal_id: 'S1A00042',
  acquirer: 'ПриватБанк',
  invoice_number: '000101',
};

const catalogItem = {
  code: '4820000000017',
  name: 'Молоко 2,5%',
  unit: 'шт',
  price: '42.90',
  weighted: false,
  plu: '',
  excise: false,
  ageLimit: 0,
  stock: '12.000',
};

/** What each message answers: a JSON value, so it survives both transports unchanged. */
export const SAMPLE_VALUES: Record<BridgeMessage, unknown> = {
  read: { method: 'service.ping', result, stale: false, fetchedAt: '2025-01-01T10:00:00.000Z' },
  write: { status: 'queued', id: 7 },
  queueList: [item],
  queueRetry: item,
  queueReconcile: { ...item, state: 'reconciled', note: 'checked' },
  queueSendHere: item,
  settingsGet: settings,
  settingsUpdate: { ...settings, language: 'en' },
  serviceSet: settings,
  serviceTest: { ok: true, latencyMs: 3, error: null, upstream: { name: 'fake', version: '1' } },
  testConnection: { ok: true, latencyMs: 3, error: null, upstream: { name: 'fake', version: '1' } },
  status,
  catalogSearch: [catalogItem],
  catalogItem,
  catalogMirror: {
    epoch: 'c0ffee',
    version: 3,
    full: true,
    goods: [{ ...catalogItem, codes: ['4000000000017'] }],
    removed: [],
    next: null,
  },
  confirmManualPrice: result,
  signIn: result,
  signOut: null,
  confirmManager: result,
  loadKey: result,
  unlockKey: result,
  setKeyUnattended: result,
  reportError: null,
  printers: { native: true, printers: [{ name: 'POS-80', displayName: 'POS-80' }] },
  printReceipt: { status: 'printed', printer: 'POS-80', copies: 1 },
  cardSale: { status: 'approved', approval, write: { status: 'queued', id: 8 } },
  cardRefund: { status: 'declined', code: '1002', reason: 'Відмова банку' },
  cardRecover: null,
  terminalTest: { ok: true, latencyMs: 4, code: '0000', reason: '' },
  terminalReport: { kind: 'audit', ok: true, code: '0000', reason: '', fields: { totalCount: '3' } },
  printPaper: { status: 'printed', printer: 'tcp 10.0.0.5:9100', copies: 1 },
  openDrawer: true,
  printerCheck: printerState,
  printerTest: { state: printerState, printed: { status: 'printed', printer: 'tcp 10.0.0.5:9100', copies: 1 } },
  serialPorts: ['/dev/ttyUSB0'],
  logsSave: { path: '/data/support/cashdesk-logs-2025-01-01T10-00-00.txt', bytes: 2048 },
  updateInstall: { state: 'ready', version: '0.2.0', reason: 'shift_open' },
  customerDisplay: null,
  customerDisplayTest: { state: 'ready', reason: '' },
  scaleRead: { ok: true, kg: '1.234' },
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
    queueSendHere: answer('queueSendHere'),
    settingsGet: answer('settingsGet'),
    settingsUpdate: answer('settingsUpdate'),
    serviceSet: answer('serviceSet'),
    serviceTest: answer('serviceTest'),
    testConnection: answer('testConnection'),
    status: answer('status'),
    catalogSearch: answer('catalogSearch'),
    catalogItem: answer('catalogItem'),
    catalogMirror: answer('catalogMirror'),
    confirmManualPrice: answer('confirmManualPrice'),
    signIn: answer('signIn'),
    signOut: answer('signOut'),
    confirmManager: answer('confirmManager'),
    loadKey: answer('loadKey'),
    unlockKey: answer('unlockKey'),
    setKeyUnattended: answer('setKeyUnattended'),
    reportError: answer('reportError'),
    printers: answer('printers'),
    printReceipt: answer('printReceipt'),
    cardSale: answer('cardSale'),
    cardRefund: answer('cardRefund'),
    cardRecover: answer('cardRecover'),
    terminalTest: answer('terminalTest'),
    terminalReport: answer('terminalReport'),
    printPaper: answer('printPaper'),
    openDrawer: answer('openDrawer'),
    printerCheck: answer('printerCheck'),
    printerTest: answer('printerTest'),
    serialPorts: answer('serialPorts'),
    logsSave: answer('logsSave'),
    updateInstall: answer('updateInstall'),
    customerDisplay: answer('customerDisplay'),
    customerDisplayTest: answer('customerDisplayTest'),
    scaleRead: answer('scaleRead'),
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
  queueSendHere: [7],
  settingsGet: [],
  settingsUpdate: [{ language: 'en' }],
  serviceSet: [{ url: 'http://store-server:8787', key: 'k3y-abcdefgh' }],
  serviceTest: [{ url: 'http://store-server:8787', key: 'k3y-abcdefgh' }],
  testConnection: [],
  status: [],
  catalogSearch: [{ text: 'молоко', limit: 20 }],
  catalogItem: ['4820000000017'],
  catalogMirror: [{ epoch: 'c0ffee', since: 2, after: '4820000000010', limit: 500 }],
  confirmManualPrice: [{ ndoc: 'K1-a', code: '4820000000017', quant: '1', price: '40.00', manager_card: '1002', pin: '2002' }],
  signIn: [{ kasm: 1, card: '1002', pin: '2002' }],
  signOut: [],
  confirmManager: [{ kasm: 1, card: '1001', pin: '1001', action: 'cash_withdrawal', subject: '200.00' }],
  loadKey: [
    { kasm: 1, container: 'MIIBAgEBMA0=', password: 'Ключ-2025', certificate: 'MIIC', cashier_registered: true },
    { confirmation: 12 },
  ],
  unlockKey: [{ kasm: 1, password: 'Ключ-2025' }],
  setKeyUnattended: [{ kasm: 1, enabled: false }, {}],
  reportError: [{ screen: 'sale', message: 'TypeError: l is not a function' }],
  printers: [],
  printReceipt: [{ html: '<div class="receipt-paper">ФІСКАЛЬНИЙ ЧЕК</div>', heightMm: 120 }],
  cardSale: [
    {
      kasm: 1,
      ndoc: 'K1-a',
      rows: [{ code: '4820000000017', quant: '1', price: '10.00', sum: '10.00' }],
      payments: [{ type: 'bn', amount: '10.00' }],
    },
    { group: 'sale-K1-a' },
  ],
  cardRefund: [{ check_number: 12, kasm: 1, rows: [{ line_no: 1, quant: '1' }] }, { amount: '10.00', rrn: '612300000001' }, {}],
  cardRecover: [],
  terminalTest: [{ connection: 'tcp', host: '192.168.1.50', port: 2000 }],
  terminalReport: ['audit'],
  printPaper: [{ checkNumber: 1042 }],
  openDrawer: [{ docId: 88 }],
  printerCheck: [],
  printerTest: [],
  serialPorts: [],
  logsSave: [],
  updateInstall: [],
  customerDisplay: [{ kind: 'line', name: 'Молоко 2,5% 900 г', quantity: '2', price: '42.90', sum: '85.80' }],
  customerDisplayTest: [],
  scaleRead: [{ serialPath: '/dev/ttyUSB1', baudRate: 9600 }],
};
