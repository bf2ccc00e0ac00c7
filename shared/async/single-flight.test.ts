import { describe, expect, it } from 'vitest';
import { SingleFlight } from './single-flight.js';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('SingleFlight', () => {
  it('runs one at a time, and once more after a run that was asked for again, however often', async () => {
    let runs = 0;
    let release!: () => void;
    const flight = new SingleFlight(async () => {
      runs++;
      await new Promise<void>((r) => {
        release = r;
      });
    });
    const first = flight.run();
    expect(flight.run()).toBe(first);
    void flight.run();
    release();
    await first;
    await tick();
    expect(runs).toBe(2);
    release();
    await tick();
    expect(runs).toBe(2);
  });

  it('goes on after a failed run, and settle drops the run asked for meanwhile', async () => {
    let runs = 0;
    const flight = new SingleFlight(async () => {
      runs++;
      throw new Error('unreachable');
    });
    await flight.run();
    const second = flight.run();
    void flight.run();
    await flight.settle();
    await second;
    await tick();
    expect(runs).toBe(2);
  });
});
