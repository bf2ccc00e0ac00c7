/**
 * `npm run dps:smoke` — a hand-run check against the DPS's real fiscal server with a shop's real
 * key. Never part of the tests, and it refuses to run unless DPS_SMOKE=1 is set: it reaches the
 * internet and, with --documents, registers documents on the tax server (TESTING ones, which are
 * not fiscal, but the server keeps them).
 *
 *   DPS_SMOKE=1 npm run dps:smoke -- --key Key-6.dat --password '…' [--cert 1234-sign.cer] --numprro 4000123456
 *       [--url https://fs.tax.gov.ua:8643/fs] [--ca CACertificates.p7b]... [--server-edrpou 43005393]
 *       [--documents --local-number 1 --org 'ТОВ "…"' --point 'Магазин' [--addr '…'] [--vat IPN]]
 *
 * Without --documents it only asks: the key opens and its certificate is valid and trusted, the
 * server answers (ServerState), and what it knows of the register (TransactionsRegistrarState,
 * the last week's Shifts). With --documents it runs a TESTING day in a temporary back office
 * through the same dispatcher and exchange the service uses: shift opening, a receipt of 1.00,
 * the Z-report and the shift's close, printing each document's fiscal number or the refusal. It
 * never registers itself as the register's device, and the documents take local numbers the
 * shop's till then moves past (error 7): run it before the till goes live, or on a test register.
 */

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { findOperation, type OperationName, op as ops, validateParams } from '../../shared/contract/index.js';
import { receiveBatch } from '../back-office/catalog/stock/fifo.js';
import { dec } from '../back-office/decimal.js';
import type { BackOfficeContext } from '../back-office/handlers.js';
import { perform } from '../back-office/operations.js';
import { configureKeys, keyRingOf } from '../back-office/sales/kernel/keys/ring.js';
import { dispatchFiscal } from '../back-office/sales/prro/server/dispatch.js';
import { openServiceDatabase } from '../clients/back-office.js';
import { DPS_FISCAL_SERVER } from '../clients/fiscal-link.js';
import { createDpsExchange, DPS_TAX_NUMBER, type DpsExchange } from '../dps/exchange/dps-exchange.js';
import type { FiscalServer } from '../dps/port.js';
import { trustWith } from '../dps/signing/bundled-trust.js';
import { KeyError, openSigner } from '../dps/signing/key.js';

const out = (line: string) => process.stdout.write(`${line}\n`);
/** The one product of the testing day: 1.00 a piece. */
const PRODUCT = '2999999999993';

function options() {
  const { values } = parseArgs({
    options: {
      key: { type: 'string' },
      password: { type: 'string' },
      cert: { type: 'string', multiple: true },
      numprro: { type: 'string' },
      url: { type: 'string', default: DPS_FISCAL_SERVER },
      ca: { type: 'string', multiple: true },
      // Whose signature the server's tickets carry: the DPS's own; another only to try this against the simulator.
      'server-edrpou': { type: 'string', default: DPS_TAX_NUMBER },
      documents: { type: 'boolean', default: false },
      'local-number': { type: 'string' },
      org: { type: 'string' },
      point: { type: 'string' },
      addr: { type: 'string', default: '' },
      vat: { type: 'string' },
    },
    strict: true,
  });
  const need = (name: keyof typeof values) => {
    const v = values[name];
    if (typeof v !== 'string' || v === '') throw new Error(`--${name} is required`);
    return v;
  };
  return { values, need };
}

async function main(): Promise<void> {
  if (process.env.DPS_SMOKE !== '1') {
    out('dps:smoke talks to the real tax server with a real key: set DPS_SMOKE=1 to run it (docs/fiscal.md, "Going live").');
    process.exitCode = 2;
    return;
  }
  const { values, need } = options();
  const numprro = need('numprro');
  const password = need('password');
  const container = readFileSync(need('key'));
  const certs = (values.cert ?? []).map((f) => readFileSync(f));
  const trust = trustWith(values.ca ?? []);

  const signer = openSigner(container, password, certs);
  const c = signer.certificate;
  out(
    `key: ${c.owner}, РНОКПП ${c.drfo || '—'}, ЄДРПОУ ${c.edrpou || '—'}, issued by ${c.issuer}, valid ${c.validFrom.toISOString().slice(0, 10)} – ${c.validTo.toISOString().slice(0, 10)}`,
  );
  const chain = trust.verify(c, new Date());
  out(`certificate: ${chain.ok ? `trusted through ${chain.issuer.owner}` : `NOT trusted (${chain.reason})`}`);

  const exchange = createDpsExchange({
    url: values.url,
    keys: { signerFor: () => signer },
    trust,
    serverTaxNumbers: [values['server-edrpou']],
  });
  try {
    const state = await exchange.serverState();
    out(`ServerState: ${JSON.stringify(state)}`);
    out(`TransactionsRegistrarState: ${JSON.stringify(await exchange.registrarState(numprro))}`);
    const week = { from: new Date(Date.now() - 7 * 86_400_000), to: new Date() };
    out(`Shifts (7 days): ${JSON.stringify(await exchange.shifts(numprro, week))}`);
    if (values.documents)
      await testingDay(exchange, { numprro, container, password, certs, trust, need, values, tin: c.edrpou || c.drfo });
  } finally {
    exchange.close();
  }
}

