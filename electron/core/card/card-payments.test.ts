/**
 * Card payments through the whole desk: the bridge's cardSale and cardRefund against a scripted
 * terminal (electron/devices/terminal/testing/emulator.ts) and the embedded demo back office.
 * What must hold whatever the terminal does: a sale is closed only on an approved payment, and
 * once; a declined or never-taken payment leaves it open; a payment whose answer was lost is asked
 * of the terminal (its last result) before anything else, also after a crash.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoProducts, type Product } from '../../../server/testing/demo-sales.js';
import type { CardOutcome, TerminalSettings } from '../../../shared/bridge/api.js';
import { BridgeError } from '../../../shared/bridge/errors.js';
import type { ParamsOf } from '../../../shared/contract/index.js';
import { openDatabase } from '../../../shared-node/sqlite/open.js';
import { TerminalClient } from '../../devices/terminal/client.js';
import { purchase } from '../../devices/terminal/operations/payment.js';
import { TcpTerminalEmulator } from '../../devices/terminal/testing/emulator.js';
import { tcpTransport } from '../../devices/terminal/transport/tcp.js';
import { OutboxStore } from '../outbox/store.js';
import { startDesk, type TestDesk, waitUntil } from '../testing/desk.js';
import { CardStore } from './card-store.js';

// Short enough for tests, long enough for a machine under load to answer a quick question.
const TIMING = { timeouts: { payment: 1500, report: 1500, quick: 3000 }, recoverMs: 6000, pollMs: 100 };

let emu: TcpTerminalEmulator;
let desk: TestDesk;
let office: Database.Database;
let products: Product[];
const terminalAt = (port: number): Partial<TerminalSettings> => ({ enabled: true, connection: 'tcp', host: '127.0.0.1', port });

beforeAll(async () => {
  emu = await new TcpTerminalEmulator().start();
  desk = await startDesk({ demo: true, terminal: terminalAt(emu.port), card: TIMING });
  office = new Database(join(desk.dataDir, 'backoffice.sqlite'), { readonly: true });
  products = demoProducts(office, 3);
}, 120_000);
afterAll(async () => {
  office?.close();
  await desk?.close();
  await emu?.stop();
});

let n = 0;
/** A one-line sale of a demo product, all of it by card, or `cash` of it in cash (a mixed payment). */
function sale(cash = '0.00'): ParamsOf<'pos.checkout_close_sale'> {
  const p = products[n % products.length] as Product;
  n++;
  const card = (Number(p.price) - Number(cash)).toFixed(2);
  return {
    kasm: 1,
    ndoc: `card-${process.pid}-${n}`,
    rows: [{ code: p.code, quant: '1', price: p.price, sum: p.price }],
    payments: [{ type: 'bn', amount: card }, ...(cash === '0.00' ? [] : [{ type: 'nal' as const, amount: cash }])],
  };
}

const receipts = (ndoc: string) => office.prepare('SELECT count(*) FROM receipts WHERE ndoc = ?').pluck().get(ndoc) as number;
const approvalsOf = (ndoc: string) =>
  office
    .prepare(
      'SELECT t.rrn, t.amount, t.terminal_id FROM card_terminal_payments t JOIN receipts r ON r.check_number = t.check_number WHERE r.ndoc = ?',
    )
    .all(ndoc) as { rrn: string; amount: number; terminal_id: string }[];
const purchasesAsked = () => emu.count('Purchase');

