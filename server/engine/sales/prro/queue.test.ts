import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PRRO } from '../../../../shared/contract/index.js';
import { BREAD, type Shop, standardShop } from '../testing/shop.js';
import { runFiscalSimulatorStep } from './simulator.js';

let shop: Shop;
beforeEach(() => {
  shop = standardShop();
});
afterEach(() => shop.close());

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const sha = (s: string) => createHash('sha256').update(Buffer.from(s, 'utf8')).digest('hex');

const shiftOpen = (numprro = '4000123456', doctype = '100') =>
  `<?xml version="1.0" encoding="UTF-8"?><CHECK><CHECKHEAD><DOCTYPE>${doctype}</DOCTYPE><ORDERDATE>14032025</ORDERDATE>` +
  `<ORDERTIME>120000</ORDERTIME><ORDERNUM>1</ORDERNUM><CASHREGISTERNUM>${numprro}</CASHREGISTERNUM></CHECKHEAD></CHECK>`;

const enqueue = (xml: string, docType: 'shift_open' | 'receipt' | 'offline_begin' = 'shift_open', user?: string) =>
  Number(
    (
      shop.call('pos.prro_inline_enqueue', { kasm: '1', numprro: '4000123456', xml_body_b64: b64(xml), doc_type: docType }, user)
        .rows[0] as { id: string }
    ).id,
  );

const sell = () =>
  shop.call('pos.checkout_close_sale', {
    kasm: 1,
    rows: [{ code: BREAD, quant: '1', price: '25.50', sum: '25.50' }],
    payments: [{ type: 'nal', amount: '25.50' }],
  });

interface Doc {
  id: number;
  numprro: string;
  status: number;
  local_num: number;
  local_doc_number: number;
  offline_session_id: string;
  doc_hash: string;
  prev_doc_hash: string;
  control_code: string;
  fiscal_number: string;
  last_error: string;
}
const docs = () => shop.db.prepare('SELECT * FROM prro_docs ORDER BY local_num').all() as Doc[];
const grid = (extra: Record<string, string> = {}) =>
  shop.call('pos.prro_inline_error_grid', { start: '2025-03-14', end: '2025-03-14', kasm: '1', numprro: '4000123456', ...extra })
    .rows as Record<string, string>[];

describe('the PRRO queue chain', () => {
  it('numbers documents in order and chains each to the hash of the one before', () => {
    enqueue(shiftOpen());
    sell();
    sell();
    const [a, b, c] = docs();
    expect([a?.local_num, b?.local_num, c?.local_num]).toEqual([1, 2, 3]);
    expect(a?.doc_hash).toBe(sha(shiftOpen()));
    expect(a?.prev_doc_hash).toBe('');
    expect(b?.prev_doc_hash).toBe(a?.doc_hash);
    expect(c?.prev_doc_hash).toBe(b?.doc_hash);
    expect(Number(a?.control_code)).toBeGreaterThan(0);
    expect(shop.call('pos.prro_inline_queue_rows', { kasm: '1', numprro: '4000123456' }).rows).toEqual([
      { doc_type: 'shift_open', xml_body_b64: b64(shiftOpen()), local_num: '1' },
      expect.objectContaining({ doc_type: 'receipt', local_num: '2' }),
      expect.objectContaining({ doc_type: 'receipt', local_num: '3' }),
    ]);
  });

  it('starts a new offline session numbered from 1 with an offline begin document', () => {
    enqueue(shiftOpen());
    enqueue(shiftOpen('4000123456', '102'), 'offline_begin');
    sell();
    expect(docs().map((d) => [d.offline_session_id, d.local_doc_number, d.local_num])).toEqual([
      ['1', 1, 1],
      ['2', 1, 2],
      ['2', 2, 3],
    ]);
  });

  it("refuses a document for another till's register", () => {
    const refusal = shop.refused('pos.prro_inline_enqueue', { kasm: '2', numprro: '4000123456', xml_body_b64: b64(shiftOpen()) });
    expect(refusal).toMatchObject({ path: 'params.numprro', problem: 'till 2 works with PRRO "4000123457", not "4000123456"' });
    expect(shop.refused('pos.prro_inline_enqueue', { kasm: 'one', numprro: '1', xml_body_b64: b64('x') }).path).toBe(
      'params.kasm',
    );
  });
});