interface DayInput {
  /** The seller's tax number, as the key's certificate names it. */
  readonly tin: string;
  readonly numprro: string;
  readonly container: Buffer;
  readonly password: string;
  readonly certs: readonly Buffer[];
  readonly trust: ReturnType<typeof trustWith>;
  readonly need: (name: 'local-number' | 'org' | 'point') => string;
  readonly values: { readonly addr?: string; readonly vat?: string | undefined };
}

/** A TESTING day in a temporary back office, through the service's own dispatcher and the exchange. */
async function testingDay(exchange: DpsExchange, d: DayInput): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'dps-smoke-'));
  const db = openServiceDatabase(join(dir, 'smoke.sqlite'));
  try {
    const ctx: BackOfficeContext = { db, user: 'dps-smoke', now: () => new Date(), timeZone: 'Europe/Kyiv' };
    const call = (name: OperationName, params: Record<string, unknown>) => {
      const op = findOperation(name);
      if (!op) throw new Error(name);
      const v = validateParams(op.params, params);
      if (!v.ok) throw new Error(`${name}: ${JSON.stringify(v.issues)}`);
      return perform(ctx, op, v.value);
    };
    // What the register needs: a till with its drawer, a cashier, one product with its stock.
    db.prepare("INSERT INTO cash_boxes (akas, name) VALUES ('KAS1', 'Каса 1')").run();
    db.prepare("INSERT INTO tills (kasm, name, akas, numprro, bank_destination) VALUES (1, 'Каса 1', 'KAS1', '', '')").run();
    const cashier = Number(
      db.prepare("INSERT INTO users (name, card, level) VALUES ('Перевірка ПРРО', 'SMOKE', '9')").run().lastInsertRowid,
    );
    db.prepare(
      "INSERT INTO goods (code, name, unit_type, price, no_discount, excise_input, uktzed, date_added) VALUES (?, 'Тестовий товар', 'шт', 100, 0, 0, '', '2025-01-01')",
    ).run(PRODUCT);
    receiveBatch(db, {
      code: PRODUCT,
      sk: 0,
      documentNumber: 'ПЕРЕВІРКА',
      unitCost: dec('0.50'),
      quantity: dec('10'),
      receivedOn: '2025-01-01',
      fiscal: true,
    });
    call(ops.settings.fiscalIdentitySave, {
      tin: d.tin,
      ...(d.values.vat ? { ipn: d.values.vat, vat_payer: true } : { vat_payer: false }),
      org_name: d.need('org'),
      point_name: d.need('point'),
      point_addr: d.values.addr ?? '',
      testing: true,
    });
    call(ops.settings.fiscalRegisterSave, { kasm: 1, numprro: d.numprro, local_number: Number(d.need('local-number')) });
    configureKeys(db, { trust: () => d.trust, server: 'real' });
    call(ops.settings.prroKeyLoad, {
      kasm: 1,
      container: d.container.toString('base64'),
      password: d.password,
      certificate: d.certs[0]?.toString('base64') ?? '',
      cashier_registered: true,
    });
    // The check never claims the register as its device (DeviceRegister): the shop's till keeps it.
    const server: FiscalServer = { ...exchange, registerDevice: undefined };
    const send = async (what: string) => {
      for (let round = 0; round < 5; round++) {
        const r = await dispatchFiscal(db, server, () => new Date(), 'Europe/Kyiv');
        if (r.accepted + r.rejected === 0) break;
      }
      const rows = db
        .prepare('SELECT local_num, doc_type, status, fiscal_number, last_error FROM prro_docs ORDER BY local_num')
        .all() as { local_num: number; doc_type: string; status: number; fiscal_number: string; last_error: string }[];
      out(`after ${what}:`);
      for (const r of rows)
        out(`  № ${r.local_num} ${r.doc_type}: status ${r.status}, ФН ${r.fiscal_number || '—'} ${r.last_error}`);
    };
    const step = async (what: string, write: () => unknown) => {
      try {
        write();
      } catch (err) {
        out(`${what} refused: ${err instanceof Error ? err.message : String(err)}`);
        return false;
      }
      await send(what);
      return true;
    };
    (await step('the shift opening', () => call(ops.pos.shiftOpen, { kasm: 1, cashier, float: '0' }))) &&
      (await step('a receipt of 1.00 (card)', () =>
        call(ops.pos.checkoutCloseSale, {
          kasm: 1,
          rows: [{ code: PRODUCT, quant: '1', price: '1.00', sum: '1.00' }],
          payments: [{ type: 'bn', amount: '1.00' }],
        }),
      )) &&
      (await step('the Z-report and the shift close', () => call(ops.pos.shiftClose, { kasm: 1 })));
    out(`key unlocked after the day: ${keyRingOf(db).isUnlocked(d.numprro)}`);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  if (err instanceof KeyError) out(`key: ${err.message}`);
  else out(`dps:smoke failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
