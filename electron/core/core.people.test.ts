/**
 * The people at the till, in the core: who signs in is kept in memory only, every write made
 * while they are signed in carries them (stored with the outbox item, sent as X-Cashier), and
 * signing out or switching to another back office leaves nobody signed in.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashSale, demoProducts, type Product } from '../../server/testing/demo-sales.js';
import type { BridgeEvent } from '../../shared/bridge/api.js';
import { startDesk, type TestDesk } from './testing/desk.js';

let desk: TestDesk;
let backOffice: Database.Database;
let product: Product;
const events: BridgeEvent[] = [];

beforeAll(async () => {
  desk = await startDesk({ demo: true });
  backOffice = new Database(join(desk.dataDir, 'backoffice.sqlite'), { readonly: true });
  [product] = demoProducts(backOffice, 1) as [Product];
  desk.api.onEvent((e) => events.push(e));
});
afterAll(async () => {
  backOffice?.close();
  await desk?.close();
});

const cashierOfReceipt = (ndoc: string) =>
  (
    backOffice
      .prepare(
        `SELECT d.xml_body_b64 FROM receipts r JOIN prro_docs d ON d.id = r.prro_doc_id WHERE r.check_number =
           (SELECT max(check_number) FROM receipts WHERE ndoc = ?)`,
      )
      .get(ndoc) as { xml_body_b64: string }
  ).xml_body_b64;

describe('a cashier at the till', () => {
  it('is nobody until a PIN is right; a wrong one is answered, not thrown', async () => {
    expect((await desk.api.status()).cashier).toBeNull();
    const wrong = await desk.api.signIn({ kasm: 1, card: '1003', pin: '0000' });
    expect(wrong.rows[0]).toMatchObject({ outcome: 'wrong_pin', attempts_left: '4' });
    expect((await desk.api.status()).cashier).toBeNull();
    const right = await desk.api.signIn({ kasm: 1, card: '1003', pin: '3003' });
    expect(right.rows[0]).toMatchObject({ outcome: 'signed_in', role: 'cashier' });
    const cashier = (await desk.api.status()).cashier;
    expect(cashier).toMatchObject({ name: 'Шевчук Оксана Василівна', role: 'cashier' });
    expect(events).toContainEqual({ type: 'session', cashier });
  });

  it('is carried by every write: kept with the outbox item and named in the fiscal document', async () => {
    const out = await desk.api.write('pos.checkout_close_sale', cashSale('K1-people-1', product), { group: 'K1-people-1' });
    expect(out.status).toBe('done');
    const [item] = await desk.api.queueList({ states: ['done'] });
    expect(item?.cashier).toEqual({ id: (await desk.api.status()).cashier?.id, name: 'Шевчук Оксана Василівна' });
    // The document is windows-1251 XML in base64, as the DPS takes it: the cashier's name is in it.
    const xml = new TextDecoder('windows-1251').decode(Buffer.from(cashierOfReceipt('K1-people-1'), 'base64'));
    expect(xml).toContain('<CASHIER>Шевчук Оксана Василівна</CASHIER>');
  });

  it('is nobody after signing out, and writes then carry no cashier', async () => {
    await desk.api.signOut();
    expect((await desk.api.status()).cashier).toBeNull();
    expect(events.at(-1)).toEqual({ type: 'session', cashier: null });
    const out = await desk.api.write('pos.checkout_close_sale', cashSale('K1-people-2', product), { group: 'K1-people-2' });
    expect(out.status).toBe('done');
    const items = await desk.api.queueList({ states: ['done'] });
    expect(items.find((i) => i.group === 'K1-people-2')?.cashier).toBeNull();
  });

  it("asks a manager's confirmation with the manager's PIN, never a cashier's", async () => {
    const ok = await desk.api.confirmManager({
      kasm: 1,
      card: '1002',
      pin: '2002',
      action: 'cash_withdrawal',
      subject: '200.00',
    });
    expect(ok.rows[0]).toMatchObject({ outcome: 'confirmed', manager: 'Мельник Андрій Петрович' });
    await expect(
      desk.api.confirmManager({ kasm: 1, card: '1003', pin: '3003', action: 'cash_withdrawal', subject: '' }),
    ).rejects.toMatchObject({ code: 'INVALID_PARAMETER' });
  });
});
