/**
 * The ESC/POS printer through the core's bridge API, on the desk's own embedded back office (the
 * demo shop) and an emulated network printer: a manager sets it up (a cashier may not), the test
 * page and the state; a sale's receipt is printed from nothing but its number, the main process
 * reading the rows itself through its RPC client; the drawer opens for cash and not for a card; the
 * state before a close says paper out.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashSale, demoProducts, type Product } from '../../server/testing/demo-sales.js';
import { decode } from '../devices/printer/testing/decode.js';
import { type RunningEmulator, startTcpPrinter } from '../devices/printer/testing/emulator.js';
import { startDesk, type TestDesk } from './testing/desk.js';

const CASHIER = { kasm: 1, card: '1003', pin: '3003' };
const MANAGER = { kasm: 1, card: '1002', pin: '2002' };
const TABLES = { 46: 'windows1251' } as const;

let desk: TestDesk;
let emulator: RunningEmulator;
let product: Product;
beforeAll(async () => {
  desk = await startDesk({ demo: true });
  emulator = await startTcpPrinter();
  const backOffice = new Database(join(desk.dataDir, 'backoffice.sqlite'), { readonly: true });
  [product] = demoProducts(backOffice, 1) as [Product];
  backOffice.close();
});
afterAll(async () => {
  await emulator?.stop();
  await desk?.close();
});

const device = () =>
  ({ connection: 'tcp', host: '127.0.0.1', port: emulator.port, codePage: 'windows1251', codeTable: 46 }) as const;

async function sale(ndoc: string, type: 'nal' | 'bn'): Promise<number> {
  const params = cashSale(ndoc, product);
  const outcome = await desk.api.write(
    'pos.checkout_close_sale',
    { ...params, payments: [{ type, amount: product.price }] },
    {
      waitMs: 5000,
    },
  );
  if (outcome.status !== 'done') throw new Error(`the sale was not closed: ${JSON.stringify(outcome)}`);
  return Number((outcome.result.rows[0] as { check_number: string }).check_number);
}

async function printedNow(check: number) {
  emulator.printer.reset();
  expect(await desk.api.printPaper({ checkNumber: check })).toMatchObject({ status: 'printed' });
  await emulator.settled();
  return decode(emulator.printer.bytes(), TABLES);
}

describe('the ESC/POS printer through the bridge', () => {
  it('is a manager’s to set up and test, as the till’s identity is', async () => {
    expect((await desk.api.status()).printer).toBeNull();
    await expect(desk.api.printPaper({ checkNumber: 1 })).rejects.toMatchObject({ code: 'NO_PRINTER' });
    await desk.api.signIn(CASHIER);
    await expect(desk.api.settingsUpdate({ printerDevice: device() })).rejects.toMatchObject({ code: 'NOT_A_MANAGER' });
    await expect(desk.api.printerTest()).rejects.toMatchObject({ code: 'NOT_A_MANAGER' });
    await desk.api.signIn(MANAGER);
    expect((await desk.api.settingsUpdate({ printerDevice: device() })).printerDevice).toMatchObject(device());
    const test = await desk.api.printerTest();
    expect(test).toMatchObject({ printed: { status: 'printed' }, state: { condition: 'ready' } });
    expect((await desk.api.status()).printer).toMatchObject({ connection: 'tcp', condition: 'ready' });
  });

  it('prints a cash sale’s receipt read by the main process itself: the link in the QR, the drawer opened', async () => {
    const check = await sale('printer-cash', 'nal');
    const out = await printedNow(check);
    // Read after the print: the printer waited for the fiscal number the tax server gives.
    const head = (await desk.api.read('pos.receipt_print', { check_number: check })).result.rows[0] as { qr_url: string };
    expect(head.qr_url).not.toBe('');
    expect(out.papers).toHaveLength(1);
    expect(out.papers[0]?.qr).toEqual([head.qr_url]);
    expect(out.drawer).toBe(1);
    // The drawer for a paper given without printing (an e-receipt): already opened, so not again.
    expect(await desk.api.openDrawer({ checkNumber: check })).toBe(false);
  });

  it('never opens the drawer for a card sale', async () => {
    const check = await sale('printer-card', 'bn');
    expect((await printedNow(check)).drawer).toBe(0);
    expect(await desk.api.openDrawer({ checkNumber: check })).toBe(false);
  });

  it('says paper out when asked before a close, and in the status bar', async () => {
    emulator.printer.state.paper = 'out';
    expect(await desk.api.printerCheck()).toMatchObject({ condition: 'paper_out' });
    expect((await desk.api.status()).printer).toMatchObject({ condition: 'paper_out' });
    const check = await sale('printer-no-paper', 'nal');
    expect(await desk.api.printPaper({ checkNumber: check })).toMatchObject({ status: 'failed', problem: 'paper_out' });
    emulator.printer.state.paper = 'ok';
  });
});
