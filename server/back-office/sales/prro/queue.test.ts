import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PRRO } from '../../../../shared/contract/index.js';
import { readDocument } from '../../../dps/format/read.js';
import { BREAD, type Shop, standardShop } from '../testing/shop.js';
import { sendToTaxServer } from '../testing/tax-server.js';

let shop: Shop;
beforeEach(() => {
  shop = standardShop();
});
afterEach(() => shop.close());

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64');
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

interface Doc {
  id: number;
  numprro: string;
  doc_type: string;
  status: number;
  local_num: number;
  doc_hash: string;
  prev_doc_hash: string;
  fiscal_number: string;
  last_error: string;
  user_id: string;
  xml_body_b64: string;
}
const docs = (numprro = '4000123456') =>
  shop.db.prepare('SELECT * FROM prro_docs WHERE numprro = ? AND status <> 5 ORDER BY local_num').all(numprro) as Doc[];
const body = (d: Doc | undefined) => Buffer.from(d?.xml_body_b64 ?? '', 'base64');
const head = (d: Doc | undefined) => readDocument(body(d)).head;

/** A receipt another till program built itself: it brings its own body. */
const enqueue = (xml: string | Buffer, user?: string, kasm = '1', numprro = '4000123456') =>
  Number(
    (
      shop.call('pos.prro_inline_enqueue', { kasm, numprro, xml_body_b64: b64(xml), doc_type: 'receipt' }, user).rows[0] as {
        id: string;
      }
    ).id,
  );

const sell = () =>
  shop.call('pos.checkout_close_sale', {
    kasm: 1,
    rows: [{ code: BREAD, quant: '1', price: '25.50', sum: '25.50' }],
    payments: [{ type: 'bn', amount: '25.50' }],
  });

const grid = (extra: Record<string, string> = {}) =>
  shop.call('pos.prro_inline_error_grid', { start: '2025-03-14', end: '2025-03-14', kasm: '1', numprro: '4000123456', ...extra })
    .rows as Record<string, string>[];

describe('the PRRO queue chain', () => {
  it('numbers every document of a register without a gap and chains each to the hash of the one before', () => {
    sell();
    sell();
    const [open, a, b] = docs();
    expect([open?.doc_type, a?.doc_type, b?.doc_type]).toEqual(['shift_open', 'receipt', 'receipt']);
    expect([open, a, b].map((d) => d?.local_num)).toEqual([1, 2, 3]);
    expect([open, a, b].map((d) => head(d).ORDERNUM)).toEqual(['1', '2', '3']);
    expect(open?.prev_doc_hash).toBe('');
    expect(a?.prev_doc_hash).toBe(open?.doc_hash);
    expect(b?.prev_doc_hash).toBe(a?.doc_hash);
    expect(a?.doc_hash).toBe(sha(body(a)));
    // Online documents get their fiscal number from the tax server, not before.
    expect(a?.fiscal_number).toBe('');
    expect(head(a).OFFLINE).toBeUndefined();
    expect(shop.call('pos.prro_inline_queue_rows', { kasm: '1', numprro: '4000123456' }).rows).toEqual([
      { doc_type: 'shift_open', xml_body_b64: open?.xml_body_b64, local_num: '1' },
      expect.objectContaining({ doc_type: 'receipt', local_num: '2' }),
      expect.objectContaining({ doc_type: 'receipt', local_num: '3' }),
    ]);
  });

  it("places a client's own document at the end of the chain with the register's next number", () => {
    sell();
    const [, sale] = docs();
    const theirs = body(sale).toString('latin1').replace('<ORDERNUM>2</ORDERNUM>', '<ORDERNUM>77</ORDERNUM>');
    const id = enqueue(Buffer.from(theirs, 'latin1'));
    const placed = docs().find((d) => d.id === id);
    expect(placed?.local_num).toBe(3);
    expect(head(placed).ORDERNUM).toBe('3');
  });

  it('refuses to take from a client the documents the back office makes itself', () => {
    const refusal = shop.refused('pos.prro_inline_enqueue', {
      kasm: '1',
      numprro: '4000123456',
      xml_body_b64: b64('<CHECK/>'),
      doc_type: 'z_report',
    });
    expect(refusal.reason).toBe('prro.enqueue_own_type');
  });

  it("refuses a document for another till's register", () => {
    const refusal = shop.refused('pos.prro_inline_enqueue', { kasm: '2', numprro: '4000123456', xml_body_b64: b64('<CHECK/>') });
    expect(refusal).toMatchObject({ path: 'params.numprro', problem: 'till 2 works with PRRO "4000123457", not "4000123456"' });
    expect(shop.refused('pos.prro_inline_enqueue', { kasm: 'one', numprro: '1', xml_body_b64: b64('x') }).path).toBe(
      'params.kasm',
    );
  });
});