describe('a card sale on the terminal', () => {
  // What one test scripted and did not use must not decide the next.
  beforeEach(() => emu.reset());
  it('closes the sale once on an approval, with the terminal’s details in the books', async () => {
    const p = sale();
    const out = await desk.api.cardSale(p, { waitMs: 5000 });
    expect(out).toMatchObject({
      status: 'approved',
      approval: { amount: p.payments[0]?.amount, pan: '4731XXXXXXXX1234', terminal_id: 'S1A00042', acquirer: 'ПриватБанк' },
      write: { status: 'done' },
    });
    expect(receipts(p.ndoc as string)).toBe(1);
    expect(approvalsOf(p.ndoc as string)).toEqual([
      {
        rrn: (out as Extract<CardOutcome, { status: 'approved' }>).approval.rrn,
        amount: expect.any(Number),
        terminal_id: 'S1A00042',
      },
    ]);
    expect((await desk.api.status()).terminal).toMatchObject({ state: 'ready', pending: null });
  });

  it("leaves the sale open on a decline, with the terminal's words", async () => {
    emu.script('Purchase', { result: 'decline', reason: 'Недостатньо коштів' });
    const p = sale();
    expect(await desk.api.cardSale(p, { waitMs: 3000 })).toEqual({
      status: 'declined',
      code: '1002',
      reason: 'Недостатньо коштів',
    });
    expect(receipts(p.ndoc as string)).toBe(0);
    expect(
      (await desk.api.queueList({ states: ['queued', 'sending', 'done'] })).filter((i) => i.group === `sale-${p.ndoc}`),
    ).toEqual([]);
  });

  it('asks the last result after a timeout: approved closes the sale once', async () => {
    emu.script('Purchase', { result: 'approve', answer: 'lose' });
    const p = sale();
    const before = purchasesAsked();
    const out = await desk.api.cardSale(p, { waitMs: 5000 });
    expect(out).toMatchObject({ status: 'approved', write: { status: 'done' } });
    expect(receipts(p.ndoc as string)).toBe(1);
    // Asked once, never paid again.
    expect(purchasesAsked() - before).toBe(1);
  });

  it('asks the last result after a timeout: declined leaves the sale open', async () => {
    emu.script('Purchase', { result: 'decline', answer: 'lose' });
    const p = sale();
    const out = await desk.api.cardSale(p, { waitMs: 3000 });
    expect(out).toMatchObject({ status: 'declined' });
    expect(receipts(p.ndoc as string)).toBe(0);
  });

  it('asks the last result after the link was lost mid-payment, and closes once', async () => {
    emu.script('Purchase', { result: 'approve', answer: 'cut' });
    const p = sale();
    expect(await desk.api.cardSale(p, { waitMs: 5000 })).toMatchObject({ status: 'approved' });
    expect(receipts(p.ndoc as string)).toBe(1);
  });

  it('voids the payment on the terminal when the back office refuses the close at once', async () => {
    const p = { ...sale(), sum: '1.00' };
    const before = emu.count('Withdrawal');
    const out = await desk.api.cardSale(p, { waitMs: 5000 });
    expect(out).toMatchObject({ status: 'approved', write: { status: 'refused' }, voided: true });
    expect(emu.count('Withdrawal') - before).toBe(1);
    expect(receipts(p.ndoc as string)).toBe(0);
  });

  it('voids a partial approval (0010) and leaves the sale open, saying the money was given back', async () => {
    const p = sale();
    const part = (Number(p.payments[0]?.amount) / 2).toFixed(2);
    emu.script('Purchase', { result: 'partial', amount: part });
    const before = emu.count('Withdrawal');
    const out = await desk.api.cardSale(p, { waitMs: 3000 });
    expect(out).toMatchObject({ status: 'declined', code: '0010', taken: { amount: part, voided: true } });
    expect(emu.count('Withdrawal') - before).toBe(1);
    const approvedNumber = emu.requests.filter((r) => r.method === 'Withdrawal').at(-1)?.params.invoiceNumber;
    expect(approvedNumber).toMatch(/^\d{6}$/);
    expect(receipts(p.ndoc as string)).toBe(0);
    expect((await desk.api.status()).terminal.pending).toBeNull();
  });

  it('says a partial approval it could not void: the money is on the card', async () => {
    const p = sale();
    const part = (Number(p.payments[0]?.amount) / 2).toFixed(2);
    emu.script('Purchase', { result: 'partial', amount: part });
    emu.script('Withdrawal', { result: 'decline', reason: 'Операцію не знайдено' });
    const out = await desk.api.cardSale(p, { waitMs: 3000 });
    expect(out).toMatchObject({ status: 'declined', code: '0010', taken: { amount: part, voided: false } });
    expect(receipts(p.ndoc as string)).toBe(0);
  });

  it('learns a partial approval whose answer was lost from the last result, and voids it', async () => {
    const p = sale();
    const part = (Number(p.payments[0]?.amount) / 2).toFixed(2);
    emu.script('Purchase', { result: 'partial', amount: part, answer: 'lose' });
    const before = emu.count('Withdrawal');
    const out = await desk.api.cardSale(p, { waitMs: 3000 });
    expect(out).toMatchObject({ status: 'declined', code: '0010', taken: { amount: part, voided: true } });
    expect(emu.count('Withdrawal') - before).toBe(1);
    expect((await desk.api.status()).terminal.pending).toBeNull();
  });

  it('pays only the card part of a mixed payment on the terminal', async () => {
    const p = sale('10.00');
    const out = await desk.api.cardSale(p, { waitMs: 5000 });
    expect(out).toMatchObject({ status: 'approved', write: { status: 'done' } });
    expect(emu.requests.filter((r) => r.method === 'Purchase').at(-1)?.params.amount).toBe(p.payments[0]?.amount);
    expect(receipts(p.ndoc as string)).toBe(1);
  });

  it('holds a payment it cannot learn the outcome of, and pays nothing else until the terminal is asked again', async () => {
    emu.script('Purchase', { result: 'approve', answer: 'lose', thenSilent: true });
    const p = sale();
    const out = await desk.api.cardSale(p, { waitMs: 3000 });
    expect(out).toMatchObject({ status: 'unknown' });
    expect(receipts(p.ndoc as string)).toBe(0);
    expect((await desk.api.status()).terminal.pending).toMatchObject({
      kind: 'sale',
      amount: p.payments[0]?.amount,
      ndoc: p.ndoc,
    });
    // Another sale cannot start a payment meanwhile: the first one may have taken money.
    await expect(desk.api.cardSale(sale(), { waitMs: 1000 })).rejects.toMatchObject({ code: 'CARD_PENDING' });
    emu.lastResultSilent(false);
    expect(await desk.api.cardRecover()).toMatchObject({ status: 'approved' });
    await waitUntil(() => receipts(p.ndoc as string) === 1, 'the recovered sale is closed');
    expect((await desk.api.status()).terminal.pending).toBeNull();
    expect(await desk.api.cardRecover()).toBeNull();
  });

  it('says an unreachable terminal before sending anything, and stores nothing', async () => {
    const other = await startDesk({ demo: false, terminal: terminalAt(1), card: TIMING });
    try {
      const out = await other.api.cardSale(sale(), { waitMs: 1000 });
      expect(out).toMatchObject({ status: 'unavailable' });
      expect((await other.api.status()).terminal).toMatchObject({ state: 'unreachable', pending: null });
    } finally {
      await other.close();
    }
  });

  it('is refused without a terminal, and the interface may not bring its own approval', async () => {
    const bare = await startDesk({ demo: false });
    try {
      await expect(bare.api.cardSale(sale(), {})).rejects.toMatchObject({ code: 'TERMINAL_OFF' });
    } finally {
      await bare.close();
    }
    const p = { ...sale(), card_payment: { amount: '1.00', rrn: 'x' } } as ParamsOf<'pos.checkout_close_sale'>;
    await expect(desk.api.cardSale(p, {})).rejects.toBeInstanceOf(BridgeError);
  });
});

