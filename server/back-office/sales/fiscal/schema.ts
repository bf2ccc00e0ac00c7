/**
 * Who issues the fiscal documents and by which rules: the seller (one per back office), the tax
 * rates by letter and each product's letters, the cash-rounding steps with the date each takes
 * effect, and each till's register local number. Defaults follow shared/fiscal/choices.ts.
 */
import { DEFAULT_OFFLINE_LIMITS, DEFAULT_ROUNDING_STEPS, DEFAULT_SHIFT_MAX_HOURS } from '../../../../shared/fiscal/choices.js';
import { DEFAULT_STEPS, formatSteps } from '../../../../shared/fiscal/rounding.js';
import type { Migration } from '../../../../shared-node/sqlite/migrate.js';
import { toDb } from '../../decimal.js';

const steps = DEFAULT_ROUNDING_STEPS.map((s) => `('${s.from}', ${toDb(s.step, 'cur')})`).join(', ');
const L = DEFAULT_OFFLINE_LIMITS;

export const fiscalMigrations: Migration[] = [
  {
    id: '0300_fiscal_identity',
    up: `
-- The seller as the tax service knows it. No row: the shop has not set it up, and no till with a
-- PRRO may issue a fiscal document until it does.
CREATE TABLE fiscal_seller (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  tin TEXT NOT NULL,
  ipn TEXT NOT NULL,
  vat_payer INTEGER NOT NULL,
  org_name TEXT NOT NULL,
  point_name TEXT NOT NULL,
  point_addr TEXT NOT NULL,
  testing INTEGER NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;

-- One row per tax letter: type 0 VAT, 1 excise, 2 pension levy; prc percent ×10^4.
CREATE TABLE tax_rates (
  letter TEXT PRIMARY KEY CHECK (length(letter) = 1),
  type INTEGER NOT NULL CHECK (type IN (0, 1, 2)),
  name TEXT NOT NULL,
  prc INTEGER NOT NULL CHECK (prc >= 0)
) STRICT;
INSERT INTO tax_rates (letter, type, name, prc) VALUES
  ('А', 0, 'ПДВ', 200000), ('Б', 0, 'ПДВ', 70000), ('Г', 1, 'Акциз', 50000);

-- The letters printed beside a product on a receipt; '' means the shop default (default_tax_letters).
ALTER TABLE goods ADD COLUMN tax_letters TEXT NOT NULL DEFAULT '';

-- Cash is rounded to the step in effect on the receipt's date (money ×10^4).
CREATE TABLE cash_rounding_steps (
  effective_from TEXT PRIMARY KEY,
  step INTEGER NOT NULL CHECK (step >= 100)
) STRICT;
INSERT INTO cash_rounding_steps (effective_from, step) VALUES ${steps};

-- CASHDESKNUM: the local number the register was registered under (form 1-ПРРО).
ALTER TABLE tills ADD COLUMN register_local_number INTEGER NOT NULL DEFAULT 0;

INSERT OR IGNORE INTO shop_settings (key, value) VALUES
  ('default_tax_letters', 'А'),
  ('shift_max_hours', '${DEFAULT_SHIFT_MAX_HOURS}'),
  ('offline_session_hours', '${L.sessionHours}'),
  ('offline_month_hours', '${L.monthHours}'),
  ('offline_warn_session_hours_left', '${L.warnSessionHoursLeft}'),
  ('offline_warn_month_hours_left', '${L.warnMonthHoursLeft}'),
  -- The steps as the till receives them (catalog sync): kept equal to cash_rounding_steps.
  ('cash_rounding_steps', '${formatSteps(DEFAULT_STEPS)}');
`,
  },
];