describe('the simulated tax server', () => {
  it('fiscalizes documents in chain order, giving each a fiscal number of its own', () => {
    sell();
    expect(sendToTaxServer(shop.db)).toMatchObject({ accepted: 3, rejected: 0 });
    const mine = docs();
    expect(mine.map((d) => d.status)).toEqual([PRRO.accepted, PRRO.accepted]);
    expect(new Set(mine.map((d) => d.fiscal_number)).size).toBe(2);
    for (const d of mine) expect(d.fiscal_number).toMatch(/^\d+$/);
    expect(shop.call('pos.reports_checks_today', {}).rows[0]).toMatchObject({ fiscal_number: mine[1]?.fiscal_number });
    expect(shop.call('pos.prro_inline_queue_rows', { kasm: '1', numprro: '4000123456' }).rows).toEqual([]);
    expect(sendToTaxServer(shop.db)).toMatchObject({ accepted: 0, rejected: 0 });
  });

  it('rejects a malformed document with its error code and text, and holds back the documents after it', () => {
    sell();
    enqueue('<CHECK><CHECKHEAD><DOCTYPE>0</DOCTYPE></CHECK>');
    sell();
    expect(sendToTaxServer(shop.db)).toMatchObject({ accepted: 3, rejected: 1 });
    const [, , bad, after] = docs();
    expect(bad).toMatchObject({
      status: PRRO.rejected,
      last_error:
        'Код помилки: 9 DocumentValidationError\nXML документа некоректний: закриваючий тег </CHECK> не відповідає елементу <CHECKHEAD>',
    });
    expect(after).toMatchObject({
      status: PRRO.blocked,
      last_error: `очікує на документ №3 (id ${bad?.id}), відхилений податковим сервером`,
    });
    expect(grid().map((r) => [r.local_num, r.status, r.kasm, r.numprro])).toEqual([
      ['3', String(PRRO.rejected), '1', '4000123456'],
      ['4', String(PRRO.blocked), '1', '4000123456'],
    ]);
    const errorDocs = shop.call('pos.prro_inline_error_docs', {
      start: '2025-03-01',
      end: '2025-03-31',
      kasm: '',
      numprro: '',
    }).rows;
    expect(errorDocs[0]).toMatchObject({ id: String(bad?.id), doc_type: 'receipt', created_at: '2025-03-14T12:00:00+02:00' });
  });

  it.each([
    [
      'an unknown register',
      (x: string) => x.replace('4000123456', '4000999999'),
      /^Код помилки: 1 TransactionsRegistrarAbsent\nПРРО з фіскальним номером 4000999999/,
    ],
    ['another seller', (x: string) => x.replace('<TIN>12345678</TIN>', '<TIN>87654321</TIN>'), /^Код помилки: 3 InvalidTin/],
    [
      'a date that is not one',
      (x: string) => x.replace('14032025', '31022025'),
      /^Код помилки: 9 DocumentValidationError\nCHECK\/CHECKHEAD\/ORDERDATE/,
    ],
    [
      'lines that do not add up',
      (x: string) => x.replace('<COST>25.50</COST>', '<COST>26.50</COST>'),
      /сума рядків 26\.50 не дорівнює сумі чека 25\.50/,
    ],
  ])('rejects %s', (_what, spoil, error) => {
    sell();
    const [, sale] = docs();
    enqueue(Buffer.from(spoil(body(sale).toString('latin1')), 'latin1'));
    sendToTaxServer(shop.db);
    expect(docs()[2]?.last_error).toMatch(error);
  });

  it('refuses a receipt before the shift is open on the server, as the tax server does', () => {
    sell();
    // The shift-open document was withdrawn, so the server never heard of the shift.
    const [open] = docs();
    shop.call('pos.prro_inline_set_status', { id: open?.id ?? 0, status: PRRO.cancelled });
    sendToTaxServer(shop.db);
    expect(docs()[0]).toMatchObject({ doc_type: 'receipt', local_num: 1, status: PRRO.rejected });
    expect(docs()[0]?.last_error).toMatch(/^Код помилки: 5 ShiftNotOpened/);
  });
});

