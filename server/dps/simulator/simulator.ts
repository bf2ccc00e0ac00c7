/**
 * A stand-in for the tax service's fiscal server, for the demo and tests. It checks what the real
 * one does — the schema, the register and seller, the register's local numbers without a gap,
 * the shift (open before a receipt, a Z-report before the close, one Z-report per shift), and for
 * an offline session its fiscal numbers, control numbers, hash chain and time limit — and answers
 * with the real server's error texts, so the PRRO error screen shows what a manager would see.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../../shared-node/sql/db.js';
import { instantOfWall } from '../../engine/core/time.js';
import { fiscalSql } from '../../engine/sales/fiscal/statements.js';
import type { CheckContent } from '../format/content.js';
import { controlCode } from '../format/control-code.js';
import { decodeBody, type ReadDocument, readDocument } from '../format/read.js';
import { schemaProblem } from '../format/schema-check.js';
import { XmlError } from '../format/xml.js';
import type { FiscalServer, OfflineCredentials, Outgoing, PackageOutcome, SendOutcome } from '../port.js';
import { sumsProblem } from './arithmetic.js';
import { FsError } from './errors.js';
import { type ServerRegisterRow, simulatorSql } from './statements.js';

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const HOUR = 3_600_000;

/** A head's dates are Ukraine's wall clock: the tax server reads them in Kyiv's zone. */
const HEAD_ZONE = 'Europe/Kyiv';

/**
 * ddMMyyyy + HHmmss of a head as an instant, read with the offset Kyiv had then: a session's hours
 * are real hours, so one over the March change is not an hour longer than it lasted.
 */
function headInstant(head: Readonly<Record<string, string>>): number {
  const d = head.ORDERDATE ?? '';
  const t = head.ORDERTIME ?? '';
  const wall = Date.UTC(
    Number(d.slice(4, 8)),
    Number(d.slice(2, 4)) - 1,
    Number(d.slice(0, 2)),
    Number(t.slice(0, 2)),
    Number(t.slice(2, 4)),
    Number(t.slice(4, 6)),
  );
  return instantOfWall(wall, HEAD_ZONE);
}

/** What kind of document the head says it is. */
function kindOf(doc: ReadDocument): 'zrep' | 'check' | '100' | '101' | '102' | '103' {
  if (doc.root.name === 'ZREP') return 'zrep';
  const t = doc.head.DOCTYPE ?? '';
  return t === '100' || t === '101' || t === '102' || t === '103' ? t : 'check';
}

function seedFor(numprro: string, session: number): string {
  // The real server's "secret number"; derived here so the demo stays the same run after run.
  return BigInt(`0x${sha256(Buffer.from(`seed:${numprro}:${session}`)).slice(0, 12)}`).toString();
}

export interface Simulator extends FiscalServer {
  /** Cuts or restores the simulated connection (demo and tests of offline work). */
  setReachable(reachable: boolean): void;
}

