/**
 * pos.prro_error_grid_page against the spec's pos.prro_inline_error_grid: the same documents for
 * the same filter, in the same order unless sorted, cut into pages with the total; chain verdicts
 * and sorting over every listed document, not only the page's.
 */
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PRRO } from '../../../../../shared/contract/index.js';
import { type Shop, standardShop } from '../../testing/shop.js';

const R = '4000999001';
const DAYS = ['2025-03-12', '2025-03-13', '2025-03-14'];
const ALL = { start: '2025-03-12', end: '2025-03-14', kasm: '1', numprro: R };
const N = 230;
const BREAK_AT = 57;

const hash = (n: number) => createHash('sha256').update(`doc ${n}`).digest('hex');
type Row = Record<string, string | null>;

let shop: Shop;
beforeEach(() => {
  shop = standardShop();
  seed();
});
afterEach(() => shop.close());

/** A register with N documents: most need attention, some are settled, one breaks the chain. */
function seed() {
  shop.db
    .prepare(`INSERT INTO prro_registers (numprro, offline_session_id, offline_seed, session_doc_count, last_local_num)
    VALUES (?, 1, 'test', ?, ?)`)
    .run(R, N, N);
  const insert = shop.db.prepare(
    `INSERT INTO prro_docs (kasm, numprro, doc_type, created_at, created_date, xml_body_b64, doc_hash, prev_doc_hash,
       offline_session_id, local_doc_number, local_num, control_code, fiscal_number, user_id, last_error, status, updated_at, shift_id)
     VALUES (?, ?, ?, ?, ?, '', ?, ?, '1', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (let n = 1; n <= N; n++) {
    const day = DAYS[n % 3] as string;
    const at = `${day}T0${n % 8}:${String(n % 60).padStart(2, '0')}:00.000Z`;
    const status = n % 10 === 0 ? PRRO.accepted : n % 7 === 0 ? PRRO.rejected : n % 11 === 0 ? PRRO.retrying : PRRO.blocked;
    insert.run(
      n > 200 ? 2 : 1,
      R,
      n % 2 ? 'receipt' : 'return',
      at,
      day,
      hash(n),
      n === 1 ? '' : n === BREAK_AT ? hash(1000) : hash(n - 1),
      n,
      n,
      String(1000 + ((n * 37) % 500)),
      n % 5 ? '' : `FN${n}`,
      n % 4 ? 'cashier' : 'other',
      `error ${n}`,
      status,
      at,
      n % 4 === 0 ? null : 100 + Math.floor(n / 50),
    );
  }
}

const spec = (filter: Record<string, string>, user?: string) =>
  (shop.call('pos.prro_inline_error_grid', filter as never, user).rows as Row[]).map((r) => r.id);

const page = (params: Record<string, unknown>, user?: string) => {
  const rows = shop.call('pos.prro_error_grid_page', params as never, user).rows as Row[];
  const [head, ...rest] = rows;
  expect(head?.tag).toBe('PAGE');
  expect(rest.every((r) => r.tag === 'ROW')).toBe(true);
  return {
    total: Number(head?.total),
    breaks: Number(head?.breaks),
    offset: Number(head?.offset),
    stamp: head?.stamp,
    rows: rest,
  };
};

/** Every page of a read, `limit` rows at a time, as the grid reads them while scrolling. */
function allPages(params: Record<string, unknown>, limit: number, user?: string): { total: number; rows: Row[] } {
  const rows: Row[] = [];
  let total = Number.POSITIVE_INFINITY;
  for (let offset = 0; offset < total; offset += limit) {
    const p = page({ ...params, offset, limit }, user);
    expect(p.offset).toBe(offset);
    expect(p.rows.length).toBe(Math.min(limit, p.total - offset));
    total = p.total;
    rows.push(...p.rows);
  }
  return { total, rows };
}

const ids = (rows: Row[]) => rows.map((r) => r.id);
const byId = (rows: Row[]) => new Map(rows.map((r) => [r.id, r]));
const idOf = (n: number) =>
  String(shop.db.prepare('SELECT id FROM prro_docs WHERE numprro = ? AND local_num = ?').pluck().get(R, n));

describe('pos.prro_error_grid_page', () => {
  it('lists, page after page, exactly what the spec grid lists for the same filter, in its order', () => {
    const filters: [Record<string, string>, string?][] = [
      [ALL],
      [{ ...ALL, kasm: '', numprro: '' }],
      [{ ...ALL, kasm: '2' }],
      [{ ...ALL, start: '2025-03-13', end: '2025-03-13' }],
      [{ ...ALL, scope: 'user' }, 'other'],
    ];
    for (const [filter, user] of filters) {
      const expected = spec(filter, user);
      expect(expected.length).toBeGreaterThan(10);
      const got = allPages(filter, 37, user);
      expect(got.total).toBe(expected.length);
      expect(ids(got.rows)).toEqual(expected);
    }
  });

  it('carries the spec grid columns unchanged, and the shift of each document', () => {
    const spec = byId(shop.call('pos.prro_inline_error_grid', ALL).rows as Row[]);
    for (const r of page({ ...ALL, limit: 50 }).rows) {
      const { tag, shift_id, chain, chain_previous_id, chain_expected, ...columns } = r;
      expect(columns).toEqual(spec.get(r.id as string));
    }
    const rows = byId(page({ ...ALL, limit: 10 }).rows);
    expect(rows.get(idOf(4))?.shift_id).toBe('');
    expect(rows.get(idOf(5))?.shift_id).toBe('100');
  });

  it('judges the chain over every listed document, whichever page the one before is on', () => {
    const alone = (n: number) => page({ ...ALL, offset: ids(allPages(ALL, 500).rows).indexOf(idOf(n)), limit: 1 });
    // One row a page: the document before it is never on the same page.
    const linked = alone(2);
    expect(linked.rows[0]).toMatchObject({ id: idOf(2), chain: 'linked', chain_previous_id: idOf(1), chain_expected: '' });
    const broken = alone(BREAK_AT);
    expect(broken.rows[0]).toMatchObject({
      chain: 'break',
      chain_previous_id: idOf(BREAK_AT - 1),
      chain_expected: hash(BREAK_AT - 1),
    });
    expect(broken.breaks).toBe(1);
    // 10 is accepted, so not listed: 11 has nothing to be compared with here.
    expect(alone(11).rows[0]).toMatchObject({ chain: 'unlisted', chain_previous_id: '' });
    expect(alone(1).rows[0]).toMatchObject({ chain: 'first' });
  });

  it("judges each register's chain on its own when the filter lists every register, whatever the hashes' case", () => {
    const R2 = '4000999002';
    shop.db
      .prepare(`INSERT INTO prro_registers (numprro, offline_session_id, offline_seed, session_doc_count, last_local_num)
      VALUES (?, 1, 'test', 2, 2)`)
      .run(R2);
    const insert = shop.db.prepare(
      `INSERT INTO prro_docs (kasm, numprro, doc_type, created_at, created_date, xml_body_b64, doc_hash, prev_doc_hash,
         offline_session_id, local_doc_number, local_num, control_code, fiscal_number, user_id, last_error, status, updated_at)
       VALUES (1, ?, 'receipt', '2025-03-13T08:00:00.000Z', '2025-03-13', '', ?, ?, '1', ?, ?, '1', '', 'cashier', '', ?, '')`,
    );
    // The first document names a previous one it cannot have; the second links to it in capitals.
    const first = insert.run(R2, hash(2001), hash(2000), 1, 1, PRRO.rejected).lastInsertRowid;
    insert.run(R2, hash(2002), hash(2001).toUpperCase(), 2, 2, PRRO.blocked);
    const every = { ...ALL, kasm: '', numprro: '' };
    const rows = allPages(every, 500).rows.filter((r) => r.numprro === R2);
    expect(rows.map((r) => [r.local_num, r.chain, r.chain_previous_id, r.chain_expected])).toEqual([
      ['1', 'break', '', ''],
      ['2', 'linked', String(first), ''],
    ]);
    // Register R's break is counted beside R2's.
    expect(page(every).breaks).toBe(2);
  });

  it('sorts the whole list before cutting it, rows without a value last either way, ties in chain order', () => {
    const chainOrder = ids(allPages(ALL, 500).rows);
    expect(ids(allPages({ ...ALL, sort: 'local_num', dir: 'desc' }, 41).rows)).toEqual([...chainOrder].reverse());

    for (const dir of ['asc', 'desc'] as const) {
      const rows = allPages({ ...ALL, sort: 'shift', dir }, 41).rows;
      const shifts = rows.map((r) => r.shift_id);
      const firstEmpty = shifts.indexOf('');
      expect(firstEmpty).toBeGreaterThan(0);
      expect(shifts.slice(firstEmpty).every((s) => s === '')).toBe(true);
      const numbers = shifts.slice(0, firstEmpty).map(Number);
      expect(numbers).toEqual([...numbers].sort((a, b) => (dir === 'asc' ? a - b : b - a)));
      // Equal shifts keep chain order.
      const same = rows.filter((r) => r.shift_id === shifts[0]).map((r) => chainOrder.indexOf(r.id as string));
      expect(same).toEqual([...same].sort((a, b) => a - b));
    }

    expect(page({ ...ALL, sort: 'chain', limit: 1 }).rows[0]).toMatchObject({ id: idOf(BREAK_AT), chain: 'break' });
    // Text by the Ukrainian collation (Є after Е, Ґ after Г; numbers in it as numbers), empty last.
    const errors = ['Гнат', 'Ґанок', 'док 10', 'док 9', 'Едуард', 'Євген', ''];
    const listedIds = ids(allPages(ALL, 500).rows);
    listedIds.forEach((id, i) => {
      shop.db.prepare('UPDATE prro_docs SET last_error = ? WHERE id = ?').run(errors[i % errors.length], id);
    });
    const byError = allPages({ ...ALL, sort: 'last_error' }, 29).rows;
    const order = [...new Set(byError.map((r) => r.last_error))];
    expect(order).toEqual(['Гнат', 'Ґанок', 'док 9', 'док 10', 'Едуард', 'Євген', '']);
    const desc = [...new Set(allPages({ ...ALL, sort: 'last_error', dir: 'desc' }, 29).rows.map((r) => r.last_error))];
    expect(desc).toEqual(['Євген', 'Едуард', 'док 10', 'док 9', 'Ґанок', 'Гнат', '']);
    const sameError = byError.filter((r) => r.last_error === 'Гнат').map((r) => listedIds.indexOf(r.id as string));
    expect(sameError).toEqual([...sameError].sort((a, b) => a - b));

    const times = allPages({ ...ALL, sort: 'created_at', dir: 'desc' }, 100).rows.map((r) => Date.parse(r.created_at as string));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('answers the total alone past the last row', () => {
    const total = spec(ALL).length;
    expect(page({ ...ALL, offset: total, limit: 10 })).toMatchObject({ total, rows: [] });
    expect(page({ ...ALL, start: '2024-01-01', end: '2024-01-01' })).toMatchObject({ total: 0, breaks: 0, rows: [] });
  });

  it('stamps the list so that a screen polling its first page knows when to read the others again', () => {
    const stamp = (params: Record<string, unknown> = ALL) => page({ ...params, limit: 1 }).stamp;
    const first = stamp();
    expect(first).toMatch(/\S/);
    // Read again with nothing changed, or another page, or sorted: the same list, the same stamp.
    expect(stamp()).toBe(first);
    expect(page({ ...ALL, offset: 100, limit: 5 }).stamp).toBe(first);
    expect(stamp({ ...ALL, sort: 'status', dir: 'desc' })).toBe(first);

    // A listed document far down the list changes in place (the dispatcher's words on it).
    const deep = idOf(199);
    expect(page({ ...ALL, offset: 0, limit: 60 }).rows.map((r) => r.id)).not.toContain(deep);
    const set = shop.db.prepare('UPDATE prro_docs SET last_error = ?, updated_at = ? WHERE id = ?');
    set.run('очікує на підпис', '2025-03-14T09:30:00.000Z', deep);
    const changed = stamp();
    expect(changed).not.toBe(first);

    // One leaves the list (the tax server took it) and another joins it at the same count.
    const leaving = idOf(198);
    const joining = idOf(200);
    const status = shop.db.prepare('UPDATE prro_docs SET status = ?, updated_at = ? WHERE id = ?');
    status.run(PRRO.accepted, '2025-03-14T09:31:00.000Z', leaving);
    status.run(PRRO.blocked, '2025-03-14T09:31:00.000Z', joining);
    expect(page({ ...ALL, limit: 1 }).total).toBe(spec(ALL).length);
    expect(stamp()).not.toBe(changed);

    // A document of another register, or one of this register not listed, changes nothing here.
    const settled = stamp();
    status.run(PRRO.accepted, '2025-03-14T09:40:00.000Z', idOf(10));
    expect(stamp()).toBe(settled);
  });
});
