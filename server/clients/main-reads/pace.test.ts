import { describe, expect, it } from 'vitest';
import { ReadPace } from './pace.js';

describe("the main thread's pace of reads", () => {
  it('goes on through waits below its average, and through a single long one', () => {
    const pace = new ReadPace({ mostMs: 2, pauseMs: 30_000 });
    for (let t = 0; t < 1000; t++) expect(pace.waited(t % 10 === 0 ? 3 : 0.4, t)).toBeUndefined();
    // One read of 40 ms (a plan made afresh, a preempted thread) moves the average by a 32nd of it.
    expect(pace.waited(40, 1000)).toBeUndefined();
    expect(pace.allows(1001)).toBe(true);
  });

  it('hands the reads to the threads for a while once the average passes its bound, then takes them again', () => {
    const pace = new ReadPace({ mostMs: 2, pauseMs: 30_000 });
    let paused: number | undefined;
    let t = 0;
    // A database 3 ms away: about twenty reads bring the average past 2 ms.
    for (; paused === undefined && t < 100; t++) paused = pace.waited(3, t);
    expect(paused).toBeGreaterThan(2);
    expect(t).toBeGreaterThan(20);
    expect(t).toBeLessThan(60);
    expect(pace.allows(t)).toBe(false);
    expect(pace.allows(t + 29_000)).toBe(false);
    expect(pace.allows(t + 30_000)).toBe(true);
    // Measured afresh: a quick database is kept.
    for (let i = 0; i < 200; i++) expect(pace.waited(0.3, t + 30_000 + i)).toBeUndefined();
  });
});
