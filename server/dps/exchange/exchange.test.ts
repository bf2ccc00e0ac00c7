/**
 * The whole exchange through the adapter against the HTTP simulator on loopback, with keys its
 * CA issued: a shift from opening to closing, an offline session uploaded as packages, the
 * commands answering what was registered, and every ticket's signature checked on the way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfflineCredentials, SendOutcome } from '../port.js';
import type { Signer } from '../signing/cms.js';
import { TrustStore } from '../signing/trust.js';
import type { DpsExchange } from './dps-exchange.js';
import { keysOf, TestRegister } from './testing/register.js';
import { exchangeFor, fiscalAt, simulatorForTests } from './testing/simulator.js';
import { checkServerDocument, openServerSigned } from './ticket-check.js';

const NUMPRRO = '4000000001';
const SELLER = '3012345678';
const CASHIER = '2233445566';

let env: Awaited<ReturnType<typeof simulatorForTests>>;
let seller: Signer;
let cashier: Signer;
let dps: DpsExchange;

beforeAll(async () => {
  env = await simulatorForTests((n) => (n === NUMPRRO ? { tin: SELLER, operators: [CASHIER] } : undefined));
  seller = env.sim.issueSigner({ owner: 'Петренко Олена Іванівна', drfo: SELLER });
  cashier = env.sim.issueSigner({ owner: 'Коваль Андрій Петрович', drfo: CASHIER });
  dps = exchangeFor(env.sim, keysOf({ [NUMPRRO]: seller }));
});

afterAll(async () => {
  dps.close();
  await env.sim.close();
});

const minutes = (n: number) => new Date(Date.UTC(2026, 2, 14, 8, n));

function accepted(o: SendOutcome) {
  if (o.kind !== 'accepted') throw new Error(`expected accepted, got ${JSON.stringify(o)}`);
  return o;
}

describe('a shift through the adapter and the HTTP simulator', () => {
  let reg: TestRegister;
  beforeAll(() => {
    reg = new TestRegister({ numprro: NUMPRRO, tin: SELLER, signer: seller });
  });
  let credentials: OfflineCredentials | undefined;
  const fiscal: Record<string, string> = {};

  it('opens the shift, sells, refunds, reports and closes, each answer a ticket the server signed for that document', async () => {
    const open = accepted(await dps.sendDocument(reg.openShift(minutes(0))));
    // The first opening hands out the register's offline session; its date and time are Kyiv's.
    expect(open.next).toEqual({ id: expect.any(Number), seed: expect.stringMatching(/^\d+$/) });
    expect(open.serverDate).toMatch(/^\d{8}$/);
    expect(open.serverTime).toMatch(/^\d{6}$/);
    credentials = open.next;
    fiscal.open = open.fiscalNumber;

    const sold = accepted(await dps.sendDocument(reg.receipt(minutes(1), '34.50')));
    fiscal.sale = sold.fiscalNumber;
    expect(Number(sold.fiscalNumber)).toBe(Number(open.fiscalNumber) + 1);
    expect(sold.next).toBeUndefined();
    fiscal.refund = accepted(await dps.sendDocument(reg.refund(minutes(2), sold.fiscalNumber, '34.50'))).fiscalNumber;
    fiscal.z = accepted(await dps.sendDocument(reg.zReport(minutes(3), ['34.50'], ['34.50']))).fiscalNumber;
    fiscal.close = accepted(await dps.sendDocument(reg.closeShift(minutes(4)))).fiscalNumber;
  });

  it('answers the commands with what it registered', async () => {
    expect(await fiscalAt(dps, NUMPRRO, 2)).toBe(fiscal.sale);
    expect(await fiscalAt(dps, NUMPRRO, 99)).toBeNull();
    expect(await dps.documentInfo(NUMPRRO, 3)).toEqual({
      kind: 'answer',
      value: expect.objectContaining({ NumFiscal: fiscal.refund, DocClass: 'Check', CheckDocSubType: 'CheckReturn' }),
    });
    const state = await dps.registrarState(NUMPRRO);
    // The seller's own key is the chief: the offline credentials come with the state.
    expect(state).toEqual({
      shiftOpen: false,
      zRepPresent: false,
      nextLocalNum: 6,
      testing: false,
      offline: credentials,
      offlineNextLocalNum: 1,
    });

    const shifts = await dps.shifts(NUMPRRO, { from: new Date(Date.now() - 3_600_000), to: new Date(Date.now() + 60_000) });
    expect(shifts).toEqual({
      kind: 'answer',
      value: [
        expect.objectContaining({
          OpenShiftFiscalNum: fiscal.open,
          ZRepFiscalNum: fiscal.z,
          CloseShiftFiscalNum: fiscal.close,
          OpenName: 'Петренко Олена Іванівна',
        }),
      ],
    });
    const shiftId = shifts.kind === 'answer' ? (shifts.value[0]?.ShiftId as number) : 0;
    const docs = await dps.documents(NUMPRRO, { shiftId });
    expect(
      docs.kind === 'answer' && docs.value.map((d) => [Number(d.NumLocal), d.NumFiscal, d.DocClass, d.CheckDocType]),
    ).toEqual([
      [1, fiscal.open, 'Check', 'OpenShift'],
      [2, fiscal.sale, 'Check', 'SaleGoods'],
      [3, fiscal.refund, 'Check', 'SaleGoods'],
      [4, fiscal.z, 'ZRep', null],
      [5, fiscal.close, 'Check', 'CloseShift'],
    ]);
    expect(await dps.lastShiftTotals(NUMPRRO)).toEqual({
      kind: 'answer',
      value: expect.objectContaining({ ShiftState: 0, ZRepPresent: true, ZRepFiscalNum: fiscal.z, Totals: null }),
    });
  });

  it('gives the receipt back signed by the server, with the fiscal number it gave written into the head', async () => {
    const back = await dps.check(NUMPRRO, { numLocal: 2 });
    if (back.kind !== 'answer') throw new Error(JSON.stringify(back));
    const server = {
      trust: new TrustStore([env.sim.caCertificate]),
      serverTaxNumbers: [env.sim.serverTaxNumber],
      now: () => new Date(),
    };
    expect(checkServerDocument(back.value, server)).toEqual({ uid: expect.any(String), fiscalNumber: fiscal.sale });
    expect('content' in openServerSigned(back.value, server)).toBe(true);
    // The original is the seller's own signed document, byte for byte.
    const original = await dps.check(NUMPRRO, { numFiscal: fiscal.sale as string }, true);
    expect(original.kind === 'answer' && checkServerDocument(original.value, server)).toBeUndefined();
    expect(await dps.check(NUMPRRO, { numLocal: 4 })).toEqual({ kind: 'absent' });
    expect((await dps.zReport(NUMPRRO, { numLocal: 4 })).kind).toBe('answer');
  });

  it('uploads an offline session as a package and hands out the next session with its end', async () => {
    const c = credentials as OfflineCredentials;
    const online = accepted(await dps.sendDocument(reg.openShift(minutes(10))));
    expect(online.next).toBeUndefined();
    accepted(await dps.sendDocument(reg.receipt(minutes(11), '10.00')));
    const totals = await dps.lastShiftTotals(NUMPRRO);
    expect(totals.kind === 'answer' && totals.value.Totals?.Real).toMatchObject({ Sum: 10, OrdersCount: 1 });

    // The server goes away: the register carries on offline, each document signed once as it is made.
    const session = [
      reg.beginOffline(minutes(12), c),
      reg.receipt(minutes(13), '20.00'),
      reg.receipt(minutes(14), '30.00'),
      reg.zReport(minutes(15), ['10.00', '20.00', '30.00']),
      reg.closeShift(minutes(16)),
      reg.openShift(minutes(17)),
      reg.receipt(minutes(18), '5.00'),
    ];
    expect(await dps.sendPackage(session)).toEqual({ kind: 'accepted' });
    const end = await dps.sendPackage([reg.endOffline(minutes(19))]);
    expect(end).toEqual({ kind: 'accepted', next: { id: expect.any(Number), seed: expect.stringMatching(/^\d+$/) } });
    expect(end.kind === 'accepted' && end.next?.id).not.toBe(c.id);

    // Each offline document is registered under the fiscal number it made itself.
    expect(await fiscalAt(dps, NUMPRRO, session[1]?.localNum as number)).toBe(session[1]?.head.ORDERTAXNUM);
    expect(await dps.registrarState(NUMPRRO)).toMatchObject({ shiftOpen: true, nextLocalNum: reg.localNum });
    // Back online, the shift opened offline goes on.
    accepted(await dps.sendDocument(reg.receipt(minutes(20), '1.00')));
  });

  it('takes a chain over the XML where signing was impossible, and nothing else as PREVDOCHASH', async () => {
    const state = await dps.registrarState(NUMPRRO);
    const c = state?.offline as OfflineCredentials;
    reg.chainOverXml = true;
    const session = [reg.beginOffline(minutes(21), c), reg.receipt(minutes(22), '2.00'), reg.receipt(minutes(23), '3.00')];
    expect(await dps.sendPackage(session)).toEqual({ kind: 'accepted' });
    reg.chainOverXml = false;
    const broken = reg.make(minutes(24), { doc: 'head', DOCTYPE: '103' }, (xml) =>
      xml.replace(/<PREVDOCHASH>[0-9a-f]{64}<\/PREVDOCHASH>/, `<PREVDOCHASH>${'0'.repeat(64)}</PREVDOCHASH>`),
    );
    const refused = await dps.sendPackage([broken]);
    expect(refused).toMatchObject({ kind: 'rejected', index: 0, code: 9 });
    expect(refused.kind === 'rejected' && refused.text).toMatch(/Геш попереднього документа 0{64} не відповідає ланцюжку/);
  });
});

describe('a package over 200 KB', () => {
  it('goes as several packages, each under the limit, the next sent once the one before was taken', async () => {
    const num = '4000000002';
    const env2 = await simulatorForTests((n) => (n === num ? { tin: SELLER } : undefined));
    const key = env2.sim.issueSigner({ owner: 'Петренко Олена Іванівна', drfo: SELLER });
    const x = exchangeFor(env2.sim, keysOf({ [num]: key }));
    try {
      const reg = new TestRegister({ numprro: num, tin: SELLER, signer: key });
      const open = accepted(await x.sendDocument(reg.openShift(minutes(0))));
      // Receipts of 300 lines: about 55 KB each signed, so five of them need two packages.
      const docs = [reg.beginOffline(minutes(1), open.next as OfflineCredentials)];
      for (let i = 0; i < 5; i++) docs.push(reg.receipt(minutes(2 + i), '300.00', 300));
      docs.push(reg.endOffline(minutes(9)));
      expect(docs.reduce((s, d) => s + d.body.length, 0)).toBeGreaterThan(200 * 1024);
      expect(await x.sendPackage(docs)).toEqual({ kind: 'accepted', next: expect.objectContaining({ id: expect.any(Number) }) });
      expect(env2.sim.received.pck).toBe(2);
      expect(await x.registrarState(num)).toMatchObject({ nextLocalNum: reg.localNum });
    } finally {
      x.close();
      await env2.sim.close();
    }
  });
});

describe('the register and its device', () => {
  it('registers this device, sees another, and takes the register over when forced', async () => {
    const ours = 'a'.repeat(64);
    const theirs = 'b'.repeat(64);
    expect(await dps.registerDevice(NUMPRRO, ours, false)).toEqual({ kind: 'ours' });
    expect(await dps.registerDevice(NUMPRRO, theirs, false)).toEqual({ kind: 'other', deviceId: ours });
    expect(await dps.registerDevice(NUMPRRO, theirs, true)).toEqual({ kind: 'ours' });
  });

  it('gives the offline credentials only to the shift’s opener or a chief cashier', async () => {
    const asCashier = exchangeFor(env.sim, keysOf({ [NUMPRRO]: cashier }));
    try {
      const state = await asCashier.registrarState(NUMPRRO);
      expect(state).toMatchObject({ shiftOpen: true });
      expect(state?.offline).toBeUndefined();
    } finally {
      asCashier.close();
    }
  });

  it('is reachable while the server listens, and not once it stops', async () => {
    expect(await dps.reachable(NUMPRRO)).toBe(true);
    await env.sim.setReachable(false);
    try {
      expect(await dps.reachable(NUMPRRO)).toBe(false);
    } finally {
      await env.sim.setReachable(true);
    }
    expect(await dps.reachable(NUMPRRO)).toBe(true);
  });
});
