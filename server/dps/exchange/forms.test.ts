/**
 * The answers the simulator never gives, from a tiny HTTP server of the test's own: refusals as
 * JSON and as one-line text, bare HTTP statuses, a 503, garbage, and tickets that are not the tax
 * server's word on the document (signed through a CA not trusted, by someone other than the
 * server, for another UID or ORDERNUM). Its tickets are signed by a certificate naming the DPS's
 * own ЄДРПОУ, 43005393, which the adapter expects by default.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderTicket, type Ticket } from '../format/ticket.js';
import type { Outgoing } from '../port.js';
import { contentOf, type Signer, signContent } from '../signing/cms.js';
import { generateKey } from '../signing/dstu.js';
import { issueCertificate, issueRoot, type Name } from '../signing/issue.js';
import { TrustStore } from '../signing/trust.js';
import { createDpsExchange, type DpsExchange } from './dps-exchange.js';
import { keysOf, type Made, TestRegister } from './testing/register.js';

const NUMPRRO = '4000000001';
const FROM = new Date('2020-01-01T00:00:00Z');
const TO = new Date('2040-01-01T00:00:00Z');

function authority(name: string) {
  const subject: Name = { commonName: name, countryName: 'UA' };
  const root = issueRoot(subject, FROM, TO);
  const issuer = { key: root.key, certificate: root.certificate, name: subject };
  const signer = (owner: string, numbers: { drfo?: string; edrpou?: string }): Signer => {
    const key = generateKey();
    return {
      key,
      certificate: issueCertificate(
        { subject: { commonName: owner }, key, validFrom: FROM, validTo: TO, usage: 'sign', ...numbers },
        issuer,
      ),
    };
  };
  return { root, signer };
}

// Made once: keys cost tens of milliseconds each.
const trusted = authority('Довірений ЦСК');
const server = trusted.signer('Фіскальний сервер ПРРО', { edrpou: '43005393' });
const cashier = trusted.signer('Петренко Олена Іванівна', { drfo: '3012345678' });
const notServer = trusted.signer('Інше підприємство', { edrpou: '12345678' });
const rogue = authority('Чужий ЦСК').signer('Фіскальний сервер ПРРО', { edrpou: '43005393' });

interface Reply {
  readonly status: number;
  readonly type?: string;
  readonly body?: Buffer | string;
}
type Handler = (endpoint: string, body: Buffer, command: Record<string, unknown> | undefined) => Reply | 'reset';

let handler: Handler = () => ({ status: 500 });
const asked: string[] = [];
let url = '';
const http = createServer((req: IncomingMessage, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    const endpoint = (req.url ?? '').replace(/^\/fs\//, '').replace(/\?.*$/, '');
    let command: Record<string, unknown> | undefined;
    if (endpoint === 'cmd') {
      command = JSON.parse((body[0] === 0x30 ? contentOf(body) : body).toString('utf8')) as Record<string, unknown>;
      asked.push(String(command.Command));
    }
    const reply = handler(endpoint, body, command);
    if (reply === 'reset') {
      req.socket.destroy();
      return;
    }
    res.writeHead(reply.status, reply.type ? { 'Content-Type': reply.type } : {});
    res.end(reply.body);
  });
});

let dps: DpsExchange;
let reg: TestRegister;

beforeAll(async () => {
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/fs`;
  dps = createDpsExchange({
    url,
    keys: keysOf({ [NUMPRRO]: cashier }),
    trust: new TrustStore([trusted.root.certificate]),
    timeoutMs: 3_000,
  });
  reg = new TestRegister({ numprro: NUMPRRO, tin: '3012345678', signer: cashier });
});

afterAll(async () => {
  dps.close();
  await new Promise<void>((resolve) => http.close(() => resolve()));
});

afterEach(() => {
  asked.length = 0;
});

const text = (status: number, body: string): Reply => ({ status, type: 'text/plain; charset=utf-8', body });
const json = (value: unknown): Reply => ({ status: 200, type: 'application/json', body: JSON.stringify(value) });
const signed = (content: Buffer, by: Signer = server): Reply => ({
  status: 200,
  type: 'application/octet-stream',
  body: signContent(content, by, new Date()),
});

function ticketFor(doc: Made, edit: Partial<Ticket> = {}): Buffer {
  return renderTicket({
    UID: doc.uid.toUpperCase(),
    ORDERDATE: '14032026',
    ORDERTIME: '120000',
    ORDERNUM: String(doc.localNum),
    ORDERTAXNUM: '3154001',
    VER: '1',
    ...edit,
  });
}

/** Sends a new document to the fake server, which answers `/doc` with `reply`. */
async function send(reply: (doc: Made) => Reply | 'reset', commands?: Handler) {
  const doc = reg.receipt(new Date());
  handler = (endpoint, body, command) =>
    endpoint === 'doc' ? reply(doc) : (commands?.(endpoint, body, command) ?? text(503, ''));
  return dps.sendDocument(doc as Outgoing);
}

