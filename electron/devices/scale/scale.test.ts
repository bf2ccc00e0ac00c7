/**
 * The real serialport code against the emulated CAS scale over a socat pty pair: a stable weight is
 * taken, an unstable one is waited for (bounded) and never taken, and overload, a negative weight,
 * silence, broken lines and a missing port are each said as such.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasSocat, type PtyPair, ptyPair } from '../testing/pty-pair.js';
import { weigh } from './read.js';
import { ScaleEmulator } from './testing/emulator.js';

describe.skipIf(!hasSocat())('weighing on a CAS scale over a serial line', () => {
  let pty: PtyPair;
  let scale: ScaleEmulator;
  let line: { path: string; baudRate: number };
  beforeEach(async () => {
    pty = await ptyPair();
    scale = await new ScaleEmulator(pty.device).start();
    line = { path: pty.till, baudRate: 9600 };
  });
  afterEach(async () => {
    await scale.stop();
    await pty.stop();
  });

  it('takes a stable weight', async () => {
    scale.put('1.234');
    expect(await weigh(line, 1000)).toEqual({ ok: true, kg: '1.234' });
  });

  it('waits while the weight moves and takes it once it settles', async () => {
    scale.put('0.870', false);
    setTimeout(() => scale.put('0.872'), 300);
    expect(await weigh(line, 2000)).toEqual({ ok: true, kg: '0.872' });
  });

  it('never takes a weight that stays unstable', async () => {
    scale.put('0.870', false);
    expect(await weigh(line, 400)).toEqual({ ok: false, reason: 'unstable' });
  });

  it('says an overload', async () => {
    scale.overload();
    expect(await weigh(line, 1000)).toEqual({ ok: false, reason: 'overload' });
  });

  it('refuses a negative weight', async () => {
    scale.put('-0.125');
    expect(await weigh(line, 1000)).toEqual({ ok: false, reason: 'negative', detail: '-0.125' });
  });

  it('says silence as silence', async () => {
    scale.silence();
    expect(await weigh(line, 300)).toEqual({ ok: false, reason: 'silent' });
  });

  it('says broken lines as broken', async () => {
    scale.silence();
    const p = weigh(line, 400);
    setTimeout(() => scale.raw('ST,GS,+  1.2?4kg\r\n'), 150);
    expect(await p).toMatchObject({ ok: false, reason: 'broken' });
  });

  it('reads a line the scale sends in two pieces', async () => {
    scale.silence();
    const p = weigh(line, 1000);
    setTimeout(() => scale.raw('ST,GS,+ '), 100);
    setTimeout(() => scale.raw(' 0.505kg\r\n'), 170);
    expect(await p).toEqual({ ok: true, kg: '0.505' });
  });
});

it('says a port that cannot be opened', async () => {
  expect(await weigh({ path: '/dev/no-such-scale', baudRate: 9600 }, 300)).toMatchObject({ ok: false, reason: 'link' });
});
