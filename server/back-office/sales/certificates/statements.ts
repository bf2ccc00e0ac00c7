/** SQL of the gift-certificate register. Money ×10^4. */
import type { Db } from '../../../../shared-node/sql/db.js';
import { statements } from '../../core/statements.js';

export interface CertificateRow {
  number: string;
  amount: number;
  comment: string;
  issued_at: string;
  issued_by: string;
  redeemed_at: string | null;
  redeemed: number | null;
  check_number: number | null;
}

const prepare = (db: Db) => ({
  get: db.prepare<[string], CertificateRow>('SELECT * FROM certificates WHERE number = ?'),
  issue: db.prepare<[string, number, string, string, string], void>(
    'INSERT INTO certificates (number, amount, comment, issued_at, issued_by) VALUES (?, ?, ?, ?, ?)',
  ),
  redeem: db.prepare<[string, number, number, string], void>(
    'UPDATE certificates SET redeemed_at = ?, redeemed = ?, check_number = ? WHERE number = ? AND redeemed_at IS NULL',
  ),
  /** A return gives the certificate back: it may be redeemed again. */
  restore: db.prepare<[number], void>(
    'UPDATE certificates SET redeemed_at = NULL, redeemed = NULL, check_number = NULL WHERE check_number = ?',
  ),
});

export const certificateSql = (db: Db) => statements(db, prepare);
