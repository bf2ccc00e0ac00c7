/**
 * The scale through the bridge (issue 21 item 3): the message is checked at the boundary, a cashier
 * may neither set the scale nor test another one, a manager sets it, and a weighing on the emulated
 * CAS scale over a socat pty pair answers the stable weight or says why there is none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScaleEmulator } from '../devices/scale/testing/emulator.js';
import { hasSocat, type PtyPair, ptyPair } from '../devices/testing/pty-pair.js';
import { dispatchBridge } from '../transport/dispatch.js';
import { startDesk, type TestDesk } from './testing/desk.js';

const CASHIER = { kasm: 1, card: '1003', pin: '3003' };
const MANAGER = { kasm: 1, card: '1002', pin: '2002' };

describe.skipIf(!hasSocat())('the scale through the bridge', () => {
  let desk: TestDesk;
  let pty: PtyPair;
  let scale: ScaleEmulator;
  const faults: unknown[] = [];
  const call = (message: string, ...args: unknown[]) => dispatchBridge(desk.api, message, args, (_w, e) => faults.push(e));

  beforeAll(async () => {
    pty = await ptyPair();
    scale = await new ScaleEmulator(pty.device).start();
    desk = await startDesk({ demo: true, scaleTimeoutMs: 500 });
    await desk.api.signIn(CASHIER);
  });
  afterAll(async () => {
    await desk?.close();
    await scale?.stop();
    await pty?.stop();
  });

  it('says there is no scale until one is set up', async () => {
    expect(await call('scaleRead')).toEqual({ ok: true, value: expect.objectContaining({ ok: false, reason: 'off' }) });
    expect((await desk.api.settingsGet()).scale).toEqual({ enabled: false, serialPath: '', baudRate: 9600, protocol: 'cas' });
  });

  it('refuses bad arguments at the boundary', async () => {
    expect(await call('scaleRead', { baudRate: 1234 })).toMatchObject({ ok: false, error: { code: 'BAD_ARGUMENTS' } });
    expect(await call('scaleRead', { protocol: 'dibal' })).toMatchObject({ ok: false, error: { code: 'BAD_ARGUMENTS' } });
    expect(await call('settingsUpdate', { scale: { baudRate: 1234 } })).toMatchObject({
      ok: false,
      error: { code: 'BAD_ARGUMENTS' },
    });
  });

  it('leaves the scale to a manager: a cashier can neither set it nor test another', async () => {
    expect(await call('settingsUpdate', { scale: { enabled: true, serialPath: pty.till } })).toMatchObject({
      ok: false,
      error: { code: 'NOT_A_MANAGER' },
    });
    expect(await call('scaleRead', { serialPath: pty.till })).toMatchObject({ ok: false, error: { code: 'NOT_A_MANAGER' } });
    expect((await desk.api.settingsGet()).scale.enabled).toBe(false);
  });

  it('lets a manager test and set it, and then a cashier weighs: stable only', async () => {
    await desk.api.signOut();
    await desk.api.signIn(MANAGER);
    scale.put('0.750');
    expect(await call('scaleRead', { serialPath: pty.till, baudRate: 9600 })).toEqual({
      ok: true,
      value: { ok: true, kg: '0.750' },
    });
    expect((await desk.api.settingsGet()).scale.enabled).toBe(false); // a test saves nothing
    await call('settingsUpdate', { scale: { enabled: true, serialPath: pty.till } });
    await desk.api.signOut();
    await desk.api.signIn(CASHIER);
    scale.put('1.020', false);
    expect(await call('scaleRead')).toEqual({ ok: true, value: expect.objectContaining({ ok: false, reason: 'unstable' }) });
    scale.put('1.025');
    expect(await call('scaleRead')).toEqual({ ok: true, value: { ok: true, kg: '1.025' } });
    // The status bar: it answered.
    expect((await desk.api.status()).scale).toMatchObject({ state: 'ready', answeredAt: expect.any(String) });
    scale.overload();
    expect(await call('scaleRead')).toEqual({ ok: true, value: expect.objectContaining({ ok: false, reason: 'overload' }) });
    expect((await desk.api.status()).scale?.state).toBe('ready');
    scale.silence();
    expect(await call('scaleRead')).toEqual({ ok: true, value: expect.objectContaining({ ok: false, reason: 'silent' }) });
    // Silent: the status bar says so, and an event told it.
    expect((await desk.api.status()).scale?.state).toBe('unreachable');
    expect(desk.events).toContainEqual({ type: 'scale', status: expect.objectContaining({ state: 'unreachable' }) });
    expect(faults).toEqual([]);
  });
});
