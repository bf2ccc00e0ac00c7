/**
 * A stand-in for the tax service's fiscal server, answering in process: for the back office's own unit
 * tests and the demo's seed, which dispatch synchronously and take unsigned XML. It judges each
 * document exactly as the HTTP simulator does (ledger.ts, judge.ts) and answers with the real
 * server's error texts, so the PRRO error screen shows what a manager would see.
 *
 * By default it knows the registers the back office's own tables name, in the same database
 * (backoffice-registry.ts); `registry` and `offlineSessionHours` replace that.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../../shared-node/sql/db.js';
import type { FiscalServer, Outgoing, PackageOutcome, SendOutcome } from '../port.js';
import { backOfficeRegistry, backOfficeSessionHours } from './backoffice-registry.js';
import { FsError } from './errors.js';
import { ledgerOf } from './ledger.js';
import type { Registry } from './registry.js';
import { simulatorSql } from './statements.js';

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** Answers at once: what dispatchFiscalNow needs. */
export interface Simulator extends FiscalServer {
  reachable(numprro: string): boolean;
  sendDocument(doc: Outgoing): SendOutcome;
  sendPackage(docs: readonly Outgoing[]): PackageOutcome;
  /** Cuts or restores the simulated connection (demo and tests of offline work). */
  setReachable(reachable: boolean): void;
}

export interface InProcessOptions {
  /** Which registers the server knows and who may sign for them; the back office's tables by default. */
  readonly registry?: Registry;
  /** The longest offline session taken, in hours; the shop's own setting (36 by default) otherwise. */
  readonly offlineSessionHours?: number;
  readonly now?: () => Date;
}

export function simulatedFiscalServer(db: Db, opts: InProcessOptions = {}): Simulator {
  const sql = simulatorSql(db);
  const hours = opts.offlineSessionHours;
  const ledger = ledgerOf(db, {
    registry: opts.registry ?? backOfficeRegistry(db),
    sessionHours: hours === undefined ? backOfficeSessionHours(db) : () => hours,
    now: opts.now ?? (() => new Date()),
  });

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
      try {
        const r = ledger.registerDocument({ xml: out.body, original: out.body, hashes: [], numprro: out.numprro });
        return { kind: 'accepted', fiscalNumber: r.fiscalNumber, ...(r.next ? { next: r.next } : {}) };
      } catch (err) {
        if (err instanceof FsError) {
          return { kind: 'rejected', code: err.code, text: err.message, ...(err.expected ? { expected: err.expected } : {}) };
        }
        throw err;
      }
    },

    sendPackage(docs: readonly Outgoing[]): PackageOutcome {
      if (!reachable()) return unreachable;
      // Unsigned here, so the chain runs over the XML, as the DPS allows "if signing is impossible".
      const r = ledger.registerPackage(
        docs.map((d) => ({ xml: d.body, original: d.body, hashes: [sha256(d.body)], numprro: d.numprro })),
      );
      if (r.kind === 'rejected') return { kind: 'rejected', index: r.index, code: r.error.code, text: r.error.message };
      return { kind: 'accepted', ...(r.next ? { next: r.next } : {}) };
    },
  };
}
