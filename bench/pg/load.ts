/**
 * The requests bench:pg sends: a sale of n lines to close, the lookups, one request at a time
 * (latency), and the mixed load of tills for a fixed time over several connections (throughput).
 */

import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { fmtDb } from '../../server/back-office/decimal.js';
import { op as oper } from '../../shared/contract/index.js';

export type Goods = readonly { code: string; price: number }[];

export function saleParams(goods: Goods, lines: number, i: number) {
  const sold = Array.from({ length: lines }, (_, j) => goods[(i * lines + j) % goods.length] as Goods[number]);
  const stored = sold.reduce((s, g) => s + g.price, 0);
  const total = fmtDb(stored);
  return {
    kasm: 1,
    rows: sold.map((g) => ({ code: g.code, quant: '1', price: fmtDb(g.price), sum: fmtDb(g.price) })),
    payments: [{ type: 'nal', amount: total }],
    // The buyer hands over whole hundreds; the cash part is rounded (NBU) and the change comes from it.
    nal: fmtDb(Math.ceil(stored / 1_000_000) * 1_000_000),
    sum: total,
  };
}

export interface Op {
  readonly name: string;
  readonly write: boolean;
  params(i: number): unknown;
}

export function ops(goods: Goods, closeLines: number) {
  const pick = (i: number) => goods[i % goods.length] as Goods[number];
  return {
    findCode: { name: oper.pos.findCode, write: false, params: (i: number) => ({ code: pick(i * 7).code }) },
    cardOpen: { name: oper.goods.cardOpen, write: false, params: (i: number) => ({ code: pick(i * 13).code }) },
    close: { name: oper.pos.checkoutCloseSale, write: true, params: (i: number) => saleParams(goods, closeLines, i) },
  } satisfies Record<string, Op>;
}

export interface Answer {
  readonly status: number;
  /** The error's code and message when the status is not 200. */
  readonly code?: string;
  readonly message?: string;
}

export function rpc(agent: Agent, url: string, key: string, op: Op, i: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/v1/rpc`, {
      method: 'POST',
      agent,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${key}`,
        ...(op.write ? { 'idempotency-key': randomUUID() } : {}),
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        if (status === 200) return resolve({ status });
        const text = Buffer.concat(chunks).toString();
        try {
          const { error } = JSON.parse(text) as { error?: { code?: string; message?: string } };
          resolve({ status, code: error?.code ?? 'no code', message: error?.message ?? text.slice(0, 300) });
        } catch {
          resolve({ status, code: 'unreadable', message: text.slice(0, 300) });
        }
      });
    });
    req.on('error', reject);
    req.end(JSON.stringify({ method: op.name, params: op.params(i) }));
  });
}

/**
 * Each op once for each key, `connections` requests at a time: every client opened and its hot
 * paths run. Returns how long each client's first request took (it opens the client's back office).
 */
export async function warmUp(url: string, keys: readonly string[], mix: ReturnType<typeof ops>, connections: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const queue = [...keys];
  const first: number[] = [];
  try {
    await Promise.all(
      Array.from({ length: connections }, async (_, w) => {
        for (let key = queue.shift(); key !== undefined; key = queue.shift())
          for (const op of [mix.findCode, mix.cardOpen, mix.close]) {
            const t0 = performance.now();
            const a = await rpc(agent, url, key, op, 3_000_000 + w * 1000 + queue.length);
            if (op === mix.findCode) first.push(performance.now() - t0);
            if (a.status !== 200) throw new Error(`warm-up: ${op.name} answered ${a.status} ${a.code}`);
          }
      }),
    );
  } finally {
    agent.destroy();
  }
  return first;
}

/** One request at a time over one kept-alive socket; ms of each after the warm-up. */
export async function sequential(url: string, key: string, op: Op, calls: number, warmup: number, from = 0) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  try {
    for (let i = 0; i < warmup + calls; i++) {
      const t0 = performance.now();
      const a = await rpc(agent, url, key, op, from + i);
      if (a.status !== 200) throw new Error(`${op.name} answered ${a.status} ${a.code}`);
      if (i >= warmup) times.push(performance.now() - t0);
    }
  } finally {
    agent.destroy();
  }
  return times;
}

