/** SQL of print templates. */
import type { Db } from '../../../../shared-node/sql/db.js';
import { statements } from '../../core/statements.js';

const prepare = (db: Db) => ({
  fiscalParts: db.prepare<[], { part: string; text: string; updated_at: string }>(
    "SELECT part, text, updated_at FROM receipt_template_parts WHERE part GLOB 'prro_*' ORDER BY part",
  ),
  plainParts: db.prepare<[], { part: string; text: string; updated_at: string }>(
    "SELECT part, text, updated_at FROM receipt_template_parts WHERE part NOT GLOB 'prro_*' ORDER BY part",
  ),
  countReceipts: db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM receipt_templates WHERE kind = ?'),
});

export const templateSql = (db: Db) => statements(db, prepare);
