/**
 * POST /cmd: the JSON commands (DPS API description, "Команди"), UTF-8, answered from what the
 * simulator registered. ServerState and Check may come as plain JSON; the rest must be signed
 * by someone who may act for the register. Where the server has nothing to give it answers 204
 * (error 13 in resultAsJson mode, where 204 could carry no JSON).
 */
import { randomUUID } from 'node:crypto';
import type { Certificate } from '../../signing/certificate.js';
import { contentOf, signContent } from '../../signing/cms.js';
import { FsError } from '../errors.js';
import { kyivWall } from '../kyiv-time.js';
import { isChief, type RegistryEntry } from '../registry.js';
import type { ServerDocumentRow, ServerShiftRow } from '../statements.js';
import type { Context } from './context.js';
import { admit } from './envelope.js';
import { json, OCTETS, type Reply } from './replies.js';
import { shiftTotals } from './totals.js';

export interface Command {
  readonly json: Readonly<Record<string, unknown>>;
  /** Who signed the command; none for plain JSON. */
  readonly signer: Certificate | undefined;
}

const NO_DATA = () => new FsError(13, 'Запитані дані відсутні');
const PLAIN = new Set(['ServerState', 'Check']);
const KNOWN = new Set([
  ...PLAIN,
  'TransactionsRegistrarState',
  'DocumentInfoByLocalNum',
  'ZRep',
  'Shifts',
  'Documents',
  'LastShiftTotals',
  'DeviceRegister',
]);
const nullable = (s: string) => (s === '' ? null : s);

function text(c: Command, name: string): string | undefined {
  const v = c.json[name];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  throw new FsError(11, `Некоректне значення параметра ${name}`);
}

function required(c: Command, name: string): string {
  const v = text(c, name);
  if (v === undefined) throw new FsError(11, `Не зазначено параметр ${name}`);
  return v;
}

function integer(c: Command, name: string): number | undefined {
  const v = text(c, name);
  if (v === undefined) return undefined;
  if (!/^\d{1,15}$/.test(v)) throw new FsError(11, `Параметр ${name} має бути цілим числом, а не «${v}»`);
  return Number(v);
}

/** An ISO 8601 or JavaScript ("/Date(ms)/") time, as the API takes them. */
function time(c: Command, name: string): Date {
  const v = required(c, name);
  const js = /^\/Date\((-?\d+)\)\/$/.exec(v);
  const d = js ? new Date(Number(js[1])) : new Date(v);
  if (Number.isNaN(d.getTime())) throw new FsError(11, `Параметр ${name} не є датою і часом: «${v}»`);
  return d;
}

const iso = (s: string) => (s === '' ? null : kyivWall(new Date(s)).iso);

/** The register a command names, and that its signer may act for it (a receipt, anyone may ask for). */
function registerOf(ctx: Context, c: Command, field: string, open = false): { numprro: string; entry: RegistryEntry } {
  const numprro = required(c, field);
  const entry = ctx.entryOf(numprro);
  if (!entry) throw new FsError(1, `ПРРО з фіскальним номером ${numprro} не зареєстрований`);
  if (c.signer && !open) admit(c.signer, numprro, entry);
  return { numprro, entry };
}

function registrarState(ctx: Context, c: Command) {
  const { numprro, entry } = registerOf(ctx, c, 'NumFiscal');
  const reg = ctx.ledger.register(numprro);
  const shift = ctx.sql.lastShift.get(numprro);
  const open = reg?.shift_open === 1;
  const current = open && shift && shift.closed_at === '' ? shift : undefined;
  const docs = current ? ctx.sql.documentsOfShift.all(numprro, current.shift_id) : [];
  const signer = c.signer as Certificate;
  const chief = isChief(signer, entry);
  // The offline credentials go to the shift's opener (the open shift's, else the last one's) or a chief cashier.
  const entitled = chief || (shift !== undefined && shift.open_key_id !== '' && shift.open_key_id === signer.subjectKeyId);
  const session = entitled && reg && reg.session_id !== 0 ? reg : undefined;
  return {
    ShiftState: open ? 1 : 0,
    ShiftId: current?.shift_id ?? null,
    OpenShiftFiscalNum: current ? current.open_fiscal_num : null,
    ZRepPresent: reg?.z_present === 1,
    Testing: current?.testing === 1,
    Name: current ? current.open_name : null,
    SubjectKeyId: current ? nullable(current.open_key_id) : null,
    FirstLocalNum: docs[0]?.local_num ?? 0,
    // A register the server has not seen would start at 1 (the simulator takes any first number, see ledger.ts).
    NextLocalNum: reg?.next_local_num ?? 1,
    LastFiscalNum: current ? (docs[docs.length - 1]?.fiscal_num ?? null) : null,
    OfflineSupported: true,
    ChiefCashier: chief,
    OfflineSessionId: session ? session.session_id : null,
    // A number, as the real server writes it; the simulator's seeds stay below 2^48, so a double holds them exactly.
    OfflineSeed: session ? Number(session.seed) : null,
    OfflineNextLocalNum: session ? (session.upload_begin_at === '' ? 1 : session.upload_n + 1) : null,
    OfflineSessionDuration: null,
    OfflineSessionsMonthlyDuration: null,
    OfflineSessionRolledBack: session ? false : null,
    OfflineSessionRollbackCmdUID: null,
    Closed: false,
    TaxObject: null,
  };
}

