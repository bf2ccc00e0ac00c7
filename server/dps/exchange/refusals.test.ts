/**
 * Every refusal the HTTP simulator gives, read by the adapter: the server's numbered errors in
 * its words (with error 7's expected number), and the HTTP-level ones (401, 404, 204), each as a
 * `rejected` outcome a manager can read; a document over 200 KB refused before it goes out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfflineCredentials, SendOutcome } from '../port.js';
import type { Signer } from '../signing/cms.js';
import { generateKey } from '../signing/dstu.js';
import { issueCertificate, issueRoot } from '../signing/issue.js';
import type { DpsExchange } from './dps-exchange.js';
import { TestRegister } from './testing/register.js';
import { exchangeFor, fiscalAt, simulatorForTests } from './testing/simulator.js';

const SELLER = '3012345678';
const CASHIER = '2233445566';
const at = (n: number) => new Date(Date.UTC(2026, 2, 14, 9, n));

let env: Awaited<ReturnType<typeof simulatorForTests>>;
let seller: Signer;
let cashier: Signer;
let dps: DpsExchange;
/** Registers 4000000010… are the seller's; each test takes one of its own. */
let next = 10;
const fresh = () => String(4000000000 + next++);

beforeAll(async () => {
  env = await simulatorForTests((n) => (n.startsWith('40000000') ? { tin: SELLER, operators: [CASHIER] } : undefined));
  seller = env.sim.issueSigner({ owner: 'Петренко Олена Іванівна', drfo: SELLER });
  cashier = env.sim.issueSigner({ owner: 'Коваль Андрій Петрович', drfo: CASHIER });
  // The seller's key is every register's here; a test that signs otherwise makes its own documents.
  dps = exchangeFor(env.sim, { signerFor: (n) => (n.startsWith('40000000') || n === '4999999999' ? seller : undefined) });
});

afterAll(async () => {
  dps.close();
  await env.sim.close();
});

function rejected(o: SendOutcome) {
  if (o.kind !== 'rejected') throw new Error(`expected rejected, got ${JSON.stringify(o)}`);
  return o;
}

async function opened(signer = seller): Promise<{ reg: TestRegister; credentials: OfflineCredentials }> {
  const reg = new TestRegister({ numprro: fresh(), tin: SELLER, signer });
  const o = await dps.sendDocument(reg.openShift(at(0)));
  if (o.kind !== 'accepted' || !o.next) throw new Error(JSON.stringify(o));
  return { reg, credentials: o.next };
}

