/**
 * The customer display end to end below the interface: the till's real serialport code writes
 * the DM-D bytes to one end of a socat pty pair, the emulated pole display on the other reads them
 * back into the two lines a customer sees, Cyrillic through the table the settings name.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CustomerDisplaySettings, DEFAULT_CUSTOMER_DISPLAY } from '../../../shared/bridge/api.js';
import { GROUP } from '../../../shared/money/format.js';
import { printable } from '../printer/escpos/code-page.js';
import { hasSocat, type PtyPair, ptyPair } from '../testing/pty-pair.js';
import { CustomerDisplay } from './customer-display.js';
import { CMD, screenBytes } from './protocol.js';
import { DisplayScreen, startSerialDisplay } from './testing/emulator.js';

const until = async (what: () => boolean, ms = 5000, seen = () => '') => {
  for (let waited = 0; !what(); waited += 20) {
    if (waited > ms) throw new Error(`the display never showed it; it shows ${seen()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('the bytes', () => {
  it('set the display up (reset, table, overwrite mode, no cursor) only when asked, then place both lines', () => {
    const bytes = [...screenBytes(['Хліб', ''], { codePage: 'cp866', codeTable: 17 }, true)];
    expect(bytes.slice(0, 10)).toEqual([...CMD.initialize, ...CMD.table(17), ...CMD.overwrite, ...CMD.cursorOff]);
    const again = [...screenBytes(['Хліб', ''], { codePage: 'cp866', codeTable: 17 }, false)];
    expect(again.slice(0, 4)).toEqual(CMD.moveTo(1, 1));
    // Two lines of 20 characters, each placed: nothing of an older screen shows through.
    expect(again.length).toBe(2 * (4 + 20));
  });

  it('decode back to what was meant, in cp866 and in Windows-1251; a table the display lacks shows "?"', () => {
    for (const table of [
      { codePage: 'cp866', codeTable: 17 },
      { codePage: 'windows1251', codeTable: 46 },
    ] as const) {
      const screen = new DisplayScreen();
      screen.take(screenBytes(['Решта: ЄЇ єї ЖЩЮЯ', `1${GROUP}234,50`], table, true));
      expect(screen.text()).toEqual(['Решта: ЄЇ єї ЖЩЮЯ', `1${GROUP}234,50`]);
    }
    const wrong = new DisplayScreen({ 17: 'cp866' });
    wrong.take(screenBytes(['Решта', ''], { codePage: 'cp866', codeTable: 99 }, true));
    expect(wrong.text()[0]).toBe('?????');
  });

  it('write what cp866 lacks as the nearest it has (І as I, Ґ as Г), never as "?"', () => {
    const screen = new DisplayScreen();
    screen.take(screenBytes(['Ґаз Іриска', ''], { codePage: 'cp866', codeTable: 17 }, true));
    expect(screen.text()[0]).toBe('Газ Iриска');
  });

  it('are read the same split anywhere (a serial port delivers them in pieces)', () => {
    const bytes = screenBytes(['До сплати:', '  99,00 грн'], { codePage: 'cp866', codeTable: 17 }, true);
    const screen = new DisplayScreen();
    for (const b of bytes) screen.take(Uint8Array.of(b));
    expect(screen.text()).toEqual(['До сплати:', '99,00 грн']);
  });
});

describe.skipIf(!hasSocat())('a pole display on a serial port (serialport over a socat pty pair)', () => {
  let pair: PtyPair;
  let pole: Awaited<ReturnType<typeof startSerialDisplay>>;
  let settings: CustomerDisplaySettings;
  let display: CustomerDisplay;
  const changes: string[] = [];
  beforeEach(async () => {
    pair = await ptyPair();
    pole = await startSerialDisplay(pair.device, 9600);
    settings = { ...DEFAULT_CUSTOMER_DISPLAY, enabled: true, serialPath: pair.till, greeting: 'Вітаємо в «Колоску»!' };
    changes.length = 0;
    display = new CustomerDisplay({ settings: () => settings, paidShownMs: 300, changed: (s) => changes.push(s.state) });
  });
  afterEach(async () => {
    await display.close();
    await pole.stop();
    await pair.stop();
  });
  /** The two lines as the display's table writes them (cp866 has no Ukrainian і: Latin i stands for it). */
  const shows = (a: string, b: string) =>
    until(
      () =>
        pole.screen.text()[0] === printable(a, settings.codePage) && pole.screen.text()[1] === printable(b, settings.codePage),
      5000,
      () => JSON.stringify(pole.screen.text()),
    );

  it('shows a sale as the customer follows it: each line, the total, paid and change, then the greeting', async () => {
    display.show({ kind: 'idle' });
    // cp866 has no « » and no Ukrainian і: the nearest it has (Latin i).
    await shows('Вiтаємо в "Колоску"!', '');
    display.show({ kind: 'line', name: 'Молоко Яготинське пастеризоване 2,6%', quantity: '2', price: '42.90', sum: '85.80' });
    await shows('Молоко Яготинське', '2 x 42,90      85,80');
    display.show({ kind: 'line', name: 'Хліб Український', quantity: '1', price: '28.50', sum: '28.50' });
    await shows('Хліб Український', '1 x 28,50      28,50');
    display.show({ kind: 'total', total: '114.30' });
    await shows('До сплати:', '114,30 грн');
    display.show({ kind: 'paid', paid: '200', change: '85.70' });
    await shows('Сплачено:     200,00', 'Решта:         85,70');
    // The payment stays a while, then the greeting is back for the next customer.
    await shows('Вiтаємо в "Колоску"!', '');
    expect(display.state()).toEqual({ state: 'ready', reason: '' });
    // Set up once, when the port was opened; each screen after is only placed.
    expect(pole.screen.resets).toBe(1);
    expect(pole.screen.cursorShown).toBe(false);
  });

  it('writes the newest screen when a scanner is faster than the port, and returns at once', async () => {
    const t0 = performance.now();
    for (let i = 1; i <= 30; i++) display.show({ kind: 'line', name: `Товар ${i}`, quantity: '1', price: `${i}`, sum: `${i}` });
    expect(performance.now() - t0).toBeLessThan(50);
    await shows('Товар 30', '1 x 30,00      30,00');
  });

  it('shows the test text in the table set, and a new table after the settings change', async () => {
    expect(await display.test()).toEqual({ state: 'ready', reason: '' });
    await shows('Тест: cp866, 17', 'АБВГДЕЄЖЗИЇЙ абвгдеє');
    settings = { ...settings, codePage: 'windows1251', codeTable: 46 };
    await display.reconfigure();
    await display.test();
    await shows('Тест: windows1251, 4', 'АБВГДЕЄЖЗИЇЙ абвгдеє');
    expect(pole.screen.resets).toBe(2);
  });

  it('says a display that cannot be reached in its state, never to the sale, and comes back by itself', async () => {
    settings = { ...settings, serialPath: '/dev/pts/does-not-exist' };
    display.show({ kind: 'line', name: 'Хліб', quantity: '1', price: '1', sum: '1' });
    await until(() => display.state().state === 'unreachable');
    expect(display.state().reason).toMatch(/cannot open/);
    settings = { ...settings, serialPath: pair.till };
    display.show({ kind: 'total', total: '1' });
    await shows('До сплати:', '1,00 грн');
    expect(display.state().state).toBe('ready');
    expect(changes).toEqual(['unreachable', 'ready']);
  });

  it('is quiet while off, and says so', async () => {
    settings = { ...settings, enabled: false };
    display.show({ kind: 'total', total: '5' });
    expect(await display.test()).toEqual({ state: 'off', reason: '' });
    await new Promise((r) => setTimeout(r, 200));
    expect(pole.screen.text()).toEqual(['', '']);
    expect(display.state().state).toBe('off');
  });
});
