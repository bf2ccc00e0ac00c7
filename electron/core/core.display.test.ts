/**
 * The customer display through the core's bridge API, on the desk's embedded back office and an
 * emulated pole display over a socat pty pair: a manager sets it up and tests it (a cashier may
 * not), its state is in the status, what the interface says is shown, a display that cannot be
 * reached is said in the status without the call failing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSerialDisplay } from '../devices/display/testing/emulator.js';
import { printable } from '../devices/printer/escpos/code-page.js';
import { hasSocat, type PtyPair, ptyPair } from '../devices/testing/pty-pair.js';
import { startDesk, type TestDesk } from './testing/desk.js';

const CASHIER = { kasm: 1, card: '1003', pin: '3003' };
const MANAGER = { kasm: 1, card: '1002', pin: '2002' };

describe.skipIf(!hasSocat())('the customer display through the bridge', () => {
  let desk: TestDesk;
  let pair: PtyPair;
  let pole: Awaited<ReturnType<typeof startSerialDisplay>>;
  beforeAll(async () => {
    desk = await startDesk({ demo: true });
    pair = await ptyPair();
    pole = await startSerialDisplay(pair.device, 19200, { 46: 'windows1251' });
  });
  afterAll(async () => {
    await desk?.close();
    await pole?.stop();
    await pair?.stop();
  });
  const shows = async (a: string, b: string) => {
    const want = [printable(a, 'windows1251'), printable(b, 'windows1251')];
    for (let waited = 0; JSON.stringify(pole.screen.text()) !== JSON.stringify(want); waited += 20) {
      if (waited > 5000) throw new Error(`the display shows ${JSON.stringify(pole.screen.text())}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const device = () =>
    ({
      enabled: true,
      serialPath: pair.till,
      baudRate: 19200,
      codePage: 'windows1251',
      codeTable: 46,
      greeting: 'Вітаємо!',
    }) as const;

  it('is a manager’s to set up and test; a cashier is refused both', async () => {
    expect((await desk.api.settingsGet()).customerDisplay.enabled).toBe(false);
    expect((await desk.api.status()).customerDisplay).toEqual({ state: 'off', reason: '' });
    await desk.api.signIn(CASHIER);
    await expect(desk.api.settingsUpdate({ customerDisplay: device() })).rejects.toMatchObject({ code: 'NOT_A_MANAGER' });
    await expect(desk.api.customerDisplayTest()).rejects.toMatchObject({ code: 'NOT_A_MANAGER' });
    expect((await desk.api.settingsGet()).customerDisplay.enabled).toBe(false);
    await desk.api.signIn(MANAGER);
    expect((await desk.api.settingsUpdate({ customerDisplay: device() })).customerDisplay).toEqual(device());
    // Saved, it greets at once.
    await shows('Вітаємо!', '');
    expect(await desk.api.customerDisplayTest()).toEqual({ state: 'ready', reason: '' });
    await shows('Тест: windows1251, 4', 'АБВГДЕЄЖЗИЇЙ абвгдеє');
    expect((await desk.api.status()).customerDisplay).toEqual({ state: 'ready', reason: '' });
  });

  it('shows what the interface says, and never fails the call for a display that is away', async () => {
    await desk.api.signIn(CASHIER);
    await desk.api.customerDisplay({ kind: 'line', name: 'Ґречка ядриця 1 кг', quantity: '2', price: '64.90', sum: '129.80' });
    await shows('Ґречка ядриця 1 кг', '2 x 64,90     129,80');
    await desk.api.signIn(MANAGER);
    await desk.api.settingsUpdate({ customerDisplay: { serialPath: '/dev/pts/nowhere' } });
    await expect(desk.api.customerDisplay({ kind: 'total', total: '129.80' })).resolves.toBeUndefined();
    for (let i = 0; (await desk.api.status()).customerDisplay.state !== 'unreachable'; i++) {
      if (i > 100) throw new Error('the status never said it');
      await new Promise((r) => setTimeout(r, 20));
    }
    await desk.api.settingsUpdate({ customerDisplay: { enabled: false } });
    expect((await desk.api.status()).customerDisplay.state).toBe('off');
  });
});
