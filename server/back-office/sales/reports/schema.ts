/** Reports made from templates (pos.template_report_get): each one is recorded with its text. */
import type { Migration } from '../../../../shared-node/sqlite/migrate.js';

export const reportMigrations: Migration[] = [
  {
    id: '0250_sales_reports',
    up: `
CREATE TABLE report_log (
  id INTEGER PRIMARY KEY,
  type TEXT NOT NULL CHECK (type IN ('dayrep', 'prrorep')),
  report_date TEXT NOT NULL,
  -- The report's number within its type and day: the second daily report of a day is №2.
  number INTEGER NOT NULL,
  text TEXT NOT NULL,
  user TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (type, report_date, number)
) STRICT;
`,
  },
];
