/** The "secret number" of an offline session, from which the register computes control numbers. */
import { createHash } from 'node:crypto';

/** The real server draws it at random; derived here so the demo stays the same run after run. */
export function seedFor(numprro: string, session: number): string {
  const digest = createHash('sha256').update(`seed:${numprro}:${session}`).digest('hex');
  return BigInt(`0x${digest.slice(0, 12)}`).toString();
}
