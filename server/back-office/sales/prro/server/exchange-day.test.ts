/**
 * A whole fiscal day through the real exchange: the back office's documents signed with the
 * register's key, sent by the adapter over HTTP to the simulator, which checks each signature
 * against its CA and answers signed tickets the adapter verifies. Open shift, sales, a return,
 * cash in and out, an offline hour uploaded as a package, X, Z; a send whose answer was lost; a
 * refusal as the manager's PRRO queue shows it.
 */
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PRRO } from '../../../../../shared/contract/index.js';
import { createDpsExchange, type DpsExchange } from '../../../../dps/exchange/dps-exchange.js';
import { readDocument } from '../../../../dps/format/read.js';
import { bundledTrust } from '../../../../dps/signing/bundled-trust.js';
import { verifySigned } from '../../../../dps/signing/cms.js';
import { TrustStore } from '../../../../dps/signing/trust.js';
import { backOfficeRegistry } from '../../../../dps/simulator/backoffice-registry.js';
import { type HttpSimulator, startSimulator } from '../../../../dps/simulator/http/server.js';
import { configureKeys, keyRingOf } from '../../kernel/keys/ring.js';
import { prroSql } from '../../kernel/register/statements.js';
import { BREAD, MILK, managerConfirmation, type Shop, standardShop, TEST_SELLER } from '../../testing/shop.js';
import { dispatchFiscal } from './dispatch.js';
import { WORDS } from './words.js';

const NUMPRRO = '4000123456';
const PASSWORD = 'ключ-дня';
let shop: Shop;
let sim: HttpSimulator;
let exchange: DpsExchange;
let clock: Date;

const at = (iso: string) => {
  clock = new Date(iso);
  shop.setNow(iso);
};
const send = () => dispatchFiscal(shop.db, exchange, () => clock, 'Europe/Kyiv');

beforeEach(async () => {
  shop = standardShop();
  clock = new Date('2025-03-14T10:00:00Z');
  sim = await startSimulator({ db: shop.db, registry: backOfficeRegistry(shop.db), now: () => clock });
  const keyTrust = new TrustStore([...bundledTrust().all(), sim.caCertificate.der]);
  configureKeys(shop.db, { trust: () => keyTrust, server: 'simulator' });
  const issued = sim.issueKey({ owner: TEST_SELLER.org_name, edrpou: TEST_SELLER.tin, password: PASSWORD, iterations: 100 });
  shop.call('settings.prro_key_load', {
    kasm: 1,
    container: issued.container.toString('base64'),
    password: PASSWORD,
    certificate: issued.certificate.toString('base64'),
  });
  exchange = createDpsExchange({
    url: sim.url,
    keys: keyRingOf(shop.db),
    trust: new TrustStore([sim.caCertificate]),
    serverTaxNumbers: [sim.serverTaxNumber],
    timeoutMs: 5_000,
    now: () => clock,
  });
});
afterEach(async () => {
  exchange.close();
  await sim.close();
  shop.close();
});

interface DocRow {
  id: number;
  doc_type: string;
  status: number;
  local_num: number;
  fiscal_number: string;
  offline_session_id: string;
  last_error: string;
  xml_body_b64: string;
  signed_b64: string;
  registered_at: string;
}
const docs = (numprro = NUMPRRO) =>
  shop.db.prepare('SELECT * FROM prro_docs WHERE numprro = ? AND status <> 5 ORDER BY local_num').all(numprro) as DocRow[];
