/**
 * Print templates: parts of the receipt (the fiscal-registrar set named prro_...), receipt
 * templates per kind of printer, and the daily and PRRO report templates that the sales half's
 * pos.template_report_get fills in.
 */
import type { Migration } from '../../../../shared-node/sqlite/migrate.js';

export const templateMigrations: Migration[] = [
  {
    id: '0160_catalog_templates',
    up: `
CREATE TABLE receipt_template_parts (
  part TEXT PRIMARY KEY,
  text TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;

CREATE TABLE receipt_templates (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('dprinter', 'prro', 'android', 'android_prro')),
  name TEXT NOT NULL,
  body TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (kind, name)
) STRICT;

CREATE TABLE report_templates (
  type TEXT PRIMARY KEY CHECK (type IN ('dayrep', 'prrorep')),
  body TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
`,
  },
];
