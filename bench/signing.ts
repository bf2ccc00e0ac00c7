/**
 * npm run bench:signing — what the КЕП costs: the time to sign one fiscal document (CMS SignedData,
 * GOST 34.311 + DSTU 4145, p50/p99) and to verify one (what the tax server, or its simulator,
 * pays), then the 20-line pos.checkout_close_sale's p50/p99 with signing on, against the close's
 * target (p99 < 10 ms in-process, at a till's pace) and against the same closes with no key.
 *
 * With a key unlocked, each close is followed, in the pause a cashier's pace leaves, by the
 * signature of its document (what the service's dispatcher does as soon as a write is made), so
 * the next close finds nothing to sign. "back to back" leaves no pause: every close first signs
 * the document the one before it made (before its own transaction), the worst a busy service sees.
 * Offline, a close also chains to the signed bytes of the document before it.
 */

import { setTimeout as sleep } from 'node:timers/promises';
import { createBackOffice } from '../server/back-office/back-office.js';
import { fmtDb } from '../server/back-office/decimal.js';
import { configureKeys, keyRingOf } from '../server/back-office/sales/kernel/keys/ring.js';
import { signWaiting } from '../server/back-office/sales/kernel/keys/sign.js';
import { prroSql } from '../server/back-office/sales/kernel/register/statements.js';
import { dispatchFiscalNow } from '../server/back-office/sales/prro/server/dispatch.js';
import { signContent, verifySigned } from '../server/dps/signing/cms.js';
import { generateKey } from '../server/dps/signing/dstu.js';
import { issueCertificate, issueRoot, writeContainer } from '../server/dps/signing/issue.js';
import { openSigner } from '../server/dps/signing/key.js';
import { TrustStore } from '../server/dps/signing/trust.js';
import { simulatedFiscalServer } from '../server/dps/simulator/simulator.js';
import { findOperation, type OperationSpec, op as ops, validateParams } from '../shared/contract/index.js';
import { idleCheckpoint } from '../shared-node/sqlite/idle-checkpoint.js';
import { benchShop } from './demo-stock.js';

const GOODS = Number(process.env.BENCH_GOODS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 500);
const SIGNS = Number(process.env.BENCH_SIGNS ?? 300);
const WARMUP = 50;
const PACE_MS = 30;
const PASSWORD = 'bench-password';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number;
};
const report = (name: string, xs: number[]) =>
  console.log(
    `${name.padEnd(52)} p50 ${pct(xs, 50).toFixed(2).padStart(7)} ms   p99 ${pct(xs, 99).toFixed(2).padStart(7)} ms   (${xs.length})`,
  );

const { db, pick } = benchShop('signing', GOODS);
let t0 = performance.now();
const numprro = db.prepare('SELECT numprro FROM tills WHERE kasm = 1').pluck().get() as string;
const tin = db.prepare('SELECT tin FROM fiscal_seller WHERE id = 1').pluck().get() as string;

// A key of the demo seller, issued by a CA of the bench's own and loaded as a manager would.
const from = new Date('2020-01-01T00:00:00Z');
const to = new Date('2040-01-01T00:00:00Z');
const ca = issueRoot({ commonName: 'Bench CA', countryName: 'UA' }, from, to);
const key = generateKey();
const certificate = issueCertificate(
  { subject: { commonName: 'Bench seller', countryName: 'UA' }, key, validFrom: from, validTo: to, usage: 'sign', edrpou: tin },
  { key: ca.key, certificate: ca.certificate, name: { commonName: 'Bench CA', countryName: 'UA' } },
);
const container = writeContainer(key, PASSWORD);
configureKeys(db, { trust: () => new TrustStore([ca.certificate]), server: 'real' });
const signer = openSigner(container, PASSWORD, [certificate.der]);