export function simulatedFiscalServer(db: Db): Simulator {
  const sql = simulatorSql(db);

  function registerFor(numprro: string, firstOrderNum: number): ServerRegisterRow {
    const known = sql.register.get(numprro);
    if (known) return known;
    const registration = sql.registered.get(numprro);
    if (!registration) throw new FsError(1, `ПРРО з фіскальним номером ${numprro} не зареєстрований`);
    return {
      numprro,
      tin: registration.tin,
      shift_open: 0,
      z_present: 0,
      next_local_num: firstOrderNum,
      session_id: 0,
      seed: '',
      upload_begin_at: '',
      upload_n: 0,
      upload_hash: '',
    };
  }

  function issueCredentials(reg: ServerRegisterRow): OfflineCredentials {
    const id = sql.takeSessionId.get() as number;
    reg.session_id = id;
    reg.seed = seedFor(reg.numprro, id);
    return { id, seed: reg.seed };
  }

  function read(body: Buffer): ReadDocument {
    let doc: ReadDocument;
    try {
      doc = readDocument(body);
    } catch (err) {
      if (err instanceof XmlError) throw new FsError(9, `XML документа некоректний: ${err.message}`);
      throw err;
    }
    const problem = schemaProblem(doc.root.name, decodeBody(body));
    if (problem) throw new FsError(9, problem);
    return doc;
  }

  /** Checks a document against the register's state and, if it passes, moves the state on. */
  function judge(reg: ServerRegisterRow, doc: ReadDocument, offline: boolean): void {
    const h = doc.head;
    if (h.TIN !== reg.tin) {
      throw new FsError(3, `В документі зазначено реєстраційний код платника ${h.TIN}, а ПРРО зареєстровано на ${reg.tin}`);
    }
    const num = Number(h.ORDERNUM);
    if (num !== reg.next_local_num) {
      throw new FsError(7, `Некоректний локальний номер документа ${h.ORDERNUM}: очікується ${reg.next_local_num}`);
    }
    if ((h.OFFLINE === 'true') !== offline) {
      throw new FsError(
        9,
        offline ? 'Документ пакета офлайн сесії не позначено як офлайн' : 'Офлайн документ надіслано як онлайн',
      );
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

  /** The offline fields of a package document: session, number, control number, hash chain, time. */
  function judgeOffline(reg: ServerRegisterRow, doc: ReadDocument, body: Buffer): void {
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
    const prev = kind === '102' ? '' : reg.upload_hash;
    if ((h.PREVDOCHASH ?? '') !== prev) {
      throw new FsError(
        9,
        `Геш попереднього документа ${h.PREVDOCHASH ?? '(відсутній)'} не відповідає ланцюжку (${prev || 'відсутній'})`,
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
    const limit = Number(fiscalSql(db).setting.get('offline_session_hours') ?? 36);
    // The session is measured to its last financial document; its end (103) may come any time later.
    if (kind !== '103' && (headInstant(h) - Number(reg.upload_begin_at)) / HOUR > limit) {
      throw new FsError(9, `Перевищено допустиму тривалість офлайн сесії (${limit} год)`);
    }
    reg.upload_n += 1;
    if (kind !== '102' && kind !== '103') reg.upload_hash = sha256(body);
  }

  const unreachable = { kind: 'unreachable', reason: 'фіскальний сервер не відповідає' } as const;
  const reachable = () => sql.state.get()?.reachable === 1;

  return {
    name: 'simulator',
    requiresSignature: false,
    reachable,
    setReachable(on) {
      sql.setReachable.run(on ? 1 : 0);
    },

    sendDocument(out: Outgoing): SendOutcome {
      if (!reachable()) return unreachable;
      return db
        .transaction((): SendOutcome => {
          try {
            const doc = read(out.body);
            const reg = registerFor(doc.head.CASHREGISTERNUM ?? out.numprro, Number(doc.head.ORDERNUM));
            judge(reg, doc, false);
            const next = kindOf(doc) === '100' && reg.session_id === 0 ? issueCredentials(reg) : undefined;
            sql.save.run(reg);
            const fiscalNumber = String(sql.takeFiscalNumber.get());
            return { kind: 'accepted', fiscalNumber, ...(next ? { next } : {}) };
          } catch (err) {
            if (err instanceof FsError) return { kind: 'rejected', code: err.code, text: err.message };
            throw err;
          }
        })
        .immediate();
    },

    sendPackage(docs: readonly Outgoing[]): PackageOutcome {
      if (!reachable()) return unreachable;
      return db
        .transaction((): PackageOutcome => {
          let reg: ServerRegisterRow | undefined;
          let next: OfflineCredentials | undefined;
          for (const [index, out] of docs.entries()) {
            try {
              const doc = read(out.body);
              // A refused document leaves the server as the documents before it left it.
              const trial = { ...(reg ?? registerFor(doc.head.CASHREGISTERNUM ?? out.numprro, Number(doc.head.ORDERNUM))) };
              judgeOffline(trial, doc, out.body);
              judge(trial, doc, true);
              if (kindOf(doc) === '103') {
                Object.assign(trial, { upload_begin_at: '', upload_n: 0, upload_hash: '' });
                next = issueCredentials(trial);
              }
              reg = trial;
            } catch (err) {
              if (!(err instanceof FsError)) throw err;
              if (reg) sql.save.run(reg);
              return { kind: 'rejected', index, code: err.code, text: err.message };
            }
          }
          if (reg) sql.save.run(reg);
          return { kind: 'accepted', ...(next ? { next } : {}) };
        })
        .immediate();
    },
  };
}
