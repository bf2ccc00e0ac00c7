/**
 * Filling a register's repayments with their sales' fiscal numbers (register/prepay.ts), in one
 * transaction: each whose sale now has its number gets it, and the documents after the first
 * changed are placed again, so their previous-document hashes (the chain's own link, and an
 * offline document's PREVDOCHASH and control number) follow the repayment as it will be sent.
 */
import type { Db } from '../../../../../shared-node/sql/db.js';
import type { FiscalTill } from '../../kernel/fiscal/identity.js';
import type { Moment } from '../../kernel/moment.js';
import { replaceTail } from '../../kernel/register/chain.js';
import { prepayOf, prepaysOfRegister, writePrepay } from '../../kernel/register/prepay.js';
import { prroSql } from '../../kernel/register/statements.js';

/** Fills what can be filled; answers the first repayment that still waits, with its sale's receipt. */
export function fillPrepays(
  db: Db,
  till: FiscalTill,
  at: Moment,
): { readonly docId: number; readonly checkNumber: number } | undefined {
  const sql = prroSql(db);
  let waiting: { docId: number; checkNumber: number } | undefined;
  let relinkFrom: number | undefined;
  for (const id of prepaysOfRegister(db, till.numprro)) {
    const doc = sql.doc.get(id);
    if (!doc) continue;
    const state = prepayOf(db, doc);
    if (state.kind === 'waiting') waiting ??= { docId: id, checkNumber: state.checkNumber };
    if (state.kind !== 'changed') continue;
    writePrepay(db, id, state);
    // Online too: the next document's link is this one's hash, which the number just changed.
    relinkFrom ??= doc.local_num + 1;
  }
  if (relinkFrom !== undefined) replaceTail(db, { numprro: till.numprro, localNumber: till.localNumber, from: relinkFrom, at });
  return waiting;
}