// 1. One document signed, and verified, alone: receipts the demo made, as they are.
const bodies = (
  db.prepare("SELECT xml_body_b64 FROM prro_docs WHERE doc_type = 'receipt' LIMIT ?").pluck().all(SIGNS) as string[]
).map((b) => Buffer.from(b, 'base64'));
const signTimes: number[] = [];
const verifyTimes: number[] = [];
const trust = new TrustStore([ca.certificate]);
for (const [i, body] of bodies.entries()) {
  t0 = performance.now();
  const signed = signContent(body, signer, new Date());
  const signedAt = performance.now();
  verifySigned(signed, { trust });
  if (i >= 10) {
    signTimes.push(signedAt - t0);
    verifyTimes.push(performance.now() - signedAt);
  }
}
const avg = bodies.reduce((n, b) => n + b.length, 0) / bodies.length;
report(`sign one document (receipts, ${Math.round(avg)} bytes of XML)`, signTimes);
report('verify one document (signature, certificate, CA)', verifyTimes);

// 2. The close with signing on.
function closeParams(i: number) {
  const lines = Array.from({ length: 20 }, (_, j) => pick(i * 20 + j));
  const rows = lines.map((g) => ({ code: g.code, quant: '1', price: fmtDb(g.price), sum: fmtDb(g.price) }));
  const total = fmtDb(lines.reduce((s, g) => s + g.price, 0));
  return { kasm: 1, rows, payments: [{ type: 'nal', amount: total }] };
}
const upstream = createBackOffice(db);
const close = findOperation(ops.pos.checkoutCloseSale) as OperationSpec;
const load = findOperation(ops.settings.prroKeyLoad) as OperationSpec;
const call = async (op: OperationSpec, params: unknown) => {
  const v = validateParams(op.params, params);
  if (!v.ok) throw new Error(`${op.name}: ${JSON.stringify(v.issues)}`);
  return upstream.call({ op, params: v.value, ctx: { requestId: 'bench', user: 'bench', signal: new AbortController().signal } });
};

// As the service does (server/clients/back-office.ts): the WAL is checkpointed in the pause after a write.
async function closes(offset: number, opts: { paced: boolean; signBetween: boolean }): Promise<number[]> {
  const checkpoint = idleCheckpoint(db);
  const times: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    t0 = performance.now();
    await call(close, closeParams(offset + i));
    if (i >= WARMUP) times.push(performance.now() - t0);
    // The service's dispatcher signs what was made as soon as the write is answered.
    if (opts.signBetween) signWaiting(db, numprro, new Date());
    checkpoint.wrote();
    if (opts.paced) await sleep(PACE_MS);
  }
  checkpoint.stop();
  return times;
}

const noKey = await closes(1_000_000, { paced: true, signBetween: false });
report(`close (20 lines), ${PACE_MS} ms apart, no key`, noKey);
// Documents made so far would be signed at the first write: sign them now, as a loaded key's dispatcher would.
await call(load, {
  kasm: 1,
  container: container.toString('base64'),
  password: PASSWORD,
  certificate: certificate.der.toString('base64'),
});
signWaiting(db, numprro, new Date());
const paced = await closes(2_000_000, { paced: true, signBetween: true });
report(`close (20 lines), ${PACE_MS} ms apart, key unlocked`, paced);
const backToBack = await closes(3_000_000, { paced: false, signBetween: false });
report('close (20 lines), back to back, each signs the last', backToBack);

// Offline: the register works in an offline session, each document chaining to the signed one before it.
const server = simulatedFiscalServer(db);
dispatchFiscalNow(db, server, () => new Date(), 'Europe/Kyiv');
server.setReachable(false);
await call(close, closeParams(4_000_000));
dispatchFiscalNow(db, server, () => new Date(), 'Europe/Kyiv');
const mode = db.prepare('SELECT mode FROM prro_registers WHERE numprro = ?').pluck().get(numprro);
const offline = await closes(5_000_000, { paced: true, signBetween: true });
report(`close (20 lines), ${PACE_MS} ms apart, offline (${mode}), key unlocked`, offline);
const unsigned = prroSql(db).unsignedWaiting.get(numprro);
console.log(
  `documents of the register still to go and unsigned: ${unsigned}; key unlocked: ${keyRingOf(db).isUnlocked(numprro)}`,
);
console.log("target: close of 20 lines p99 < 10 ms in-process, at a till's pace (docs/performance.md)");
db.close();
