/**
 * Sales side by side: the drainer sends independent sales concurrently, keeps each sale's writes
 * in order, and lets no write overtake a barrier or be overtaken by it (dependencies.ts), whatever
 * order the answers come back in.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { WriteName } from '../../../shared/contract/index.js';
import { openDatabase } from '../../../shared-node/sqlite/open.js';
import type { CallOutcome, RpcClient } from '../rpc/client.js';
import { OutboxDrainer } from './drainer.js';
import { OutboxStore } from './store.js';
import { CLOSE_SALE, CLOSE_SHIFT, closeParams, lineParams, ok, refused, retry, SALE_LINE } from './testing/scripted-client.js';

interface Call {
  readonly key: string;
  readonly method: string;
  answer(outcome: CallOutcome): void;
}

/**
 * A service whose answers the test releases: `auto` answers one open call per turn of the event
 * loop, by default the one sent last, so a write sent too early would be answered before the
 * writes it depends on. It records when each call was sent and answered, and the most in flight.
 */
class GatedClient implements Pick<RpcClient, 'call'> {
  readonly open: Call[] = [];
  readonly events: Array<{ readonly kind: 'send' | 'answer'; readonly key: string }> = [];
  most = 0;
  auto: ((open: readonly Call[]) => number) | undefined;
  outcomeOf: (call: Call) => CallOutcome = () => ok();

  call(method: string, _params: unknown, opts: { idempotencyKey?: string } = {}): Promise<CallOutcome> {
    const key = opts.idempotencyKey ?? '';
    this.events.push({ kind: 'send', key });
    return new Promise((resolve) => {
      const call: Call = {
        key,
        method,
        answer: (outcome) => {
          this.open.splice(this.open.indexOf(call), 1);
          this.events.push({ kind: 'answer', key });
          resolve(outcome);
        },
      };
      this.open.push(call);
      this.most = Math.max(this.most, this.open.length);
      this.schedule();
    });
  }

  private scheduled = false;
  private schedule() {
    if (this.scheduled || !this.auto) return;
    this.scheduled = true;
    setTimeout(() => {
      this.scheduled = false;
      const pick = this.open[this.auto?.(this.open) ?? -1];
      if (!pick) return;
      pick.answer(this.outcomeOf(pick));
      if (this.open.length > 0) this.schedule();
    }, 0);
  }

  at(kind: 'send' | 'answer', key: string): number {
    return this.events.findIndex((e) => e.kind === kind && e.key === key);
  }
}

const LAST = (open: readonly Call[]) => open.length - 1;

function setup(concurrency: number, batchSize = 16) {
  const store = new OutboxStore(openDatabase(':memory:'));
  const client = new GatedClient();
  const drainer = new OutboxDrainer(store, client, { random: () => 0.5, concurrency, batchSize });
  const put = (method: WriteName, params: Record<string, unknown>, group: string) =>
    store.enqueue({ method, params, group, summary: group });
  /** A sale of three lines and its close. */
  const sale = (ndoc: string) => [
    put(SALE_LINE, lineParams(ndoc, '1001'), `sale-${ndoc}`),
    put(SALE_LINE, lineParams(ndoc, '1002'), `sale-${ndoc}`),
    put(SALE_LINE, lineParams(ndoc, '1003'), `sale-${ndoc}`),
    put(CLOSE_SALE, closeParams(ndoc), `sale-${ndoc}`),
  ];
  const drain = async () => {
    while (await drainer.drainOnce());
  };
  return { store, client, drainer, put, sale, drain };
}

type Item = ReturnType<OutboxStore['enqueue']>;

/** Each write of a sale was sent only after the one before it was answered. */
function inOrder(client: GatedClient, writes: readonly Item[]) {
  for (let k = 1; k < writes.length; k++) {
    const before = writes[k - 1] as Item;
    const after = writes[k] as Item;
    expect(client.at('answer', before.idempotencyKey), `${before.id} answered before ${after.id} is sent`).toBeLessThan(
      client.at('send', after.idempotencyKey),
    );
  }
}

