/**
 * What the compiler holds an integrator to, checked by compiling this file (client.test.ts, with
 * the TypeScript openapi-typescript works with, and the project's own typecheck): the right
 * params of each operation pass, a wrong name or a wrong param is an error (@ts-expect-error fails
 * the compile when the line it marks compiles), and each result has its operation's own shape.
 */
import { type ResultOf, retailClient } from './client.js';

export async function usage(url: string, key: string): Promise<string[]> {
  const rpc = retailClient(url, key);
  const ping: ResultOf<'service.ping'> = await rpc.call('service.ping', {});
  const found = await rpc.call('pos.find_code', { code: '4820000000017' });
  const names: string[] = found.rows.map((row) => row.name);
  const saved = await rpc.call('catalog.contrag.save', { nt: 'Постачальник' }, { idempotencyKey: 'k-1' });

  // @ts-expect-error: no such operation
  await rpc.call('pos.no_such_operation', {});
  // @ts-expect-error: a code is a string, not a number
  await rpc.call('pos.find_code', { code: 4820000000017 });
  // @ts-expect-error: a counterparty needs its name (nt)
  await rpc.call('catalog.contrag.save', { rekv: 'IBAN' });
  // @ts-expect-error: find_code's rows have no field "weight"
  found.rows.map((row) => row.weight);

  return [ping.status.code, ...names, saved.status.code];
}
