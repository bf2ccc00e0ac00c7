/**
 * The HTTP simulator's protocol as a client meets it byte for byte: the Content-Type and
 * Content-Encoding it takes, its 200 KB limit measured before compression, the refusals of a
 * body that is no signed message, its commands' two error forms, and a CA that survives a
 * restart over the same database.
 */
import { request } from 'node:http';
import { deflateSync, gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../../shared-node/sqlite/migrate.js';
import { keysOf, TestRegister } from '../../exchange/testing/register.js';
import { openServerSigned } from '../../exchange/ticket-check.js';
import { readTicket } from '../../format/ticket.js';
import { type Signer, signContent } from '../../signing/cms.js';
import { openSigner } from '../../signing/key.js';
import { TrustStore } from '../../signing/trust.js';
import { simulatorMigrations } from '../schema.js';
import { type HttpSimulator, startSimulator } from './server.js';

const NUMPRRO = '4000000001';
const SELLER = '3012345678';

let db: Database.Database;
let sim: HttpSimulator;
let seller: Signer;

beforeAll(async () => {
  db = new Database(':memory:');
  migrate(db, simulatorMigrations);
  sim = await startSimulator({ db, registry: (n) => (n === NUMPRRO ? { tin: SELLER } : undefined) });
  seller = sim.issueSigner({ owner: 'Петренко Олена Іванівна', drfo: SELLER });
});

afterAll(async () => {
  await sim.close();
});

interface Raw {
  readonly status: number;
  readonly type: string;
  readonly body: Buffer;
}

function post(path: string, body: Buffer, headers: Record<string, string>, method = 'POST'): Promise<Raw> {
  const url = new URL(`${sim.url}${path}`);
  return new Promise((resolve, reject) => {
    const req = request(
      { hostname: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const OCTETS = { 'Content-Type': 'application/octet-stream' };
const JSON_PLAIN = { 'Content-Type': 'application/json; charset=UTF-8' };
const server = () => ({
  trust: new TrustStore([sim.caCertificate]),
  serverTaxNumbers: [sim.serverTaxNumber],
  now: () => new Date(),
});

describe('documents', () => {
  it('takes a signed document sent as it is, gzipped or deflated, and answers each with a signed TICKET', async () => {
    const reg = new TestRegister({ numprro: NUMPRRO, tin: SELLER, signer: seller });
    const plain = reg.openShift(new Date());
    const gz = reg.receipt(new Date());
    const df = reg.receipt(new Date());
    const answers = [
      await post('/doc', plain.body, OCTETS),
      await post('/doc', gzipSync(gz.body), { ...OCTETS, 'Content-Encoding': 'gzip' }),
      await post('/doc', deflateSync(df.body), { ...OCTETS, 'Content-Encoding': 'deflate' }),
    ];
    for (const [i, made] of [plain, gz, df].entries()) {
      const a = answers[i] as Raw;
      expect(a.status).toBe(200);
      const opened = openServerSigned(a.body, server());
      if (!('content' in opened)) throw new Error(opened.problem);
      expect(readTicket(opened.content)).toMatchObject({ UID: made.uid, ORDERNUM: String(made.localNum), VER: '1' });
    }
  });

  it('refuses another Content-Type or Content-Encoding (415), and over 200 KB before compression (416)', async () => {
    const body = Buffer.from('<CHECK/>');
    expect(await post('/doc', body, { 'Content-Type': 'text/xml' })).toMatchObject({ status: 415 });
    expect((await post('/doc', body, { ...OCTETS, 'Content-Encoding': 'br' })).status).toBe(415);
    const big = gzipSync(Buffer.alloc(200 * 1024 + 1, 0x20));
    expect(big.length).toBeLessThan(2048);
    const refused = await post('/doc', big, { ...OCTETS, 'Content-Encoding': 'gzip' });
    expect(refused.status).toBe(416);
    expect(refused.body.toString()).toContain('200 Кб');
  });

  it('refuses a body that is not a signed message with a bare description (400)', async () => {
    const unsigned = await post('/doc', Buffer.from('<CHECK/>'), OCTETS);
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.toString()).toBe('Повідомлення повинно бути засвідчене кваліфікованим електронним підписом');
  });

  it('answers another path with 403 and another method with 405', async () => {
    expect((await post('/other', Buffer.alloc(0), OCTETS)).status).toBe(403);
    expect((await post('/doc', Buffer.alloc(0), OCTETS, 'PUT')).status).toBe(405);
  });
});

describe('commands', () => {
  const plain = (value: unknown) => Buffer.from(JSON.stringify(value));

  it('answers its numbered errors as text, or as JSON with resultAsJson=true', async () => {
    const text = await post('/cmd', plain({ Command: 'Nonsense' }), JSON_PLAIN);
    expect(text.status).toBe(400);
    expect(text.body.toString()).toBe('Код помилки: 11 InvalidQueryParameter\r\nНевідома команда Nonsense');
    const json = await post('/cmd?resultAsJson=true', plain({ Command: 'Nonsense' }), JSON_PLAIN);
    expect(json.status).toBe(200);
    expect(JSON.parse(json.body.toString())).toMatchObject({ ErrorCode: 11, ErrorMessage: 'Невідома команда Nonsense' });
  });

  it('takes ServerState plain, and wants the register’s commands signed', async () => {
    const state = await post('/cmd', plain({ Command: 'ServerState', UID: 'u-1' }), JSON_PLAIN);
    expect(JSON.parse(state.body.toString())).toEqual({
      UID: 'u-1',
      Timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0[23]:00$/),
    });
    const unsigned = await post(
      '/cmd?resultAsJson=true',
      plain({ Command: 'TransactionsRegistrarState', NumFiscal: NUMPRRO }),
      JSON_PLAIN,
    );
    expect(JSON.parse(unsigned.body.toString())).toMatchObject({ ErrorCode: 12 });
  });

  it('answers "no data" with 204, or error 13 in JSON mode', async () => {
    const ask = signContent(plain({ Command: 'DocumentInfoByLocalNum', NumFiscal: NUMPRRO, NumLocal: 999 }), seller, new Date());
    const none = await post('/cmd', ask, OCTETS);
    expect(none.status).toBe(204);
    expect(none.body.length).toBe(0);
    const json = await post('/cmd?resultAsJson=true', ask, OCTETS);
    expect(JSON.parse(json.body.toString())).toMatchObject({ ErrorCode: 13 });
  });

  it('refuses a device id that is not 64 characters', async () => {
    const ask = signContent(plain({ Command: 'DeviceRegister', NumFiscal: NUMPRRO, DeviceId: 'abc' }), seller, new Date());
    const r = await post('/cmd', ask, OCTETS);
    expect(r.status).toBe(400);
    expect(r.body.toString()).toContain('64 символи');
  });
});

describe('its certification authority', () => {
  it('survives a restart over the same database, and issues key containers that open with their password', async () => {
    const again = await startSimulator({ db, registry: () => undefined });
    try {
      expect(again.caCertificate.der.equals(sim.caCertificate.der)).toBe(true);
      expect(again.serverCertificate.der.equals(sim.serverCertificate.der)).toBe(true);
      const issued = again.issueKey({ owner: 'Коваль Андрій Петрович', drfo: '2233445566', password: 'пароль-1' });
      const signer = openSigner(issued.container, 'пароль-1', [issued.certificate]);
      expect(signer.certificate.drfo).toBe('2233445566');
      expect(new TrustStore([sim.caCertificate]).verify(signer.certificate, new Date())).toMatchObject({ ok: true });
      expect(keysOf({ [NUMPRRO]: signer }).signerFor(NUMPRRO)).toBe(signer);
    } finally {
      await again.close();
    }
  });
});
