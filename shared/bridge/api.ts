/**
 * The bridge between the cash-desk interface and the main process: ONE typed API, one function
 * per message. Electron IPC (preload) and the browser host both carry exactly this interface,
 * built on the same core. The API key never crosses it: it can be replaced, never read.
 */

import type {
  ErrorCode,
  ErrorDetail,
  OperationName,
  ParamsOf,
  ReadName,
  RpcResult,
  WriteLabel,
  WriteName,
} from '../contract/index.js';
import type { op } from '../contract/op.js';

/**
 * What a queued write is, as data the interface words in its own language (the summary is the
 * English line for logs): a key of the interface's outbox labels and the values it carries. The
 * registry's specs describe their writes with it (shared/contract/dsl/operation.ts).
 */
export type { WriteLabel };

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
  /** The English line for logs, e.g. "sale K1-…: close, 3 lines, 152.40". */
  readonly summary: string;
  /** What the interface shows, in the cashier's language. */
  readonly label: WriteLabel | null;
  readonly note: string | null;
  /**
   * The address of the service the write was made for ('' is the embedded one). It is sent only
   * there, and only under the key stored for that address when it was made.
   */
  readonly service: string;
  /**
   * Still waiting, and made for another service than the one the till works with now (another
   * address, or another key at this one): sent only there, unless a person sends it here
   * (queueSendHere). Absent otherwise.
   */
  readonly elsewhere?: true;
  /** The cashier signed in when the write was made (sent with it as X-Cashier); null before sign-in existed. */
  readonly cashier: Cashier | null;
}

/** A person signed in at the till (a user of the back office's catalog.users). */
export interface Cashier {
  readonly id: number;
  readonly name: string;
}

/** The person signed in at the till now, with what they may do. */
export interface SignedIn extends Cashier {
  readonly role: 'cashier' | 'manager';
}