describe('the server’s numbered errors', () => {
  it('5 ShiftNotOpened: a receipt before the shift is opened', async () => {
    const reg = new TestRegister({ numprro: fresh(), tin: SELLER, signer: seller });
    const o = rejected(await dps.sendDocument(reg.receipt(at(1))));
    expect(o).toEqual({ kind: 'rejected', code: 5, text: 'Код помилки: 5 ShiftNotOpened\nЗміну для ПРРО наразі не відкрито' });
  });

  it('4 ShiftAlreadyOpened, 8 ZRepAlreadyRegistered, 6 LastDocumentMustBeZRep', async () => {
    const { reg } = await opened();
    expect(rejected(await dps.sendDocument(reg.openShift(at(1))))).toMatchObject({ code: 4 });
    reg.localNum -= 1;
    expect(rejected(await dps.sendDocument(reg.closeShift(at(2))))).toMatchObject({
      code: 6,
      text: expect.stringMatching(/^Код помилки: 6 LastDocumentMustBeZRep\n/),
    });
    reg.localNum -= 1;
    expect((await dps.sendDocument(reg.zReport(at(3), []))).kind).toBe('accepted');
    expect(rejected(await dps.sendDocument(reg.zReport(at(4), [])))).toMatchObject({ code: 8 });
    reg.localNum -= 1;
    expect(rejected(await dps.sendDocument(reg.receipt(at(5))))).toMatchObject({ code: 6 });
  });

  it('7 CheckLocalNumberInvalid: names the number the server expects, for the register to resynchronise', async () => {
    const { reg } = await opened();
    reg.localNum = 5;
    const o = rejected(await dps.sendDocument(reg.receipt(at(1))));
    expect(o.code).toBe(7);
    expect(o.expected).toBe(2);
    expect(o.text).toContain('Некоректний локальний номер документа 5');
    expect(o.text).toContain('Номер документа повинен дорівнювати 2');
  });

  it('3 InvalidTin: a document naming another seller, signed by a cashier of this one', async () => {
    const { reg } = await opened();
    const other = new TestRegister({ numprro: reg.setup.numprro, tin: '87654321', signer: cashier, firstLocalNum: reg.localNum });
    expect(rejected(await dps.sendDocument(other.receipt(at(1))))).toMatchObject({
      code: 3,
      text: expect.stringContaining('87654321'),
    });
  });

  it('9 DocumentValidationError: sums that do not add up, and a document its schema refuses', async () => {
    const { reg } = await opened();
    const wrongSum = reg.make(at(1), {
      doc: 'check',
      DOCSUBTYPE: '0',
      CHECKTOTAL: { SUM: '10.00' },
      CHECKPAY: [{ PAYFORMCD: '0', PAYFORMNM: 'ГОТІВКА', SUM: '10.00' }],
      CHECKBODY: [{ CODE: '1', NAME: 'Пластир', UNITNM: 'шт', AMOUNT: '1.000', PRICE: '34.50', COST: '34.50' }],
    });
    expect(rejected(await dps.sendDocument(wrongSum))).toMatchObject({
      code: 9,
      text: expect.stringContaining('сума рядків 34.50'),
    });
    reg.localNum -= 1;
    const isoDate = reg.make(at(1), { doc: 'head', DOCTYPE: '101' }, (xml) =>
      xml.replace(/<ORDERDATE>\d+</, '<ORDERDATE>2026-03-14<'),
    );
    expect(rejected(await dps.sendDocument(isoDate))).toMatchObject({
      code: 9,
      text: expect.stringMatching(/^Код помилки: 9 DocumentValidationError\nCHECK\/CHECKHEAD\/ORDERDATE/),
    });
  });

  it('12 CryptographyError: a document changed after it was signed, and a key of a CA the server does not trust', async () => {
    const { reg } = await opened();
    const made = reg.receipt(at(1));
    const body = Buffer.from(made.body);
    const i = body.indexOf(Buffer.from('34.50'));
    body[i] = '4'.charCodeAt(0);
    expect(rejected(await dps.sendDocument({ ...made, body }))).toMatchObject({
      code: 12,
      text: expect.stringContaining('дані змінено після підпису'),
    });
    reg.localNum -= 1;
    const ca = issueRoot({ commonName: 'Чужий ЦСК' }, new Date('2020-01-01'), new Date('2040-01-01'));
    const key = generateKey();
    const foreign = {
      key,
      certificate: issueCertificate(
        {
          subject: { commonName: 'Петренко Олена Іванівна' },
          key,
          validFrom: new Date('2020-01-01'),
          validTo: new Date('2040-01-01'),
          usage: 'sign',
          drfo: SELLER,
        },
        { key: ca.key, certificate: ca.certificate, name: { commonName: 'Чужий ЦСК' } },
      ),
    };
    expect(rejected(await dps.sendDocument(reg.make(at(1), { doc: 'head', DOCTYPE: '101' }, undefined, foreign)))).toMatchObject({
      code: 12,
      text: expect.stringContaining('не довіреним центром'),
    });
  });

  it('1 TransactionsRegistrarAbsent (HTTP 404): a register the server does not know', async () => {
    const reg = new TestRegister({ numprro: '4999999999', tin: SELLER, signer: seller });
    expect(rejected(await dps.sendDocument(reg.openShift(at(0))))).toMatchObject({
      code: 1,
      text: expect.stringMatching(/^Код помилки: 1 TransactionsRegistrarAbsent\nПРРО з фіскальним номером 4999999999/),
    });
  });

  it('13 NoContent: what a command in JSON mode answers where the server has nothing to give', async () => {
    const { reg } = await opened();
    expect(await dps.documentInfo(reg.setup.numprro, 77)).toEqual({ kind: 'absent' });
    expect(await fiscalAt(dps, reg.setup.numprro, 77)).toBeNull();
  });
});