const docInfo = (d: ServerDocumentRow) => ({
  NumFiscal: d.fiscal_num,
  DocClass: d.doc_class,
  CheckDocType: nullable(d.doc_type),
  CheckDocSubType: nullable(d.doc_subtype),
  Revoked: d.revoked === 1,
  Storned: d.storned === 1,
});

function documentInfo(ctx: Context, c: Command) {
  const { numprro } = registerOf(ctx, c, 'NumFiscal');
  const local = integer(c, 'NumLocal');
  if (local === undefined) throw new FsError(11, 'Не зазначено параметр NumLocal');
  const doc = ctx.sql.document.get(numprro, local);
  if (!doc) throw NO_DATA();
  return docInfo(doc);
}

/** The XML of a registered document as the server keeps it: the fiscal number it gave written into its head. */
function serverXml(d: ServerDocumentRow): Buffer {
  const kept = Buffer.from(d.body_b64, 'base64');
  const xml = kept[0] === 0x30 ? contentOf(kept) : kept;
  if (d.offline || xml.includes('<ORDERTAXNUM>')) return xml;
  // ORDERTAXNUM follows VER in the head (shared/fiscal/head-order.ts); both are ASCII in windows-1251.
  const at = xml.indexOf('</VER>');
  if (at < 0) return xml;
  const end = at + '</VER>'.length;
  return Buffer.concat([xml.subarray(0, end), Buffer.from(`<ORDERTAXNUM>${d.fiscal_num}</ORDERTAXNUM>`), xml.subarray(end)]);
}

/** Check / ZRep: the document by its fiscal or local number, signed by the server, or the sender's original. */
function documentOf(ctx: Context, c: Command, docClass: 'Check' | 'ZRep'): Reply {
  const { numprro } = registerOf(ctx, c, 'RegistrarNumFiscal', docClass === 'Check');
  const fiscal = text(c, 'NumFiscal');
  const local = integer(c, 'NumLocal');
  if (fiscal === undefined && local === undefined) throw new FsError(11, 'Зазначте фіскальний або локальний номер документа');
  const doc =
    fiscal !== undefined ? ctx.sql.documentByFiscal.get(numprro, fiscal) : ctx.sql.document.get(numprro, local as number);
  if (!doc || doc.doc_class !== docClass) throw NO_DATA();
  const body =
    c.json.Original === true
      ? Buffer.from(doc.body_b64, 'base64')
      : signContent(serverXml(doc), ctx.authority.server, kyivWall(ctx.now()).wallAsUtc);
  return { status: 200, type: OCTETS, body };
}

const shiftJson = (s: ServerShiftRow) => ({
  ShiftId: s.shift_id,
  OpenShiftFiscalNum: s.open_fiscal_num,
  CloseShiftFiscalNum: nullable(s.close_fiscal_num),
  Testing: s.testing === 1,
  Opened: iso(s.opened_at),
  OpenName: s.open_name,
  OpenSubjectKeyId: nullable(s.open_key_id),
  Closed: iso(s.closed_at),
  CloseName: nullable(s.close_name),
  CloseSubjectKeyId: nullable(s.close_key_id),
  ZRepFiscalNum: nullable(s.z_fiscal_num),
});

