/**
 * The desktop core: everything the main process does, as plain Node, behind the one bridge API.
 * Reads go to the service (and, while it cannot be reached, to the till's catalogue copy and a
 * cache of answers, served marked stale); writes go through the durable outbox, whose
 * Idempotency-Key is stored before sending, and each write goes only to the service it was made for.
 */

import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type {
  AppStatus,
  BridgeEvent,
  CardOutcome,
  CashdeskApi,
  ConnectionState,
  ConnectionTest,
  KeyWriteOptions,
  PublicSettings,
  ScaleSettings,
  ServiceChange,
  SignedIn,
  TerminalSettings,
  TerminalTest,
  UpdateState,
  WriteOutcome,
} from '../../shared/bridge/api.js';
import { BridgeError } from '../../shared/bridge/errors.js';
import type { SecretOperation } from '../../shared/bridge/secrets.js';
import { serviceUrlProblem } from '../../shared/bridge/validate.js';
import { isDraftWrite } from '../../shared/contract/desk-rules.js';
import { CONTRACT_VERSION, op, type RpcResult } from '../../shared/contract/index.js';
import { parseStampMasks } from '../../shared/excise/stamp-format.js';
import { makePrivateDataDir, privateFile } from '../../shared-node/fs/private-files.js';
import type { Logger } from '../../shared-node/log/logger.js';
import type { RotatingFile } from '../../shared-node/log/rotating-file.js';
import { type Db, openDatabase } from '../../shared-node/sqlite/open.js';
import { isStorageFailure } from '../../shared-node/storage-failure.js';
import { CustomerDisplay } from '../devices/display/customer-display.js';
import { EscposPrinter } from '../devices/printer/escpos-printer.js';
import { listSerialPorts, releaseSerial } from '../devices/printer/link/serial.js';
import { cardPart, writeOptionsOf } from './bridge/card-params.js';
import { outcomeOf, personAction } from './bridge/outcomes.js';
import { createRead } from './bridge/read.js';
import { createWrite } from './bridge/write.js';
import { ReadCache } from './cache/read-cache.js';
import { CardPayments, type CardRequest } from './card/card-payments.js';
import { CardStore } from './card/card-store.js';
import { terminalReport, terminalTest } from './card/terminal-checks.js';
import { TerminalLink } from './card/terminal-link.js';
import { LocalCatalog } from './catalog/local-catalog.js';
import { CatalogSync } from './catalog/sync.js';
import { describeWrite } from './describe-write.js';
import { type EmbeddedService, isEmbeddedServiceKey, startEmbeddedService } from './embedded.js';
import { fillTillFromBackOffice } from './fill-till.js';
import { saveLogs } from './logs/save-logs.js';
import { OutboxDrainer } from './outbox/drainer.js';
import { OutboxStore } from './outbox/store.js';
import { OfflineSignIns, offlineSignInResult } from './people/offline-sign-in.js';
import { printReceipt } from './printing/print-receipt.js';
import type { ReceiptPrinter } from './printing/printer-port.js';
import { RpcClient } from './rpc/client.js';
import { UNREACHABLE_CODES } from './rpc/outcome.js';
import { ScaleReader } from './scale/scale-reader.js';
import { bindingOf, EMBEDDED, KeyRing, serviceId } from './secrets/key-ring.js';
import type { SecretStore } from './secrets/secret-store.js';
import { checkService } from './service/service-check.js';
import { authorityOf, type SettingsAuthority, settingsRefusal } from './settings/authority.js';
import { SettingsStore } from './settings/settings-store.js';
import { StorageHealth } from './storage-health.js';
import type { TillFacts } from './updates/update-gate.js';
import type { UpdaterPort } from './updates/updater-port.js';
import { Updates } from './updates/updates.js';

