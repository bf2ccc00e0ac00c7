import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../shared-node/log/logger.js';
import type { BackOffice } from './back-office.js';
import { BackOfficePool } from './pool.js';

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
  const pool = (o: { open: (id: string) => BackOffice; idleMs?: number; maxOpen?: number }) => {
    const p = new BackOfficePool({ open: o.open, idleMs: o.idleMs ?? 60_000, maxOpen: o.maxOpen ?? 64, logger: silentLogger });
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
});