describe('the HTTP-level refusals', () => {
  it('401: a key of someone who is neither the seller nor one of its cashiers', async () => {
    const stranger = env.sim.issueSigner({ owner: 'Сидоренко Іван', drfo: '1111111111' });
    const reg = new TestRegister({ numprro: fresh(), tin: SELLER, signer: stranger });
    const o = rejected(await dps.sendDocument(reg.openShift(at(0))));
    expect(o.code).toBe(401);
    expect(o.text).toMatch(/^Податковий сервер не дозволяє власнику ключа працювати з цим ПРРО \(HTTP 401\)/);
    expect(o.text).toContain('Сидоренко Іван');
  });

  it('204: a certificate naming no tax number, which no registration can cover', async () => {
    const nameless = env.sim.issueSigner({ owner: 'Печатка без коду' });
    const reg = new TestRegister({ numprro: fresh(), tin: SELLER, signer: nameless });
    expect(rejected(await dps.sendDocument(reg.openShift(at(0))))).toMatchObject({
      code: 204,
      text: expect.stringContaining('форма 5-ПРРО'),
    });
  });

  it('416: a document over 200 KB is refused before it goes out', async () => {
    const { reg } = await opened();
    const before = env.sim.received.doc;
    const huge = reg.receipt(at(1), '3000.00', 1500);
    expect(huge.body.length).toBeGreaterThan(200 * 1024);
    expect(rejected(await dps.sendDocument(huge))).toMatchObject({ code: 416, text: expect.stringContaining('не надіслано') });
    expect(env.sim.received.doc).toBe(before);
  });
});

describe('a refused package', () => {
  it('10 PackageValidationError: a package that does not begin its session', async () => {
    const { reg, credentials } = await opened();
    reg.beginOffline(at(1), credentials); // made, never sent
    const o = await dps.sendPackage([reg.receipt(at(2))]);
    expect(o).toMatchObject({ kind: 'rejected', index: 0, code: 10, text: expect.stringContaining('№ 1 в пакеті') });
  });

  it('1 TransactionsRegistrarAbsent: a package for a register the server does not know', async () => {
    const reg = new TestRegister({ numprro: '4999999999', tin: SELLER, signer: seller });
    reg.beginOffline(at(1), { id: 1, seed: '1' });
    expect(await dps.sendPackage([reg.receipt(at(2))])).toMatchObject({ kind: 'rejected', index: 0, code: 1 });
  });

  it('names the refused document by the server’s NextLocalNum; those before it are taken', async () => {
    const { reg, credentials } = await opened();
    const docs = [
      reg.beginOffline(at(1), credentials),
      reg.receipt(at(2)),
      reg.zReport(at(3), ['34.50']),
      reg.zReport(at(4), []),
    ];
    expect(await dps.sendPackage(docs)).toMatchObject({ kind: 'rejected', index: 3, code: 8 });
    expect(await dps.registrarState(reg.setup.numprro)).toMatchObject({ nextLocalNum: docs[3]?.localNum });
  });

  it('2: a document in it signed by someone the register does not know', async () => {
    const { reg, credentials } = await opened();
    const stranger = env.sim.issueSigner({ owner: 'Сидоренко Іван', drfo: '1111111111' });
    const docs = [reg.beginOffline(at(1), credentials), reg.make(at(2), { doc: 'head', DOCTYPE: '101' }, undefined, stranger)];
    expect(await dps.sendPackage(docs)).toMatchObject({
      kind: 'rejected',
      index: 1,
      code: 2,
      text: expect.stringMatching(
        /^Код помилки: 2 OperatorAccessToTransactionsRegistrarNotGranted\nПомилка обробки документа за № 2 в пакеті/,
      ),
    });
  });
});
