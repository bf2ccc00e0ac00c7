import { describe, expect, it } from 'vitest';
import { keyRow, noKey } from './key-row.testing.js';
import { canSign, dayText, expiryOf, isWatched, keyNoticeOf, lockOf, needsUnlock, signWaitOf } from './key-state.js';

const locked = (over = {}) => keyRow({ unlocked: '0', ...over });

describe("a register's key as the till reads it", () => {
  it('is unlocked, unattended (unlocks itself) or locked, and nothing when none is loaded', () => {
    expect(lockOf(keyRow())).toBe('unlocked');
    expect(lockOf(locked({ unattended: '1' }))).toBe('unattended');
    expect(lockOf(locked())).toBe('locked');
    expect(lockOf(noKey())).toBe('none');
    expect(needsUnlock(locked())).toBe(true);
    expect(needsUnlock(locked({ unattended: '1' }))).toBe(false);
    expect(needsUnlock(keyRow())).toBe(false);
    expect(needsUnlock(noKey())).toBe(false);
  });

  it('warns from the back office’s 30 days before its end, and is an error once it ended', () => {
    expect(expiryOf(keyRow())).toBe('ok');
    expect(expiryOf(keyRow({ days_left: '12', expiry_warning: '1' }))).toBe('soon');
    expect(expiryOf(keyRow({ days_left: '0', expiry_warning: '1' }))).toBe('soon');
    expect(expiryOf(keyRow({ days_left: '-1', expiry_warning: '1' }))).toBe('expired');
    expect(expiryOf(noKey())).toBe('none');
    // An expired key signs nothing, even in the service's memory, and is not offered for unlocking.
    expect(canSign(keyRow({ days_left: '-3' }))).toBe(false);
    expect(needsUnlock(locked({ days_left: '-3' }))).toBe(false);
  });
});

describe('what the status bar says of it', () => {
  it('nothing while it signs and nothing waits', () => {
    expect(keyNoticeOf(keyRow())).toBeNull();
    expect(keyNoticeOf(locked({ unattended: '1', unsigned: '3' }))).toBeNull();
    expect(keyNoticeOf(undefined)).toBeNull();
  });

  it('locked with documents waiting; a locked key with nothing waiting is not news', () => {
    expect(keyNoticeOf(locked({ unsigned: '3' }))).toEqual({ kind: 'locked', count: 3 });
    expect(keyNoticeOf(locked())).toBeNull();
  });

  it('not loaded on the real tax server, and on the simulator only when documents wait', () => {
    expect(keyNoticeOf(noKey())).toEqual({ kind: 'missing', count: 0 });
    expect(keyNoticeOf(noKey({ unsigned: '2' }))).toEqual({ kind: 'missing', count: 2 });
    expect(keyNoticeOf(noKey({ server: 'simulator' }))).toBeNull();
    expect(keyNoticeOf(noKey({ server: 'simulator', unsigned: '1' }))).toEqual({ kind: 'missing', count: 1 });
  });

  it('expiring in N days, and expired above everything else', () => {
    expect(keyNoticeOf(keyRow({ days_left: '9', expiry_warning: '1' }))).toEqual({ kind: 'expiring', days: 9 });
    expect(keyNoticeOf(keyRow({ days_left: '-2', expiry_warning: '1', unsigned: '4' }))).toEqual({ kind: 'expired' });
    // Locked with documents waiting comes before the warning of its end.
    expect(keyNoticeOf(locked({ days_left: '9', expiry_warning: '1', unsigned: '1' }))).toEqual({ kind: 'locked', count: 1 });
  });
});

describe('what the sale says of it', () => {
  it('only while documents wait and the key cannot sign them, with why', () => {
    expect(signWaitOf(keyRow({ unsigned: '2' }))).toBeNull();
    expect(signWaitOf(locked())).toBeNull();
    expect(signWaitOf(locked({ unsigned: '2' }))).toEqual({ cause: 'locked', count: 2 });
    expect(signWaitOf(noKey({ unsigned: '1' }))).toEqual({ cause: 'missing', count: 1 });
    expect(signWaitOf(keyRow({ unsigned: '5', days_left: '-1' }))).toEqual({ cause: 'expired', count: 5 });
  });
});

describe('reading it again on the core’s events', () => {
  it('only while documents wait or the key cannot sign, so a sale with a working key costs no read', () => {
    expect(isWatched(keyRow())).toBe(false);
    expect(isWatched(keyRow({ days_left: '9', expiry_warning: '1' }))).toBe(false);
    expect(isWatched(noKey({ server: 'simulator' }))).toBe(false);
    expect(isWatched(keyRow({ unsigned: '1' }))).toBe(true);
    expect(isWatched(locked())).toBe(true);
    expect(isWatched(noKey())).toBe(true);
    expect(isWatched(undefined)).toBe(false);
  });
});

it('writes a certificate’s day as the interface writes dates', () => {
  expect(dayText('2027-01-10', 'uk')).toBe('10.01.2027');
  expect(dayText('2027-01-10', 'en')).toBe('2027-01-10');
  expect(dayText('', 'uk')).toBe('');
  expect(dayText(null, 'uk')).toBe('');
});
