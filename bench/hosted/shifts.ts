/**
 * Before bench:hosted sells, every till it sells at has a shift open, as at the start of a working
 * day (the demo's tills 1 and 2 have today's; the added ones get one with its float). Through the
 * service, as a till would do it.
 */
import { randomUUID } from 'node:crypto';
import { op as oper } from '../../shared/contract/index.js';
import { benchTills } from './tills.js';

/** A demo cashier (Шевчук О. В.): the shifts are opened in her name. */
const CASHIER = 3;

async function call(
  url: string,
  key: string,
  method: string,
  params: unknown,
  write: boolean,
): Promise<Record<string, unknown>[]> {
  const res = await fetch(`${url}/v1/rpc`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${key}`,
      ...(write ? { 'idempotency-key': randomUUID() } : {}),
    },
    body: JSON.stringify({ method, params }),
  });
  const body = (await res.json()) as { data?: { result?: { rows?: Record<string, unknown>[] } }; error?: { message?: string } };
  if (res.status !== 200) throw new Error(`${method} at ${url}: ${res.status} ${body.error?.message ?? ''}`);
  return body.data?.result?.rows ?? [];
}

export async function freshShifts(url: string, keys: readonly string[], tills: number): Promise<void> {
  // One shop at a time: a shop's first request opens its back office, which in a demo makes its
  // registers' keys and sends what the demo left waiting, and holds the process meanwhile.
  for (const key of keys)
    for (const kasm of benchTills(tills)) {
      const [state] = await patiently(() => call(url, key, oper.pos.shiftState, { kasm }, false));
      if (!state?.shift_id) await call(url, key, oper.pos.shiftOpen, { kasm, cashier: CASHIER, float: '1000.00' }, true);
    }
}

/** A read asked again while the service is busy opening a shop (its answer: 408, the request not read in time). */
async function patiently<T>(ask: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ask();
    } catch (err) {
      if (attempt >= 5 || !String(err).includes(': 408 ')) throw err;
    }
  }
}
