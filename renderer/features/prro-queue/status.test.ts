import { describe, expect, it } from 'vitest';
import { blockedBy, codeOf, SETTABLE_STATUSES, statusesIn, statusOf } from './status.js';

describe('the status of a listed document', () => {
  it('is the one the service reports, by name', () => {
    expect(statusOf({ status: '3' })).toBe('rejected');
    expect(statusOf({ status: '6' })).toBe('blocked');
    expect(statusOf({ status: '8' })).toBe('retrying');
  });

  it('has no name for a code outside the contract', () => {
    expect(statusOf({ status: '12' })).toBeUndefined();
    expect(statusOf({ status: '' })).toBeUndefined();
  });

  it('lists the statuses present in the rows once each, in the order of their codes', () => {
    expect(statusesIn([{ status: '8' }, { status: '3' }, { status: '8' }, { status: '6' }])).toEqual([
      'rejected',
      'blocked',
      'retrying',
    ]);
    expect(statusesIn([])).toEqual([]);
  });

  it('names the document a blocked one waits for, from the error the back office wrote', () => {
    expect(blockedBy('очікує на документ №43 (id 143), відхилений податковим сервером')).toBe('143');
    expect(blockedBy('ORDERDATE «2026-11-20» не є датою у форматі ддммрррр')).toBeUndefined();
  });

  it('may be set to anything but accepted, which only the tax server decides', () => {
    expect(SETTABLE_STATUSES).not.toContain('accepted');
    expect(SETTABLE_STATUSES).toHaveLength(9);
    expect(codeOf('requeued')).toBe(4);
  });
});
