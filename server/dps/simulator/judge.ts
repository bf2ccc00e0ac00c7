/**
 * The judging of one document against a register's state, as the real server does it, for both
 * faces of the simulator (in process and over HTTP): the schema, the seller, the register's local
 * numbers without a gap, the shift (open before a receipt, a Z-report before the close, one
 * Z-report per shift), and for an offline session its fiscal numbers, control numbers, hash chain
 * and time limit. Each check throws the real server's error; a document that passes moves the
 * state on. Nothing here touches a database.
 */
import type { CheckContent } from '../format/content.js';
import { controlCode } from '../format/control-code.js';
import { decodeBody, type ReadDocument, readDocument } from '../format/read.js';
import { schemaProblem } from '../format/schema-check.js';
import { XmlError } from '../format/xml.js';
import { sumsProblem } from './arithmetic.js';
import { FsError, localNumberError } from './errors.js';
import { instantOfKyivWall } from './kyiv-time.js';
import type { ServerRegisterRow } from './statements.js';

const HOUR = 3_600_000;

export type DocKind = 'zrep' | 'check' | '100' | '101' | '102' | '103';

/** What kind of document the head says it is. */
export function kindOf(doc: ReadDocument): DocKind {
  if (doc.root.name === 'ZREP') return 'zrep';
  const t = doc.head.DOCTYPE ?? '';
  return t === '100' || t === '101' || t === '102' || t === '103' ? t : 'check';
}

/** A head's ORDERDATE + ORDERTIME as an instant (Kyiv's wall clock). */
export const headInstant = (head: Readonly<Record<string, string>>): number =>
  instantOfKyivWall(head.ORDERDATE ?? '', head.ORDERTIME ?? '');

/** The document's XML read and checked against its schema; error 9 where it is not a valid one. */
export function readBody(xml: Buffer): ReadDocument {
  let doc: ReadDocument;
  try {
    doc = readDocument(xml);
  } catch (err) {
    if (err instanceof XmlError) throw new FsError(9, `XML документа некоректний: ${err.message}`);
    throw err;
  }
  const problem = schemaProblem(doc.root.name, decodeBody(xml));
  if (problem) throw new FsError(9, problem);
  return doc;
}

/** A register the server has not seen before: it takes the number its first document carries. */
export const newRegister = (numprro: string, tin: string, firstOrderNum: number): ServerRegisterRow => ({
  numprro,
  tin,
  shift_open: 0,
  z_present: 0,
  next_local_num: firstOrderNum,
  session_id: 0,
  seed: '',
  upload_begin_at: '',
  upload_n: 0,
  upload_hash: '',
});

/**
 * Checks a document against the register's state and, if it passes, moves the state on.
 * `lastOnline` is the local number of the register's last online receipt: a 102 that revokes it
 * (REVOKELASTONLINEDOC, after the register went offline without the answer to it) takes its number.
 */
export function judge(reg: ServerRegisterRow, doc: ReadDocument, offline: boolean, lastOnline?: number): void {
  const h = doc.head;
  if (h.TIN !== reg.tin) {
    throw new FsError(3, `В документі зазначено реєстраційний код платника ${h.TIN}, а ПРРО зареєстровано на ${reg.tin}`);
  }
  const num = Number(h.ORDERNUM);
  const revokes =
    kindOf(doc) === '102' && h.REVOKELASTONLINEDOC === 'true' && num === reg.next_local_num - 1 && num === lastOnline;
  if (num !== reg.next_local_num && !revokes) throw localNumberError(h.ORDERNUM ?? '', reg.numprro, reg.next_local_num);
  if ((h.OFFLINE === 'true') !== offline) {
    throw new FsError(9, offline ? 'Документ пакета офлайн сесії не позначено як офлайн' : 'Офлайн документ надіслано як онлайн');
  }
  const kind = kindOf(doc);
  if ((kind === '102' || kind === '103') && !offline) throw new FsError(9, 'Документ офлайн сесії надіслано поза пакетом');
  if (kind === '100' && reg.shift_open) throw new FsError(4, 'Зміну для ПРРО наразі відкрито');
  if ((kind === 'check' || kind === 'zrep' || kind === '101') && !reg.shift_open) {
    throw new FsError(5, 'Зміну для ПРРО наразі не відкрито');
  }
  if (kind === 'zrep' && reg.z_present) throw new FsError(8, 'Z-звіт наразі зареєстрований для поточної зміни');
  if (kind === '101' && !reg.z_present) {
    throw new FsError(6, 'Останній документ, зареєстрований перед закриттям зміни, повинен бути Z-звітом');
  }
  if (kind === 'check' && reg.z_present) {
    throw new FsError(6, 'Після Z-звіту зміну має бути закрито; чек не може бути зареєстрований');
  }
  if (kind === 'check') {
    const problem = sumsProblem(doc.content as CheckContent);
    if (problem) throw new FsError(9, problem);
  }
  reg.next_local_num = num + 1;
  if (kind === '100') Object.assign(reg, { shift_open: 1, z_present: 0 });
  if (kind === 'zrep') reg.z_present = 1;
  if (kind === '101') Object.assign(reg, { shift_open: 0, z_present: 0 });
}