/** Writes of the service the till works with now, by state, and those waiting for another service. */
export interface QueueCounts {
  readonly queued: number;
  readonly sending: number;
  readonly refused: number;
  readonly reconcile: number;
  /** Open writes made for another service: sent only when the till is pointed there again. */
  readonly elsewhere: number;
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

/** A product on a quick key: goods without a barcode (bread by the piece, a bag) are one key away. */
export interface QuickKey {
  /** The product's code; empty for an empty slot. */
  readonly code: string;
  /** What the key says; the product's name when empty. */
  readonly label: string;
}

/** How many quick keys the sale screen has: a grid of 4 rows of 6. */
export const QUICK_KEY_SLOTS = 24;

/** Thermal receipt paper: 58 mm or 80 mm rolls. */
export type PaperWidth = 58 | 80;
export const PAPER_WIDTHS: readonly PaperWidth[] = [58, 80];
export const MAX_COPIES = 3;

/** How the till gives the customer the receipt (renderer/features/receipt). */
export interface PrinterSettings {
  /** The printer the receipt goes to; '' for the system's default printer. */
  readonly name: string;
  readonly paperWidth: PaperWidth;
  /** Copies of each receipt, 1 to MAX_COPIES. */
  readonly copies: number;
  /** Show the receipt first and print it on Enter (Esc: not printed). */
  readonly askEachTime: boolean;
  /** No paper: the receipt is shown on the screen only. */
  readonly eReceiptOnly: boolean;
}

export const DEFAULT_PRINTER: PrinterSettings = { name: '', paperWidth: 80, copies: 1, askEachTime: false, eReceiptOnly: false };

/**
 * How the till reaches its receipt printer (electron/devices/printer). `system`: through the
 * operating system's printer as HTML (renderer/features/receipt), for printers without ESC/POS.
 * The others send the printer ESC/POS from the main process: over the network (TCP, usually port
 * 9100), a serial port or USB seen as one, or raw to a Windows printer queue (its share name).
 */
export type PrinterConnection = 'system' | 'tcp' | 'serial' | 'windows';
export const PRINTER_CONNECTIONS: readonly PrinterConnection[] = ['system', 'tcp', 'serial', 'windows'];
/** Characters a line holds: 32 on 58 mm paper, 42 or 48 on 80 mm (the printer's font A or B). */
export type PrinterColumns = 32 | 42 | 48;
export const PRINTER_COLUMNS: readonly PrinterColumns[] = [32, 42, 48];
/** The printer's character table for Cyrillic (electron/devices/printer/escpos/code-page.ts). */
export type PrinterCodePage = 'cp866' | 'windows1251';
export const PRINTER_CODE_PAGES: readonly PrinterCodePage[] = ['cp866', 'windows1251'];
/** The serial speeds a till's devices are set to (the printer, the card terminal). */
export const BAUD_RATES = [9600, 19200, 38400, 57600, 115200] as const;

/** The ESC/POS receipt printer and the cash drawer on it: a manager's to set, as the till's other devices. */
export interface PrinterDevice {
  readonly connection: PrinterConnection;
  /** tcp: the printer's address and port. */
  readonly host: string;
  readonly port: number;
  /** serial: the port (COM3, /dev/ttyUSB0) and its speed. */
  readonly serialPath: string;
  readonly baud: number;
  /** windows: the share name of the printer's queue (printed to as \\localhost\<share>). */
  readonly share: string;
  readonly columns: PrinterColumns;
  readonly codePage: PrinterCodePage;
  /** The number the printer knows the code page by (ESC t n): Epson's cp866 17, Windows-1251 46. */
  readonly codeTable: number;
  /** A cash drawer on the printer's drawer port opens for cash taken or given. */
  readonly drawer: boolean;
}

export const DEFAULT_PRINTER_DEVICE: PrinterDevice = {
  connection: 'system',
  host: '',
  port: 9100,
  serialPath: '',
  baud: 9600,
  share: '',
  columns: 48,
  codePage: 'cp866',
  codeTable: 17,
  drawer: true,
};

/**
 * What the printer said when last asked (DLE EOT, over TCP and serial). `unknown`: its connection
 * tells nothing (a Windows queue) or it was not asked yet; `unreachable`: no answer.
 */
export type PrinterCondition = 'ready' | 'paper_out' | 'cover_open' | 'error' | 'offline' | 'unreachable' | 'unknown';

export interface PrinterState {
  readonly connection: PrinterConnection;
  readonly condition: PrinterCondition;
  /** The roll is nearly used up (the printer's near-end sensor): it still prints. */
  readonly paperNearEnd: boolean;
  /** When it was asked (ISO 8601); null: not yet. */
  readonly checkedAt: string | null;
  /** The printer's or the link's own words (English), for the details and the log. */
  readonly reason: string;
}

/** What the settings' "test" printed and found. */
export interface PrinterTest {
  readonly state: PrinterState;
  readonly printed: PrintOutcome;
}

/** Which paper the main process prints itself, by what it is (never its content): shared/paper/paper.ts. */
export type PaperTargetArg =
  | { readonly checkNumber: number }
  | { readonly returnId: number }
  | { readonly docId: number }
  | { readonly shift: { readonly kasm: number; readonly shiftId: number } };

export interface PrinterInfo {
  /** The name the system prints to (Electron's deviceName). */
  readonly name: string;
  readonly displayName: string;
}

/**
 * The printers the till can print to silently. `native` is false in browser mode, where the
 * receipt goes through the browser's own print (window.print) and the list is empty.
 */
export interface Printers {
  readonly native: boolean;
  readonly printers: readonly PrinterInfo[];
}

/**
 * A receipt for the main process to print silently, with the printer, paper and copies of the
 * till's settings: the receipt's markup as rendered (with its own style element) and its height,
 * so a roll is cut where the receipt ends.
 */
export interface PrintJob {
  readonly html: string;
  readonly heightMm: number;
}

/** Printing is an answer, not an error: a printer that failed is said to the cashier, never swallowed. */
export type PrintOutcome =
  | { readonly status: 'printed'; readonly printer: string; readonly copies: number }
  | {
      readonly status: 'failed';
      /** not_connected: the chosen printer is not there; no_printer: the system has none; error: the printer failed. */
      readonly problem: 'not_connected' | 'no_printer' | 'error' | EscposProblem;
      /** The system's own words (English), for the details and the log. */
      readonly reason: string;
    };

/**
 * The bank card terminal (PrivatBank's JSON ECR protocol, electron/devices/terminal): how the till
 * reaches it, and whether a card payment may be typed in by hand. Manual entry is the fallback a
 * manager allows while the terminal is on (it is broken, or the bank's line is down); with no
 * terminal the card part is typed in by hand, as before.
 */
export interface TerminalSettings {
  readonly enabled: boolean;
  readonly connection: 'tcp' | 'serial';
  /** The terminal's address on the shop's network, and its port (2000 by default). */
  readonly host: string;
  readonly port: number;
  /** The serial port (COM3, /dev/ttyUSB0) and its speed. */
  readonly serialPath: string;
  readonly baudRate: number;
  readonly manualEntry: boolean;
}

export const DEFAULT_TERMINAL: TerminalSettings = {
  enabled: false,
  connection: 'tcp',
  host: '',
  port: 2000,
  serialPath: '',
  baudRate: 115200,
  manualEntry: false,
};

/**
 * The customer display: a serial pole display of 2 lines of 20 characters speaking Epson's DM-D
 * command set (electron/devices/display), with its Cyrillic in a character table it has, chosen
 * as the ESC/POS printer's is (the table and the number the display knows it by, ESC t n).
 */
export interface CustomerDisplaySettings {
  readonly enabled: boolean;
  /** The serial port (COM3, /dev/ttyUSB0) and its speed (9600 on most pole displays). */
  readonly serialPath: string;
  readonly baudRate: number;
  readonly codePage: PrinterCodePage;
  readonly codeTable: number;
  /** What the display says between sales. */
  readonly greeting: string;
}

export const DEFAULT_CUSTOMER_DISPLAY: CustomerDisplaySettings = {
  enabled: false,
  serialPath: '',
  baudRate: 9600,
  codePage: 'cp866',
  codeTable: 17,
  greeting: 'Ласкаво просимо!',
};

/** The longest greeting: the display's two lines. */
export const DISPLAY_GREETING_MAX = 40;

/**
 * What happened at the till, for the customer display (amounts and quantities as exact decimal
 * strings): nothing (idle), a line just scanned or changed, the receipt's total, the payment.
 */
export type CustomerView =
  | { readonly kind: 'idle' }
  | { readonly kind: 'line'; readonly name: string; readonly quantity: string; readonly price: string; readonly sum: string }
  | { readonly kind: 'total'; readonly total: string }
  | { readonly kind: 'paid'; readonly paid: string; readonly change: string };

/** The customer display for the status bar: off, written to last time (ready), or not (unreachable, with why). */
export interface CustomerDisplayState {
  readonly state: 'off' | 'ready' | 'unreachable' | 'unknown';
  /** The port's own words (English) when it failed. */
  readonly reason: string;
}

/** Whether a card payment may be typed in by hand: always without a terminal, with one only as a manager allowed. */
export const manualCardEntry = (t: TerminalSettings): boolean => !t.enabled || t.manualEntry;
/**
 * The scale (electron/devices/scale): a serial scale whose weight a weighted good takes when it is
 * on. The protocol is CAS's continuous line, the one the till speaks today.
 */
export interface ScaleSettings {
  readonly enabled: boolean;
  /** The serial port (COM4, /dev/ttyUSB1) and its speed (CAS: 9600 by default). */
  readonly serialPath: string;
  readonly baudRate: number;
  readonly protocol: 'cas';
}

/** The scale as it did when last asked: ready (it answered), unreachable (silent, unreadable, its port shut), unknown (not asked yet). */
export interface ScaleStatus {
  readonly state: 'ready' | 'unreachable' | 'unknown';
  /** When it last answered (ISO 8601); null: never since the start. */
  readonly answeredAt: string | null;
}

export const DEFAULT_SCALE: ScaleSettings = { enabled: false, serialPath: '', baudRate: 9600, protocol: 'cas' };

/**
 * A weighing: the stable weight in kilograms with 3 places ("1.234"), or why there is none —
 * unstable: it kept moving until the time was up; overload; negative; silent: the scale said
 * nothing; broken: its lines could not be read; link: the port could not be opened; off: no scale.
 */
export type ScaleRead =
  | { readonly ok: true; readonly kg: string }
  | {
      readonly ok: false;
      readonly reason: 'unstable' | 'overload' | 'negative' | 'silent' | 'broken' | 'link' | 'off';
      /** The till's own words (English), for the details and the log. */
      readonly detail: string;
    };

/** Why an ESC/POS printer did not print, as it said (electron/devices/printer). */
export type EscposProblem = 'paper_out' | 'cover_open' | 'offline' | 'unreachable';

/** Settings the interface may read: everything but the key, of which it learns only that it is set. */
export interface PublicSettings {
  /** Empty: the embedded service on a local file. */
  readonly serviceUrl: string;
  readonly till: TillIdentity;
  readonly language: Language;
  /** A key is set for the service the till works with now. */
  readonly hasApiKey: boolean;
  readonly embedded: boolean;
  /** The quick-key grid, QUICK_KEY_SLOTS slots in order. */
  readonly quickKeys: readonly QuickKey[];
  /** The shop's IANA time zone, in which times are shown whatever the machine's clock zone. */
  readonly timeZone: string;
  /** The excise stamp formats the back office accepts (shared/excise/stamp-format.ts), as last known. */
  readonly stampMasks: readonly string[];
  /** The cash-rounding steps the back office applies (shared/fiscal/rounding.ts), as last known; '' for the defaults. */
  readonly cashRounding: string;
  /** Minutes without a key or a click after which the till locks and asks for a PIN again; 0: never. */
  readonly idleLockMinutes: number;
  /** The receipt printer and how receipts are given. */
  readonly printer: PrinterSettings;
  /** The bank card terminal: a manager's to change, as the till's identity. */
  readonly terminal: TerminalSettings;
  /** How the receipt printer is reached, and its paper, code page and drawer (ESC/POS). */
  readonly printerDevice: PrinterDevice;
  /** The customer display (a serial pole display): a manager's to set, as the till's other devices. */
  readonly customerDisplay: CustomerDisplaySettings;
  /** The scale: a manager's to change. */
  readonly scale: ScaleSettings;
  /**
   * Nobody has signed in at this till at its service yet (a fresh install, a back office with no
   * people yet): its settings are set up without a sign-in. Otherwise the till's identity and its
   * service are a manager's to change, the printer, quick keys and idle lock a person's signed in.
   */
  readonly settingUp: boolean;
}

export interface SettingsPatch {
  readonly till?: Partial<TillIdentity>;
  readonly language?: Language;
  readonly quickKeys?: readonly QuickKey[];
  readonly idleLockMinutes?: number;
  readonly printer?: Partial<PrinterSettings>;
  readonly terminal?: Partial<TerminalSettings>;
  readonly printerDevice?: Partial<PrinterDevice>;
  readonly customerDisplay?: Partial<CustomerDisplaySettings>;
  readonly scale?: Partial<ScaleSettings>;
}

/**
 * Where the till's service is and its key, changed together: a new address needs the key entered
 * with it (a stored key is never sent to another address), the pair is checked before it is
 * saved, and it applies at once. An empty url is the embedded service, which has its own key.
 */
export interface ServiceChange {
  readonly url: string;
  /** Required for a new remote address; for the current one, a replacement key. */
  readonly key?: string;
  /**
   * Writes still waiting for the current service and key. A new address or a new key counts as
   * another service: the key decides which shop's back office a write reaches. Either `keep` them
   * for the current one (sent when the till is pointed there with that key again) and switch, or
   * `send` them to the new one, which a person chooses only when it is the same shop's back office
   * (its server moved, its key was replaced): the service recognises a write it already performed
   * by its Idempotency-Key, so none is recorded twice. Without either, a switch with writes waiting
   * is refused (QUEUED_WRITES), so the interface can ask.
   */
  readonly queued?: 'keep' | 'send';
}

export interface ConnectionTest {
  readonly ok: boolean;
  readonly latencyMs: number | null;
  readonly error: RpcErrorInfo | null;
  readonly upstream: { readonly name: string; readonly version: string } | null;
}

/** The till's own copy of the catalogue, for selling while the service is unreachable. */
export interface CatalogState {
  /** When it was last brought up to date with the service (ISO 8601); null: never. */
  readonly syncedAt: string | null;
  readonly goods: number;
  readonly cards: number;
}

export interface AppStatus {
  readonly connection: ConnectionState;
  readonly queue: QueueCounts;
  readonly versions: { readonly app: string; readonly contract: string; readonly runtime: string };
  readonly serviceUrl: string;
  readonly embedded: boolean;
  /** The upstream the service named in its last good answer, kept across a restart of the interface. */
  readonly upstream: { readonly name: string; readonly version: string } | null;
  readonly catalog: CatalogState;
  /** Who is signed in at the till; null while it is locked. */
  readonly cashier: SignedIn | null;
  /**
   * Since when the till's disk refuses to store its own files (full or failing; ISO 8601), null while
   * it stores them: a write is then refused (NOT_SAVED), and the till sells from what it has.
   */
  readonly storageFault: string | null;
  /** The bank card terminal, for the status bar. */
  readonly terminal: TerminalStatus;
  /** The ESC/POS receipt printer as last asked; null for the system's printer (HTML), which says nothing. */
  readonly printer: PrinterState | null;
  /** The till's update; null where the desk has no updater (browser mode, a build with no update server). */
  readonly update: UpdateState | null;
  /** The scale; null while none is set up. */
  readonly scale: ScaleStatus | null;
  /** The customer display as last written to. */
  readonly customerDisplay: CustomerDisplayState;
}

/** A card payment the till sent and whose outcome it does not know yet: asked of the terminal before anything else. */
export interface CardPending {
  readonly id: number;
  readonly kind: 'sale' | 'refund';
  readonly amount: string;
  /** The sale document it pays (a sale), or the receipt a refund pays back. */
  readonly ndoc: string;
  readonly since: string;
}

export interface TerminalStatus {
  /**
   * off: no terminal; ready: it answered last time; busy: a payment is on it now; unreachable: it did
   * not answer last time; unknown: not asked yet.
   */
  readonly state: 'off' | 'ready' | 'busy' | 'unreachable' | 'unknown';
  /** When it last answered (ISO 8601), null: never since the start. */
  readonly answeredAt: string | null;
  readonly pending: CardPending | null;
}

/** The card terminal's approval, as the close and the return carry it (the contract's card_payment). */
export type CardApprovalParams = NonNullable<ParamsOf<typeof op.pos.checkoutCloseSale>['card_payment']>;

/**
 * How a card payment on the terminal went. Only `approved` closed anything: the write it made is
 * the close (or the return) with the approval, stored in the outbox with it in one commit.
 * declined: nothing was paid, the sale stays open. unavailable: the terminal could not be reached
 * before anything was sent, so nothing happened. unknown: the terminal took the payment and its
 * outcome could not be learnt: the sale stays open and the till asks the terminal again
 * (cardRecover) before any other card payment.
 */
export type CardOutcome =
  | {
      readonly status: 'approved';
      readonly approval: CardApprovalParams;
      readonly write: WriteOutcome;
      /**
       * Only when the back office refused the write at once: whether the till voided the payment on
       * the terminal (Withdrawal). Not voided, the money is on the card and the cashier must say so.
       */
      readonly voided?: boolean;
    }
  | {
      readonly status: 'declined';
      readonly code: string;
      readonly reason: string;
      /**
       * The terminal took money the sale cannot close on (a partial approval, or another amount than
       * asked): how much, and whether the till voided it on the terminal. Not voided, the money is on
       * the card and the cashier must void it on the terminal.
       */
      readonly taken?: { readonly amount: string; readonly voided: boolean };
    }
  | { readonly status: 'unavailable'; readonly reason: string }
  | { readonly status: 'unknown'; readonly reason: string };

/** What the card part of a return pays back on the card, and the sale's approval it belongs to. */
export interface CardRefundRequest {
  readonly amount: string;
  /** The RRN of the sale's card payment (pos.receipt_print PAYSYS), '' when it was typed by hand. */
  readonly rrn: string;
}

export interface TerminalTest {
  readonly ok: boolean;
  readonly latencyMs: number | null;
  /** The terminal's code and words, or the till's when it could not reach it (English, for the details). */
  readonly code: string;
  readonly reason: string;
}

/** The terminal's own X (audit) or Z (verify, the settlement): what its answer said. */
export interface TerminalReportResult {
  readonly kind: 'audit' | 'verify';
  readonly ok: boolean;
  readonly code: string;
  readonly reason: string;
  readonly fields: Readonly<Record<string, string>>;
}

/**
 * The till's update (electron-updater, electron/core/updates): idle (none offered), waiting (the
 * gate is shut: a shift open, writes waiting, a card payment unsettled: `reason`), downloading,
 * ready (downloaded; offered while `reason` is null), error (`reason`: what failed).
 */
export interface UpdateState {
  readonly state: 'idle' | 'waiting' | 'downloading' | 'ready' | 'error';
  readonly version: string | null;
  readonly reason: string | null;
}

/** The desk's logs saved for support: the file and its size. */
export interface LogsSaved {
  readonly path: string;
  readonly bytes: number;
}

/** A product or discount card of the till's catalogue copy. Money and quantities are decimal strings. */
export interface CatalogItem {
  readonly code: string;
  readonly name: string;
  readonly unit: string;
  readonly price: string;
  readonly weighted: boolean;
  /** The PLU a scale prints in its weighted barcodes; empty for goods sold by the piece. */
  readonly plu: string;
  readonly excise: boolean;
  /** The age a buyer must be (18 for alcohol and tobacco), 0 for anyone. */
  readonly ageLimit: number;
  /** On hand in the main storage as last known; negative when sales ran ahead of the books. */
  readonly stock: string;
}

/** A product of the catalogue copy with the extra barcodes it is also sold by. */
export interface MirrorItem extends CatalogItem {
  readonly codes: readonly string[];
}

/**
 * The page keeps its own copy of the goods of the till's catalogue copy (renderer/features/sale/
 * catalog-mirror.ts), so a scanned product goes on the receipt without a round trip to the desk.
 * It asks for what changed since the version it holds, of the copy it holds (its epoch), a page
 * at a time in code order.
 */
/** The most products one catalogMirror page carries (and its default size). */
export const MIRROR_PAGE_MAX = 5000;

export interface MirrorQuery {
  /** The copy the page holds ('' for none): another answers with every product (`full`). */
  readonly epoch: string;
  /** The version of that copy the page holds. */
  readonly since: number;
  /** The last code of the page before (paging within one pass). */
  readonly after?: string;
  readonly limit?: number;
}

export interface MirrorPage {
  readonly epoch: string;
  /** The copy's version when this page was read. */
  readonly version: number;
  /** Every product, not only the changed ones: what the page held of another copy is dropped. */
  readonly full: boolean;
  /** Products changed (or, when full, all products) with codes after `after`, in code order. */
  readonly goods: readonly MirrorItem[];
  /** Codes of products no longer in the copy, among the same changes. */
  readonly removed: readonly string[];
  /** The `after` of the next page; null when this is the last. */
  readonly next: string | null;
}

export interface CatalogQuery {
  /** Words of the name (any order, any case) or the start of a code. */
  readonly text: string;
  readonly limit?: number;
  /** Only goods sold by weight (for setting up scales: their PLUs). */
  readonly weighted?: boolean;
}

/** What an interface screen's error boundary caught, for the main process log. */
export interface ErrorReport {
  readonly screen: string;
  readonly message: string;
  readonly stack?: string;
}

export type BridgeEvent =
  | { readonly type: 'queue'; readonly counts: QueueCounts; readonly changedId: number | null }
  | { readonly type: 'connection'; readonly state: ConnectionState }
  | { readonly type: 'session'; readonly cashier: SignedIn | null }
  /** The catalogue copy changed: its goods' new version (catalogMirror). */
  | { readonly type: 'catalog'; readonly version: number }
  /** The card terminal's state or its pending payment changed. */
  | { readonly type: 'terminal'; readonly status: TerminalStatus }
  /** The scale answered, or stopped answering. */
  | { readonly type: 'scale'; readonly status: ScaleStatus }
  /** The till's update changed state (downloaded, offered, waiting for the shift's end). */
  | { readonly type: 'update'; readonly update: UpdateState };

export interface WriteOptions {
  /** The business object the write belongs to (a sale document number); default: none (the write depends on no other). */
  readonly group?: string;
  /** How long to wait for the answer before returning "queued" (default 1500 ms). */
  readonly waitMs?: number;
  readonly summary?: string;
  readonly label?: WriteLabel;
  /** A manager's confirmation (bridge confirmManager) the write needs: sent with it as X-Manager-Confirmation. */
  readonly confirmation?: number;
}

/**
 * What a write of a register's signing key carries besides its params: a manager's confirmation
 * (confirmManager, action key_settings or key_unlock, at the key's till) when the person signed in
 * is not at manager level. Sent with it as X-Manager-Confirmation and spent by it.
 */
export interface KeyWriteOptions {
  readonly confirmation?: number;
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
  /**
   * A waiting write made for another service goes to the one the till works with now, with the
   * waiting writes of its group made for that service: for a person who knows it is the same shop's
   * back office (its key was replaced, its server moved). Its Idempotency-Key stays, so a write the
   * service already performed is answered, not done twice.
   */
  queueSendHere(id: number): Promise<QueueItem>;
  settingsGet(): Promise<PublicSettings>;
  settingsUpdate(patch: SettingsPatch): Promise<PublicSettings>;
  /** Points the till at a service with its key (checked first); there is no way to read a key back. */
  serviceSet(change: ServiceChange): Promise<PublicSettings>;
  /** Checks an address and key without saving them; an empty change tests what is saved. */
  serviceTest(change: { url: string; key?: string }): Promise<ConnectionTest>;
  testConnection(): Promise<ConnectionTest>;
  status(): Promise<AppStatus>;
  catalogSearch(query: CatalogQuery): Promise<CatalogItem[]>;
  catalogItem(code: string): Promise<CatalogItem | null>;
  /** The goods of the catalogue copy changed since a version the page holds (MirrorQuery). */
  catalogMirror(query: MirrorQuery): Promise<MirrorPage>;
  /** A manager's PIN confirms a manual price: sent at once and never stored, so it is not a queued write. */
  confirmManualPrice(params: ParamsOf<typeof op.pos.checkoutManualPrice>): Promise<RpcResult>;
  /**
   * A cashier signs in with card and PIN (checked by the back office, sent at once, never stored);
   * from then on every write the till makes carries them, until signOut or the idle lock.
   */
  signIn(params: ParamsOf<typeof op.pos.cashierSignIn>): Promise<RpcResult>;
  /** Locks the till: nobody is signed in until the next signIn. */
  signOut(): Promise<void>;
  /** A manager confirms an action with their PIN (sent at once, never stored); the answer holds the confirmation id. */
  confirmManager(params: ParamsOf<typeof op.pos.managerConfirm>): Promise<RpcResult>;
  /**
   * A manager loads a register's signing key (КЕП): the container and its password, and the
   * certificate where the container has none. Like a PIN, the password and the key file are sent at
   * once under a fresh Idempotency-Key with the signed-in person, and never queued, stored or
   * logged; refused while nobody is signed in. The answer is the key's state (pos.prro_key_state).
   */
  loadKey(params: ParamsOf<typeof op.settings.prroKeyLoad>, options?: KeyWriteOptions): Promise<RpcResult>;
  /** A senior cashier or manager unlocks a register's key for the shift with its password (as loadKey). */
  unlockKey(params: ParamsOf<typeof op.pos.prroKeyUnlock>, options?: KeyWriteOptions): Promise<RpcResult>;
  /** A manager lets the service keep a key's password to sign unattended, or forgets it (as loadKey). */
  setKeyUnattended(params: ParamsOf<typeof op.settings.prroKeyUnattended>, options?: KeyWriteOptions): Promise<RpcResult>;
  reportError(report: ErrorReport): Promise<void>;
  /** The printers for silent printing (none in browser mode: `native` false). */
  printers(): Promise<Printers>;
  /** Prints a customer receipt silently on the settings' printer; refused (NO_PRINTER) in browser mode. */
  printReceipt(job: PrintJob): Promise<PrintOutcome>;
  /**
   * Pays the card (bn) part of a sale on the terminal, then closes the sale with the approval: the
   * params are the close's, without card_payment. The payment is stored before it is sent, so a
   * crash or a lost answer is asked of the terminal (its last result), never paid twice.
   */
  cardSale(params: ParamsOf<typeof op.pos.checkoutCloseSale>, options?: WriteOptions): Promise<CardOutcome>;
  /** Pays the card part of a return back on the terminal, then books the return with the refund's approval. */
  cardRefund(
    params: ParamsOf<typeof op.pos.checkoutReturn>,
    refund: CardRefundRequest,
    options?: WriteOptions,
  ): Promise<CardOutcome>;
  /** Asks the terminal how the pending card payment went, and settles it; null when none is pending. */
  cardRecover(): Promise<CardOutcome | null>;
  /** PingDevice: the terminal as the settings say, or as a manager typed them (not saved). */
  terminalTest(settings?: Partial<TerminalSettings>): Promise<TerminalTest>;
  /** The terminal's X-report (audit) or its settlement, the Z (verify). */
  terminalReport(kind: 'audit' | 'verify'): Promise<TerminalReportResult>;
  /**
   * Prints a paper on the ESC/POS printer: the main process reads it from the back office itself
   * by its target and lays it out; the drawer opens for cash the first time a fresh cash document
   * is given. Refused (NO_PRINTER) while the till prints through the system's printer.
   */
  printPaper(target: PaperTargetArg): Promise<PrintOutcome>;
  /** Opens the drawer for a paper not printed (e-receipt, shown first): only for fresh cash, once. True when opened. */
  openDrawer(target: PaperTargetArg): Promise<boolean>;
  /** Asks the ESC/POS printer its state now (before a sale closes into a receipt); null for the system's printer. */
  printerCheck(): Promise<PrinterState | null>;
  /** Prints the test page (the alphabet in each candidate code table) and says the printer's state. */
  printerTest(): Promise<PrinterTest>;
  /**
   * Reads a stable weight from the scale as the settings say, or as a manager typed them (the test in
   * F9, not saved); waits a few seconds at most for the pan to settle.
   */
  scaleRead(settings?: Partial<ScaleSettings>): Promise<ScaleRead>;
  /** The serial ports this computer has, for the settings (none in browser mode beyond what Node sees). */
  serialPorts(): Promise<string[]>;
  /**
   * Saves the desk's log files (and the names of its crash reports) as one text file for support:
   * where the person chose (a save dialog in the app), or in the data folder's support/ folder.
   * null: they cancelled. Needs someone signed in. Keys and PINs are never in the log.
   */
  logsSave(): Promise<LogsSaved | null>;
  /** Installs the downloaded update now (the till quits and starts again), only between shifts; a manager's. */
  updateInstall(): Promise<UpdateState>;
  /**
   * Tells the customer display what happened at the till. Answered at once: the main process
   * writes it to the display on its own, so a display that is off or unplugged never holds a sale up.
   */
  customerDisplay(view: CustomerView): Promise<void>;
  /** Shows a test text on the customer display as saved, and says whether it was written. */
  customerDisplayTest(): Promise<CustomerDisplayState>;
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
  'queueSendHere',
  'settingsGet',
  'settingsUpdate',
  'serviceSet',
  'serviceTest',
  'testConnection',
  'status',
  'catalogSearch',
  'catalogItem',
  'catalogMirror',
  'confirmManualPrice',
  'signIn',
  'signOut',
  'confirmManager',
  'loadKey',
  'unlockKey',
  'setKeyUnattended',
  'reportError',
  'printers',
  'printReceipt',
  'cardSale',
  'cardRefund',
  'cardRecover',
  'terminalTest',
  'terminalReport',
  'printPaper',
  'openDrawer',
  'printerCheck',
  'printerTest',
  'serialPorts',
  'logsSave',
  'updateInstall',
  'customerDisplay',
  'customerDisplayTest',
  'scaleRead',
] as const satisfies readonly BridgeMessage[];

/** Compile-time check that BRIDGE_MESSAGES lists every message. */
type Missing = Exclude<BridgeMessage, (typeof BRIDGE_MESSAGES)[number]>;
export const BRIDGE_MESSAGES_COMPLETE: Missing extends never ? true : never = true;

export type OperationParams<M extends OperationName> = ParamsOf<M>;

/** The request/response half of the API over one transport's `call`, one function per message. */
export function bridgeFunctions(call: <K extends BridgeMessage>(message: K) => CashdeskApi[K]): Omit<CashdeskApi, 'onEvent'> {
  return Object.fromEntries(BRIDGE_MESSAGES.map((m) => [m, call(m)])) as unknown as Omit<CashdeskApi, 'onEvent'>;
}
