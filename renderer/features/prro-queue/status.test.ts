import { describe, expect, it } from 'vitest';
import { blockedBy, codeOf, inferStatus, LISTED_STATUSES, SETTABLE_STATUSES } from './status.js';

describe('the status of a listed document', () => {
  it('is blocked when it waits for a rejected document, which it names', () => {
    const error = 'очікує на документ №43 (id 143), відхилений податковим сервером';
    expect(inferStatus(error)).toBe('blocked');
    expect(blockedBy(error)).toBe('143');
  });

  it('is rejected when the tax server gave a reason', () => {
    expect(inferStatus('ORDERDATE «2026-11-20» не є датою у форматі ддммрррр')).toBe('rejected');
    expect(blockedBy('ORDERDATE «2026-11-20» не є датою у форматі ддммрррр')).toBeUndefined();
  });

  it('is retrying when the send failed with no reason from the server', () => {
    expect(inferStatus('')).toBe('retrying');
    expect(inferStatus('  ')).toBe('retrying');
  });

  it('is one of the statuses the error views list', () => {
    expect(LISTED_STATUSES).toEqual(['rejected', 'blocked', 'retrying']);
  });

  it('may be set to anything but accepted, which only the tax server decides', () => {
    expect(SETTABLE_STATUSES).not.toContain('accepted');
    expect(SETTABLE_STATUSES).toHaveLength(9);
    expect(codeOf('requeued')).toBe(4);
  });
});