export interface CoreOptions {
  readonly dataDir: string;
  readonly secrets: SecretStore;
  readonly appVersion: string;
  readonly runtime: string;
  /** Fill a new embedded back office with the demo shop. */
  readonly demo?: boolean;
  /** The main process log: the desk's own faults and the interface's errors (never params or keys). */
  readonly logger?: Logger;
  /** The embedded service's request log; silent by default (one line a request). */
  readonly serviceLogger?: Logger;
  /** How long done items stay for the receipts journal (default 30 days). */
  readonly keepDoneMs?: number;
  /** How often the catalogue copy is brought up to date while online (default catalog/sync.ts). */
  readonly catalogSyncMs?: number;
  /** The system's printers, for silent receipt printing (the Electron shell); none in browser mode. */
  readonly printer?: ReceiptPrinter;
  /** The log's files (logs/deskLog), which "save logs" hands support; none: only what the logger writes. */
  readonly logFiles?: RotatingFile;
  /** Where Electron keeps crash reports, listed in the saved logs. */
  readonly crashDir?: string;
  /** Asks where to save a file (the app's save dialog); null: cancelled. None: the data folder's support/. */
  readonly chooseSaveFile?: (suggestedName: string) => Promise<string | null>;
  /** The till's updater (electron-updater in the app); none: the desk never updates itself (browser mode). */
  readonly updater?: UpdaterPort;
  /** How often the updater is asked between shifts (default 10 minutes). */
  readonly updateEveryMs?: number;
  /** Card payments' timing (tests shorten them): see electron/core/card/card-payments.ts. */
  readonly card?: Pick<import('./card/card-payments.js').CardPaymentsOptions, 'timeouts' | 'recoverMs' | 'pollMs'>;
  /** How long a weighing waits for a stable weight (electron/devices/scale; 3 s by default). */
  readonly scaleTimeoutMs?: number;
}

export interface Core {
  readonly api: CashdeskApi;
  /** Asks the gate and the update server now (the timer does it every updateEveryMs); null: no updater. */
  pollUpdates(): Promise<UpdateState | null>;
  close(): Promise<void>;
}

const DEFAULT_WAIT_MS = 1500;
const CONNECTION_PROBE_MS = 15_000;
/** How often an ESC/POS printer that can answer is asked its state, for the status bar. */
const PRINTER_PROBE_MS = 30_000;
/** After a sale was delivered, the stock it took is read into the copy this soon. */
const SYNC_AFTER_WRITE_MS = 1000;

