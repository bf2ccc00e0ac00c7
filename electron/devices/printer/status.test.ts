/**
 * The printer's state before a sale closes, read with DLE EOT 1/2/4 over a network printer (TCP)
 * and over a serial one, the real serialport code against one end of a socat pty pair and the
 * emulated printer on the other: paper out, cover open and an unreachable printer are said before
 * anything is printed, a printer that will not print gets no paper (and, for cash, only the
 * drawer's real-time pulse), and the test page prints the alphabet in every candidate table.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BREAD, type Shop, standardShop } from '../../../server/back-office/sales/testing/shop.js';
import { sendToTaxServer } from '../../../server/back-office/sales/testing/tax-server.js';
import { DEFAULT_PRINTER_DEVICE } from '../../../shared/bridge/api.js';
import { hasSocat, type PtyPair, ptyPair } from '../testing/pty-pair.js';
import { printable } from './escpos/code-page.js';
import { ALPHABET } from './escpos/test-page.js';
import { releaseSerial } from './link/serial.js';
import { readStatus } from './status/dle-eot.js';
import { decode, plain } from './testing/decode.js';
import { type EmulatedPrinter, type RunningEmulator, startSerialPrinter, startTcpPrinter } from './testing/emulator.js';
import { shopPrinter } from './testing/shop-printer.js';

let shop: Shop;
beforeEach(() => {
  shop = standardShop();
});
afterEach(() => shop.close());

const sellCash = (): number => {
  const row = shop.call('pos.checkout_close_sale', {
    kasm: 1,
    rows: [{ code: BREAD, quant: '1', price: '25.50', sum: '25.50' }],
    payments: [{ type: 'nal', amount: '25.50' }],
  } as never).rows[0] as { check_number: string };
  sendToTaxServer(shop.db);
  return Number(row.check_number);
};

describe('the status bytes', () => {
  it('read paper out before cover open before offline, and the near end as a warning that still prints', () => {
    expect(readStatus({ printer: 0x16, offlineCause: 0x12, paper: 0x12 }).condition).toBe('ready');
    expect(readStatus({ printer: 0x1a, offlineCause: 0x32, paper: 0x72 }).condition).toBe('paper_out');
    expect(readStatus({ printer: 0x1a, offlineCause: 0x16, paper: 0x12 }).condition).toBe('cover_open');
    expect(readStatus({ printer: 0x1a, offlineCause: 0x52, paper: 0x12 }).condition).toBe('error');
    expect(readStatus({ printer: 0x1a, offlineCause: 0x12, paper: 0x12 }).condition).toBe('offline');
    const near = readStatus({ printer: 0x12, offlineCause: 0x12, paper: 0x1e });
    expect([near.condition, near.paperNearEnd]).toEqual(['ready', true]);
  });
});

/** The same checks over either link to an emulated printer. */
function statusChecks(link: () => { printer: EmulatedPrinter; device: object; settled: () => Promise<void> }) {
  it('says paper out before a close, prints nothing then, and opens the drawer for cash with the real-time pulse', async () => {
    const { printer: emulated, device, settled } = link();
    const check = sellCash();
    const { printer } = shopPrinter(shop, device);
    expect(await printer.check()).toMatchObject({ condition: 'ready', paperNearEnd: false });
    emulated.state.paper = 'out';
    expect(await printer.check()).toMatchObject({ condition: 'paper_out' });
    emulated.reset();
    expect(await printer.print({ checkNumber: check })).toMatchObject({ status: 'failed', problem: 'paper_out' });
    await settled();
    const sent = decode(emulated.bytes(), { 17: 'cp866' });
    expect(sent.papers.flatMap((p) => p.lines)).toEqual([]);
    expect(sent.papers.map((p) => p.drawerNow)).toEqual([1]);
    expect(printer.state()).toMatchObject({ condition: 'paper_out' });

    // A new roll: printed again from the journal, the drawer already opened stays shut.
    emulated.state.paper = 'ok';
    emulated.reset();
    expect(await printer.print({ checkNumber: check })).toMatchObject({ status: 'printed' });
    await settled();
    const again = decode(emulated.bytes(), { 17: 'cp866' });
    expect(again.papers).toHaveLength(1);
    expect(again.drawer).toBe(0);
  });

  it('says the cover is open, and the paper near its end while it still prints', async () => {
    const { printer: emulated, device } = link();
    const { printer } = shopPrinter(shop, device);
    emulated.state.cover = 'open';
    expect(await printer.check()).toMatchObject({ condition: 'cover_open' });
    emulated.state.cover = 'closed';
    emulated.state.paper = 'near_end';
    expect(await printer.check()).toMatchObject({ condition: 'ready', paperNearEnd: true });
  });

  it('prints a printer that does not answer status queries, saying its state is unknown', async () => {
    const { printer: emulated, device, settled } = link();
    emulated.state.answers = false;
    const check = sellCash();
    const { printer } = shopPrinter(shop, device);
    expect(await printer.print({ checkNumber: check })).toMatchObject({ status: 'printed' });
    await settled();
    expect(printer.state()).toMatchObject({ condition: 'unknown' });
    expect(decode(emulated.bytes(), { 17: 'cp866' }).papers).toHaveLength(1);
  });

  it('prints the test page: the alphabet in every candidate table, each under its label, the chosen first', async () => {
    const { printer: emulated, device, settled } = link();
    const { printer } = shopPrinter(shop, { ...device, codePage: 'windows1251', codeTable: 46 });
    const test = await printer.test();
    expect(test.printed).toMatchObject({ status: 'printed' });
    expect(test.state).toMatchObject({ condition: 'ready' });
    await settled();
    const lines = plain(decode(emulated.bytes(), { 17: 'cp866', 46: 'windows1251', 23: 'windows1251' }).papers[0]?.lines ?? []);
    const at = (label: string) => lines.indexOf(label);
    expect(at('SET NOW: windows1251 (ESC t 46)')).toBeGreaterThan(0);
    expect(lines[at('SET NOW: windows1251 (ESC t 46)') + 1]).toBe(ALPHABET);
    expect(lines[at('TRY: cp866 (ESC t 17)') + 1]).toBe(printable(ALPHABET, 'cp866'));
    expect(lines[at('TRY: windows1251 (ESC t 23)') + 1]).toBe(ALPHABET);
  });
}