describe('a card return on the terminal', () => {
  it('refunds the card part with the sale’s RRN and books the return with the refund’s approval', async () => {
    const p = sale();
    const paid = await desk.api.cardSale(p, { waitMs: 5000 });
    expect(paid).toMatchObject({ status: 'approved', write: { status: 'done' } });
    const approved = paid as Extract<CardOutcome, { status: 'approved' }>;
    const write = approved.write as Extract<typeof approved.write, { status: 'done' }>;
    const checkNumber = Number((write.result.rows[0] as { check_number: string }).check_number);
    // A return names the sale's fiscal number: wait until the tax server (simulated) gave it.
    await waitUntil(
      () =>
        office
          .prepare('SELECT fiscal_number FROM prro_docs d JOIN receipts r ON r.prro_doc_id = d.id WHERE r.check_number = ?')
          .pluck()
          .get(checkNumber) !== null,
      'the sale is fiscalized',
    );
    const out = await desk.api.cardRefund(
      { check_number: checkNumber, kasm: 1, rows: [{ line_no: 1, quant: '1' }] },
      { amount: approved.approval.amount, rrn: approved.approval.rrn },
      { waitMs: 5000 },
    );
    expect(out).toMatchObject({ status: 'approved', write: { status: 'done' } });
    expect(emu.requests.filter((r) => r.method === 'Refund').at(-1)?.params).toMatchObject({
      amount: approved.approval.amount,
      rrn: approved.approval.rrn,
    });
    expect(office.prepare("SELECT count(*) FROM card_terminal_payments WHERE kind = 'return'").pluck().get()).toBe(1);
  });
});

