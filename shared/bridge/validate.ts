/**
 * Checks the arguments of every bridge message at the trust boundary (IPC handler, browser
 * host): the renderer is not trusted. Uses the contract language, so the rules read like the
 * registry's and produce the same issue paths.
 */
import {
  bool,
  dec,
  findOperation,
  INT32_MAX,
  type Issue,
  int,
  list,
  obj,
  oneOf,
  op as ops,
  opt,
  req,
  str,
  validateParams,
} from '../contract/index.js';
import {
  BAUD_RATES,
  type BridgeMessage,
  DISPLAY_GREETING_MAX,
  MAX_COPIES,
  MIRROR_PAGE_MAX,
  PAPER_WIDTHS,
  PRINTER_CODE_PAGES,
  PRINTER_COLUMNS,
  PRINTER_CONNECTIONS,
  QUEUE_STATES,
  QUICK_KEY_SLOTS,
} from './api.js';
import { carriesSecret, SECRET_MESSAGES, secretProblem } from './secrets.js';

const language = oneOf('uk', 'en');

const KEY = /^[\x21-\x7e]{8,512}$/;

/**
 * Characters a service address must not contain anywhere: controls (the URL parser drops tabs and
 * newlines, and trims the ends, so the host it reads is not the one shown), spaces of any kind, and
 * invisible formatting characters (bidirectional overrides can make the address read otherwise).
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Z}\s]/u;

/**
 * What is wrong with a service address, if anything: '' (the embedded service) or a plain http(s)
 * URL. Parsed as node:http parses it (WHATWG URL), and refused wherever a person reading it could
 * expect another host than the one the key is sent to: user info (`http://127.0.0.1:9@evil`), a
 * backslash (`http://evil\@127.0.0.1:9`, a slash to the parser), hidden characters, %-escapes in
 * the host; and a query or fragment, which a base address has no use for.
 */
