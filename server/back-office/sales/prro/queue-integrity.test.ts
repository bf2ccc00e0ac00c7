/**
 * A manager's hands on the PRRO queue: a document the tax server refused may be corrected and
 * requeued only if it still says what the books say (a head-only correction), and every change is
 * kept with who made it, when, and the body's hash before and after; a withdrawn document gives
 * its place to the ones after it, so the register's numbers stay without a gap.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PRRO } from '../../../../shared/contract/index.js';
import { decodeBody } from '../../../dps/format/read.js';
import { simulatedFiscalServer } from '../../../dps/simulator/simulator.js';
import { chainProblems, cp1251, type QueueDoc, queueDoc, queueDocs, sha256 } from '../testing/fiscal.js';
import { BREAD, type Shop, standardShop, TEST_SELLER } from '../testing/shop.js';
import { snapshot } from '../testing/snapshot.js';
import { dispatchFiscalNow } from './server/dispatch.js';

const NUMPRRO = '4000123456';
const WRONG_TIN = '87654321';
const DAY = { start: '2025-03-14', end: '2025-03-14' };

let shop: Shop;
beforeEach(() => {
  shop = standardShop();
  // The shift-open documents reach the tax server, which knows the seller by its TIN from now on.
  send();
});
afterEach(() => shop.close());

const send = () =>
  dispatchFiscalNow(shop.db, simulatedFiscalServer(shop.db), () => new Date('2025-03-14T10:00:00Z'), 'Europe/Kyiv');
const sale = () =>
  Number(
    (
      shop.call('pos.checkout_close_sale', {
        kasm: 1,
        rows: [{ code: BREAD, quant: '1', price: '25.50', sum: '25.50' }],
        payments: [{ type: 'nal', amount: '25.50' }],
      }).rows[0] as Record<string, string>
    ).prro_doc_id,
  );
const chain = (): QueueDoc[] => queueDocs(shop.db, { numprro: NUMPRRO });
const b64 = (text: string) => cp1251(text).toString('base64');

/**
 * A receipt the tax server refuses: its body names a mistyped seller TIN (as a faulty writer of
 * the document would), so the register is not registered to it (error 3); what the document
 * says of the sale is the books' own. The one after it waits, blocked.
 */
function refusedReceipt(): { rejected: QueueDoc; blocked: QueueDoc; grid: Record<string, string> } {
  const rejected = sale();
  const spoiled = cp1251(queueDoc(shop.db, rejected).text.replace(`<TIN>${TEST_SELLER.tin}</TIN>`, `<TIN>${WRONG_TIN}</TIN>`));
  shop.db
    .prepare('UPDATE prro_docs SET xml_body_b64 = ?, doc_hash = ? WHERE id = ?')
    .run(spoiled.toString('base64'), sha256(spoiled), rejected);
  const blocked = sale();
  expect(send()).toMatchObject({ rejected: 1 });
  const grid = shop.call('pos.prro_inline_error_grid', { kasm: '1', numprro: NUMPRRO, ...DAY }).rows as Record<string, string>[];
  expect(grid.map((g) => [g.id, g.status])).toEqual([
    [String(rejected), String(PRRO.rejected)],
    [String(blocked), String(PRRO.blocked)],
  ]);
  expect(grid[0]?.last_error).toMatch(/^Код помилки: 3 InvalidTin/);
  return { rejected: queueDoc(shop.db, rejected), blocked: queueDoc(shop.db, blocked), grid: grid[0] as Record<string, string> };
}

const requeue = (doc: QueueDoc, grid: Record<string, string>, body: string, extra: Record<string, string> = {}) => ({
  id: doc.id,
  created_at: grid.created_at as string,
  fiscal_number: grid.fiscal_number as string,
  xml_body_b64: b64(body),
  ...extra,
});

