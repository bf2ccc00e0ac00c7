import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesce } from './coalesce.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('coalesce', () => {
  it('runs once for a burst of calls, after the burst’s first call and the wait', () => {
    const fn = vi.fn();
    const call = coalesce(fn, 200);
    call();
    vi.advanceTimersByTime(50);
    call();
    call();
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(150);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('runs again for a call that comes after the run, so the last call is never left unanswered', () => {
    const fn = vi.fn();
    const call = coalesce(fn, 200);
    call();
    vi.advanceTimersByTime(200);
    call();
    vi.advanceTimersByTime(199);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('runs nothing once cancelled (the component is gone)', () => {
    const fn = vi.fn();
    const call = coalesce(fn, 200);
    call();
    call.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
  });
});
