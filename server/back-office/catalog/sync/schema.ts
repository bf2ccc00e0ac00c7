/**
 * The change log a till's offline catalogue is kept current from (goods.catalog_changes): a row per
 * change of an object (a product or its stock, an extra barcode, a discount card, a till-relevant
 * setting). Triggers keep it, so no write anywhere in the back office can forget to; AUTOINCREMENT makes
 * the sequence only ever grow, so a till's cursor never skips one.
 *
 * Append-only: every sale line changes a product's stock, and keeping one row per object (delete,
 * then insert) wrote a random page of a unique index per line, a fifth of a sale's disk writes.
 * A reader sees an object as it is now, so an older row of it is redundant, never wrong;
 * pruneCatalogChanges drops those from time to time. Runs after the sales migrations: discount
 * cards live there.
 */
import type { Migration } from '../../../../shared-node/sqlite/migrate.js';

/** Shop settings a till applies itself, and so receives with its catalogue. */
export const TILL_SETTINGS = ['excise_stamp_masks', 'cash_rounding_steps'] as const;

const settingsList = TILL_SETTINGS.map((k) => `'${k}'`).join(', ');

/** Puts an object at the end of the log. */
const touch = (kind: string, key: string) => `INSERT INTO catalog_changes (kind, key) VALUES ('${kind}', ${key});`;

/** The same for the old key of a renamed object, only when it was renamed: the till drops it. */
const touchRenamed = (kind: string, oldKey: string, newKey: string) =>
  `INSERT INTO catalog_changes (kind, key) SELECT '${kind}', ${oldKey} WHERE ${oldKey} <> ${newKey};`;