/**
 * The offline fields of a package document: session, number, control number, hash chain, time.
 * `hashes` are what the next document may name as this one's hash: the SHA-256 of the signed
 * document, or of its XML, which the DPS allows "if signing is impossible".
 */
export function judgeOffline(reg: ServerRegisterRow, doc: ReadDocument, hashes: readonly string[], sessionHours: number): void {
  const h = doc.head;
  const kind = kindOf(doc);
  const [sid, n, control] = (h.ORDERTAXNUM ?? '').split('.');
  if (kind === '102') {
    if (Number(sid) !== reg.session_id || reg.session_id === 0) {
      throw new FsError(10, `Ідентифікатор офлайн сесії ${sid} не видавався цьому ПРРО (очікується ${reg.session_id})`);
    }
    Object.assign(reg, { upload_begin_at: String(headInstant(h)), upload_n: 0, upload_hash: '' });
  } else if (reg.upload_begin_at === '') {
    throw new FsError(10, 'Пакет офлайн документів має починатися з документа «Початок офлайн сесії»');
  }
  if (Number(sid) !== reg.session_id || Number(n) !== reg.upload_n + 1) {
    throw new FsError(
      9,
      `Фіскальний номер ${h.ORDERTAXNUM} не з діапазону офлайн сесії ${reg.session_id}: очікується номер ${reg.upload_n + 1}`,
    );
  }
  const allowed = kind === '102' || reg.upload_hash === '' ? [''] : reg.upload_hash.split(',');
  if (!allowed.includes(h.PREVDOCHASH ?? '')) {
    throw new FsError(
      9,
      `Геш попереднього документа ${h.PREVDOCHASH ?? '(відсутній)'} не відповідає ланцюжку (${allowed[0] || 'відсутній'})`,
    );
  }
  const total = doc.content.doc === 'check' ? doc.content.CHECKTOTAL?.SUM : undefined;
  const expected = controlCode({
    seed: reg.seed,
    date: h.ORDERDATE ?? '',
    time: h.ORDERTIME ?? '',
    orderNum: Number(h.ORDERNUM),
    numprro: h.CASHREGISTERNUM ?? '',
    localNumber: Number(h.CASHDESKNUM),
    ...(total === undefined ? {} : { sum: total }),
    ...(h.PREVDOCHASH ? { prevHash: h.PREVDOCHASH } : {}),
  });
  if (control !== expected) throw new FsError(9, `Контрольне число ${control} фіскального номера ${h.ORDERTAXNUM} некоректне`);
  // The session is measured to its last financial document; its end (103) may come any time later.
  if (kind !== '103' && (headInstant(h) - Number(reg.upload_begin_at)) / HOUR > sessionHours) {
    throw new FsError(9, `Перевищено допустиму тривалість офлайн сесії (${sessionHours} год)`);
  }
  reg.upload_n += 1;
  if (kind !== '102' && kind !== '103') reg.upload_hash = hashes.join(',');
}