describe('a network printer (TCP)', () => {
  let emulator: RunningEmulator;
  beforeEach(async () => {
    emulator = await startTcpPrinter();
  });
  afterEach(() => emulator.stop());
  statusChecks(() => ({
    printer: emulator.printer,
    device: { connection: 'tcp', host: '127.0.0.1', port: emulator.port },
    settled: () => emulator.settled(),
  }));

  it('says a printer nobody answers at is unreachable and prints nothing; the drawer due then opens once it is back', async () => {
    const port = emulator.port;
    await emulator.stop();
    const check = sellCash();
    const { printer, set } = shopPrinter(shop, { connection: 'tcp', host: '127.0.0.1', port });
    expect(await printer.check()).toMatchObject({ condition: 'unreachable' });
    expect(await printer.print({ checkNumber: check })).toMatchObject({ status: 'failed', problem: 'unreachable' });
    emulator = await startTcpPrinter();
    set({ port: emulator.port });
    expect(await printer.print({ checkNumber: check })).toMatchObject({ status: 'printed' });
    await emulator.settled();
    expect(decode(emulator.printer.bytes(), { 17: 'cp866' }).drawer).toBe(1);
  });
});

describe.skipIf(!hasSocat())('a serial printer (serialport over a socat pty pair)', () => {
  let pair: PtyPair;
  let serial: { printer: EmulatedPrinter; stop(): Promise<void> };
  beforeEach(async () => {
    pair = await ptyPair();
    serial = await startSerialPrinter(pair.device, 19200);
  });
  afterEach(async () => {
    await releaseSerial();
    await serial.stop();
    await pair.stop();
  });
  /**
   * Serial bytes arrive a little after the till's port closes, through socat, later still on a
   * loaded machine: wait until some came and then none for a while.
   */
  const settled = async () => {
    let seen = -1;
    for (let waited = 0; waited < 10_000; waited += 300) {
      const now = serial.printer.bytes().length;
      if (now > 0 && now === seen) return;
      seen = now;
      await new Promise((r) => setTimeout(r, 300));
    }
  };
  statusChecks(() => ({
    printer: serial.printer,
    device: { connection: 'serial', serialPath: pair.till, baud: 19200 },
    settled,
  }));
});

describe('a Windows printer queue', () => {
  it('is reached only on Windows, by a share name, and says nothing of the paper', async () => {
    const { openWindowsQueue, sharePath } = await import('./link/windows-queue.js');
    const { SHARE_NAME } = await import('../../../shared/bridge/validate.js');
    expect(sharePath('POS-58')).toBe('\\\\localhost\\POS-58');
    expect(SHARE_NAME.test('XPrinter 58')).toBe(true);
    for (const bad of ['..\\x', 'a/b', 'C:\\x', '\\\\evil\\share', '']) expect(SHARE_NAME.test(bad), bad).toBe(false);
    await expect(openWindowsQueue('POS-58', 'linux')).rejects.toThrow(/only on Windows/);
    const { printer } = shopPrinter(shop, { ...DEFAULT_PRINTER_DEVICE, connection: 'windows', share: 'POS-58' });
    expect(await printer.check()).toMatchObject({ condition: 'unreachable' });
  });
});