export const syncMigrations: Migration[] = [
  {
    id: '0300_catalog_sync',
    up: `
CREATE TABLE catalog_changes (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL CHECK (kind IN ('goods', 'code', 'card', 'setting')),
  key TEXT NOT NULL
) STRICT;

CREATE TRIGGER catalog_changes_goods_insert AFTER INSERT ON goods BEGIN ${touch('goods', 'NEW.code')} END;
CREATE TRIGGER catalog_changes_goods_update
  AFTER UPDATE OF code, name, unit_type, price, weighted, plu, excise_input, age_limit ON goods
BEGIN
  ${touch('goods', 'NEW.code')}
  ${touchRenamed('goods', 'OLD.code', 'NEW.code')}
END;
CREATE TRIGGER catalog_changes_goods_delete AFTER DELETE ON goods BEGIN ${touch('goods', 'OLD.code')} END;

CREATE TRIGGER catalog_changes_stock_insert AFTER INSERT ON goods_stock WHEN NEW.sk = 0 BEGIN ${touch('goods', 'NEW.code')} END;
CREATE TRIGGER catalog_changes_stock_update AFTER UPDATE ON goods_stock WHEN NEW.sk = 0 BEGIN ${touch('goods', 'NEW.code')} END;

CREATE TRIGGER catalog_changes_code_insert AFTER INSERT ON goods_extra_codes BEGIN ${touch('code', 'NEW.extra_code')} END;
CREATE TRIGGER catalog_changes_code_update AFTER UPDATE ON goods_extra_codes
BEGIN
  ${touch('code', 'NEW.extra_code')}
  ${touchRenamed('code', 'OLD.extra_code', 'NEW.extra_code')}
END;
CREATE TRIGGER catalog_changes_code_delete AFTER DELETE ON goods_extra_codes BEGIN ${touch('code', 'OLD.extra_code')} END;

CREATE TRIGGER catalog_changes_card_insert AFTER INSERT ON discount_cards BEGIN ${touch('card', 'NEW.card')} END;
CREATE TRIGGER catalog_changes_card_update
  AFTER UPDATE OF last_name, first_name, middle_name, discount_percent, debt_allowed, debt_limit, debt, bonus ON discount_cards
BEGIN ${touch('card', 'NEW.card')} END;
CREATE TRIGGER catalog_changes_card_delete AFTER DELETE ON discount_cards BEGIN ${touch('card', 'OLD.card')} END;

CREATE TRIGGER catalog_changes_setting_insert AFTER INSERT ON shop_settings WHEN NEW.key IN (${settingsList})
BEGIN ${touch('setting', 'NEW.key')} END;
CREATE TRIGGER catalog_changes_setting_update AFTER UPDATE ON shop_settings WHEN NEW.key IN (${settingsList})
BEGIN ${touch('setting', 'NEW.key')} END;
CREATE TRIGGER catalog_changes_setting_delete AFTER DELETE ON shop_settings WHEN OLD.key IN (${settingsList})
BEGIN ${touch('setting', 'OLD.key')} END;

-- What a back office already holds when it is upgraded counts as changed now.
INSERT INTO catalog_changes (kind, key) SELECT 'goods', code FROM goods ORDER BY code;
INSERT INTO catalog_changes (kind, key) SELECT 'code', extra_code FROM goods_extra_codes ORDER BY extra_code;
INSERT INTO catalog_changes (kind, key) SELECT 'card', card FROM discount_cards ORDER BY card;
INSERT INTO catalog_changes (kind, key) SELECT 'setting', key FROM shop_settings WHERE key IN (${settingsList});
`,
  },
  {
    // PostgreSQL alone: its writers run side by side, and an identity is taken when a row is
    // inserted, not when it commits. A sale that took seq 10 and committed after one that took
    // 11 would be skipped by a till that had already read up to 11. So a change is held in
    // catalog_changes_pending and numbered at commit, one committing transaction at a time (a
    // lock of this client's log, held from its numbering to its commit): a seq is never seen
    // before a smaller one. SQLite has one writer at a time, so its numbers are in commit order.
    id: '0301_catalog_sync_commit_order',
    up: '',
    postgres: `
CREATE TABLE catalog_changes_pending (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tx xid8 NOT NULL DEFAULT pg_current_xact_id(),
  kind TEXT COLLATE "C" NOT NULL,
  key TEXT COLLATE "C" NOT NULL
);
CREATE INDEX catalog_changes_pending_tx ON catalog_changes_pending(tx, id);

CREATE FUNCTION catalog_changes_hold() RETURNS trigger LANGUAGE plpgsql AS $hold$
BEGIN
  IF current_setting('cashdesk.catalog_numbering', true) = 'on' THEN RETURN NEW; END IF;
  INSERT INTO catalog_changes_pending (kind, key) VALUES (NEW.kind, NEW.key);
  RETURN NULL;
END
$hold$;
CREATE TRIGGER catalog_changes_hold BEFORE INSERT ON catalog_changes
  FOR EACH ROW EXECUTE FUNCTION catalog_changes_hold();

CREATE FUNCTION catalog_changes_number() RETURNS trigger LANGUAGE plpgsql AS $number$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(current_schema() || '.catalog_changes'));
  PERFORM set_config('cashdesk.catalog_numbering', 'on', true);
  INSERT INTO catalog_changes (kind, key)
    SELECT kind, key FROM catalog_changes_pending WHERE tx = pg_current_xact_id() ORDER BY id;
  DELETE FROM catalog_changes_pending WHERE tx = pg_current_xact_id();
  PERFORM set_config('cashdesk.catalog_numbering', 'off', true);
  RETURN NULL;
END
$number$;
CREATE CONSTRAINT TRIGGER catalog_changes_number AFTER INSERT ON catalog_changes_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_changes_number();
`,
  },
  {
    // PostgreSQL alone. The numbering fires once per change held (a constraint trigger is per
    // row), and its first firing numbers them all: a 20-line sale's close fired it 20 times, each
    // taking the lock, inserting and deleting nothing. Now a firing that finds nothing of its
    // transaction held returns at once.
    id: '0302_catalog_sync_number_once',
    up: '',
    postgres: `
CREATE OR REPLACE FUNCTION catalog_changes_number() RETURNS trigger LANGUAGE plpgsql AS $number$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM catalog_changes_pending WHERE tx = pg_current_xact_id()) THEN RETURN NULL; END IF;
  PERFORM pg_advisory_xact_lock(hashtext(current_schema() || '.catalog_changes'));
  PERFORM set_config('cashdesk.catalog_numbering', 'on', true);
  INSERT INTO catalog_changes (kind, key)
    SELECT kind, key FROM catalog_changes_pending WHERE tx = pg_current_xact_id() ORDER BY id;
  DELETE FROM catalog_changes_pending WHERE tx = pg_current_xact_id();
  PERFORM set_config('cashdesk.catalog_numbering', 'off', true);
  RETURN NULL;
END
$number$;
`,
  },
  {
    // PostgreSQL alone. The changes held and numbered at commit cost a close an insert and a
    // delete of a row per product it sold, and the numbering's reads of the holding table went
    // through every row deleted since autovacuum last passed (a plan made while the table was
    // empty scans it): its check grew from 0.03 to 0.09 ms a firing in 40 s of bench:pg's mixed
    // load, with 24,000 dead rows. Now the first insert of a transaction into the log takes the
    // log's lock, before the row takes its number, and holds it to the commit: no transaction
    // takes a number while another holds changes not yet committed, so none is seen before a
    // smaller one. A shop's writes already go one at a time (its write turn, core/write.ts), so
    // only a writer outside the turn ever waits on it.
    id: '0303_catalog_sync_lock_first',
    up: '',
    postgres: `
DROP TRIGGER catalog_changes_hold ON catalog_changes;
DROP TABLE catalog_changes_pending;
DROP FUNCTION catalog_changes_hold();
DROP FUNCTION catalog_changes_number();

CREATE FUNCTION catalog_changes_lock() RETURNS trigger LANGUAGE plpgsql AS $lock$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(current_schema() || '.catalog_changes'));
  RETURN NULL;
END
$lock$;
-- Per statement, before any row is made: a row's number is taken as it is made, so the lock must come first.
CREATE TRIGGER catalog_changes_lock BEFORE INSERT ON catalog_changes
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changes_lock();
`,
  },
];
