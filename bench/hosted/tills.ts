/**
 * The tills of bench:hosted: more tills in the demo shop (it has three), and a till's work as a
 * cashier does it — a few reads (a scan, a product card) then the close of the sale — either at
 * the busy hour's pace (one sale a till every 30 s) or flat out.
 */
import { Agent } from 'node:http';
import type { Db } from '../../shared-node/sql/db.js';
import { type Goods, type ops, rpc } from '../pg/load.js';

/**
 * The tills a shop of `tills` sells at: the demo's 1 and 2, and more after its 3, which the demo
 * keeps stopped on purpose (a refused document holds its chain until a manager acts).
 */
export const benchTills = (tills: number): number[] => [1, 2, ...Array.from({ length: Math.max(0, tills - 2) }, (_, i) => i + 4)];

/**
 * The tills benchTills names beyond the demo's, each with its cash box and its register, as the
 * demo's own — written by SQL into the shop every other is copied from, because the contract has
 * no operation that adds a till (a shop gets its tills when it is set up). The only place the
 * bench writes the back office's tables itself; everything else goes through the service.
 */
export function addTillsBySql(db: Db, tills: number): void {
  for (const kasm of benchTills(tills).filter((k) => k > 3)) addTillBySql(db, kasm, '');
}

/** One till beyond the demo's, with its cash box and register (addTillsBySql says why by SQL); bench:contention's too. */
export function addTillBySql(db: Db, kasm: number, bankDestination: string): void {
  const akas = `KAS${kasm}`;
  db.prepare('INSERT INTO cash_boxes (akas, name) VALUES (?, ?)').run(akas, `Каса ${kasm}`);
  db.prepare('INSERT INTO tills (kasm, name, akas, numprro, bank_destination) VALUES (?, ?, ?, ?, ?)').run(
    kasm,
    `Каса ${kasm}`,
    akas,
    String(4000211450 + kasm),
    bankDestination,
  );
}

export interface Till {
  readonly url: string;
  readonly key: string;
  readonly kasm: number;
}

export interface TillFigures {
  closes: number[];
  reads: number[];
  /** Answers other than 200, by method and code. */
  failed: Map<string, number>;
  firstFailure: Map<string, string>;
}

export const newFigures = (): TillFigures => ({ closes: [], reads: [], failed: new Map(), firstFailure: new Map() });

/**
 * One till for `seconds`: a sale is `sales.reads` lookups then a close of the mix's lines. `everyMs` 0:
 * flat out; else a sale starts every `everyMs` (from a random offset), or at once when the last one
 * ran late. `seq` varies the goods and keeps every sale of the run apart.
 */
export async function runTill(
  till: Till,
  mix: ReturnType<typeof ops>,
  sales: { readonly reads: number; readonly close: boolean },
  seconds: number,
  everyMs: number,
  seq: { next: number },
  into: TillFigures,
): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const until = performance.now() + seconds * 1000;
  let due = performance.now() + Math.random() * everyMs;
  try {
    while (true) {
      if (everyMs > 0) await sleepUntil(due);
      if (performance.now() >= until) break;
      due += everyMs;
      await sale(agent, till, mix, sales, seq, into);
    }
  } finally {
    agent.destroy();
  }
}

/** One sale at a till: `reads` lookups (a scan, a product card, in turn) then the close (unless `close` is false: lookups only). */
export async function sale(
  agent: Agent,
  till: Till,
  mix: ReturnType<typeof ops>,
  sales: { readonly reads: number; readonly close: boolean },
  seq: { next: number },
  into: TillFigures,
): Promise<void> {
  for (let r = 0; r < sales.reads; r++)
    await timed(agent, till, r % 2 === 0 ? mix.findCode : mix.cardOpen, seq.next++, into.reads, into);
  if (sales.close) await timed(agent, till, mix.close, seq.next++, into.closes, into);
}

async function timed(
  agent: Agent,
  till: Till,
  op: ReturnType<typeof ops>[keyof ReturnType<typeof ops>],
  i: number,
  times: number[],
  into: TillFigures,
): Promise<void> {
  const atTill = op.write ? { ...op, params: (n: number) => ({ ...(op.params(n) as object), kasm: till.kasm }) } : op;
  const t0 = performance.now();
  // A request that got no answer at all (the socket cut, refused) is a failure like any other, not
  // the end of the run: it is counted and the till goes on.
  const a = await rpc(agent, till.url, till.key, atTill, i).catch((err: unknown) => ({
    status: 0,
    code: 'no answer',
    message: err instanceof Error ? err.message : String(err),
  }));
  if (a.status === 200) {
    times.push(performance.now() - t0);
    return;
  }
  // A failed request is no figure: its time stays out of the latencies and its close out of closes/s.
  const what = `${op.name} ${a.status} ${a.code}`;
  into.failed.set(what, (into.failed.get(what) ?? 0) + 1);
  if (!into.firstFailure.has(what)) into.firstFailure.set(what, a.message ?? '');
}

const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));

export type { Goods };