describe('the fiscal-server simulator', () => {
  it('fiscalizes well-formed documents in chain order with their fiscal numbers', () => {
    enqueue(shiftOpen());
    sell();
    expect(runFiscalSimulatorStep(shop.db, new Date())).toEqual({ accepted: 2, rejected: 0 });
    for (const d of docs()) {
      expect(d.status).toBe(PRRO.accepted);
      expect(d.fiscal_number).toBe(`${d.offline_session_id}.${d.local_doc_number}.${d.control_code}`);
    }
    expect(shop.call('pos.reports_checks_today', {}).rows[0]).toMatchObject({ fiscal_number: docs()[1]?.fiscal_number });
    expect(shop.call('pos.prro_inline_queue_rows', { kasm: '1', numprro: '4000123456' }).rows).toEqual([]);
    expect(runFiscalSimulatorStep(shop.db, new Date())).toEqual({ accepted: 0, rejected: 0 });
  });

  it('rejects a malformed document with a readable error and holds back the documents after it', () => {
    sell();
    enqueue('<CHECK><CHECKHEAD><DOCTYPE>100</DOCTYPE></CHECK>');
    sell();
    expect(runFiscalSimulatorStep(shop.db, new Date())).toEqual({ accepted: 1, rejected: 1 });
    const [, bad, after] = docs();
    expect(bad).toMatchObject({
      status: PRRO.rejected,
      last_error: 'XML документа некоректний: закриваючий тег </CHECK> не відповідає елементу <CHECKHEAD>',
    });
    expect(after).toMatchObject({
      status: PRRO.blocked,
      last_error: `очікує на документ №2 (id ${bad?.id}), відхилений податковим сервером`,
    });
    expect(grid().map((r) => [r.local_num, r.last_error, r.status, r.kasm, r.numprro])).toEqual([
      ['2', bad?.last_error, String(PRRO.rejected), '1', '4000123456'],
      ['3', after?.last_error, String(PRRO.blocked), '1', '4000123456'],
    ]);
    const errorDocs = shop.call('pos.prro_inline_error_docs', {
      start: '2025-03-01',
      end: '2025-03-31',
      kasm: '',
      numprro: '',
    }).rows;
    expect(errorDocs).toHaveLength(2);
    expect(errorDocs[0]).toMatchObject({ id: String(bad?.id), doc_type: 'shift_open', created_at: '2025-03-14T12:00:00+02:00' });
  });

  it.each([
    ['another register number', shiftOpen('4000999999'), /фіскальний номер ПРРО в документі \(4000999999\) не збігається/],
    [
      'a document type other than the queue says',
      shiftOpen('4000123456', '101'),
      /DOCTYPE 101 не відповідає типу документа shift_open/,
    ],
    [
      'a missing head element',
      shiftOpen().replace('<ORDERNUM>1</ORDERNUM>', ''),
      /відсутній обов'язковий елемент <CHECKHEAD\/ORDERNUM>/,
    ],
    ['an impossible date', shiftOpen().replace('14032025', '31022025'), /ORDERDATE «31022025» не є датою/],
  ])('rejects %s', (_what, xml, error) => {
    enqueue(xml);
    runFiscalSimulatorStep(shop.db, new Date());
    expect(docs()[0]?.last_error).toMatch(error);
  });

  it('rejects a receipt whose lines do not add up to its total', () => {
    sell();
    const good = Buffer.from(shop.db.prepare('SELECT xml_body_b64 FROM prro_docs').pluck().get() as string, 'base64').toString();
    enqueue(good.replace('<CHECKTOTAL><SUM>25.50</SUM>', '<CHECKTOTAL><SUM>30.00</SUM>'), 'receipt');
    runFiscalSimulatorStep(shop.db, new Date());
    expect(docs()[1]?.last_error).toBe('сума рядків 25.50 не дорівнює сумі чека 30.00');
  });

  it('rejects a document whose previous hash does not match the chain', () => {
    enqueue(shiftOpen());
    enqueue(shiftOpen());
    shop.db.prepare('UPDATE prro_docs SET prev_doc_hash = ? WHERE local_num = 2').run('0'.repeat(64));
    runFiscalSimulatorStep(shop.db, new Date());
    expect(docs()[1]?.last_error).toMatch(/^хеш попереднього документа \(000000000000…\) не збігається з ланцюжком/);
  });
});