export function serviceUrlProblem(url: string): string | undefined {
  if (url === '') return undefined;
  if (HIDDEN.test(url)) return 'must not contain spaces, control or invisible characters';
  if (url.includes('\\')) return 'must not contain a backslash';
  const scheme = /^([a-z][a-z\d+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') return 'must be an http or https URL';
  if (!/^https?:\/\/[^/]/i.test(url)) return 'must be empty (the embedded service) or an http(s) URL: http://host[:port][/path]';
  // The authority as written: from after `//` to the first `/`, `?` or `#` (backslashes are refused above).
  const authority = url.slice(url.indexOf('//') + 2).split(/[/?#]/, 1)[0] ?? '';
  if (authority.includes('@')) return 'must not carry a user name or password';
  if (/[?#]/.test(url)) return 'must not carry a query or fragment';
  if (authority.includes('%')) return 'must name its host plainly, without %-escapes';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'must be empty (the embedded service) or an http(s) URL: http://host[:port][/path]';
  }
  // The checks above read the text; these read what the parser made of it, as node:http will.
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'must be an http or https URL';
  if (parsed.username !== '' || parsed.password !== '') return 'must not carry a user name or password';
  if (parsed.search !== '' || parsed.hash !== '') return 'must not carry a query or fragment';
  if (parsed.hostname === '') return 'must name a host';
  return undefined;
}

/** The card terminal's settings, each optional (a patch, or a manager's test of what they typed). */
const TERMINAL = {
  enabled: opt(bool()),
  connection: opt(oneOf('tcp', 'serial')),
  // A host name or an address, as typed; the port apart.
  host: opt(str(253, { noControl: true })),
  port: opt(int(1, 65535)),
  serialPath: opt(str(256, { noControl: true })),
  baudRate: opt(int(1200, 115200)),
  manualEntry: opt(bool()),
} as const;

/** The scale's settings, each optional (a patch, or a manager's test of what they typed). */
const SCALE = {
  enabled: opt(bool()),
  serialPath: opt(str(256, { noControl: true })),
  baudRate: opt(int(1200, 115200)),
  protocol: opt(oneOf('cas')),
} as const;

/** The ESC/POS printer's settings: their types here, their choices and addresses in printerDeviceProblem. */
const PRINTER_DEVICE = {
  connection: opt(oneOf(...PRINTER_CONNECTIONS)),
  host: opt(str(253, { noControl: true })),
  port: opt(int(1, 65535)),
  serialPath: opt(str(256, { noControl: true })),
  baud: opt(int(1200, 921600)),
  share: opt(str(80, { noControl: true })),
  columns: opt(int(32, 48)),
  codePage: opt(oneOf(...PRINTER_CODE_PAGES)),
  codeTable: opt(int(0, 255)),
  drawer: opt(bool()),
} as const;

/** The customer display's settings: their types here, the speed and the port in customerDisplayProblem. */
const CUSTOMER_DISPLAY = {
  enabled: opt(bool()),
  serialPath: opt(str(256, { noControl: true })),
  baudRate: opt(int(1200, 115200)),
  codePage: opt(oneOf(...PRINTER_CODE_PAGES)),
  codeTable: opt(int(0, 255)),
  greeting: opt(str(DISPLAY_GREETING_MAX, { noControl: true })),
} as const;

/** A line of the receipt for the display: a name, and exact decimals no longer than the receipt's own. */
const AMOUNT = dec('cur', 32, { signed: false });
const CUSTOMER_VIEWS = {
  idle: {},
  line: {
    name: req(str(256, { noControl: true })),
    quantity: req(dec('unit', 32, { signed: false })),
    price: req(AMOUNT),
    sum: req(AMOUNT),
  },
  total: { total: req(AMOUNT) },
  paid: { paid: req(AMOUNT), change: req(AMOUNT) },
} as const;

const SHAPES = {
  writeOptions: {
    group: opt(str(200)),
    waitMs: opt(int(0, 30_000)),
    summary: opt(str(300)),
    confirmation: opt(int(1, INT32_MAX)),
  },
  keyWriteOptions: { confirmation: opt(int(1, INT32_MAX)) },
  queueFilter: { states: opt(list(oneOf(...QUEUE_STATES), 0, QUEUE_STATES.length, true)), limit: opt(int(1, 5000)) },
  settingsPatch: {
    till: opt(obj({ kasm: opt(int(0)), akas: opt(str(512)), numprro: opt(str(4096)) })),
    language: opt(language),
    quickKeys: opt(list(obj({ code: req(str(512)), label: req(str(40)) }), QUICK_KEY_SLOTS, QUICK_KEY_SLOTS)),
    idleLockMinutes: opt(int(0, 240)),
    printer: opt(
      obj({
        name: opt(str(256, { noControl: true })),
        paperWidth: opt(int(58, 80)),
        copies: opt(int(1, MAX_COPIES)),
        askEachTime: opt(bool()),
        eReceiptOnly: opt(bool()),
      }),
    ),
    terminal: opt(obj(TERMINAL)),
    printerDevice: opt(obj(PRINTER_DEVICE)),
    customerDisplay: opt(obj(CUSTOMER_DISPLAY)),
    scale: opt(obj(SCALE)),
  },
  terminal: TERMINAL,
  scale: SCALE,
  cardRefund: {
    amount: req(dec('cur', 32, { signed: false, minValue: '0', exclusiveMin: true })),
    rrn: req(str(128, { noControl: true })),
  },
  // A receipt is a few kilobytes of markup; the cap keeps a page from handing the printer megabytes.
  printJob: { html: req(str(256 * 1024, { min: 1 })), heightMm: req(int(10, 5000)) },
  serviceSet: { url: req(str(2048)), key: opt(str(512)), queued: opt(oneOf('keep', 'send')) },
  serviceTest: { url: req(str(2048)), key: opt(str(512)) },
  catalogQuery: { text: req(str(200)), limit: opt(int(1, 2000)), weighted: opt(bool()) },
  mirrorQuery: {
    epoch: req(str(64)),
    since: req(int(0, 2147483647)),
    after: opt(str(512)),
    limit: opt(int(1, MIRROR_PAGE_MAX)),
  },
  errorReport: { screen: req(str(40)), message: req(str(2000)), stack: opt(str(20_000)) },
} as const;

/** A printer's network address: a host name or an IPv4 or IPv6 address, nothing else ('' while unset). */
const HOST = /^$|^[A-Za-z0-9.-]{1,253}$|^\[?[0-9A-Fa-f:.]{2,45}\]?$/;
/** A serial port: COM3, \\.\COM12, /dev/ttyUSB0 ('' while unset). */
const SERIAL_PATH = /^$|^(\\\\\.\\)?COM\d{1,3}$|^\/dev\/(?!.*\.\.)[A-Za-z0-9._/-]{1,100}$/;
/**
 * A printer's share name, printed to as \\localhost\<share> (electron/devices/printer/link/
 * windows-queue.ts): letters, digits, spaces and `_ - .`, nothing that could leave \\localhost\.
 */
export const SHARE_NAME = /^(?!.*\.\.)[\p{L}\p{N}_\-. ]{1,80}$/u;
const SHARE = new RegExp(`^$|${SHARE_NAME.source}`, 'u');

/** What the device fields say beyond their types: the listed choices, and addresses that name nothing else. */
function printerDeviceProblem(d: Record<string, unknown>): BridgeCheck | undefined {
  const among = (k: string, choices: readonly unknown[]) =>
    d[k] !== undefined && !choices.includes(d[k])
      ? bad(`patch.printerDevice.${k}`, `must be one of ${choices.join(', ')}`)
      : undefined;
  const like = (k: string, re: RegExp, what: string) =>
    typeof d[k] === 'string' && !re.test(d[k] as string) ? bad(`patch.printerDevice.${k}`, `must be ${what}`) : undefined;
  return (
    among('columns', PRINTER_COLUMNS) ??
    among('baud', BAUD_RATES) ??
    like('host', HOST, 'a host name or an IP address') ??
    like('serialPath', SERIAL_PATH, 'a serial port: COM3 or /dev/ttyUSB0') ??
    like('share', SHARE, "a printer's share name: letters, digits, spaces, _ - .")
  );
}

/** The customer display's speed among the listed ones, and a port that names nothing else. */
function customerDisplayProblem(d: Record<string, unknown>): BridgeCheck | undefined {
  if (d.baudRate !== undefined && !(BAUD_RATES as readonly unknown[]).includes(d.baudRate))
    return bad('patch.customerDisplay.baudRate', `must be one of ${BAUD_RATES.join(', ')}`);
  if (typeof d.serialPath === 'string' && !SERIAL_PATH.test(d.serialPath))
    return bad('patch.customerDisplay.serialPath', 'must be a serial port: COM3 or /dev/ttyUSB0');
  return undefined;
}

/** What happened at the till, by its kind: only the fields that kind has. */
function checkCustomerView(args: unknown[]): BridgeCheck {
  const arity = checkArity(args, 1, 1);
  if (arity) return arity;
  const kind = (args[0] as { kind?: unknown } | null)?.kind;
  if (typeof kind !== 'string' || !Object.hasOwn(CUSTOMER_VIEWS, kind))
    return bad('view.kind', `must be one of ${Object.keys(CUSTOMER_VIEWS).join(', ')}`);
  const { kind: _, ...rest } = args[0] as Record<string, unknown>;
  const v = checkObject(CUSTOMER_VIEWS[kind as keyof typeof CUSTOMER_VIEWS], rest, 'view', false);
  return isCheck(v) ? v : { ok: true, args: [{ kind, ...(v as object) }] };
}

/** Which paper the main process prints: one of its four kinds, each number the contract's bound for the read it names. */
const PAPER_TARGET = {
  checkNumber: opt(int(1, INT32_MAX)),
  returnId: opt(int(1, INT32_MAX)),
  docId: opt(int(1, INT32_MAX)),
  shift: opt(obj({ kasm: req(int(0, INT32_MAX)), shiftId: req(int(0, INT32_MAX)) })),
} as const;

function checkPaperTarget(args: unknown[]): BridgeCheck {
  const arity = checkArity(args, 1, 1);
  if (arity) return arity;
  const t = checkObject(PAPER_TARGET, args[0], 'target', false);
  if (isCheck(t)) return t;
  const given = Object.keys(t as object);
  if (given.length !== 1) return bad('target', 'must name exactly one of checkNumber, returnId, docId, shift');
  // The read the main process will make must pass the registry's own params check.
  const target = t as Record<string, unknown> & { shift?: { kasm: number; shiftId: number } };
  const [method, params] = target.shift
    ? ([ops.pos.shiftReportPrint, { kasm: target.shift.kasm, shift_id: target.shift.shiftId }] as const)
    : ([
        ops.pos.receiptPrint,
        'docId' in target
          ? { doc_id: target.docId }
          : 'returnId' in target
            ? { return_id: target.returnId }
            : { check_number: target.checkNumber },
      ] as const);
  const p = validateParams(findOperation(method)?.params ?? {}, params, 'target');
  return p.ok ? { ok: true, args: [t] } : { ok: false, issues: p.issues };
}

/** A write's label: a key and at most 20 string values, none of them long. */
function labelProblem(label: unknown): string | undefined {
  if (typeof label !== 'object' || label === null || Array.isArray(label)) return 'must be an object {key, values}';
  const { key, values, ...rest } = label as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return 'has members other than key and values';
  if (typeof key !== 'string' || !/^[A-Za-z][\w.]{0,99}$/.test(key)) return 'key must be a dotted name of at most 100 characters';
  if (typeof values !== 'object' || values === null || Array.isArray(values)) return 'values must be an object';
  const entries = Object.entries(values);
  if (entries.length > 20 || entries.some(([k, v]) => !/^\w{1,40}$/.test(k) || typeof v !== 'string' || v.length > 500))
    return 'values must be at most 20 strings of at most 500 characters';
  return undefined;
}

/** The address and key of a service change: an empty url or a plain http(s) URL; a key of printable characters. */
function serviceProblem(v: { url: string; key?: string }): BridgeCheck | undefined {
  const urlProblem = serviceUrlProblem(v.url);
  if (urlProblem) return bad('change.url', urlProblem);
  if (v.key !== undefined && !KEY.test(v.key)) return bad('change.key', 'must be 8 to 512 printable characters without spaces');
  return undefined;
}

export type BridgeCheck = { ok: true; args: unknown[] } | { ok: false; issues: Issue[] };

const bad = (path: string, problem: string): BridgeCheck => ({ ok: false, issues: [{ path, problem }] });

function checkArity(args: unknown[], min: number, max: number): BridgeCheck | undefined {
  if (!Array.isArray(args)) return bad('args', 'must be an array');
  if (args.length < min || args.length > max) return bad('args', `takes ${min === max ? min : `${min} to ${max}`} arguments`);
  return undefined;
}

function checkObject(
  fields: Parameters<typeof validateParams>[0],
  value: unknown,
  path: string,
  optional: boolean,
): BridgeCheck | unknown {
  if (value === undefined && optional) return undefined;
  const r = validateParams(fields, value, path);
  return r.ok ? r.value : { ok: false, issues: r.issues };
}

const isCheck = (v: unknown): v is BridgeCheck => typeof v === 'object' && v !== null && (v as { ok?: unknown }).ok === false;

const ID = { id: req(int(1)) } as const;
const NOTE = { note: req(str(500, { min: 1 })) } as const;

/** Validates the arguments of a bridge message; returns them with defaults applied. */
export function checkBridgeArgs(message: BridgeMessage, args: unknown[]): BridgeCheck {
  switch (message) {
    case 'read':
    case 'write': {
      const arity = checkArity(args, 2, message === 'write' ? 3 : 2);
      if (arity) return arity;
      const [method, params, options] = args;
      const op = typeof method === 'string' ? findOperation(method) : undefined;
      const kind = message === 'read' ? 'read' : 'write';
      if (!op || op.kind !== kind) return bad('method', `must be the name of a ${kind} operation`);
      // Checked before the params, so a PIN or a password never reaches the outbox however well formed it is.
      if (message === 'write' && carriesSecret(op.name)) return bad('method', secretProblem(op.name));
      const p = validateParams(op.params, params);
      if (!p.ok) return { ok: false, issues: p.issues };
      if (message === 'read') return { ok: true, args: [method, p.value] };
      const { label, ...plain } = (options ?? {}) as Record<string, unknown>;
      const o = checkObject(SHAPES.writeOptions, options === undefined ? undefined : plain, 'options', true);
      if (isCheck(o)) return o;
      if (label === undefined) return { ok: true, args: [method, p.value, o ?? {}] };
      const problem = labelProblem(label);
      return problem ? bad('options.label', problem) : { ok: true, args: [method, p.value, { ...(o as object), label }] };
    }
    case 'queueList': {
      const arity = checkArity(args, 0, 1);
      if (arity) return arity;
      const f = checkObject(SHAPES.queueFilter, args[0], 'filter', true);
      return isCheck(f) ? f : { ok: true, args: [f ?? {}] };
    }
    case 'queueRetry':
    case 'queueSendHere': {
      const arity = checkArity(args, 1, 1);
      if (arity) return arity;
      const r = validateParams(ID, { id: args[0] }, 'args');
      return r.ok ? { ok: true, args: [r.value.id] } : { ok: false, issues: r.issues };
    }
    case 'queueReconcile': {
      const arity = checkArity(args, 2, 2);
      if (arity) return arity;
      const r = validateParams({ ...ID, ...NOTE }, { id: args[0], note: args[1] }, 'args');
      return r.ok ? { ok: true, args: [r.value.id, r.value.note] } : { ok: false, issues: r.issues };
    }
    case 'settingsUpdate': {
      const arity = checkArity(args, 1, 1);
      if (arity) return arity;
      const p = checkObject(SHAPES.settingsPatch, args[0], 'patch', false);
      if (isCheck(p)) return p;
      const width = (p as { printer?: { paperWidth?: number } }).printer?.paperWidth;
      if (width !== undefined && !(PAPER_WIDTHS as readonly number[]).includes(width))
        return bad('patch.printer.paperWidth', `must be one of ${PAPER_WIDTHS.join(', ')} (mm)`);
      const baud = (p as { terminal?: { baudRate?: number } }).terminal?.baudRate;
      if (baud !== undefined && !(BAUD_RATES as readonly number[]).includes(baud))
        return bad('patch.terminal.baudRate', `must be one of ${BAUD_RATES.join(', ')}`);
      const scaleBaud = (p as { scale?: { baudRate?: number } }).scale?.baudRate;
      if (scaleBaud !== undefined && !(BAUD_RATES as readonly number[]).includes(scaleBaud))
        return bad('patch.scale.baudRate', `must be one of ${BAUD_RATES.join(', ')}`);
      const device = (p as { printerDevice?: Record<string, unknown> }).printerDevice;
      const display = (p as { customerDisplay?: Record<string, unknown> }).customerDisplay;
      return (device && printerDeviceProblem(device)) ?? (display && customerDisplayProblem(display)) ?? { ok: true, args: [p] };
    }
    case 'printReceipt': {
      const arity = checkArity(args, 1, 1);
      if (arity) return arity;
      const j = checkObject(SHAPES.printJob, args[0], 'job', false);
      return isCheck(j) ? j : { ok: true, args: [j] };
    }
    case 'printPaper':
    case 'openDrawer':
      return checkPaperTarget(args);
    case 'serviceSet':
    case 'serviceTest': {
      const arity = checkArity(args, 1, 1);
      if (arity) return arity;
      const c = checkObject(message === 'serviceSet' ? SHAPES.serviceSet : SHAPES.serviceTest, args[0], 'change', false);
      if (isCheck(c)) return c;
      const change = c as { url: string; key?: string };
      return serviceProblem(change) ?? { ok: true, args: [{ ...change, url: change.url.trim() }] };
    }
    case 'catalogSearch': {
      const arity = checkArity(args, 1, 1);
      if (arity) return arity;
      const q = checkObject(SHAPES.catalogQuery, args[0], 'query', false);
      return isCheck(q) ? q : { ok: true, args: [q] };
    }
    case 'catalogMirror': {
      const arity = checkArity(args, 1, 1);
      if (arity) return arity;
      const q = checkObject(SHAPES.mirrorQuery, args[0], 'query', false);
      return isCheck(q) ? q : { ok: true, args: [q] };
    }
    case 'catalogItem': {
      const arity = checkArity(args, 1, 1);
      if (arity) return arity;
      const r = validateParams({ code: req(str(512)) }, { code: args[0] }, 'args');
      return r.ok ? { ok: true, args: [r.value.code] } : { ok: false, issues: r.issues };
    }
    case 'confirmManualPrice':
    case 'signIn':
    case 'confirmManager': {
      const arity = checkArity(args, 1, 1);
      if (arity) return arity;
      const op = findOperation(SECRET_MESSAGES[message]);
      const p = validateParams(op?.params ?? {}, args[0]);
      return p.ok ? { ok: true, args: [p.value] } : { ok: false, issues: p.issues };
    }
    case 'loadKey':
    case 'unlockKey':
    case 'setKeyUnattended': {
      const arity = checkArity(args, 1, 2);
      if (arity) return arity;
      const op = findOperation(SECRET_MESSAGES[message]);
      const p = validateParams(op?.params ?? {}, args[0]);
      if (!p.ok) return { ok: false, issues: p.issues };
      const o = checkObject(SHAPES.keyWriteOptions, args[1], 'options', true);
      return isCheck(o) ? o : { ok: true, args: [p.value, o ?? {}] };
    }
    case 'reportError': {
      const arity = checkArity(args, 1, 1);
      if (arity) return arity;
      const r = checkObject(SHAPES.errorReport, args[0], 'report', false);
      return isCheck(r) ? r : { ok: true, args: [r] };
    }
    case 'cardSale':
    case 'cardRefund': {
      const sale = message === 'cardSale';
      const arity = checkArity(args, sale ? 1 : 2, sale ? 2 : 3);
      if (arity) return arity;
      const op = findOperation(sale ? ops.pos.checkoutCloseSale : ops.pos.checkoutReturn);
      const p = validateParams(op?.params ?? {}, args[0]);
      if (!p.ok) return { ok: false, issues: p.issues };
      // The approval is the terminal's to give: the interface never sends one.
      if ((p.value as { card_payment?: unknown }).card_payment !== undefined)
        return bad('params.card_payment', 'must not be sent: the card terminal gives it');
      const refund = sale ? undefined : checkObject(SHAPES.cardRefund, args[1], 'refund', false);
      if (isCheck(refund)) return refund;
      const rawOptions = args[sale ? 1 : 2];
      const { label, ...plain } = (rawOptions ?? {}) as Record<string, unknown>;
      const o = checkObject(SHAPES.writeOptions, rawOptions === undefined ? undefined : plain, 'options', true);
      if (isCheck(o)) return o;
      const problem = label === undefined ? undefined : labelProblem(label);
      if (problem) return bad('options.label', problem);
      const options = { ...((o as object) ?? {}), ...(label === undefined ? {} : { label }) };
      return { ok: true, args: sale ? [p.value, options] : [p.value, refund, options] };
    }
    case 'scaleRead': {
      const arity = checkArity(args, 0, 1);
      if (arity) return arity;
      const t = checkObject(SHAPES.scale, args[0], 'settings', true);
      if (isCheck(t)) return t;
      const baud = (t as { baudRate?: number } | undefined)?.baudRate;
      if (baud !== undefined && !(BAUD_RATES as readonly number[]).includes(baud))
        return bad('settings.baudRate', `must be one of ${BAUD_RATES.join(', ')}`);
      return { ok: true, args: t === undefined ? [] : [t] };
    }
    case 'terminalTest': {
      const arity = checkArity(args, 0, 1);
      if (arity) return arity;
      const t = checkObject(SHAPES.terminal, args[0], 'settings', true);
      if (isCheck(t)) return t;
      const baud = (t as { baudRate?: number } | undefined)?.baudRate;
      if (baud !== undefined && !(BAUD_RATES as readonly number[]).includes(baud))
        return bad('settings.baudRate', `must be one of ${BAUD_RATES.join(', ')}`);
      return { ok: true, args: t === undefined ? [] : [t] };
    }
    case 'terminalReport': {
      const arity = checkArity(args, 1, 1);
      if (arity) return arity;
      const r = validateParams({ kind: req(oneOf('audit', 'verify')) }, { kind: args[0] }, 'args');
      return r.ok ? { ok: true, args: [r.value.kind] } : { ok: false, issues: r.issues };
    }
    case 'customerDisplay':
      return checkCustomerView(args);
    case 'cardRecover':
    case 'customerDisplayTest':
    case 'settingsGet':
    case 'printers':
    case 'testConnection':
    case 'status':
    case 'signOut':
    case 'printerCheck':
    case 'printerTest':
    case 'serialPorts':
    case 'logsSave':
    case 'updateInstall':
      return checkArity(args, 0, 0) ?? { ok: true, args: [] };
  }
}