export interface LoadResult {
  readonly requests: number;
  readonly seconds: number;
  readonly failed: ReadonlyMap<string, number>;
  /** The first answer's message of each kind of failure. */
  readonly failures: ReadonlyMap<string, string>;
  readonly times: ReadonlyMap<string, number[]>;
}

/**
 * A till's mix for `seconds`: nine lookups (find_code and card_open in turn) to one close, from
 * `connections` connections spread evenly over the service processes, each request for a client
 * picked at random among `keys`.
 */
export async function mixedLoad(
  urls: readonly string[],
  keys: readonly string[],
  mix: ReturnType<typeof ops>,
  connections: number,
  seconds: number,
  from: number,
): Promise<LoadResult> {
  const agents = urls.map(() => new Agent({ keepAlive: true, maxSockets: Math.ceil(connections / urls.length) }));
  const times = new Map<string, number[]>();
  const failed = new Map<string, number>();
  const failures = new Map<string, string>();
  let requests = 0;
  const until = performance.now() + seconds * 1000;
  const worker = async (w: number) => {
    const url = urls[w % urls.length] as string;
    const agent = agents[w % urls.length] as Agent;
    // Each connection sends the whole mix in turn (by its own count, so that with two processes
    // each gets closes and lookups alike); `i` varies the goods.
    for (let n = w, i = from + w; performance.now() < until; n++, i += connections) {
      const key = keys[Math.floor(Math.random() * keys.length)] as string;
      const op = n % 10 === 0 ? mix.close : n % 2 === 0 ? mix.findCode : mix.cardOpen;
      const t0 = performance.now();
      const a = await rpc(agent, url, key, op, i);
      const ms = performance.now() - t0;
      requests++;
      if (a.status !== 200) {
        const what = `${op.name} ${a.status} ${a.code}`;
        failed.set(what, (failed.get(what) ?? 0) + 1);
        if (!failures.has(what)) failures.set(what, a.message ?? '');
      }
      const list = times.get(op.name) ?? [];
      list.push(ms);
      times.set(op.name, list);
    }
  };
  const start = performance.now();
  try {
    await Promise.all(Array.from({ length: connections }, (_, w) => worker(w)));
  } finally {
    for (const a of agents) a.destroy();
  }
  return { requests, seconds: (performance.now() - start) / 1000, failed, failures, times };
}

/** Issue 24's targets for the mixed load on one process: PostgreSQL's req/s against SQLite's, and a lookup's p50 meanwhile. */
export const MIXED_TARGETS = { ratio: 0.5, lookupP50Ms: 2 } as const;

/**
 * The mixed load's figures on one process beside issue 24's targets, one line each: PostgreSQL's
 * requests/s as a share of SQLite's in the same run, and PostgreSQL's lookup p50 under that load.
 */
export function mixedTargetLines(pg: { rps: number; lookupP50: number }, sqlite: { rps: number; lookupP50: number }): string[] {
  const ratio = pg.rps / sqlite.rps;
  const met = (ok: boolean) => (ok ? 'met' : 'not met');
  return [
    `mixed load, 1 process, PostgreSQL ÷ SQLite: ${pg.rps.toFixed(0)} ÷ ${sqlite.rps.toFixed(0)} req/s = ${ratio.toFixed(2)} (target ≥ ${MIXED_TARGETS.ratio}: ${met(ratio >= MIXED_TARGETS.ratio)})`,
    `a lookup's p50 under the mixed load, 1 process, PostgreSQL: ${pg.lookupP50.toFixed(2)} ms (target ≤ ${MIXED_TARGETS.lookupP50Ms} ms: ${met(pg.lookupP50 <= MIXED_TARGETS.lookupP50Ms)}); ` +
      `SQLite's ${sqlite.lookupP50.toFixed(2)} ms. The load keeps every connection busy, so a request waits for those ahead of it: ` +
      `a p50 near connections ÷ requests/s (Little's law) on either engine`,
  ];
}