describe('a ticket', () => {
  it('signed by the tax server for this document: accepted, with its fiscal number, date and time', async () => {
    expect(await send((d) => signed(ticketFor(d, { OFFLINESESSIONID: '71035', OFFLINESEED: '179625192271939123456' })))).toEqual({
      kind: 'accepted',
      fiscalNumber: '3154001',
      serverDate: '14032026',
      serverTime: '120000',
      // A seed longer than a double holds keeps every digit.
      next: { id: 71035, seed: '179625192271939123456' },
    });
  });

  it('signed through a CA the register does not trust: uncertain, no fiscal number taken', async () => {
    const o = await send((d) => signed(ticketFor(d), rogue));
    expect(o).toMatchObject({ kind: 'uncertain', reason: expect.stringContaining('не довіреним центром') });
  });

  it('signed by a trusted certificate that is not the tax server’s: uncertain', async () => {
    const o = await send((d) => signed(ticketFor(d), notServer));
    expect(o).toMatchObject({ kind: 'uncertain', reason: expect.stringContaining('ЄДРПОУ 12345678), а не фіскальний сервер') });
  });

  it('for another document’s UID or ORDERNUM: uncertain', async () => {
    expect(await send((d) => signed(ticketFor(d, { UID: 'B7E2A0C4-0000-4000-8000-00000000000F' })))).toMatchObject({
      kind: 'uncertain',
      reason: expect.stringContaining('квитанція про інший документ'),
    });
    expect(await send((d) => signed(ticketFor(d, { ORDERNUM: String(d.localNum + 1) })))).toMatchObject({
      kind: 'uncertain',
      reason: expect.stringContaining(`а надіслано №`),
    });
  });

  it('that refuses the document in ERRORCODE: rejected', async () => {
    const o = await send((d) => signed(ticketFor(d, { ORDERTAXNUM: undefined, ERRORCODE: '9', ERRORTEXT: 'Помилка валідації' })));
    expect(o).toEqual({ kind: 'rejected', code: 9, text: 'Код помилки: 9\nПомилка валідації' });
  });

  it('that is not signed at all, or not even a ticket: uncertain', async () => {
    expect(await send(() => text(200, '<TICKET/>'))).toMatchObject({ kind: 'uncertain' });
    expect(await send(() => signed(Buffer.from('<?xml version="1.0"?><CHECK/>')))).toMatchObject({
      kind: 'uncertain',
      reason: expect.stringContaining('квитанція некоректна'),
    });
  });
});

