import { describe, expect, it } from 'vitest';
import { CallShares, RECENT_CALLS } from './call-shares.js';

describe('each client’s share of the recent calls', () => {
  it('is the part of the calls seen so far, before the window is full', () => {
    const shares = new CallShares();
    expect(shares.of('a')).toBe(0);
    for (const c of ['a', 'a', 'a', 'b']) shares.note(c);
    expect(shares.of('a')).toBe(3 / 4);
    expect(shares.of('b')).toBe(1 / 4);
    expect(shares.of('c')).toBe(0);
  });

  it('forgets the calls older than the last RECENT_CALLS: a shop busy a while ago is not busy now', () => {
    const shares = new CallShares();
    for (let i = 0; i < RECENT_CALLS; i++) shares.note('busy');
    expect(shares.of('busy')).toBe(1);
    for (let i = 0; i < RECENT_CALLS / 4; i++) shares.note(`shop-${i}`);
    expect(shares.of('busy')).toBe(3 / 4);
    expect(shares.of('shop-0')).toBe(1 / RECENT_CALLS);
    for (let i = 0; i < RECENT_CALLS; i++) shares.note(`other-${i}`);
    expect(shares.of('busy')).toBe(0);
    expect(shares.of('shop-0')).toBe(0);
  });
});
