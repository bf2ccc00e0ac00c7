/**
 * The simulated server's books, which both of its faces (in process, and HTTP) register documents
 * through: each online document or offline package in one immediate transaction, judged against
 * its register's state (judge.ts), given its fiscal number, written down (records.ts). A refused
 * document throws the real server's error and changes nothing; in a package, the documents
 * before a refused one stay registered, as the real server keeps them.
 */
import type { Db } from '../../../shared-node/sql/db.js';
import type { ReadDocument } from '../format/read.js';
import type { OfflineCredentials } from '../port.js';
import type { Certificate } from '../signing/certificate.js';
import { FsError } from './errors.js';
import { judge, judgeOffline, kindOf, newRegister, readBody } from './judge.js';
import { record } from './records.js';
import type { Registry, RegistryEntry } from './registry.js';
import { seedFor } from './seed.js';
import { type ServerRegisterRow, simulatorSql } from './statements.js';

export interface LedgerOptions {
  readonly registry: Registry;
  /** The longest offline session the server takes, in hours. */
  readonly sessionHours: () => number;
  readonly now: () => Date;
}

/** A document as it reached the server. */
export interface Arrival {
  /** The document's XML. */
  readonly xml: Buffer;
  /** The bytes as they came: the signed document, or the XML where it came unsigned. */
  readonly original: Buffer;
  /** What the next offline document may name as this one's PREVDOCHASH. */
  readonly hashes: readonly string[];
  readonly signer?: Certificate;
  /** The register where the document's head names none (the in-process caller knows it). */
  readonly numprro?: string;
  /** Why the document cannot be taken before it is read (a package's document that is not signed as it must be). */
  readonly refusal?: FsError;
}

export interface Registered {
  readonly doc: ReadDocument;
  readonly numprro: string;
  readonly fiscalNumber: string;
  readonly at: Date;
  /** A new offline session handed out with this document. */
  readonly next?: OfflineCredentials;
}

export type PackageResult =
  | { readonly kind: 'accepted'; readonly registered: readonly Registered[]; readonly next?: OfflineCredentials }
  | { readonly kind: 'rejected'; readonly registered: readonly Registered[]; readonly index: number; readonly error: FsError };

/**
 * Called once a document's register is known and before it is judged: the HTTP face checks there
 * that the signer may act for it (throwing its refusal).
 */
export type Gate = (numprro: string, entry: RegistryEntry, arrival: Arrival) => void;

export interface Ledger {
  registerDocument(a: Arrival, gate?: Gate): Registered;
  registerPackage(items: readonly Arrival[], gate?: Gate): PackageResult;
  /** The register's state as the server keeps it; undefined for one it has not seen. */
  register(numprro: string): ServerRegisterRow | undefined;
}

export function ledgerOf(db: Db, opts: LedgerOptions): Ledger {
  const sql = simulatorSql(db);

  function registerFor(numprro: string, firstOrderNum: number): { reg: ServerRegisterRow; entry: RegistryEntry } {
    const known = sql.register.get(numprro);
    const entry = opts.registry(numprro);
    if (known) return { reg: known, entry: entry ?? { tin: known.tin } };
    if (!entry) throw new FsError(1, `ПРРО з фіскальним номером ${numprro} не зареєстрований`);
    return { reg: newRegister(numprro, entry.tin, firstOrderNum), entry };
  }

  function issueCredentials(reg: ServerRegisterRow): OfflineCredentials {
    const id = sql.takeSessionId.get() as number;
    reg.session_id = id;
    reg.seed = seedFor(reg.numprro, id);
    return { id, seed: reg.seed };
  }

  const numprroOf = (doc: ReadDocument, a: Arrival) => doc.head.CASHREGISTERNUM ?? a.numprro ?? '';

  return {
    register: (numprro) => sql.register.get(numprro),

    registerDocument(a, gate) {
      return db
        .transaction((): Registered => {
          const doc = readBody(a.xml);
          const numprro = numprroOf(doc, a);
          const { reg, entry } = registerFor(numprro, Number(doc.head.ORDERNUM));
          gate?.(numprro, entry, a);
          judge(reg, doc, false);
          const next = kindOf(doc) === '100' && reg.session_id === 0 ? issueCredentials(reg) : undefined;
          sql.save.run(reg);
          const fiscalNumber = String(sql.takeFiscalNumber.get());
          const at = opts.now();
          record(sql, { numprro, doc, fiscalNumber, offline: false, at, original: a.original, signer: a.signer });
          return { doc, numprro, fiscalNumber, at, ...(next ? { next } : {}) };
        })
        .immediate();
    },

    registerPackage(items, gate) {
      return db
        .transaction((): PackageResult => {
          let reg: ServerRegisterRow | undefined;
          let next: OfflineCredentials | undefined;
          const registered: Registered[] = [];
          const hours = opts.sessionHours();
          for (const [index, a] of items.entries()) {
            try {
              if (a.refusal) throw a.refusal;
              const doc = readBody(a.xml);
              const numprro = numprroOf(doc, a);
              if (reg && numprro !== reg.numprro) {
                throw new FsError(10, `Пакет містить документи різних ПРРО: ${reg.numprro} і ${numprro}`);
              }
              const found = registerFor(numprro, Number(doc.head.ORDERNUM));
              gate?.(numprro, found.entry, a);
              // A refused document leaves the server as the documents before it left it.
              const trial = { ...(reg ?? found.reg) };
              judgeOffline(trial, doc, a.hashes, hours);
              judge(trial, doc, true, sql.lastOnlineCheck.get(numprro)?.local_num);
              if (kindOf(doc) === '103') {
                Object.assign(trial, { upload_begin_at: '', upload_n: 0, upload_hash: '' });
                next = issueCredentials(trial);
              }
              reg = trial;
              const at = opts.now();
              const fiscalNumber = doc.head.ORDERTAXNUM ?? '';
              record(sql, { numprro, doc, fiscalNumber, offline: true, at, original: a.original, signer: a.signer });
              registered.push({ doc, numprro, fiscalNumber, at });
            } catch (err) {
              if (!(err instanceof FsError)) throw err;
              if (reg) sql.save.run(reg);
              return { kind: 'rejected', registered, index, error: err };
            }
          }
          if (reg) sql.save.run(reg);
          return { kind: 'accepted', registered, ...(next ? { next } : {}) };
        })
        .immediate();
    },
  };
}
