/**
 * Before bench:hosted's clock starts, every shop is opened and ready, one shop at a time, with
 * patience. A shop's first request opens its back office, which in a demo makes its registers' keys
 * and then signs and sends what the demo's seed left waiting — synchronous work that holds the
 * whole process for seconds, over 30 s on a loaded machine, so that a request arriving meanwhile
 * gets 408 (not read in time). Opening all shops at once inside a timed phase made those 408s
 * figures of the bench's own making; here each shop is asked until it answers, its registers'
 * queues are waited out, its tills get a shift (as at the start of a working day: the demo's
 * tills 1 and 2 have today's, the added ones get one with its float), and the shop sells once, before the
 * next shop is touched. Through the service, as a till would do it.
 */
import { randomUUID } from 'node:crypto';
import { Agent } from 'node:http';
import { op as oper } from '../../shared/contract/index.js';
import type { ops } from '../pg/load.js';
import { benchTills, sale, type TillFigures } from './tills.js';

/** A demo cashier (Шевчук О. В.): the shifts are opened in her name. */
const CASHIER = 3;
/** How long one shop may take to open and send its backlog before the bench gives up on it. */
const SHOP_PATIENCE_MS = 10 * 60_000;

class Unanswered extends Error {}

async function call(
  url: string,
  key: string,
  method: string,
  params: unknown,
  write: boolean,
): Promise<Record<string, unknown>[]> {
  let res: Response;
  try {
    res = await fetch(`${url}/v1/rpc`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${key}`,
        ...(write ? { 'idempotency-key': randomUUID() } : {}),
      },
      body: JSON.stringify({ method, params }),
      signal: AbortSignal.timeout(SHOP_PATIENCE_MS),
    });
  } catch (err) {
    throw new Unanswered(`${method} at ${url}: no answer (${err instanceof Error ? err.message : String(err)})`);
  }
  const body = (await res.json()) as { data?: { result?: { rows?: Record<string, unknown>[] } }; error?: { message?: string } };
  if (res.status === 408) throw new Unanswered(`${method} at ${url}: 408 ${body.error?.message ?? ''}`);
  if (res.status !== 200) throw new Error(`${method} at ${url}: ${res.status} ${body.error?.message ?? ''}`);
  return body.data?.result?.rows ?? [];
}

/** A read asked again, until `until`, while the service is busy opening a shop (408 or no answer). */
async function patiently<T>(ask: () => Promise<T>, until: number): Promise<T> {
  for (;;) {
    try {
      return await ask();
    } catch (err) {
      if (!(err instanceof Unanswered) || performance.now() > until) throw err;
      await sleep(500);
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const num = (v: unknown) => Number(v ?? 0);

/**
 * Opens every shop (`keys`, one at a time) at `url`: each till of the bench has a shift, nothing
 * waits in its register's queue but what the tax server stopped, and one sale went through.
 * `warm` collects that sale's figures (not a measured phase's). Prints how long the shops took.
 */
export async function openShops(
  url: string,
  keys: readonly string[],
  tills: number,
  sell: { mix: ReturnType<typeof ops>; reads: number; seq: { next: number }; warm: TillFigures },
): Promise<void> {
  const firsts: number[] = [];
  const t0 = performance.now();
  for (const key of keys) {
    const until = performance.now() + SHOP_PATIENCE_MS;
    const s0 = performance.now();
    await patiently(() => call(url, key, oper.pos.shiftState, { kasm: 1 }, false), until);
    firsts.push(performance.now() - s0);
    for (const kasm of benchTills(tills)) {
      // What the seed left for this register is sent in the background once the shop is open.
      for (;;) {
        const [state] = await patiently(() => call(url, key, oper.pos.shiftState, { kasm }, false), until);
        if (!state) throw new Error(`pos.shift_state at ${url}: no row for till ${kasm}`);
        if (num(state.unsent_docs) <= num(state.stopped_docs)) {
          if (!state.shift_id) await call(url, key, oper.pos.shiftOpen, { kasm, cashier: CASHIER, float: '1000.00' }, true);
          break;
        }
        if (performance.now() > until)
          throw new Error(
            `till ${kasm} at ${url} still has ${state.unsent_docs} documents to send after ${SHOP_PATIENCE_MS / 1000} s`,
          );
        await sleep(250);
      }
    }
    // One sale at the shop's first till runs its lookups' and its close's paths once (a till's
    // first sale costs no more than its next: the statements are the shop's, not the till's).
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const kasm = benchTills(tills)[0] as number;
      await sale(agent, { url, key, kasm }, sell.mix, { reads: sell.reads, close: true }, sell.seq, sell.warm);
    } finally {
      agent.destroy();
    }
  }
  firsts.sort((a, b) => a - b);
  console.log(
    `  ${keys.length} shops opened one at a time in ${((performance.now() - t0) / 1000).toFixed(1)} s; a shop's first request ` +
      `${(firsts[Math.floor(firsts.length / 2)] ?? 0).toFixed(0)} ms median, ${(firsts.at(-1) ?? 0).toFixed(0)} ms longest`,
  );
}
