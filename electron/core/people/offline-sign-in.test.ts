import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mountSmallDisk } from '../../../server/testing/small-disk.js';
import { OFFLINE_SIGN_IN_HOURS, OfflineSignIns } from './offline-sign-in.js';

const OKSANA = { id: 3, name: 'Шевчук Оксана', role: 'cashier' as const };
const file = () => join(mkdtempSync(join(tmpdir(), 'offline-sign-in-')), 'offline-sign-in.json');

describe('signing in while the service cannot be reached', () => {
  it('lets a card and PIN the back office accepted here sign in again, for that service and till only', () => {
    const store = new OfflineSignIns(file());
    store.remember('https://shop', 1, '1003', '3003', OKSANA);
    expect(store.check('https://shop', 1, '1003', '3003')).toEqual({ outcome: 'signed_in', who: OKSANA });
    expect(store.check('https://shop', 2, '1003', '3003')).toEqual({ outcome: 'unknown' });
    expect(store.check('https://other', 1, '1003', '3003')).toEqual({ outcome: 'unknown' });
    expect(store.check('https://shop', 1, '1004', '3003')).toEqual({ outcome: 'unknown' });
  });

  it("keeps no PIN, only a salted verifier, in a file only the till's user may read, which outlives a restart", () => {
    const f = file();
    new OfflineSignIns(f).remember('', 1, '1003', '3003', OKSANA);
    // The salt and verifier are random hex, which may hold the digits 3003 by chance; every
    // other value the file keeps must not hold the PIN at all.
    const values: string[] = [];
    JSON.parse(readFileSync(f, 'utf8'), (key, value) => {
      if (typeof value === 'string' && key !== 'salt' && key !== 'hash') values.push(value);
      return value;
    });
    expect(values.filter((v) => v.includes('3003'))).toEqual([]);
    expect(readFileSync(f, 'utf8')).toMatch(/"hash":"[0-9a-f]{64}"/);
    expect(statSync(f).mode & 0o777).toBe(0o600);
    expect(new OfflineSignIns(f).check('', 1, '1003', '3003').outcome).toBe('signed_in');
  });

  it(`forgets a sign-in older than ${OFFLINE_SIGN_IN_HOURS} hours`, () => {
    let now = Date.parse('2026-11-24T08:00:00Z');
    const store = new OfflineSignIns(file(), () => now);
    store.remember('', 1, '1003', '3003', OKSANA);
    now += (OFFLINE_SIGN_IN_HOURS - 1) * 3600_000;
    expect(store.check('', 1, '1003', '3003').outcome).toBe('signed_in');
    now += 2 * 3600_000;
    expect(store.check('', 1, '1003', '3003').outcome).toBe('unknown');
  });

  it('counts wrong PINs as the back office does: locked for 5 minutes after 5, then the right PIN works', () => {
    let now = Date.parse('2026-11-24T08:00:00Z');
    const store = new OfflineSignIns(file(), () => now);
    store.remember('', 1, '1003', '3003', OKSANA);
    for (const left of [4, 3, 2, 1])
      expect(store.check('', 1, '1003', '0000')).toEqual({ outcome: 'wrong_pin', attemptsLeft: left });
    expect(store.check('', 1, '1003', '0000')).toMatchObject({ outcome: 'locked' });
    expect(store.check('', 1, '1003', '3003')).toMatchObject({ outcome: 'locked' });
    now += 5 * 60_000 + 1;
    expect(store.check('', 1, '1003', '3003').outcome).toBe('signed_in');
  });

  it('keeps the count of wrong PINs and a lock across a restart of the till', () => {
    let now = Date.parse('2026-11-24T08:00:00Z');
    const f = file();
    const first = new OfflineSignIns(f, () => now);
    first.remember('', 1, '1003', '3003', OKSANA);
    for (let i = 0; i < 4; i++) first.check('', 1, '1003', '0000');
    const restarted = new OfflineSignIns(f, () => now);
    expect(restarted.check('', 1, '1003', '0000')).toMatchObject({ outcome: 'locked' });
    const again = new OfflineSignIns(f, () => now);
    expect(again.check('', 1, '1003', '3003')).toMatchObject({ outcome: 'locked' });
    now += 5 * 60_000 + 1;
    expect(new OfflineSignIns(f, () => now).check('', 1, '1003', '3003').outcome).toBe('signed_in');
  });

  it('reads a file of the version that kept no failures', () => {
    const f = file();
    new OfflineSignIns(f).remember('', 1, '1003', '3003', OKSANA);
    const { entries } = JSON.parse(readFileSync(f, 'utf8')) as { entries: unknown[] };
    writeFileSync(f, JSON.stringify({ entries }));
    expect(new OfflineSignIns(f).check('', 1, '1003', '3003').outcome).toBe('signed_in');
  });

  it('drops a card the back office locked', () => {
    const store = new OfflineSignIns(file());
    store.remember('', 1, '1003', '3003', OKSANA);
    store.forget('', 1, '1003');
    expect(store.check('', 1, '1003', '3003').outcome).toBe('unknown');
  });
});

const disk = mountSmallDisk();
afterAll(() => disk?.unmount());

// A real full file system (server/testing/small-disk.ts); skipped where mounting is not allowed.
describe.skipIf(disk === undefined)('on a full disk', () => {
  it('signs in and counts wrong PINs all the same, tells that the disk refused, and saves once space is back', () => {
    const { dir, fill } = disk as NonNullable<typeof disk>;
    const f = join(dir, 'offline-sign-in.json');
    const said: string[] = [];
    const store = new OfflineSignIns(f, Date.now, {
      failed: (err) => said.push(`failed ${(err as { code: string }).code}`),
      wrote: () => said.push('wrote'),
    });
    const free = fill();
    store.remember('', 1, '1003', '3003', OKSANA);
    expect(store.check('', 1, '1003', '9999')).toEqual({ outcome: 'wrong_pin', attemptsLeft: 4 });
    expect(store.check('', 1, '1003', '3003')).toEqual({ outcome: 'signed_in', who: OKSANA });
    expect(said.length).toBeGreaterThan(0);
    expect(said.every((s) => s === 'failed ENOSPC')).toBe(true);
    free();
    store.remember('', 1, '1003', '3003', OKSANA);
    expect(said.at(-1)).toBe('wrote');
    expect(new OfflineSignIns(f).check('', 1, '1003', '3003').outcome).toBe('signed_in');
  });
});
