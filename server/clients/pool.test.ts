import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../shared-node/log/logger.js';
import type { BackOffice } from './back-office.js';
import { BackOfficePool, PoolFull } from './pool.js';

/** A back office stand-in that only records being opened and closed (the pool's side of the boundary). */
function fakes() {
  const opened: string[] = [];
  const closed: string[] = [];
  const open = (id: string) => {
    opened.push(id);
    return { close: async () => void closed.push(id) } as unknown as BackOffice;
  };
  return { opened, closed, open };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the pool of client back offices', () => {
  const pools: BackOfficePool[] = [];
  const pool = (o: {
    open: (id: string) => BackOffice;
    idleMs?: number;
    maxOpen?: number;
    bound?: { most: number; waitMs: number };
  }) => {
    const p = new BackOfficePool({
      open: o.open,
      idleMs: o.idleMs ?? 60_000,
      maxOpen: o.maxOpen ?? 64,
      logger: silentLogger,
      ...(o.bound ? { bound: o.bound } : {}),
    });
    pools.push(p);
    return p;
  };
  afterEach(async () => {
    for (const p of pools.splice(0)) await p.closeAll();
  });

  it('opens a client only when first asked for, and once', () => {
    const f = fakes();
    const p = pool(f);
    expect(f.opened).toEqual([]);
    const a = p.acquire('a');
    p.release('a');
    expect(p.acquire('a')).toBe(a);
    p.release('a');
    expect(f.opened).toEqual(['a']);
  });

  it('closes a client left idle, and opens it again when asked', async () => {
    const f = fakes();
    const p = pool({ ...f, idleMs: 60 });
    p.acquire('a');
    p.release('a');
    await sleep(200);
    expect(f.closed).toEqual(['a']);
    expect(p.openClients()).toEqual([]);
    p.acquire('a');
    expect(f.opened).toEqual(['a', 'a']);
  });

  it('never closes a client while a request holds it', async () => {
    const f = fakes();
    const p = pool({ ...f, idleMs: 40 });
    p.acquire('a');
    await sleep(150);
    expect(f.closed).toEqual([]);
    p.release('a');
    await sleep(150);
    expect(f.closed).toEqual(['a']);
  });

  it('past the most open, closes the least recently used idle clients first', () => {
    const f = fakes();
    const p = pool({ ...f, maxOpen: 2 });
    for (const id of ['a', 'b']) {
      p.acquire(id);
      p.release(id);
    }
    p.acquire('a');
    p.release('a');
    p.acquire('c');
    expect(f.closed).toEqual(['b']);
    expect(p.openClients()).toEqual(['a', 'c']);
  });

  it('keeps a held client open past the most open: the limit yields to requests under way', () => {
    const f = fakes();
    const p = pool({ ...f, maxOpen: 1 });
    p.acquire('a');
    p.acquire('b');
    expect(f.closed).toEqual([]);
    p.release('a');
    p.acquire('c');
    expect(f.closed).toEqual(['a']);
  });

  it('closes every client when the service stops, and then opens none', async () => {
    const f = fakes();
    const p = pool(f);
    p.acquire('a');
    p.acquire('b');
    await p.closeAll();
    expect(f.closed.sort()).toEqual(['a', 'b']);
    expect(() => p.acquire('a')).toThrow(/stopping/);
  });

  describe('with a bound (a PostgreSQL connection each)', () => {
    it('at the bound, closes the least recently used idle client to open another', async () => {
      const f = fakes();
      const p = pool({ ...f, bound: { most: 2, waitMs: 1000 } });
      for (const id of ['a', 'b', 'a']) {
        p.acquire(id);
        p.release(id);
      }
      const c = p.acquireWithin('c');
      expect(f.closed).toEqual(['b']);
      await c;
      expect(p.openClients()).toEqual(['a', 'c']);
    });

    it('counts a client still closing against the bound: it never holds more at once', () => {
      const f = fakes();
      let finish = () => {};
      const slowClose = (id: string) => {
        const close = () =>
          new Promise<void>((r) => {
            finish = () => {
              f.closed.push(id);
              r();
            };
          });
        return { close } as unknown as BackOffice;
      };
      const open = (id: string) => {
        f.opened.push(id);
        return slowClose(id);
      };
      const p = pool({ open, bound: { most: 1, waitMs: 1000 } });
      p.acquire('a');
      p.release('a');
      expect(() => p.acquire('b')).toThrow(PoolFull);
      expect(f.opened).toEqual(['a']);
      finish();
    });

    it('when every client is in use, waits for a release and then opens', async () => {
      const f = fakes();
      const p = pool({ ...f, bound: { most: 2, waitMs: 5000 } });
      p.acquire('a');
      p.acquire('b');
      let got = false;
      const c = p.acquireWithin('c').then(() => {
        got = true;
      });
      await sleep(50);
      expect(got).toBe(false);
      p.release('a');
      await c;
      expect(f.closed).toEqual(['a']);
      expect(p.openClients()).toEqual(['b', 'c']);
    });

    it('serves a waiter for a client that is open before one that needs room', async () => {
      const f = fakes();
      const p = pool({ ...f, bound: { most: 1, waitMs: 5000 } });
      p.acquire('a');
      const order: string[] = [];
      const b = p.acquireWithin('b').then(() => order.push('b'));
      const a = p.acquireWithin('a').then(() => order.push('a'));
      p.release('a');
      await a;
      expect(order).toEqual(['a']);
      p.release('a');
      await b;
      expect(order).toEqual(['a', 'b']);
    });

    it('refuses a request that waited its time with none released, and never opens past the bound', async () => {
      const f = fakes();
      const p = pool({ ...f, bound: { most: 2, waitMs: 80 } });
      p.acquire('a');
      p.acquire('b');
      await expect(p.acquireWithin('c')).rejects.toBeInstanceOf(PoolFull);
      expect(f.opened).toEqual(['a', 'b']);
      // The one that gave up is no longer waiting: a later release serves nobody and opens nothing.
      p.release('a');
      expect(f.opened).toEqual(['a', 'b']);
    });

    it('tells the waiters when the service stops', async () => {
      const f = fakes();
      const p = pool({ ...f, bound: { most: 1, waitMs: 5000 } });
      p.acquire('a');
      const b = p.acquireWithin('b');
      await p.closeAll();
      await expect(b).rejects.toThrow(/stopping/);
    });
  });
});