describe('OutboxDrainer, sales side by side', () => {
  it('sends independent sales concurrently, never more than `concurrency` at once, each once', async () => {
    const { store, client, sale, drain } = setup(3);
    client.auto = () => 0;
    for (let n = 1; n <= 6; n++) sale(`s-${n}`);
    await drain();
    expect(client.most).toBe(3);
    expect(client.events.filter((e) => e.kind === 'send')).toHaveLength(24);
    expect(store.list().every((i) => i.state === 'done' && i.attempts === 1)).toBe(true);
  });

  it("keeps each sale's writes in order when the answers come back newest first", async () => {
    const { store, client, sale, drain } = setup(4);
    client.auto = LAST;
    const sales = [1, 2, 3, 4, 5].map((n) => sale(`s-${n}`));
    await drain();
    expect(client.most).toBeGreaterThan(1);
    for (const writes of sales) inOrder(client, writes);
    expect(store.counts()).toMatchObject({ queued: 0, sending: 0 });
  });

  it('does not let a shift close overtake the sales before it, nor the sales after it overtake the close', async () => {
    const { client, put, sale, drain } = setup(4);
    client.auto = LAST;
    const before = [...sale('s-1'), ...sale('s-2')];
    const close = put(CLOSE_SHIFT, { kasm: 1 }, 'shift-1');
    const after = [...sale('s-3'), ...sale('s-4')];
    await drain();
    const closeSent = client.at('send', close.idempotencyKey);
    const closeAnswered = client.at('answer', close.idempotencyKey);
    for (const w of before) expect(client.at('answer', w.idempotencyKey)).toBeLessThan(closeSent);
    for (const w of after) expect(client.at('send', w.idempotencyKey)).toBeGreaterThan(closeAnswered);
    // And the sales on either side of it did go side by side.
    expect(client.most).toBeGreaterThan(1);
  });

  it('holds back only the group of a refused barrier: the sales after a refused shift close still go', async () => {
    const { store, client, put, sale, drain } = setup(4);
    client.auto = LAST;
    client.outcomeOf = (call) => (call.method === CLOSE_SHIFT ? refused() : ok());
    sale('s-1');
    const close = put(CLOSE_SHIFT, { kasm: 1 }, 'shift-1');
    const open = put('pos.shift_open', { kasm: 1, cashier: 1, float: '0' }, 'shift-1');
    const after = [...sale('s-2'), ...sale('s-3')];
    await drain();
    expect(store.get(close.id)?.state).toBe('refused');
    expect(store.get(open.id)).toMatchObject({ state: 'queued', waitingFor: close.id });
    for (const w of after) expect(store.get(w.id)?.state).toBe('done');
  });

  it('starts nothing after a retry: the sends in flight are answered and stored, the rest go back in line', async () => {
    const { store, client, drainer, sale } = setup(2);
    const [a1] = sale('s-a');
    const [b1, b2] = sale('s-b');
    sale('s-c');
    // The first send goes alone; its answer lets the next batch go side by side.
    const first = drainer.drainOnce();
    await expect.poll(() => client.open.length).toBe(1);
    client.open[0]?.answer(ok());
    await first;
    const batch = drainer.drainOnce();
    await expect.poll(() => client.open.length).toBe(2);
    expect(client.open.map((c) => c.key)).toEqual([store.get(a1!.id + 1)!.idempotencyKey, b1!.idempotencyKey]);
    client.open[0]?.answer(retry('NETWORK_ERROR'));
    await new Promise((r) => setTimeout(r, 5));
    expect(client.open).toHaveLength(1);
    client.open[0]?.answer(ok());
    await batch;
    expect(client.events.filter((e) => e.kind === 'send')).toHaveLength(3);
    expect(store.get(a1!.id + 1)).toMatchObject({ state: 'queued', attempts: 1, lastError: { code: 'NETWORK_ERROR' } });
    expect(store.get(b1!.id)).toMatchObject({ state: 'done' });
    expect(store.get(b2!.id)).toMatchObject({ state: 'queued', attempts: 0 });
    expect(store.counts()).toMatchObject({ sending: 0 });
  });

  it('with concurrency 1 sends one write at a time in id order, as before', async () => {
    const { store, client, sale, put, drain } = setup(1);
    client.auto = LAST;
    const items = [...sale('s-1'), put(CLOSE_SHIFT, { kasm: 1 }, 'shift-1'), ...sale('s-2')];
    await drain();
    expect(client.most).toBe(1);
    expect(client.events.filter((e) => e.kind === 'send').map((e) => e.key)).toEqual(items.map((i) => i.idempotencyKey));
    expect(store.counts()).toMatchObject({ queued: 0, sending: 0 });
  });

  it('keeps the order of every sale and barrier whatever order the answers come in', async () => {
    // Each write: which sale it belongs to (or a barrier), in the order rung up.
    const history = fc.array(fc.oneof({ weight: 6, arbitrary: fc.nat(3) }, { weight: 1, arbitrary: fc.constant(-1) }), {
      minLength: 1,
      maxLength: 40,
    });
    await fc.assert(
      fc.asyncProperty(
        history,
        fc.array(fc.nat(), { minLength: 1 }),
        fc.integer({ min: 1, max: 5 }),
        async (writes, picks, c) => {
          const { store, client, put, drain } = setup(c, 8);
          let turn = 0;
          client.auto = (open) => (picks[turn++ % picks.length] as number) % open.length;
          const items = writes.map((sale, n) =>
            sale < 0
              ? put(CLOSE_SHIFT, { kasm: 1 }, `shift-${n}`)
              : put(SALE_LINE, lineParams(`s-${sale}`, String(1000 + n)), `sale-s-${sale}`),
          );
          await drain();
          expect(client.most).toBeLessThanOrEqual(c);
          expect(store.list().every((i) => i.state === 'done' && i.attempts === 1)).toBe(true);
          for (const [n, item] of items.entries()) {
            const sent = client.at('send', item.idempotencyKey);
            for (const [m, other] of items.entries()) {
              if (m >= n) break;
              // An earlier write of the same sale, or any earlier write when either is a barrier, was answered first.
              const ordered = writes[n] === writes[m] || (writes[n] as number) < 0 || (writes[m] as number) < 0;
              if (ordered) expect(client.at('answer', other.idempotencyKey)).toBeLessThan(sent);
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