describe('a corrected document requeued', () => {
  it('is refused when it no longer says what the books say, and nothing changes', () => {
    const { rejected, grid } = refusedReceipt();
    // A "correction" that also lowers the total and its cash payment.
    const body = rejected.text
      .replace(`<TIN>${WRONG_TIN}</TIN>`, `<TIN>${TEST_SELLER.tin}</TIN>`)
      .replaceAll('<SUM>25.50</SUM>', '<SUM>25.00</SUM>');
    const before = snapshot(shop.db);
    const r = shop.refused('pos.prro_inline_requeue', requeue(rejected, grid, body));
    expect({ reason: r.reason, values: r.values }).toEqual({
      reason: 'prro.requeue_changes_content',
      // The first field that differs, in the order the content is compared: a payment's sum.
      values: { id: String(rejected.id), field: expect.stringMatching(/^CHECKPAY\/.*SUM$/) },
    });
    expect(snapshot(shop.db)).toEqual(before);
  });

  it('is refused when only the total changes, naming the field', () => {
    const { rejected, grid } = refusedReceipt();
    const body = rejected.text.replace('<CHECKTOTAL><SUM>25.50</SUM>', '<CHECKTOTAL><SUM>25.00</SUM>');
    const r = shop.refused('pos.prro_inline_requeue', requeue(rejected, grid, body));
    expect({ reason: r.reason, values: r.values }).toEqual({
      reason: 'prro.requeue_changes_content',
      values: { id: String(rejected.id), field: 'CHECKTOTAL/SUM' },
    });
  });

  it('is accepted when only its head is corrected, keeps its place, and reaches the tax server with the ones after it', () => {
    const { rejected, blocked, grid } = refusedReceipt();
    const body = rejected.text.replace(`<TIN>${WRONG_TIN}</TIN>`, `<TIN>${TEST_SELLER.tin}</TIN>`);
    expect(body).not.toBe(rejected.text);
    expect(shop.call('pos.prro_inline_requeue', requeue(rejected, grid, body), 'manager').status).toMatchObject({
      affected: '1',
    });
    const requeued = queueDoc(shop.db, rejected.id);
    expect(requeued).toMatchObject({ status: PRRO.requeued, localNum: rejected.localNum });
    expect(requeued.doc.head.TIN).toBe(TEST_SELLER.tin);
    expect(requeued.doc.content).toEqual(rejected.doc.content);
    expect(chainProblems(chain())).toEqual([]);
    expect(send()).toMatchObject({ rejected: 0 });
    expect([queueDoc(shop.db, rejected.id).status, queueDoc(shop.db, blocked.id).status]).toEqual([PRRO.accepted, PRRO.accepted]);
  });

  it('takes a name the document could only write as "?" (an emoji) as the books\' name, so a head correction is accepted', () => {
    shop.db.prepare('UPDATE goods SET name = ? WHERE code = ?').run('Хліб 🍞 житній', BREAD);
    const { rejected, grid } = refusedReceipt();
    expect(rejected.text).toContain('<NAME>Хліб ? житній</NAME>');
    const body = rejected.text.replace(`<TIN>${WRONG_TIN}</TIN>`, `<TIN>${TEST_SELLER.tin}</TIN>`);
    expect(shop.call('pos.prro_inline_requeue', requeue(rejected, grid, body), 'manager').status).toMatchObject({
      affected: '1',
    });
    expect(send()).toMatchObject({ rejected: 0 });
  });

  it('takes the correction of a document an older version wrote malformed, a name cut inside a character pair', () => {
    const { rejected, grid } = refusedReceipt();
    // As the older version stored it: the name cut after the first half of a pair, and a body whose
    // encoder then ate the '<' of </NAME>.
    const cut = `${'Я'.repeat(127)}\ud83e`;
    const content = JSON.parse(
      shop.db.prepare('SELECT content_json FROM prro_docs WHERE id = ?').pluck().get(rejected.id) as string,
    );
    content.CHECKBODY[0].NAME = cut;
    shop.db.prepare('UPDATE prro_docs SET content_json = ? WHERE id = ?').run(JSON.stringify(content), rejected.id);
    const [head, body] = rejected.text.split('<CHECKBODY>') as [string, string];
    const malformed = `${head}<CHECKBODY>${body.replace(/<NAME>[^<]*<\/NAME>/, `<NAME>${'Я'.repeat(127)}?/NAME>`)}`;
    const corrected = malformed
      .replace(`<NAME>${'Я'.repeat(127)}?/NAME>`, `<NAME>${'Я'.repeat(127)}?</NAME>`)
      .replace(`<TIN>${WRONG_TIN}</TIN>`, `<TIN>${TEST_SELLER.tin}</TIN>`);
    expect(shop.call('pos.prro_inline_requeue', requeue(rejected, grid, corrected), 'manager').status).toMatchObject({
      affected: '1',
    });
    expect(send()).toMatchObject({ rejected: 0 });
  });

  it('is audited: who, when, the status and the body hash before and after', () => {
    const { rejected, grid } = refusedReceipt();
    shop.setNow('2025-03-14T10:30:00Z');
    const body = rejected.text.replace(`<TIN>${WRONG_TIN}</TIN>`, `<TIN>${TEST_SELLER.tin}</TIN>`);
    shop.call('pos.prro_inline_requeue', requeue(rejected, grid, body), 'manager');
    const after = queueDoc(shop.db, rejected.id);
    expect(shop.call('pos.prro_doc_audit', { id: rejected.id, ...DAY }).rows).toEqual([
      {
        id: '1',
        doc_id: String(rejected.id),
        numprro: NUMPRRO,
        local_num: String(rejected.localNum),
        at: '2025-03-14T12:30:00+02:00',
        user: 'manager',
        action: 'requeue',
        status_before: String(PRRO.rejected),
        status_after: String(PRRO.requeued),
        hash_before: rejected.docHash,
        hash_after: sha256(after.bytes),
        note: '',
      },
    ]);
    expect(after.docHash).toBe(sha256(after.bytes));
    expect(rejected.docHash).toBe(sha256(rejected.bytes));
  });

  it('is found by the shop’s own date: a change at 01:30 in Kyiv is the next day’s, though UTC still says the day before', () => {
    const { rejected, grid } = refusedReceipt();
    shop.setNow('2025-03-14T23:30:00Z');
    const body = rejected.text.replace(`<TIN>${WRONG_TIN}</TIN>`, `<TIN>${TEST_SELLER.tin}</TIN>`);
    shop.call('pos.prro_inline_requeue', requeue(rejected, grid, body), 'manager');
    const on = (date: string) => shop.call('pos.prro_doc_audit', { id: rejected.id, start: date, end: date }).rows;
    expect(on('2025-03-15').map((r) => (r as { at: string }).at)).toEqual(['2025-03-15T01:30:00+02:00']);
    expect(on('2025-03-14')).toEqual([]);
  });

  it('naming a previous hash that is not its predecessor’s is refused, and nothing changes', () => {
    const { rejected, grid } = refusedReceipt();
    const body = rejected.text.replace(`<TIN>${WRONG_TIN}</TIN>`, `<TIN>${TEST_SELLER.tin}</TIN>`);
    const before = snapshot(shop.db);
    const r = shop.refused('pos.prro_inline_requeue', requeue(rejected, grid, body, { prev_doc_hash: 'ab'.repeat(32) }));
    const predecessor = chain().find((d) => d.localNum === rejected.localNum - 1) as QueueDoc;
    expect({ reason: r.reason, values: r.values }).toEqual({
      reason: 'prro.requeue_prev_hash',
      values: { expected: predecessor.docHash },
    });
    expect(snapshot(shop.db)).toEqual(before);
    expect(shop.call('pos.prro_doc_audit', { id: 0, ...DAY }).rows).toEqual([]);
  });
});