describe('a crash mid-payment', () => {
  let crashEmu: TcpTerminalEmulator;
  let dataDir: string;
  beforeEach(async () => {
    crashEmu = await new TcpTerminalEmulator().start();
  });
  afterEach(async () => {
    await crashEmu.stop();
  });

  /**
   * What a till killed while the terminal worked leaves: the payment stored as sent, with the
   * terminal's last operation before it, and the terminal having done it (or not) meanwhile.
   */
  async function crashedWhilePaying(outcome: 'approve' | 'decline' | 'never'): Promise<{ ndoc: string }> {
    const first = await startDesk({ demo: true, terminal: terminalAt(crashEmu.port), card: TIMING });
    dataDir = first.dataDir;
    await first.stop();
    const p = sale();
    const db = openDatabase(join(dataDir, 'outbox.sqlite'));
    new CardStore(db, new OutboxStore(db)).begin({
      kind: 'sale',
      amount: p.payments[0]?.amount as string,
      ndoc: p.ndoc as string,
      method: 'pos.checkout_close_sale',
      params: p as Record<string, unknown>,
      options: { group: `sale-${p.ndoc}`, summary: `sale ${p.ndoc}: close` },
      service: '',
      cashier: null,
      rrn: '',
      baseline: '',
    });
    db.close();
    if (outcome !== 'never') {
      // The terminal did the payment; its answer went to a till that was no longer there.
      crashEmu.script('Purchase', { result: outcome });
      const c = new TerminalClient(tcpTransport('127.0.0.1', crashEmu.port));
      await purchase(c, p.payments[0]?.amount as string, TIMING.timeouts);
      await c.close();
    }
    return { ndoc: p.ndoc as string };
  }

  const officeOf = () => new Database(join(dataDir, 'backoffice.sqlite'), { readonly: true });

  it('is asked of the terminal at the next start: approved closes the sale once, and a second restart changes nothing', async () => {
    const { ndoc } = await crashedWhilePaying('approve');
    const again = await startDesk({ dataDir, terminal: terminalAt(crashEmu.port), card: TIMING });
    const seen = officeOf();
    try {
      await waitUntil(() => seen.prepare('SELECT count(*) FROM receipts WHERE ndoc = ?').pluck().get(ndoc) === 1, 'closed once');
      expect((await again.api.status()).terminal.pending).toBeNull();
      await again.stop();
      const third = await startDesk({ dataDir, terminal: terminalAt(crashEmu.port), card: TIMING });
      await new Promise((r) => setTimeout(r, 500));
      expect(seen.prepare('SELECT count(*) FROM receipts WHERE ndoc = ?').pluck().get(ndoc)).toBe(1);
      expect(crashEmu.count('Purchase')).toBe(1);
      await third.close();
    } finally {
      seen.close();
    }
  }, 120_000);

  it('is asked of the terminal at the next start: declined, or never taken, leaves the sale open', async () => {
    for (const outcome of ['decline', 'never'] as const) {
      const { ndoc } = await crashedWhilePaying(outcome);
      const again = await startDesk({ dataDir, terminal: terminalAt(crashEmu.port), card: TIMING });
      const seen = officeOf();
      try {
        await waitUntil(async () => (await again.api.status()).terminal.pending === null, 'settled');
        expect(seen.prepare('SELECT count(*) FROM receipts WHERE ndoc = ?').pluck().get(ndoc)).toBe(0);
      } finally {
        seen.close();
        await again.close();
      }
    }
  }, 180_000);
});
