/**
 * What a product card carries beyond the core `goods` row: extra codes (other barcodes of the
 * same product), extra values, composition, a picture, the history of its names, and the
 * price-tag work table.
 */
import type { Migration } from '../../../../shared-node/sqlite/migrate.js';

export const goodsMigrations: Migration[] = [
  {
    id: '0110_catalog_goods',
    up: `
-- Another barcode of the same product (a supplier's code, an old code); one owner per code.
CREATE TABLE goods_extra_codes (
  extra_code TEXT PRIMARY KEY,
  code TEXT NOT NULL REFERENCES goods(code) ON UPDATE CASCADE ON DELETE CASCADE
) STRICT;
CREATE INDEX goods_extra_codes_owner ON goods_extra_codes(code);

-- The extra fields the shop keeps on cards (country, brand, ...), in the order they are shown.
CREATE TABLE goods_extra_fields (
  name TEXT PRIMARY KEY,
  position INTEGER NOT NULL DEFAULT 0
) STRICT;

CREATE TABLE goods_extra_values (
  code TEXT NOT NULL REFERENCES goods(code) ON UPDATE CASCADE ON DELETE CASCADE,
  field_name TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (code, field_name)
) STRICT;

-- Composition (a set, a dish): what one unit of the product is made of.
CREATE TABLE goods_composition (
  code TEXT NOT NULL REFERENCES goods(code) ON UPDATE CASCADE ON DELETE CASCADE,
  component_code TEXT NOT NULL REFERENCES goods(code) ON UPDATE CASCADE,
  quantity INTEGER NOT NULL,
  PRIMARY KEY (code, component_code)
) STRICT;

CREATE TABLE goods_pictures (
  code TEXT PRIMARY KEY REFERENCES goods(code) ON UPDATE CASCADE ON DELETE CASCADE,
  folder TEXT NOT NULL,
  picture TEXT NOT NULL
) STRICT;

-- Names a card had before a rename (pos.card_setting_save), newest last.
CREATE TABLE goods_name_history (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL REFERENCES goods(code) ON UPDATE CASCADE ON DELETE CASCADE,
  name TEXT NOT NULL,
  changed_at TEXT NOT NULL,
  user TEXT NOT NULL DEFAULT ''
) STRICT;
CREATE INDEX goods_name_history_code ON goods_name_history(code, id);

-- Price tags a user is about to print: which products and how many tags of each.
CREATE TABLE price_tags (
  user TEXT NOT NULL,
  code TEXT NOT NULL REFERENCES goods(code) ON UPDATE CASCADE ON DELETE CASCADE,
  quantity INTEGER NOT NULL,
  prepared_at TEXT NOT NULL,
  PRIMARY KEY (user, code)
) STRICT;
`,
  },
  {
    // Goods only an adult may buy (alcohol, tobacco): the till asks for the buyer's age first.
    // Excise goods are alcohol or tobacco, so they start at 18; beer (no stamp) is set by the shop.
    id: '0111_catalog_goods_age_limit',
    up: `
ALTER TABLE goods ADD COLUMN age_limit INTEGER NOT NULL DEFAULT 0 CHECK (age_limit BETWEEN 0 AND 99);
UPDATE goods SET age_limit = 18 WHERE excise_input = 1;
`,
  },
];