describe('a requeued document against the DPS schema', () => {
  it('is refused when its date is not in the form the schema takes, naming the element and why, and nothing changes', () => {
    const { rejected, grid } = refusedReceipt();
    // The TIN put right, but the date written as an ISO date (as an old till program did).
    const body = rejected.text
      .replace(`<TIN>${WRONG_TIN}</TIN>`, `<TIN>${TEST_SELLER.tin}</TIN>`)
      .replace(/<ORDERDATE>(\d{2})(\d{2})(\d{4})<\/ORDERDATE>/, '<ORDERDATE>$3-$2-$1</ORDERDATE>');
    expect(body).toContain('<ORDERDATE>2025-03-14</ORDERDATE>');
    const before = snapshot(shop.db);
    const r = shop.refused('pos.prro_inline_requeue', requeue(rejected, grid, body));
    expect({ reason: r.reason, values: r.values }).toEqual({
      reason: 'prro.requeue_schema',
      values: { field: 'CHECK/CHECKHEAD/ORDERDATE', problem: expect.stringContaining('«2025-03-14»') },
    });
    expect(snapshot(shop.db)).toEqual(before);
  });

  it('is refused when a cashier’s name is longer than the schema’s 128 characters', () => {
    const { rejected, grid } = refusedReceipt();
    const body = rejected.text
      .replace(`<TIN>${WRONG_TIN}</TIN>`, `<TIN>${TEST_SELLER.tin}</TIN>`)
      .replace(/<CASHIER>[^<]*<\/CASHIER>/, `<CASHIER>${'Я'.repeat(129)}</CASHIER>`);
    const r = shop.refused('pos.prro_inline_requeue', requeue(rejected, grid, body));
    expect({ reason: r.reason, field: r.values?.field }).toEqual({
      reason: 'prro.requeue_schema',
      field: 'CHECK/CHECKHEAD/CASHIER',
    });
  });

  it('is refused as it is, unchanged, when the tax server could only refuse it again', () => {
    const { rejected, grid } = refusedReceipt();
    const spoiled = rejected.text.replace(/<ORDERTIME>\d{6}<\/ORDERTIME>/, '<ORDERTIME>25:61</ORDERTIME>');
    shop.db
      .prepare('UPDATE prro_docs SET xml_body_b64 = ?, doc_hash = ? WHERE id = ?')
      .run(b64(spoiled), sha256(cp1251(spoiled)), rejected.id);
    const r = shop.refused('pos.prro_inline_requeue', requeue(rejected, grid, spoiled));
    expect({ reason: r.reason, field: r.values?.field }).toEqual({
      reason: 'prro.requeue_schema',
      field: 'CHECK/CHECKHEAD/ORDERTIME',
    });
  });

  it('is judged at its place: the chain’s own fields are set before the check, whatever the manager wrote there', () => {
    const { rejected, grid } = refusedReceipt();
    const body = rejected.text
      .replace(`<TIN>${WRONG_TIN}</TIN>`, `<TIN>${TEST_SELLER.tin}</TIN>`)
      .replace(/<ORDERNUM>\d+<\/ORDERNUM>/, '<ORDERNUM>x</ORDERNUM>');
    expect(shop.call('pos.prro_inline_requeue', requeue(rejected, grid, body), 'manager').status).toMatchObject({
      affected: '1',
    });
    expect(queueDoc(shop.db, rejected.id).doc.head.ORDERNUM).toBe(String(rejected.localNum));
  });
});