describe('correcting the queue', () => {
  it('requeues a corrected document, re-links the next one, and the simulator then accepts both', () => {
    const badId = enqueue('<CHECK>broken');
    sell();
    runFiscalSimulatorStep(shop.db, new Date());
    const [bad] = docs();
    const r = shop.call('pos.prro_inline_requeue', {
      id: badId,
      created_at: '2025-03-14T12:00:00+02:00',
      fiscal_number: '',
      xml_body_b64: b64(shiftOpen()),
      doc_hash: sha(shiftOpen()),
    });
    expect(r.status.affected).toBe('1');
    const [fixed, next] = docs();
    expect(fixed).toMatchObject({ status: PRRO.requeued, doc_hash: sha(shiftOpen()), last_error: '' });
    expect(next?.prev_doc_hash).toBe(sha(shiftOpen()));
    expect(bad?.doc_hash).not.toBe(fixed?.doc_hash);
    expect(runFiscalSimulatorStep(shop.db, new Date())).toEqual({ accepted: 2, rejected: 0 });
    expect(docs().map((d) => d.status)).toEqual([PRRO.accepted, PRRO.accepted]);
  });

  it('finds the document by its creation time, to the second, and fiscal number when no id is given', () => {
    shop.setNow('2025-03-14T10:00:00.734Z');
    enqueue('<CHECK>broken');
    runFiscalSimulatorStep(shop.db, new Date());
    shop.call('pos.prro_inline_requeue', {
      created_at: '2025-03-14T10:00:00Z',
      fiscal_number: '',
      local_num: 1,
      xml_body_b64: b64(shiftOpen()),
    });
    expect(docs()[0]?.status).toBe(PRRO.requeued);
    expect(
      shop.refused('pos.prro_inline_requeue', {
        created_at: '2025-03-15T10:00:00Z',
        fiscal_number: '',
        xml_body_b64: b64(shiftOpen()),
      }).path,
    ).toBe('params.created_at');
  });

  it('refuses to requeue a fiscalized document, a wrong hash, or a document moved in the chain', () => {
    const id = enqueue(shiftOpen());
    const base = { id, created_at: '2025-03-14T12:00:00+02:00', fiscal_number: '', xml_body_b64: b64(shiftOpen()) };
    expect(shop.refused('pos.prro_inline_requeue', base).problem).toMatch(
      /is queued; only rejected, blocked or retrying documents are requeued/,
    );
    shop.call('pos.prro_inline_set_status', { id, status: PRRO.rejected });
    expect(shop.refused('pos.prro_inline_requeue', { ...base, doc_hash: 'a'.repeat(64) }).path).toBe('params.doc_hash');
    expect(shop.refused('pos.prro_inline_requeue', { ...base, local_num: 5 }).path).toBe('params.local_num');
    shop.call('pos.prro_inline_set_status', { id, status: PRRO.already_registered });
    expect(shop.refused('pos.prro_inline_set_status', { id, status: PRRO.queued }).problem).toMatch(
      /a fiscalized document is final/,
    );
  });

  it('sets statuses one by one or for a whole till, never to accepted by hand', () => {
    sell();
    sell();
    shop.call('pos.prro_inline_enqueue', { kasm: '2', numprro: '4000123457', xml_body_b64: b64(shiftOpen('4000123457')) });
    expect(shop.call('pos.prro_inline_set_status', { id: 999, status: PRRO.cancelled }).status.affected).toBe('0');
    expect(shop.refused('pos.prro_inline_set_status', { id: 1, status: PRRO.accepted }).path).toBe('params.status');
    const moved = shop.call('pos.prro_inline_set_status_by_filter', {
      kasm: '1',
      numprro: '4000123456',
      from_status: PRRO.queued,
      to_status: PRRO.offline,
    });
    expect(moved.status.affected).toBe('2');
    expect(
      shop.call(
        'pos.prro_inline_set_status_by_filter',
        { kasm: '', numprro: '', scope: 'user', from_status: PRRO.queued, to_status: PRRO.cancelled },
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

  it("shows each document's own status, till and register when the filter names no register", () => {
    enqueue('<bad');
    shop.call('pos.prro_inline_enqueue', { kasm: '2', numprro: '4000123457', xml_body_b64: b64('<bad') });
    runFiscalSimulatorStep(shop.db, new Date());
    const [one, two] = ['4000123456', '4000123457'].map((numprro) => docs().find((d) => d.numprro === numprro));
    shop.call('pos.prro_inline_set_status', { id: two?.id ?? 0, status: PRRO.retrying });
    expect(grid({ kasm: '', numprro: '' }).map((r) => [r.id, r.status, r.kasm, r.numprro])).toEqual([
      [String(one?.id), String(PRRO.rejected), '1', '4000123456'],
      [String(two?.id), String(PRRO.retrying), '2', '4000123457'],
    ]);
  });

  it("shows a user only their own documents in scope 'user'", () => {
    enqueue('<bad', 'shift_open', 'manager');
    enqueue('<bad', 'shift_open', 'cashier');
    runFiscalSimulatorStep(shop.db, new Date());
    expect(grid({ scope: 'user' }).map((r) => r.user_id)).toEqual(['cashier']);
    expect(grid().map((r) => r.user_id)).toEqual(['manager', 'cashier']);
    expect(grid({ start: '2025-03-15', end: '2025-03-16' })).toEqual([]);
  });
});
