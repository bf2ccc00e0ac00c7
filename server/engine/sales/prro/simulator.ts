/**
 * A stand-in for the tax service's fiscal server, for the demo and tests: one step sends every
 * register's unsent documents in chain order. A well-formed document whose previous hash matches
 * the chain is fiscalized (it gets its fiscal number); a malformed one is rejected with a
 * readable error, and everything chained after it is held back as blocked until a manager
 * requeues or cancels it: the chain cannot skip a document.
 */
import { PRRO } from '../../../../shared/contract/index.js';
import type { Db } from '../../../db/open.js';
import { offlineFiscalNumber } from './control-code.js';
import { type PrroDocRow, prroSql } from './statements.js';
import { documentProblem } from './validate.js';

const SETTLED: readonly number[] = [PRRO.accepted, PRRO.already_registered];

export function runFiscalSimulatorStep(db: Db, now: Date): { accepted: number; rejected: number } {
  const sql = prroSql(db);
  const at = now.toISOString();
  let accepted = 0;
  let rejected = 0;

  const sendChain = (numprro: string) => {
    // Settled history is never read again: the walk starts at the first open document.
    const from = sql.firstOpen.get(numprro);
    if (from === null || from === undefined) return;
    let prevHash = sql.predecessor.get(numprro, from)?.doc_hash ?? '';
    let blocker: PrroDocRow | undefined;
    for (const doc of sql.chainFrom.all(numprro, from)) {
      if (doc.status === PRRO.cancelled) continue;
      if (SETTLED.includes(doc.status)) {
        prevHash = doc.doc_hash;
        continue;
      }
      if (doc.status === PRRO.rejected) {
        blocker ??= doc;
        prevHash = doc.doc_hash;
        continue;
      }
      if (blocker) {
        const error = `очікує на документ №${blocker.local_num} (id ${blocker.id}), відхилений податковим сервером`;
        if (doc.status !== PRRO.blocked || doc.last_error !== error) {
          sql.setStatus.run({ id: doc.id, status: PRRO.blocked, error, fiscal: doc.fiscal_number, at });
        }
      } else {
        const problem = documentProblem(doc, prevHash);
        if (problem === undefined) {
          const fiscal = offlineFiscalNumber(doc.offline_session_id, doc.local_doc_number, doc.control_code);
          sql.setStatus.run({ id: doc.id, status: PRRO.accepted, error: '', fiscal, at });
          accepted++;
        } else {
          sql.setStatus.run({ id: doc.id, status: PRRO.rejected, error: problem, fiscal: '', at });
          rejected++;
          blocker = doc;
        }
      }
      prevHash = doc.doc_hash;
    }
  };

  db.transaction(() => {
    for (const numprro of sql.registersWithWork.all()) sendChain(numprro);
  }).immediate();
  return { accepted, rejected };
}