describe('a withdrawn document', () => {
  it('gives its place to the documents after it: numbers, bodies and hashes without a gap, all accepted', () => {
    const ids = [sale(), sale(), sale()];
    const [withdrawn, second, third] = ids as [number, number, number];
    expect(chain().map((d) => [d.id, d.localNum])).toEqual([
      [1, 1],
      [withdrawn, 2],
      [second, 3],
      [third, 4],
    ]);
    shop.call('pos.prro_inline_set_status', { id: withdrawn, status: PRRO.cancelled }, 'manager');
    expect(queueDoc(shop.db, withdrawn).status).toBe(PRRO.cancelled);
    const live = chain();
    expect(live.map((d) => [d.id, d.localNum, d.doc.head.ORDERNUM])).toEqual([
      [1, 1, '1'],
      [second, 2, '2'],
      [third, 3, '3'],
    ]);
    expect(chainProblems(live)).toEqual([]);
    // The tax server checks the local numbers run on without a gap.
    expect(send()).toMatchObject({ accepted: 2, rejected: 0 });
    const audit = shop.call('pos.prro_doc_audit', { id: withdrawn, ...DAY }).rows[0];
    expect(audit).toMatchObject({
      user: 'manager',
      action: 'status',
      status_before: String(PRRO.queued),
      status_after: String(PRRO.cancelled),
    });
  });

  it('cannot come back', () => {
    sale();
    const second = sale();
    shop.call('pos.prro_inline_set_status', { id: second, status: PRRO.cancelled });
    const back = shop.refused('pos.prro_inline_set_status', { id: second, status: PRRO.queued });
    expect({ reason: back.reason, values: back.values }).toEqual({
      reason: 'prro.cancelled_final',
      values: { what: `document ${second}` },
    });
  });

  it('cannot be one the tax server has, nor one with a later document the server has', () => {
    const first = sale();
    send();
    expect(() => shop.call('pos.prro_inline_set_status', { id: first, status: PRRO.cancelled })).toThrow(/final/);
    // A rejected receipt, and the one after it recorded by a manager as already with the server.
    const { rejected, blocked } = refusedReceipt();
    shop.call('pos.prro_inline_set_status', { id: blocked.id, status: PRRO.already_registered });
    const r = shop.refused('pos.prro_inline_set_status', { id: rejected.id, status: PRRO.cancelled });
    expect({ reason: r.reason, values: r.values }).toEqual({
      reason: 'prro.cancel_after_settled',
      values: { id: String(rejected.id), later: String(blocked.localNum) },
    });
  });
});

describe('the body of a requeued document', () => {
  it('is the corrected text in windows-1251, as the manager sent it', () => {
    const { rejected, grid } = refusedReceipt();
    const body = rejected.text.replace(`<TIN>${WRONG_TIN}</TIN>`, `<TIN>${TEST_SELLER.tin}</TIN>`);
    shop.call('pos.prro_inline_requeue', requeue(rejected, grid, body));
    const after = queueDoc(shop.db, rejected.id);
    expect(decodeBody(after.bytes)).toBe(body);
    expect(after.bytes.includes(cp1251('Хліб житній'))).toBe(true);
  });
});
