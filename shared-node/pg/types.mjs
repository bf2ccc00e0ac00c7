// @ts-check
/**
 * How a PostgreSQL value's text becomes a JavaScript value, for both clients of SyncPg (the I/O
 * thread's node-postgres and libpq in the calling thread): node-postgres's own parsers, except
 * BIGINT (scaled money and quantities, ids), which comes as a number, as SQLite gives it: exact
 * below 2^53, an error beyond.
 *
 * Plain JavaScript: the I/O thread loads it with Node's own loader (io-worker.mjs).
 */
import pg from 'pg';

const BIGINT_OID = 20;

/** @param {string} text */
const asNumber = (text) => {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new Error(`a BIGINT beyond 2^53: ${text}`);
  return n;
};

export const types = {
  /** @param {number} oid @param {any} [format] @returns {(text: string) => unknown} */
  getTypeParser: (oid, format) => (oid === BIGINT_OID ? asNumber : pg.types.getTypeParser(oid, format)),
};