describe('a refusal', () => {
  it('as JSON, by number or by name, with error 7’s expected number', async () => {
    const seven = await send(() =>
      json({
        ErrorCode: 7,
        ErrorMessage:
          'Некоректний локальний номер документа 3 для ПРРО з фіскальним номером 4000000001. Номер документа повинен дорівнювати 12',
      }),
    );
    expect(seven).toMatchObject({
      kind: 'rejected',
      code: 7,
      expected: 12,
      text: expect.stringMatching(/^Код помилки: 7 CheckLocalNumberInvalid\n/),
    });
    expect(await send(() => json({ ErrorCode: 'ShiftNotOpened', ErrorMessage: 'Зміну не відкрито' }))).toEqual({
      kind: 'rejected',
      code: 5,
      text: 'Код помилки: 5 ShiftNotOpened\nЗміну не відкрито',
    });
  });

  it('as text at any status, on one line as the server writes it in a package, or at a 500', async () => {
    const line =
      'Код помилки: 7 CheckLocalNumberInvalid Помилка обробки документа за № 3 в пакеті, дислокація 12464: Некоректний локальний номер документа 4978 для ПРРО з фіскальним номером 4000454063. Номер документа повинен дорівнювати 4979';
    expect(await send(() => text(400, line))).toMatchObject({ kind: 'rejected', code: 7, expected: 4979 });
    expect(await send(() => text(500, 'Код помилки: 9 DocumentValidationError\r\nЧек не містить підсумку'))).toEqual({
      kind: 'rejected',
      code: 9,
      text: 'Код помилки: 9 DocumentValidationError\nЧек не містить підсумку',
    });
  });

  it('as a bare HTTP status: its code, and what it means for a manager', async () => {
    for (const [status, words] of [
      [401, 'не дозволяє власнику ключа'],
      [403, 'перевірте адресу сервера'],
      [404, 'ПРРО не зареєстрований на податковому сервері'],
      [415, 'не прийняв формат запиту'],
      [416, 'понад 200 КБ'],
      [204, 'форма 5-ПРРО'],
    ] as const) {
      expect(await send(() => ({ status }))).toEqual({ kind: 'rejected', code: status, text: expect.stringContaining(words) });
    }
    expect(await send(() => text(400, 'Повідомлення повинно бути засвідчене кваліфікованим електронним підписом'))).toEqual({
      kind: 'rejected',
      code: 400,
      text: 'Податковий сервер відхилив запит (HTTP 400): Повідомлення повинно бути засвідчене кваліфікованим електронним підписом',
    });
  });
});

describe('no answer that says what became of the document', () => {
  it('503: the server is unavailable, nothing to ask', async () => {
    expect(await send(() => text(503, 'Service Unavailable'))).toEqual({
      kind: 'unreachable',
      reason: 'податковий сервер тимчасово недоступний (HTTP 503)',
    });
    expect(asked).toEqual([]);
  });

  it('a 502 with a proxy’s page: asked, and registered by the server’s own signed copy', async () => {
    let uid = '';
    const o = await send(
      (d) => {
        uid = d.uid;
        return text(502, '<html>Bad Gateway</html>');
      },
      (_endpoint, _body, c) => {
        if (c?.Command === 'DocumentInfoByLocalNum') return json({ NumFiscal: '3154002', DocClass: 'Check' });
        if (c?.Command === 'Check') {
          const xml = `<?xml version="1.0" encoding="windows-1251"?><CHECK><CHECKHEAD><UID>${uid}</UID><ORDERTAXNUM>3154002</ORDERTAXNUM></CHECKHEAD></CHECK>`;
          return signed(Buffer.from(xml));
        }
        return text(503, '');
      },
    );
    expect(o).toEqual({ kind: 'accepted', fiscalNumber: '3154002' });
    expect(asked).toEqual(['DocumentInfoByLocalNum', 'Check']);
  });

  it('a reset after sending, and the server has no such document (204): unreachable', async () => {
    const o = await send(
      () => 'reset',
      () => ({ status: 204 }),
    );
    expect(o).toMatchObject({ kind: 'unreachable', reason: expect.stringContaining('не зареєстровано') });
  });

  it('a reset after sending, and the question refused too: uncertain', async () => {
    const o = await send(
      () => 'reset',
      () => text(500, 'Internal Server Error'),
    );
    expect(o).toMatchObject({ kind: 'uncertain', reason: expect.stringContaining('не вдалося з’ясувати') });
  });

  it('a package refused in text while the state cannot be asked: the document named in the text', async () => {
    const docs = [reg.receipt(new Date()), reg.receipt(new Date()), reg.receipt(new Date())];
    let states = 0;
    handler = (endpoint, _body, c) => {
      if (endpoint === 'pck')
        return text(400, 'Код помилки: 9 DocumentValidationError\r\nПомилка обробки документа за № 2 в пакеті: сума');
      if (c?.Command === 'TransactionsRegistrarState' && states++ === 0)
        return json({ ShiftState: 1, NextLocalNum: docs[0]?.localNum });
      return text(503, '');
    };
    expect(await dps.sendPackage(docs)).toMatchObject({ kind: 'rejected', index: 1, code: 9 });
  });
});