function shifts(ctx: Context, c: Command) {
  const { numprro } = registerOf(ctx, c, 'NumFiscal');
  const id = integer(c, 'ShiftId');
  if (id !== undefined) {
    const s = ctx.sql.shift.get(numprro, id);
    return { Shifts: s ? [shiftJson(s)] : [] };
  }
  const from = time(c, 'From').toISOString();
  const to = time(c, 'To').toISOString();
  return { Shifts: ctx.sql.shiftsOpenedBetween.all(numprro, from, to).map(shiftJson) };
}

const docDateTime = (d: ServerDocumentRow) =>
  `${d.doc_date.slice(4, 8)}-${d.doc_date.slice(2, 4)}-${d.doc_date.slice(0, 2)}T${d.doc_time.slice(0, 2)}:${d.doc_time.slice(2, 4)}:${d.doc_time.slice(4, 6)}`;

function documents(ctx: Context, c: Command) {
  const { numprro } = registerOf(ctx, c, 'NumFiscal');
  const id = integer(c, 'ShiftId');
  const opening = text(c, 'OpenShiftFiscalNum');
  if (id === undefined && opening === undefined) throw new FsError(11, 'Зазначте ShiftId або OpenShiftFiscalNum');
  const shift = id !== undefined ? ctx.sql.shift.get(numprro, id) : ctx.sql.shiftByOpening.get(numprro, opening as string);
  if (!shift) throw NO_DATA();
  return {
    Documents: ctx.sql.documentsOfShift.all(numprro, shift.shift_id).map((d) => ({
      NumLocal: d.local_num,
      // The document's own date and time, Kyiv's wall clock.
      DocDateTime: docDateTime(d),
      ...docInfo(d),
    })),
  };
}

function lastShiftTotals(ctx: Context, c: Command) {
  const { numprro } = registerOf(ctx, c, 'NumFiscal');
  const s = ctx.sql.lastShift.get(numprro);
  if (!s) throw NO_DATA();
  const open = s.closed_at === '';
  const { ShiftId: _, OpenShiftFiscalNum: __, CloseShiftFiscalNum: ___, ...rest } = shiftJson(s);
  return {
    ShiftState: open ? 1 : 0,
    ZRepPresent: s.z_fiscal_num !== '',
    ...rest,
    Totals: open ? shiftTotals(ctx.sql.documentsOfShift.all(numprro, s.shift_id)) : null,
  };
}

function deviceRegister(ctx: Context, c: Command) {
  const { numprro } = registerOf(ctx, c, 'NumFiscal');
  const device = required(c, 'DeviceId');
  if (device.length !== 64) throw new FsError(11, `Ідентифікатор пристрою має містити 64 символи, а містить ${device.length}`);
  const kept = ctx.sql.device.get(numprro);
  if (kept === undefined || c.json.Forced === true) ctx.sql.setDevice.run(numprro, device);
  return { DeviceId: ctx.sql.device.get(numprro) };
}

/** Answers a command; throws FsError or a Refusal. */
export function runCommand(ctx: Context, c: Command): Reply {
  const name = typeof c.json.Command === 'string' ? c.json.Command : '';
  if (!KNOWN.has(name)) throw new FsError(11, name ? `Невідома команда ${name}` : 'Запит не містить команди (Command)');
  if (!PLAIN.has(name) && !c.signer) {
    throw new FsError(12, `Запит ${name || 'без назви команди'} повинен бути засвідчений кваліфікованим електронним підписом`);
  }
  const answer = (value: object): Reply =>
    json({ UID: typeof c.json.UID === 'string' ? c.json.UID : randomUUID(), Timestamp: kyivWall(ctx.now()).iso, ...value });
  switch (name) {
    case 'ServerState':
      return answer({});
    case 'TransactionsRegistrarState':
      return answer(registrarState(ctx, c));
    case 'DocumentInfoByLocalNum':
      return answer(documentInfo(ctx, c));
    case 'Check':
      return documentOf(ctx, c, 'Check');
    case 'ZRep':
      return documentOf(ctx, c, 'ZRep');
    case 'Shifts':
      return answer(shifts(ctx, c));
    case 'Documents':
      return answer(documents(ctx, c));
    case 'LastShiftTotals':
      return answer(lastShiftTotals(ctx, c));
    case 'DeviceRegister':
      return answer(deviceRegister(ctx, c));
    default:
      throw new FsError(11, `Невідома команда ${name}`);
  }
}