const cashSale = (code = BREAD, price = '25.50') =>
  shop.call('pos.checkout_close_sale', {
    kasm: 1,
    rows: [{ code, quant: '1', price, sum: price }],
    payments: [{ type: 'nal', amount: price }],
  }).rows[0] as Record<string, string>;
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('a fiscal day through the exchange over HTTP', () => {
  it('signs every document, gets each a fiscal number from a verified ticket, and goes offline and back', async () => {
    // Till 1's shift opening (made before its key was loaded) goes out signed; till 2 has no key, so nothing of it goes.
    expect(await send()).toMatchObject({ rejected: 0, wentOffline: [] });
    expect(docs()[0]).toMatchObject({ doc_type: 'shift_open', status: PRRO.accepted });
    expect(docs('4000123457')[0]).toMatchObject({ status: PRRO.queued, last_error: WORDS.noKey });

    const card = shop.call('pos.checkout_close_sale', {
      kasm: 1,
      rows: [{ code: MILK, quant: '2', price: '42.00', sum: '84.00' }],
      payments: [{ type: 'bn', amount: '84.00' }],
    }).rows[0] as Record<string, string>;
    const sold = cashSale();
    shop.call('pos.cash_deposit', { kasm: 1, amount: '200.00' });
    await send();
    shop.call('pos.checkout_return', { check_number: Number(card.check_number), kasm: 1, rows: [{ line_no: 1, quant: '1' }] });
    shop.call('pos.cash_withdrawal', {
      kasm: 1,
      amount: '100.00',
      comment: 'інкасація',
      confirmation: managerConfirmation(shop, 'cash_withdrawal'),
    });
    await send();
    const online = docs();
    expect(online.map((d) => [d.doc_type, d.status])).toEqual([
      ['shift_open', PRRO.accepted],
      ['receipt', PRRO.accepted],
      ['receipt', PRRO.accepted],
      ['service_deposit', PRRO.accepted],
      ['return', PRRO.accepted],
      ['service_withdrawal', PRRO.accepted],
    ]);
    for (const d of online) {
      expect(d.fiscal_number).toMatch(/^\d+$/);
      expect(d.registered_at).toMatch(/^\d{8} \d{6}$/);
    }
    // The receipt the customer gets names the number the server gave.
    const receipt = docs().find((d) => d.doc_type === 'receipt' && d.id === Number(sold.prro_doc_id));
    const found = shop.call('pos.receipt_find', { fiscal_number: receipt?.fiscal_number as string }).rows;
    expect(found).toMatchObject([{ kind: 'sale', check_number: sold.check_number }]);

    // An offline hour: the server is cut, the register works on, and its session goes up as a package.
    await sim.setReachable(false);
    at('2025-03-14T11:00:00Z');
    cashSale();
    expect(await send()).toMatchObject({ wentOffline: [NUMPRRO] });
    at('2025-03-14T11:30:00Z');
    cashSale(MILK, '42.00');
    at('2025-03-14T11:45:00Z');
    cashSale();
    at('2025-03-14T12:00:00Z');
    await sim.setReachable(true);
    expect(await send()).toMatchObject({ cameOnline: [NUMPRRO], rejected: 0 });
    const session = docs().filter((d) => d.offline_session_id !== '');
    expect(session.map((d) => d.doc_type)).toEqual(['offline_begin', 'receipt', 'receipt', 'receipt', 'offline_end']);
    expect(session.every((d) => d.status === PRRO.accepted)).toBe(true);
    // The hash chain runs over the signed documents (102 and 103 outside it).
    const chained = session.filter((d) => d.doc_type === 'receipt');
    for (const [i, d] of chained.entries()) {
      const prev = readDocument(Buffer.from(d.xml_body_b64, 'base64')).head.PREVDOCHASH;
      if (i === 0) expect(prev).toBeUndefined();
      else expect(prev).toBe(sha256(Buffer.from((chained[i - 1] as DocRow).signed_b64, 'base64')));
    }
    expect(sim.received.pck).toBeGreaterThan(0);

    // X, then Z: the shift closes once the tax server has it all, and the key is locked again.
    expect(shop.call('pos.shift_x_report', { kasm: 1 }).rows.length).toBeGreaterThan(0);
    at('2025-03-14T18:00:00Z');
    shop.call('pos.shift_close', { kasm: 1 });
    await send();
    const all = docs();
    expect(all.slice(-2).map((d) => [d.doc_type, d.status])).toEqual([
      ['z_report', PRRO.accepted],
      ['shift_close', PRRO.accepted],
    ]);
    expect(all.every((d) => d.status === PRRO.accepted)).toBe(true);
    // Every document went signed by the seller's key, as the simulator's CA checks it.
    for (const d of all) {
      const msg = verifySigned(Buffer.from(d.signed_b64, 'base64'), { trust: new TrustStore([sim.caCertificate]), at: clock });
      expect(msg.content.equals(Buffer.from(d.xml_body_b64, 'base64'))).toBe(true);
      expect(msg.signer.edrpou).toBe(TEST_SELLER.tin);
    }
    expect(keyRingOf(shop.db).isUnlocked(NUMPRRO)).toBe(false);
  });

  it('sends even when the server gives no state of the register (asked again at the next round)', async () => {
    const stateless: DpsExchange = { ...exchange, registrarState: async () => undefined };
    cashSale();
    expect(await dispatchFiscal(shop.db, stateless, () => clock, 'Europe/Kyiv')).toMatchObject({ accepted: 2, rejected: 0 });
  });

  it('asks the server after a lost answer instead of sending twice', async () => {
    await send();
    cashSale();
    sim.inject({ kind: 'drop-answer', on: 'doc' });
    await send();
    const last = docs().at(-1) as DocRow;
    expect(last).toMatchObject({ doc_type: 'receipt', status: PRRO.accepted, offline_session_id: '' });
    expect(last.fiscal_number).toMatch(/^\d+$/);
    const held = shop.db
      .prepare('SELECT count(*) FROM fiscal_server_documents WHERE numprro = ? AND local_num = ?')
      .pluck()
      .get(NUMPRRO, last.local_num);
    expect(held).toBe(1);
  });

  it('revokes the online document whose answer was lost when the register went offline in its place', async () => {
    await send();
    cashSale();
    // Registered, the answer lost, and the server gone: the register cannot know, and goes offline.
    sim.inject({ kind: 'drop-answer', on: 'doc', thenUnreachable: true });
    expect(await send()).toMatchObject({ wentOffline: [NUMPRRO] });
    expect(prroSql(shop.db).register.get(NUMPRRO)?.revoke_check).toBeGreaterThan(0);
    at('2025-03-14T10:20:00Z');
    cashSale();
    at('2025-03-14T10:40:00Z');
    await sim.setReachable(true);
    expect(await send()).toMatchObject({ cameOnline: [NUMPRRO], rejected: 0 });
    const begin = docs().find((d) => d.doc_type === 'offline_begin') as DocRow;
    expect(readDocument(Buffer.from(begin.xml_body_b64, 'base64')).head.REVOKELASTONLINEDOC).toBe('true');
    expect(docs().every((d) => d.status === PRRO.accepted)).toBe(true);
    expect(prroSql(shop.db).register.get(NUMPRRO)?.revoke_check).toBe(0);
    // The server took the 102 in the revoked receipt's place: the receipt counts once, with its offline number.
    const held = shop.db.prepare('SELECT doc_type FROM fiscal_server_documents WHERE numprro = ? AND local_num = ?').pluck();
    expect(held.get(NUMPRRO, begin.local_num)).not.toBe('SaleGoods');
  });

  it('shows a refusal to the manager in Ukrainian: a key the server does not let sign for the register', async () => {
    await send();
    // A cashier's own key, loaded as registered for the register, whom the tax server does not know.
    const issued = sim.issueKey({ owner: 'Петренко Олена', drfo: '3012345678', password: PASSWORD, iterations: 100 });
    shop.call('settings.prro_key_load', {
      kasm: 1,
      container: issued.container.toString('base64'),
      password: PASSWORD,
      certificate: issued.certificate.toString('base64'),
      cashier_registered: true,
    });
    cashSale();
    expect(await send()).toMatchObject({ rejected: 1 });
    const refused = docs().at(-1) as DocRow;
    expect(refused.status).toBe(PRRO.rejected);
    expect(refused.last_error).toMatch(/Петренко Олена/);
    const grid = shop.call('pos.prro_error_grid_page', {
      start: '2025-03-14',
      end: '2025-03-14',
      kasm: '1',
      numprro: NUMPRRO,
    }).rows;
    expect(JSON.stringify(grid)).toContain('Петренко Олена');
  });

  it("holds a register another back office runs, and after a manager's take-over never takes the other's documents for its own", async () => {
    // Another set of books runs the same register first (a second till given the same PRRO).
    const other = standardShop();
    try {
      configureKeys(other.db, keyRingOf(shop.db).settings);
      const issued = sim.issueKey({ owner: TEST_SELLER.org_name, edrpou: TEST_SELLER.tin, password: PASSWORD, iterations: 100 });
      other.call('settings.prro_key_load', {
        kasm: 1,
        container: issued.container.toString('base64'),
        password: PASSWORD,
        certificate: issued.certificate.toString('base64'),
      });
      const theirs = createDpsExchange({
        url: sim.url,
        keys: keyRingOf(other.db),
        trust: new TrustStore([sim.caCertificate]),
        serverTaxNumbers: [sim.serverTaxNumber],
        now: () => clock,
      });
      await dispatchFiscal(other.db, theirs, () => clock, 'Europe/Kyiv');
      theirs.close();
      const theirOpening = other.db
        .prepare("SELECT fiscal_number FROM prro_docs WHERE doc_type = 'shift_open' AND kasm = 1")
        .pluck()
        .get();
      expect(theirOpening).toMatch(/^\d+$/);

      // Ours is held: the tax server says another device runs the register.
      expect(await send()).toMatchObject({ accepted: 0 });
      expect(docs()[0]).toMatchObject({ status: PRRO.queued });
      expect(docs()[0]?.last_error).toMatch(/працює на іншому пристрої/);
      expect(shop.call('pos.prro_key_state', { kasm: 1 }).rows[0]).toMatchObject({ device: 'other' });

      // A manager moves it here. Our opening meets the other's at number 1: not ours, so ours moves on, and the server refuses a second opening.
      shop.call('settings.prro_device_take_over', { kasm: 1 });
      await send();
      await send();
      const ours = docs()[0] as DocRow;
      expect(ours.fiscal_number).not.toBe(theirOpening);
      expect(ours).toMatchObject({ doc_type: 'shift_open', status: PRRO.rejected, local_num: 2 });
      expect(ours.last_error).toMatch(/^Код помилки: 4 ShiftAlreadyOpened/);
      expect(shop.call('pos.prro_key_state', { kasm: 1 }).rows[0]).toMatchObject({ device: 'ours' });
    } finally {
      other.close();
    }
  });
});