describe('correcting the queue', () => {
  it('withdrawing a document gives its number to the next one, and records who did it', () => {
    sell();
    sell();
    const [, first, second] = docs();
    shop.call('pos.prro_inline_set_status', { id: first?.id ?? 0, status: PRRO.cancelled }, 'manager');
    const [, moved] = docs();
    expect(moved).toMatchObject({ id: second?.id, local_num: 2, prev_doc_hash: docs()[0]?.doc_hash });
    expect(head(moved).ORDERNUM).toBe('2');
    const audit = shop.call('pos.prro_doc_audit', { start: '2025-03-01', end: '2025-03-31' }).rows;
    expect(audit).toEqual([
      expect.objectContaining({
        doc_id: String(first?.id),
        user: 'manager',
        action: 'status',
        status_before: '0',
        status_after: '5',
      }),
    ]);
    expect(shop.refused('pos.prro_inline_set_status', { id: first?.id ?? 0, status: PRRO.queued }).reason).toBe(
      'prro.cancelled_final',
    );
  });

  it('finds the document to requeue by its creation time, to the second, and fiscal number', () => {
    shop.setNow('2025-03-14T10:00:00.734Z');
    sell();
    const [, sale] = docs();
    const bad = enqueue(Buffer.from(body(sale).toString('latin1').replace('14032025', '2025-03-14'), 'latin1'));
    sendToTaxServer(shop.db);
    const held = docs().find((d) => d.id === bad);
    expect(held?.status).toBe(PRRO.rejected);
    shop.call('pos.prro_inline_requeue', {
      created_at: '2025-03-14T10:00:00Z',
      fiscal_number: '',
      local_num: held?.local_num ?? 0,
      xml_body_b64: b64(Buffer.from(body(held).toString('latin1').replace('2025-03-14', '14032025'), 'latin1')),
    });
    expect(docs().find((d) => d.id === bad)?.status).toBe(PRRO.requeued);
    expect(
      shop.refused('pos.prro_inline_requeue', {
        created_at: '2025-03-15T10:00:00Z',
        fiscal_number: '',
        xml_body_b64: b64('<x/>'),
      }).path,
    ).toBe('params.created_at');
  });

  it('refuses to requeue a waiting document, a wrong hash, or a document moved in the chain', () => {
    sell();
    const [, sale] = docs();
    const base = {
      id: sale?.id ?? 0,
      created_at: '2025-03-14T12:00:00+02:00',
      fiscal_number: '',
      xml_body_b64: sale?.xml_body_b64 ?? '',
    };
    expect(shop.refused('pos.prro_inline_requeue', base).problem).toMatch(
      /is queued; only rejected, blocked or retrying documents are requeued/,
    );
    shop.call('pos.prro_inline_set_status', { id: sale?.id ?? 0, status: PRRO.rejected });
    expect(shop.refused('pos.prro_inline_requeue', { ...base, doc_hash: 'a'.repeat(64) }).path).toBe('params.doc_hash');
    expect(shop.refused('pos.prro_inline_requeue', { ...base, local_num: 5 }).path).toBe('params.local_num');
    shop.call('pos.prro_inline_set_status', { id: sale?.id ?? 0, status: PRRO.already_registered });
    expect(shop.refused('pos.prro_inline_set_status', { id: sale?.id ?? 0, status: PRRO.queued }).problem).toMatch(
      /a fiscalized document is final/,
    );
  });

  it('sets statuses one by one or for a whole till, never to accepted by hand', () => {
    sell();
    sell();
    expect(shop.call('pos.prro_inline_set_status', { id: 999, status: PRRO.cancelled }).status.affected).toBe('0');
    expect(shop.refused('pos.prro_inline_set_status', { id: 1, status: PRRO.accepted }).path).toBe('params.status');
    const moved = shop.call('pos.prro_inline_set_status_by_filter', {
      kasm: '1',
      numprro: '4000123456',
      from_status: PRRO.queued,
      to_status: PRRO.retrying,
    });
    expect(moved.status.affected).toBe('3');
    expect(
      shop.call(
        'pos.prro_inline_set_status_by_filter',
        { kasm: '', numprro: '', scope: 'user', from_status: PRRO.retrying, to_status: PRRO.cancelled },
        'manager',
      ).status.affected,
    ).toBe('0');
    expect(
      shop.refused('pos.prro_inline_set_status_by_filter', {
        kasm: '1',
        numprro: '4000123456',
        from_status: PRRO.accepted,
        to_status: PRRO.queued,
      }).path,
    ).toBe('params.from_status');
  });

  it("shows a user only their own documents in scope 'user', and each document's till and register", () => {
    enqueue('<bad', 'manager');
    enqueue('<bad', 'cashier');
    enqueue('<bad', 'cashier', '2', '4000123457');
    sendToTaxServer(shop.db);
    expect(grid({ scope: 'user' }).map((r) => r.user_id)).toEqual(['cashier']);
    expect(grid().map((r) => r.user_id)).toEqual(['manager', 'cashier']);
    expect(grid({ kasm: '', numprro: '' }).map((r) => [r.kasm, r.numprro])).toEqual([
      ['1', '4000123456'],
      ['1', '4000123456'],
      ['2', '4000123457'],
    ]);
    expect(grid({ start: '2025-03-15', end: '2025-03-16' })).toEqual([]);
  });
});
