/**
 * A code the service finds is found the same way offline: the demo shop's catalogue goes through
 * goods.catalog_changes into a till's copy, as sync.ts brings it, and a table of codes (own codes,
 * other barcodes, weighted barcodes, discount cards, misreads, unknowns) is asked of both. Both
 * answer by shared/catalog/find-code-rules.ts; this holds their lookups and rows to one another.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncMigrations } from '../../../server/back-office/catalog/index.js';
import { type Call, caller, openTestDb, type TestDb } from '../../../server/back-office/catalog/testing.js';
import { seedDemo } from '../../../server/back-office/demo/index.js';
import { salesMigrations } from '../../../server/back-office/sales/index.js';
import { withCheckDigit } from '../../../shared/barcodes/ean.js';
import type { ResultRowOf } from '../../../shared/contract/index.js';
import { LocalCatalog } from './local-catalog.js';

let dir: string;
let shop: TestDb;
let call: Call;
let copy: LocalCatalog;

type FoundRow = ResultRowOf<'pos.find_code'>;
const serviceRows = (code: string) => (call('pos.find_code', { code }).rows ?? []) as FoundRow[];

const one = <T>(sql: string): T => shop.db.prepare(sql).get() as T;

beforeAll(() => {
  // The back office's migrations as it runs them (server/back-office/back-office.ts): the change log last.
  shop = openTestDb([...salesMigrations, ...syncMigrations]);
  seedDemo(shop.db, { now: new Date('2025-03-14T09:30:00Z') });
  call = caller(shop.db);
  dir = mkdtempSync(join(tmpdir(), 'find-code-parity-'));
  copy = new LocalCatalog(join(dir, 'catalog.sqlite'));
  for (let more = true; more; ) {
    const rows = call('goods.catalog_changes', { since: copy.cursor, limit: 1000 })
      .rows as ResultRowOf<'goods.catalog_changes'>[];
    const end = rows.at(-1);
    if (end?.tag !== 'END') throw new Error('no END row');
    more = end.more === '1';
    copy.apply(rows.slice(0, -1), Number(end.seq), !more, new Date());
  }
}, 120_000);

afterAll(() => {
  copy?.close();
  shop?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The codes to ask, read from the demo so each kind of match is met. */
function codeTable(): string[] {
  const product = one<{ code: string }>('SELECT code FROM goods WHERE weighted = 0 ORDER BY code LIMIT 1').code;
  const excise = one<{ code: string }>('SELECT code FROM goods WHERE excise_input = 1 ORDER BY code LIMIT 1').code;
  const extra = one<{ extra_code: string }>('SELECT extra_code FROM goods_extra_codes ORDER BY extra_code LIMIT 1').extra_code;
  const plu = one<{ plu: string }>('SELECT plu FROM goods WHERE weighted = 1 AND plu IS NOT NULL ORDER BY code LIMIT 1').plu;
  const card = one<{ card: string }>('SELECT card FROM discount_cards ORDER BY card LIMIT 1').card;
  const weighed = withCheckDigit(`21${plu.padStart(5, '0')}01250`);
  return [
    product,
    ` ${product} `,
    excise,
    extra,
    weighed,
    withCheckDigit(`20${plu.padStart(5, '0')}00000`),
    withCheckDigit(`29${plu.padStart(5, '0')}01250`), // not a weighted prefix
    `${weighed.slice(0, 12)}${(Number(weighed[12]) + 1) % 10}`, // a misread
    card,
    withCheckDigit('229999999999'), // a card prefix, no such card
    withCheckDigit('482000000000'),
    '',
    '   ',
  ];
}

describe('pos.find_code, in the back office and in the till copy', () => {
  it('the table meets every kind of match', () => {
    const kinds = new Set(codeTable().flatMap((code) => serviceRows(code).map((r) => r.kind)));
    expect([...kinds].sort()).toEqual(['card', 'extra', 'product', 'weight']);
  });

  it('answers the same rows for every code of the table', () => {
    for (const code of codeTable()) {
      const service = serviceRows(code);
      expect(copy.findCode(code)?.rows, `code ${JSON.stringify(code)}`).toEqual(service);
    }
  });
});