export async function createCore(opts: CoreOptions): Promise<Core> {
  makePrivateDataDir(opts.dataDir);
  const settings = new SettingsStore(join(opts.dataDir, 'settings.json'));
  const keys = await KeyRing.open(opts.secrets, settings.get().serviceUrl, (key) => isEmbeddedServiceKey(opts.dataDir, key));
  /** The address the till works with now. */
  const current = () => serviceId(settings.get().serviceUrl);
  /**
   * The back office it works with now: the address and its key (on a service of many shops the key
   * decides the shop). Writes, cached answers, the catalogue copy and offline sign-ins belong to it.
   */
  const bound = () => bindingOf(current(), keys.get(current()));
  let embedded: EmbeddedService | undefined;
  const startEmbedded = async (): Promise<EmbeddedService> => {
    embedded ??= await startEmbeddedService({
      dataDir: opts.dataDir,
      keys,
      demo: opts.demo ?? false,
      ...(opts.serviceLogger ? { logger: opts.serviceLogger } : {}),
    });
    return embedded;
  };
  if (current() === EMBEDDED) fillTillFromBackOffice(await startEmbedded(), settings);
  const baseUrlOf = (id: string) => (id === EMBEDDED ? (embedded?.url ?? '') : id);

  const db: Db = openDatabase(privateFile(join(opts.dataDir, 'outbox.sqlite')));
  const store = new OutboxStore(db);
  // Writes queued before they were bound to a service were made for the one configured then: this one.
  store.adoptUnbound(bound());
  // Writes bound to an address alone were made under the key stored for it now.
  if (current() !== EMBEDDED) store.rebind(current(), bound(), 'all');
  const cache = new ReadCache(db);
  // An address saved before addresses were checked as they are now gets no key: a person enters it again.
  const client = new RpcClient({
    baseUrl: () => baseUrlOf(current()),
    apiKey: () => (serviceUrlProblem(current()) === undefined ? keys.get(current()) : undefined),
  });
  const catalog = new LocalCatalog(privateFile(join(opts.dataDir, 'catalog.sqlite')));

  const listeners = new Set<(e: BridgeEvent) => void>();
  const emit = (e: BridgeEvent) => {
    for (const l of listeners) l(e);
  };
  const queueEvent = (changedId: number | null) => emit({ type: 'queue', counts: store.counts(bound()), changedId });
  let connection: ConnectionState = 'unknown';
  const setConnection = (state: ConnectionState) => {
    if (state === connection) return;
    connection = state;
    emit({ type: 'connection', state });
    if (state === 'online') void sync.kick();
  };
  let upstream: AppStatus['upstream'] = null;
  // Who is signed in: in memory only, so a restarted till asks for a PIN again.
  let session: SignedIn | null = null;
  const setSession = (next: SignedIn | null) => {
    session = next;
    if (next) staff();
    emit({ type: 'session', cashier: next });
  };
  /**
   * Whether the till is still being set up at the service it works with: nobody has signed in at
   * it here (nor made a write the outbox keeps), so nobody could sign in to change its settings.
   */
  const settingUp = () => !settings.get().staffed.includes(bound()) && !store.madeByPerson(bound());
  /** Someone signed in here: from now on the till's identity at this service is a manager's. */
  const staff = () => {
    const staffed = settings.get().staffed;
    if (staffed.includes(bound())) return;
    try {
      settings.update({ staffed: [...staffed, bound()] });
    } catch (err) {
      // Signing in goes on; the outbox's writes by this person keep the rule until the disk takes it.
      logFault('settings', err);
    }
  };
  /** A settings change the person signed in (or nobody) may not make is refused here, whatever the interface showed. */
  const mayChange = (need: SettingsAuthority) => {
    const refusal = settingsRefusal(need, session, settingUp());
    if (refusal) throw refusal;
  };
  /**
   * Sends a write that carries a PIN or a password at once under a fresh key: a secret is never
   * stored, so it is no outbox write. Nothing of its params is logged: a failure is answered to the
   * interface, in the service's words, and only there.
   */
  const sendNow = async (method: SecretOperation, params: unknown, confirmation?: number) => {
    const outcome = await client.call(method, params, {
      idempotencyKey: randomUUID(),
      ...(session ? { cashier: session.id } : {}),
      ...(confirmation === undefined ? {} : { confirmation }),
    });
    if (outcome.kind === 'ok') return outcome.result;
    throw BridgeError.from(outcome.error);
  };
  /**
   * A register's key is a person's act: the back office takes a key write that names nobody
   * (no X-Cashier) as an API client's, by the key's scope alone, without asking for a manager.
   * So the till sends one only with someone signed in, and their manager's confirmation if any.
   */
  const sendKeyWrite = async (
    method: typeof op.settings.prroKeyLoad | typeof op.pos.prroKeyUnlock | typeof op.settings.prroKeyUnattended,
    params: unknown,
    options: KeyWriteOptions,
  ): Promise<RpcResult> => {
    if (!session)
      throw new BridgeError('NOT_SIGNED_IN', "nobody is signed in at the till: a register's key is handled by a person who is");
    return sendNow(method, params, options.confirmation);
  };
  const logFault = (what: string, err: unknown) =>
    opts.logger?.log('error', what, { error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) });
  const health = new StorageHealth(opts.logger);
  const offlineSignIns = new OfflineSignIns(join(opts.dataDir, 'offline-sign-in.json'), Date.now, {
    failed: (err) => health.failed('sign-ins', err),
    wrote: () => health.wrote('sign-ins'),
  });

  let syncSoon: NodeJS.Timeout | undefined;
  const drainer = new OutboxDrainer(store, client, {
    service: bound,
    onChange: (item) => {
      // Told only after its commit: the outbox writes again.
      health.wrote('outbox');
      queueEvent(item.id);
      if (item.state !== 'done' || isDraftWrite(item.method)) return;
      clearTimeout(syncSoon);
      syncSoon = setTimeout(() => void sync.kick(), SYNC_AFTER_WRITE_MS);
      syncSoon.unref();
    },
    onConnection: setConnection,
    onError: (err) => (isStorageFailure(err) ? health.failed('outbox', err) : logFault('outbox', err)),
  });
  const sync = new CatalogSync(catalog, client, bound, {
    ...(opts.catalogSyncMs ? { intervalMs: opts.catalogSyncMs } : {}),
    onChanged: (version) => emit({ type: 'catalog', version }),
    onSynced: () => health.wrote('catalog'),
    // Selling goes on from the copy as it is; the status bar says the disk refuses.
    onError: (err) => (isStorageFailure(err) ? health.failed('catalog', err) : logFault('catalogue sync', err)),
  });
  /**
   * The ESC/POS printer reads each paper itself through the RPC client, by the target the
   * interface names: the interface never hands the main process a paper's content to print.
   */
  let printerCondition = '';
  const escpos = new EscposPrinter({
    device: () => settings.get().printerDevice,
    copies: () => settings.get().printer.copies,
    timeZone: () => settings.get().timeZone,
    read: async (method, params) => {
      const outcome = await client.call(method, params);
      if (outcome.kind === 'ok') return outcome.result.rows;
      throw BridgeError.from(outcome.error);
    },
    // A change of the printer's state is logged once, not at every probe.
    onState: (s) => {
      if (s.condition === printerCondition) return;
      printerCondition = s.condition;
      opts.logger?.log(s.condition === 'ready' ? 'info' : 'warn', 'receipt printer', { state: s.condition, error: s.reason });
    },
  });
  const escposOnly = () => {
    if (settings.get().printerDevice.connection === 'system')
      throw new BridgeError(
        'NO_PRINTER',
        'this cash desk prints through the system printer, not ESC/POS (Settings, receipt printer)',
      );
  };
  // Items a killed process left sending are put back in line by the drainer's first step.
  try {
    store.purgeDone(opts.keepDoneMs ?? 30 * 86400_000);
  } catch (err) {
    // A full disk cannot even delete (the WAL grows): the journal stays longer, and the till starts.
    if (!isStorageFailure(err)) throw err;
    health.failed('outbox', err);
  }
  drainer.start();

  const scale = new ScaleReader(opts.scaleTimeoutMs, () => emit({ type: 'scale', status: scale.status() }));
  const terminalLink = new TerminalLink(
    () => settings.get().terminal,
    (what) => opts.logger?.log('warn', 'card terminal', { what }),
  );
  const cardStore = new CardStore(db, store);
  const terminalEvent = () => emit({ type: 'terminal', status: terminalLink.status(cards.pending()) });
  /** A write the outbox got outside the bridge's write (a card approval's close): sent and waited for as one. */
  const delivered = async (id: number, waitMs: number): Promise<WriteOutcome> => {
    health.wrote('outbox');
    queueEvent(id);
    drainer.kick();
    return outcomeOf(await drainer.waitFor(id, waitMs));
  };
  const cards = new CardPayments({
    store: cardStore,
    link: terminalLink,
    delivered,
    changed: terminalEvent,
    log: (level, msg, fields) => opts.logger?.log(level, msg, fields),
    ...(opts.card ?? {}),
  });
  /** A card payment of the sale or the return, once its params passed the bridge's checks. */
  const payByCard = (req: Omit<CardRequest, 'service' | 'cashier'>, waitMs: number | undefined): Promise<CardOutcome> =>
    cards.pay(
      { ...req, service: bound(), cashier: session && { id: session.id, name: session.name } },
      waitMs ?? DEFAULT_WAIT_MS,
    );
  /** The customer display: written to on its own, its failures said in the status bar and the log, never to the sale. */
  const display = new CustomerDisplay({
    settings: () => settings.get().customerDisplay,
    changed: (s) =>
      opts.logger?.log(s.state === 'ready' ? 'info' : 'warn', 'customer display', { state: s.state, error: s.reason }),
  });
  // A display switched on with the till greets from the start, whatever it showed before.
  display.show({ kind: 'idle' });

  /** The status bar's word on the terminal: a ping now and then, never while a payment or a report is on it. */
  const probeTerminal = () => {
    if (!terminalLink.current() || terminalLink.isBusy) return;
    terminalTest(terminalLink, settings.get().terminal)
      .then(terminalEvent)
      .catch((err: unknown) => logFault('card terminal probe', err));
  };
  // A payment a crash or a power cut left without its outcome is asked of the terminal first thing.
  if (cards.pending() && terminalLink.current()) {
    cards.recover(DEFAULT_WAIT_MS).catch((err: unknown) => logFault('card payment recovery', err));
  }

  const publicSettings = (): PublicSettings => {
    const s = settings.get();
    return {
      serviceUrl: s.serviceUrl,
      till: s.till,
      language: s.language,
      quickKeys: s.quickKeys,
      timeZone: s.timeZone,
      hasApiKey: keys.has(current()),
      embedded: current() === EMBEDDED,
      stampMasks: parseStampMasks(catalog.setting('excise_stamp_masks')),
      cashRounding: catalog.setting('cash_rounding_steps') ?? '',
      idleLockMinutes: s.idleLockMinutes,
      printer: s.printer,
      terminal: s.terminal,
      printerDevice: s.printerDevice,
      customerDisplay: s.customerDisplay,
      scale: s.scale,
      settingUp: settingUp(),
    };
  };

  const read = createRead({
    client,
    cache,
    catalog,
    health,
    bound,
    setConnection,
    setUpstream: (u) => {
      upstream = u;
    },
  });
  const write = createWrite({
    store,
    drainer,
    health,
    bound,
    session: () => session,
    queueEvent,
    defaultWaitMs: DEFAULT_WAIT_MS,
  });

  /** Checks an address with a key; the embedded service with its own key. */
  async function check(url: string, key: string | undefined): Promise<ConnectionTest> {
    if (serviceId(url) === EMBEDDED) {
      const own = await startEmbedded();
      return checkService(own.url, keys.get(EMBEDDED));
    }
    return checkService(serviceId(url), key);
  }

  async function serviceSet(change: ServiceChange): Promise<PublicSettings> {
    mayChange('manager');
    const target = serviceId(change.url);
    if (target !== EMBEDDED && change.key === undefined && (target !== current() || !keys.has(target))) {
      throw new BridgeError('BAD_ARGUMENTS', 'a new service address needs the API key entered with it', [
        { path: 'change.key', problem: 'is required with a new address: a stored key is never sent to another address' },
      ]);
    }
    const key = change.key ?? keys.get(target);
    const tested = await check(target, key);
    if (!tested.ok && tested.error) throw BridgeError.from(tested.error);
    const from = bound();
    const to = bindingOf(target, target === EMBEDDED ? keys.get(EMBEDDED) : key);
    // Another address, or another key at this one (which may reach another shop's back office).
    const switching = to !== from;
    if (switching) {
      const open = store.counts(from);
      const waiting = open.queued + open.sending + open.refused + open.reconcile;
      if (waiting > 0 && change.queued === undefined) {
        const where = current() === EMBEDDED ? 'the embedded service' : `${current()} with the key stored for it`;
        throw new BridgeError(
          'QUEUED_WRITES',
          `${waiting} writes wait for ${where}; keep them for it, send them to the new one if it is the same shop's back office, or wait until they are sent`,
          [{ path: 'change.queued', problem: `${waiting} writes wait for the current service` }],
        );
      }
    }
    if (target !== EMBEDDED && change.key !== undefined) await keys.set(target, change.key);
    // Writes made for the new address before the key was part of the binding belong to it.
    if (target !== EMBEDDED) store.rebind(target, to, 'all');
    // The person says the new one is the same shop's back office: its Idempotency-Keys are known there.
    if (switching && change.queued === 'send') store.rebind(from, to, 'open');
    settings.update({ serviceUrl: target });
    upstream = tested.upstream;
    if (switching) {
      // Another back office has other users: whoever signed in here signs in there.
      setSession(null);
      cache.clear();
      connection = 'unknown';
      setConnection('online');
    }
    drainer.kick();
    void sync.kick();
    queueEvent(null);
    return publicSettings();
  }

  const api: CashdeskApi = {
    read: (method, params) => read(method, params),
    write: (method, params, options = {}) => write(method, params as Record<string, unknown>, options),
    queueList: async (filter = {}) => store.list(filter, bound()),
    queueRetry: async (id) => {
      const item = personAction(() => store.retry(id));
      drainer.kick();
      queueEvent(id);
      return item;
    },
    queueReconcile: async (id, note) => {
      const item = personAction(() => store.reconcile(id, note));
      drainer.kick();
      queueEvent(id);
      return item;
    },
    queueSendHere: async (id) => {
      const item = personAction(() => store.sendHere(id, bound()));
      drainer.kick();
      queueEvent(id);
      return item;
    },
    settingsGet: async () => publicSettings(),
    settingsUpdate: async (patch) => {
      mayChange(authorityOf(patch, settings.get().till, settings.get().terminal));
      settings.update(patch);
      drainer.kick();
      if (patch.terminal) {
        terminalEvent();
        probeTerminal();
      }
      if (patch.customerDisplay) await display.reconfigure();
      return publicSettings();
    },
    serviceSet,
    serviceTest: async ({ url, key }) => {
      const target = serviceId(url);
      // A stored key goes only to its own address: a new one is tested with the key typed for it.
      if (target !== EMBEDDED && key === undefined && target !== current()) {
        return {
          ok: false,
          latencyMs: null,
          upstream: null,
          error: { code: 'NO_API_KEY', message: 'enter the API key for this address to test it', details: [] },
        };
      }
      return check(target, key ?? keys.get(target));
    },
    testConnection: async (): Promise<ConnectionTest> => {
      const asked = bound();
      const t0 = performance.now();
      const outcome = await client.call(op.service.ping, {});
      const latencyMs = Math.round(performance.now() - t0);
      // A probe of the service before a switch must not make the status name that one again.
      const fresh = bound() === asked;
      if (outcome.kind === 'ok') {
        const { name, version } = outcome.result.upstream;
        if (fresh) {
          setConnection('online');
          upstream = { name, version };
        }
        return { ok: true, latencyMs, error: null, upstream: { name, version } };
      }
      if (outcome.kind === 'retry' && fresh) setConnection(outcome.error.code === 'UNAUTHORIZED' ? 'unauthorized' : 'offline');
      return { ok: false, latencyMs: null, error: outcome.error, upstream: null };
    },
    updateInstall: async () => {
      if (session?.role !== 'manager')
        throw new BridgeError('NOT_A_MANAGER', 'installing an update restarts the till: a manager signed in does it');
      if (!updates)
        throw new BridgeError('NO_UPDATER', 'this cash desk has no update server set (browser mode, or built without one)');
      return updates.install();
    },
    status: async (): Promise<AppStatus> => ({
      connection,
      queue: store.counts(bound()),
      versions: { app: opts.appVersion, contract: CONTRACT_VERSION, runtime: opts.runtime },
      serviceUrl: baseUrlOf(current()),
      embedded: current() === EMBEDDED,
      upstream,
      catalog: catalog.state(),
      cashier: session,
      storageFault: health.since(),
      terminal: terminalLink.status(cards.pending()),
      printer: escpos.state(),
      update: updates?.status() ?? null,
      scale: settings.get().scale.enabled ? scale.status() : null,
      customerDisplay: display.state(),
    }),
    catalogSearch: async (query) => catalog.search(query),
    catalogItem: async (code) => catalog.item(code) ?? null,
    catalogMirror: async (query) => catalog.mirror(query),
    confirmManualPrice: (params) => sendNow(op.pos.checkoutManualPrice, params),
    signIn: async (params): Promise<RpcResult> => {
      const asked = bound();
      // A sign-in answered by the service the till left meanwhile signs nobody in at the new one.
      const stillAsked = () => {
        if (bound() !== asked)
          throw new BridgeError('SERVICE_CHANGED', 'the service was changed while signing in: sign in again');
      };
      let result: RpcResult;
      try {
        result = await sendNow(op.pos.cashierSignIn, params);
      } catch (err) {
        stillAsked();
        // The service cannot be reached: a PIN it accepted here lately signs in from the till's verifier.
        if (!(err instanceof BridgeError && UNREACHABLE_CODES.has(err.code))) throw err;
        const answer = offlineSignIns.check(asked, params.kasm, params.card, params.pin);
        if (answer.outcome === 'unknown') throw err;
        if (answer.outcome === 'signed_in') {
          setSession(answer.who);
          opts.logger?.log('info', 'cashier signed in offline', { user: String(answer.who.id) });
        }
        return offlineSignInResult(answer);
      }
      stillAsked();
      const row = result.rows[0] as { outcome?: string; user_id?: string; name?: string; role?: string } | undefined;
      if (row?.outcome === 'signed_in') {
        const who: SignedIn = {
          id: Number(row.user_id),
          name: row.name ?? '',
          role: row.role === 'manager' ? 'manager' : 'cashier',
        };
        setSession(who);
        offlineSignIns.remember(asked, params.kasm, params.card, params.pin, who);
        opts.logger?.log('info', 'cashier signed in', { user: row.user_id ?? '' });
      } else if (row?.outcome === 'locked') offlineSignIns.forget(asked, params.kasm, params.card);
      return result;
    },
    signOut: async () => {
      if (session) opts.logger?.log('info', 'cashier signed out', { user: String(session.id) });
      setSession(null);
    },
    confirmManager: (params) => sendNow(op.pos.managerConfirm, params),
    loadKey: (params, options = {}) => sendKeyWrite(op.settings.prroKeyLoad, params, options),
    unlockKey: (params, options = {}) => sendKeyWrite(op.pos.prroKeyUnlock, params, options),
    setKeyUnattended: (params, options = {}) => sendKeyWrite(op.settings.prroKeyUnattended, params, options),
    reportError: async (report) => {
      opts.logger?.log('error', 'interface error', { screen: report.screen, error: report.message, stack: report.stack });
    },
    printers: async () => ({ native: opts.printer !== undefined, printers: (await opts.printer?.list()) ?? [] }),
    printReceipt: async (job) => {
      if (!opts.printer)
        throw new BridgeError('NO_PRINTER', 'this cash desk prints through the browser (window.print), not silently');
      const outcome = await printReceipt(opts.printer, settings.get().printer, job);
      if (outcome.status === 'failed')
        opts.logger?.log('warn', 'receipt not printed', { problem: outcome.problem, error: outcome.reason });
      return outcome;
    },
    cardSale: async (params, options = {}) => {
      const amount = cardPart(params.payments);
      if (params.card_payment !== undefined)
        throw new BridgeError('BAD_ARGUMENTS', 'the approval is the terminal’s to give, not the interface’s', [
          { path: 'params.card_payment', problem: 'must not be sent: the terminal gives it' },
        ]);
      const described = describeWrite(op.pos.checkoutCloseSale, params as Record<string, unknown>);
      return payByCard(
        {
          kind: 'sale',
          amount,
          ndoc: params.ndoc ?? '',
          method: op.pos.checkoutCloseSale,
          params: params as Record<string, unknown>,
          options: writeOptionsOf(options, `sale-${params.ndoc ?? randomUUID()}`, described),
          rrn: '',
        },
        options.waitMs,
      );
    },
    cardRefund: async (params, refund, options = {}) => {
      if (params.card_payment !== undefined)
        throw new BridgeError('BAD_ARGUMENTS', 'the approval is the terminal’s to give, not the interface’s', [
          { path: 'params.card_payment', problem: 'must not be sent: the terminal gives it' },
        ]);
      const described = describeWrite(op.pos.checkoutReturn, params as Record<string, unknown>);
      return payByCard(
        {
          kind: 'refund',
          amount: refund.amount,
          ndoc: String(params.check_number),
          method: op.pos.checkoutReturn,
          params: params as Record<string, unknown>,
          options: writeOptionsOf(options, `return-${params.check_number}`, described),
          rrn: refund.rrn,
        },
        options.waitMs,
      );
    },
    cardRecover: () => cards.recover(DEFAULT_WAIT_MS),
    scaleRead: async (typed) => {
      const saved = settings.get().scale;
      // Another scale than the saved one is a manager's to try, as the terminal's test.
      if (typed && Object.keys(typed).some((k) => typed[k as keyof ScaleSettings] !== saved[k as keyof ScaleSettings]))
        mayChange('manager');
      const r = await scale.read(typed ? { ...saved, ...typed, enabled: true } : saved);
      if (!r.ok) opts.logger?.log('warn', 'scale', { reason: r.reason, detail: r.detail });
      return r;
    },
    terminalTest: async (typed): Promise<TerminalTest> => {
      const saved = settings.get().terminal;
      // Another terminal than the saved one is a manager's to try: the till connects where it is told.
      if (typed && Object.keys(typed).some((k) => typed[k as keyof TerminalSettings] !== saved[k as keyof TerminalSettings]))
        mayChange('manager');
      const outcome = await terminalTest(terminalLink, { ...saved, ...(typed ?? {}), enabled: true });
      terminalEvent();
      return outcome;
    },
    terminalReport: async (kind) => {
      if (!session)
        throw new BridgeError('NOT_SIGNED_IN', "nobody is signed in at the till: the terminal's reports are a person's");
      const client = terminalLink.current();
      if (!client) throw new BridgeError('TERMINAL_OFF', 'no card terminal is set up at this till (Settings, F9)');
      if (cards.pending())
        throw new BridgeError('CARD_PENDING', 'a card payment is not settled yet: the terminal is asked first');
      const report = await terminalReport(terminalLink, client, kind);
      opts.logger?.log('info', 'card terminal report', { kind, ok: report.ok, code: report.code });
      return report;
    },
    printPaper: async (target) => {
      escposOnly();
      const outcome = await escpos.print(target);
      if (outcome.status === 'failed')
        opts.logger?.log('warn', 'paper not printed', { problem: outcome.problem, error: outcome.reason });
      return outcome;
    },
    openDrawer: (target) => escpos.openDrawer(target),
    printerCheck: () => escpos.check(),
    printerTest: async () => {
      // The test belongs to the device's settings, which are a manager's.
      mayChange('manager');
      escposOnly();
      return escpos.test();
    },
    serialPorts: () => listSerialPorts(),
    customerDisplay: async (view) => display.show(view),
    customerDisplayTest: async () => {
      // The test belongs to the device's settings, which are a manager's.
      mayChange('manager');
      return display.test();
    },
    logsSave: async () => {
      if (!session) throw new BridgeError('NOT_SIGNED_IN', 'nobody is signed in at the till: saving its logs is a person’s');
      const s = settings.get();
      const saved = await saveLogs({
        files: opts.logFiles,
        dataDir: opts.dataDir,
        ...(opts.crashDir ? { crashDir: opts.crashDir } : {}),
        ...(opts.chooseSaveFile ? { chooseFile: opts.chooseSaveFile } : {}),
        facts: {
          app: opts.appVersion,
          runtime: opts.runtime,
          till: `${s.till.kasm} (cash box ${s.till.akas || '—'})`,
          service: s.serviceUrl || 'embedded',
          'saved by': `${session.name} (${session.role})`,
        },
      });
      if (saved) opts.logger?.log('info', 'logs saved for support', { bytes: saved.bytes });
      return saved;
    },
    onEvent: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };

  /** What decides whether an update may be offered: the till's shift, its outbox, its card payments. */
  const tillFacts = async (): Promise<TillFacts> => {
    const outcome = await client.call(op.pos.shiftState, { kasm: settings.get().till.kasm });
    const row = outcome.kind === 'ok' ? (outcome.result.rows[0] as { shift_id?: unknown } | undefined) : undefined;
    const shift = row === undefined ? 'unknown' : row.shift_id === null || row.shift_id === '' ? 'closed' : 'open';
    const c = store.counts(bound());
    return { shift, writesWaiting: c.queued + c.sending + c.reconcile, cardPending: cards.pending() !== null };
  };
  const updates = opts.updater
    ? new Updates({
        port: opts.updater,
        facts: tillFacts,
        changed: () => emit({ type: 'update', update: updates?.status() as UpdateState }),
        ...(opts.logger ? { logger: opts.logger } : {}),
      })
    : undefined;
  const updatePoller = updates ? setInterval(() => void updates.poll(), opts.updateEveryMs ?? 10 * 60_000) : undefined;
  updatePoller?.unref();

  // The indicator must tell the truth before the first sale: check now, then now and then.
  const probe = () => {
    api.testConnection().catch(() => undefined);
    probeTerminal();
  };
  probe();
  const prober = setInterval(probe, CONNECTION_PROBE_MS);
  prober.unref();
  // The status bar says a printer out of paper before the next sale, not at it.
  const printerProber = setInterval(() => {
    const { connection } = settings.get().printerDevice;
    if (connection === 'tcp' || connection === 'serial') escpos.check().catch(() => undefined);
  }, PRINTER_PROBE_MS);
  printerProber.unref();
  sync.start();

  return {
    api,
    pollUpdates: async () => (updates ? updates.poll() : null),
    async close() {
      clearInterval(prober);
      if (updatePoller) clearInterval(updatePoller);
      await terminalLink.close();
      clearInterval(printerProber);
      await releaseSerial();
      await display.close();
      clearTimeout(syncSoon);
      await sync.stop();
      await drainer.stop();
      listeners.clear();
      catalog.close();
      db.close();
      await embedded?.service.close();
    },
  };
}
