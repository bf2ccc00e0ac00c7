import { expect, it } from 'vitest';
import type { CashdeskApi } from '../../shared/bridge/api.js';
import { BridgeError } from '../../shared/bridge/errors.js';
import { dispatchBridge } from './dispatch.js';

/** The core's side of the boundary, failing as told. */
const coreFailing = (err: unknown) => ({ settingsUpdate: async () => Promise.reject(err) }) as unknown as CashdeskApi;
const full = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });

it('answers a change the disk refused as NOT_SAVED, logged, and any other fault as INTERNAL', async () => {
  const logged: string[] = [];
  const log = (what: string) => logged.push(what);
  const refused = await dispatchBridge(coreFailing(full), 'settingsUpdate', [{ language: 'en' }], log);
  expect(refused).toMatchObject({ ok: false, error: { code: 'NOT_SAVED' } });
  const enospc = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
  expect(await dispatchBridge(coreFailing(enospc), 'settingsUpdate', [{ language: 'en' }], log)).toMatchObject({
    ok: false,
    error: { code: 'NOT_SAVED' },
  });
  expect(await dispatchBridge(coreFailing(new TypeError('a bug')), 'settingsUpdate', [{ language: 'en' }], log)).toMatchObject({
    ok: false,
    error: { code: 'INTERNAL' },
  });
  expect(logged).toEqual(['settingsUpdate', 'settingsUpdate', 'settingsUpdate']);
  // The core's own refusals keep their code, and are not faults.
  const own = await dispatchBridge(
    coreFailing(new BridgeError('QUEUED_WRITES', 'writes wait')),
    'settingsUpdate',
    [{ language: 'en' }],
    log,
  );
  expect(own).toMatchObject({ ok: false, error: { code: 'QUEUED_WRITES' } });
  expect(logged).toHaveLength(3);
});
