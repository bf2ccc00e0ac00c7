/**
 * A small seeded random generator (mulberry32) for the demo shop: the same seed gives the same
 * shop on every machine, which tests and benchmarks rely on. Never used for money arithmetic:
 * it only picks integers and list items.
 */
export interface Prng {
  /** An integer from lo to hi, both included. */
  int(lo: number, hi: number): number;
  /** True with the given chance in percent. */
  chance(percent: number): boolean;
  pick<T>(items: readonly T[]): T;
}

export function prng(seed: number): Prng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const int = (lo: number, hi: number) => lo + (next() % (hi - lo + 1));
  return {
    int,
    chance: (percent) => next() % 100 < percent,
    pick: (items) => items[int(0, items.length - 1)] as (typeof items)[number],
  };
}
