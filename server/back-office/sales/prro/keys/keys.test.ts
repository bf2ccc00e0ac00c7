/**
 * A register's signing key in the back office: loaded by a manager and checked (password, owner,
 * validity, CA), unlocked for the shift by a senior cashier or manager, kept for unattended work
 * under the service's secret, locked again once the closed shift is delivered; and documents
 * signed with it, outside the sale's transaction, an offline session's chain over the signed bytes.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeCp1251 } from '../../../../../shared/fiscal/cp1251.js';
import { readDocument } from '../../../../dps/format/read.js';
import { SHARED_FISCAL } from '../../../../dps/format/schema/test-support.js';
import { bundledTrust } from '../../../../dps/signing/bundled-trust.js';
import { verifySigned } from '../../../../dps/signing/cms.js';
import { simulatedFiscalServer } from '../../../../dps/simulator/simulator.js';
import { BusinessRefusal } from '../../../../upstream/upstream.js';
import { invoke } from '../../../operations.js';
import { keyRingOf } from '../../kernel/keys/ring.js';
import { ServiceSecret } from '../../kernel/keys/secret.js';
import { prroSql } from '../../kernel/register/statements.js';
import { KEY_PASSWORD, loadParams, sellerKey, testKey, trustTestCa } from '../../testing/keys.js';
import {
  addBatch,
  BREAD,
  managerConfirmation,
  type Shop,
  standardShop,
  TEST_MANAGER,
  TEST_SELLER,
  VODKA,
} from '../../testing/shop.js';
import { dispatchFiscalNow } from '../server/dispatch.js';

const NUMPRRO = '4000123456';
let shop: Shop;

beforeEach(() => {
  shop = standardShop();
  trustTestCa(shop.db);
});
afterEach(() => shop.close());

const state = (kasm = 1) => shop.call('pos.prro_key_state', { kasm }).rows[0] as Record<string, string>;
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    if (err instanceof BusinessRefusal) return { reason: err.reason, values: err.values };
    throw err;
  }
  throw new Error('expected a refusal');
};
const load = (params: ReturnType<typeof loadParams> & { cashier_registered?: boolean }) =>
  shop.call('settings.prro_key_load', params).rows[0] as Record<string, string>;
const sale = () =>
  shop.call('pos.checkout_close_sale', {
    kasm: 1,
    rows: [{ code: BREAD, quant: '1', price: '25.50', sum: '25.50' }],
    payments: [{ type: 'nal', amount: '25.50' }],
  });
const docs = () =>
  shop.db.prepare('SELECT * FROM prro_docs WHERE numprro = ? AND status <> 5 ORDER BY local_num').all(NUMPRRO) as Record<
    string,
    string
  >[];

describe("a manager loads a register's key", () => {
  it('shows whose it is, its tax number, its validity and the register, and unlocks it', () => {
    const row = load(loadParams(sellerKey()));
    expect(row).toMatchObject({
      kasm: '1',
      numprro: NUMPRRO,
      loaded: '1',
      owner: TEST_SELLER.org_name,
      edrpou: TEST_SELLER.tin,
      drfo: '',
      issuer: 'Тестовий КНЕДП',
      valid_from: '2020-01-01',
      valid_to: '2040-01-01',
      expiry_warning: '0',
      unlocked: '1',
      unattended: '0',
      server: 'real',
    });
    expect(Number(row.days_left)).toBeGreaterThan(5000);
    expect(keyRingOf(shop.db).isUnlocked(NUMPRRO)).toBe(true);
    // The other till's register has none.
    expect(state(2)).toMatchObject({ loaded: '0', unlocked: '0', owner: '' });
  });

  it('warns from 30 days before the certificate ends', () => {
    const k = testKey({ owner: 'Продавець', edrpou: TEST_SELLER.tin, validTo: new Date('2025-04-10T00:00:00Z') });
    expect(load(loadParams(k))).toMatchObject({ expiry_warning: '1', days_left: '26' });
  });

  it('refuses, and stores nothing, for a wrong password, a file that is no key, a certificate of another key', () => {
    const k = sellerKey();
    expect(refusal(() => load({ ...loadParams(k), password: 'не той' }))).toEqual({ reason: 'key.password', values: {} });
    expect(refusal(() => load({ ...loadParams(k), container: Buffer.from('просто текст, не ключ').toString('base64') }))).toEqual(
      {
        reason: 'key.format',
        values: {},
      },
    );
    const other = testKey({ owner: 'Інший', edrpou: TEST_SELLER.tin }, 'інший');
    expect(refusal(() => load({ ...loadParams(k), certificate: other.certificate.der.toString('base64') })).reason).toBe(
      'key.no_certificate',
    );
    expect(state()).toMatchObject({ loaded: '0', unlocked: '0' });
    expect(shop.db.prepare('SELECT count(*) AS n FROM prro_keys').get()).toEqual({ n: 0 });
  });

  it("refuses another person's key unless the manager states the DPS registered them as the register's cashier", () => {
    const cashier = testKey({ owner: 'Петренко Олена', drfo: '3012345678' });
    expect(refusal(() => load(loadParams(cashier)))).toEqual({
      reason: 'key.foreign',
      values: { owner: 'Петренко Олена', numbers: '3012345678', tin: TEST_SELLER.tin },
    });
    expect(load({ ...loadParams(cashier), cashier_registered: true })).toMatchObject({ loaded: '1', drfo: '3012345678' });
  });

  it("refuses the DPS's test key: its certificate expired in 2021", () => {
    const dir = join(SHARED_FISCAL, 'exchange', 'test-key');
    const params = {
      kasm: 1,
      container: readFileSync(join(dir, 'Key-6.dat')).toString('base64'),
      password: 'tectfom',
      certificate: readFileSync(join(dir, '8030938-sign.cer')).toString('base64'),
    };
    expect(refusal(() => load(params))).toEqual({ reason: 'key.expired', values: { valid_to: '2021-10-22' } });
  });

  it('refuses a certificate of a CA outside the trusted ones', () => {
    trustTestCa(shop.db, { trust: () => bundledTrust() });
    expect(refusal(() => load(loadParams(sellerKey())))).toEqual({
      reason: 'key.untrusted',
      values: { issuer: 'Тестовий КНЕДП' },
    });
  });

  it("is a manager's: a cashier alone is refused, a manager's confirmation lets them", () => {
    const cashierId = Number((shop.db.prepare("SELECT id FROM users WHERE name = 'Олена Касир'").get() as { id: number }).id);
    const as = (extra: { cashier?: number; confirmation?: number }) => ({ ...shop.ctx, ...extra });
    expect(refusal(() => invoke(as({ cashier: cashierId }), 'settings.prro_key_load', loadParams(sellerKey()))).reason).toBe(
      'key.not_manager',
    );
    const confirmation = managerConfirmation(shop, 'key_settings');
    invoke(as({ cashier: cashierId, confirmation }), 'settings.prro_key_load', loadParams(sellerKey()));
    const event = shop.db.prepare('SELECT user, action FROM prro_key_events').get();
    expect(event).toEqual({ user: `Олена Касир (підтвердив ${TEST_MANAGER.name})`, action: 'loaded' });
  });
});

describe('unlocking for the shift', () => {
  beforeEach(() => {
    load(loadParams(sellerKey()));
    keyRingOf(shop.db).lock(NUMPRRO);
  });

  it('takes the password and keeps the key in memory only', () => {
    expect(state()).toMatchObject({ loaded: '1', unlocked: '0' });
    expect(shop.call('pos.prro_key_unlock', { kasm: 1, password: KEY_PASSWORD }).rows[0]).toMatchObject({ unlocked: '1' });
    expect(keyRingOf(shop.db).isUnlocked(NUMPRRO)).toBe(true);
    const everything =
      JSON.stringify(shop.db.prepare('SELECT * FROM prro_keys').all()) +
      JSON.stringify(shop.db.prepare('SELECT * FROM prro_key_events').all());
    expect(everything).not.toContain(KEY_PASSWORD);
  });

  it('refuses a wrong password, and a register with no key', () => {
    expect(refusal(() => shop.call('pos.prro_key_unlock', { kasm: 1, password: 'ні' })).reason).toBe('key.password');
    expect(refusal(() => shop.call('pos.prro_key_unlock', { kasm: 2, password: KEY_PASSWORD }))).toEqual({
      reason: 'key.missing',
      values: { kasm: '2' },
    });
    expect(state()).toMatchObject({ unlocked: '0' });
  });

  it('is locked again once the shift is closed and its documents are with the tax server', () => {
    shop.call('pos.prro_key_unlock', { kasm: 1, password: KEY_PASSWORD });
    sale();
    dispatchFiscalNow(shop.db, simulatedFiscalServer(shop.db), () => new Date('2025-03-14T10:00:00Z'), 'Europe/Kyiv');
    expect(keyRingOf(shop.db).isUnlocked(NUMPRRO)).toBe(true);
    shop.call('pos.shift_close', { kasm: 1 });
    dispatchFiscalNow(shop.db, simulatedFiscalServer(shop.db), () => new Date('2025-03-14T10:00:00Z'), 'Europe/Kyiv');
    expect(keyRingOf(shop.db).isUnlocked(NUMPRRO)).toBe(false);
    expect(shop.db.prepare("SELECT user, action FROM prro_key_events WHERE action = 'locked'").get()).toEqual({
      user: 'service',
      action: 'locked',
    });
  });

  it('stays unlocked when unlocked between shifts, until a shift closed after it is delivered', () => {
    const send = () =>
      dispatchFiscalNow(shop.db, simulatedFiscalServer(shop.db), () => new Date('2025-03-14T11:00:00Z'), 'Europe/Kyiv');
    send();
    shop.call('pos.shift_close', { kasm: 1 });
    send();
    shop.setNow('2025-03-14T11:00:00Z');
    shop.call('pos.prro_key_unlock', { kasm: 1, password: KEY_PASSWORD });
    send();
    expect(keyRingOf(shop.db).isUnlocked(NUMPRRO)).toBe(true);
    const cashier = Number((shop.db.prepare("SELECT id FROM users WHERE name = 'Олена Касир'").get() as { id: number }).id);
    shop.call('pos.shift_open', { kasm: 1, cashier });
    send();
    expect(keyRingOf(shop.db).isUnlocked(NUMPRRO)).toBe(true);
    shop.call('pos.shift_close', { kasm: 1 });
    send();
    expect(keyRingOf(shop.db).isUnlocked(NUMPRRO)).toBe(false);
  });
});

describe('unattended work', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'keys-'));
    load(loadParams(sellerKey()));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is not offered where the service keeps no secret', () => {
    expect(
      refusal(() => shop.call('settings.prro_key_unattended', { kasm: 1, enabled: true, password: KEY_PASSWORD })).reason,
    ).toBe('key.unattended_unavailable');
  });

  it('keeps the password sealed with the service secret (a 0600 file beside it), and opens the key with it after a restart', () => {
    const secret = new ServiceSecret(join(dir, 'backoffice.db.secret'));
    trustTestCa(shop.db, { secret });
    expect(state()).toMatchObject({ unattended_available: '1' });
    expect(refusal(() => shop.call('settings.prro_key_unattended', { kasm: 1, enabled: true })).reason).toBe(
      'key.unattended_password',
    );
    expect(shop.call('settings.prro_key_unattended', { kasm: 1, enabled: true, password: KEY_PASSWORD }).rows[0]).toMatchObject({
      unattended: '1',
    });
    expect(statSync(secret.file).mode & 0o777).toBe(0o600);
    const stored = shop.db.prepare('SELECT unattended_b64 FROM prro_keys').pluck().get() as string;
    expect(stored).not.toBe('');
    expect(Buffer.from(stored, 'base64').toString('latin1')).not.toContain('2025');
    // A restarted service: nothing in memory, the key opens from the sealed password when needed.
    keyRingOf(shop.db).lock(NUMPRRO);
    trustTestCa(shop.db, { secret });
    expect(keyRingOf(shop.db).signerFor(NUMPRRO)?.certificate.edrpou).toBe(TEST_SELLER.tin);
    // Another service's secret does not open it.
    keyRingOf(shop.db).lock(NUMPRRO);
    trustTestCa(shop.db, { secret: new ServiceSecret(join(dir, 'other.secret')) });
    expect(keyRingOf(shop.db).signerFor(NUMPRRO)).toBeUndefined();
  });

  it('is switched off by a manager, forgetting the password', () => {
    trustTestCa(shop.db, { secret: new ServiceSecret(join(dir, 'secret')) });
    shop.call('settings.prro_key_unattended', { kasm: 1, enabled: true, password: KEY_PASSWORD });
    expect(shop.call('settings.prro_key_unattended', { kasm: 1, enabled: false }).rows[0]).toMatchObject({ unattended: '0' });
    expect(shop.db.prepare('SELECT unattended_b64 FROM prro_keys').pluck().get()).toBe('');
  });
});

describe('documents signed with the key', () => {
  beforeEach(() => load(loadParams(sellerKey())));

  it('are signed before the next write, outside its transaction, and the signature is of the XML as booked', () => {
    sale();
    const [first] = docs().filter((d) => d.doc_type === 'receipt');
    // The close itself signs nothing; the next write signs what waits first.
    expect(first?.signed_b64).toBe('');
    sale();
    const signed = prroSql(shop.db).signedOf.get(Number(first?.id)) as string;
    const msg = verifySigned(Buffer.from(signed, 'base64'), { trust: keyRingOf(shop.db).settings.trust() });
    expect(msg.content.equals(Buffer.from(first?.xml_body_b64 as string, 'base64'))).toBe(true);
    expect(msg.signer.edrpou).toBe(TEST_SELLER.tin);
  });

  it('chain an offline session over the signed bytes: PREVDOCHASH is the SHA-256 of the previous signed document', () => {
    const server = simulatedFiscalServer(shop.db);
    const send = () => dispatchFiscalNow(shop.db, server, () => new Date('2025-03-14T10:00:00Z'), 'Europe/Kyiv');
    send();
    server.setReachable(false);
    sale();
    send();
    sale();
    sale();
    sale();
    const session = docs().filter((d) => d.offline_session_id !== '' && d.doc_type === 'receipt');
    expect(session.length).toBe(4);
    for (const [i, d] of session.entries()) {
      const prev = readDocument(Buffer.from(d.xml_body_b64 as string, 'base64')).head.PREVDOCHASH;
      if (i === 0) continue;
      const before = prroSql(shop.db).signedOf.get(Number(session[i - 1]?.id)) as string;
      expect(before).not.toBe('');
      expect(prev).toBe(createHash('sha256').update(Buffer.from(before, 'base64')).digest('hex'));
    }
  });
});

describe('a corrected document requeued with the key unlocked', () => {
  beforeEach(() => load(loadParams(sellerKey())));

  it('is signed again, its corrected body, before it goes; the documents after it follow', () => {
    const server = simulatedFiscalServer(shop.db);
    const send = () => dispatchFiscalNow(shop.db, server, () => new Date('2025-03-14T10:00:00Z'), 'Europe/Kyiv');
    send();
    const id = Number((sale().rows[0] as Record<string, string>).prro_doc_id);
    sale();
    const signedBefore = prroSql(shop.db).signedOf.get(id) as string;
    expect(signedBefore).not.toBe('');
    // A faulty writer's mistake, which the tax server refuses: the seller's TIN mistyped.
    const row = docs().find((d) => Number(d.id) === id) as Record<string, string>;
    const text = new TextDecoder('windows-1251').decode(Buffer.from(row.xml_body_b64 as string, 'base64'));
    const spoiled = text.replace(`<TIN>${TEST_SELLER.tin}</TIN>`, '<TIN>87654321</TIN>');
    const bytes = Buffer.from(encodeCp1251(spoiled));
    shop.db
      .prepare('UPDATE prro_docs SET xml_body_b64 = ?, doc_hash = ? WHERE id = ?')
      .run(bytes.toString('base64'), createHash('sha256').update(bytes).digest('hex'), id);
    expect(send()).toMatchObject({ rejected: 1 });

    shop.call(
      'pos.prro_inline_requeue',
      {
        id,
        created_at: '2025-03-14T10:00:00Z',
        fiscal_number: '',
        xml_body_b64: Buffer.from(encodeCp1251(text)).toString('base64'),
      },
      TEST_MANAGER.name,
    );
    // The signature of the refused body is gone with it; the next write signs the corrected one.
    expect(prroSql(shop.db).signedOf.get(id)).toBe('');
    sale();
    const resigned = prroSql(shop.db).signedOf.get(id) as string;
    const msg = verifySigned(Buffer.from(resigned, 'base64'), { trust: keyRingOf(shop.db).settings.trust() });
    const stored = docs().find((d) => Number(d.id) === id) as Record<string, string>;
    expect(msg.content.equals(Buffer.from(stored.xml_body_b64 as string, 'base64'))).toBe(true);
    expect(readDocument(msg.content).head.TIN).toBe(TEST_SELLER.tin);
    expect(send()).toMatchObject({ rejected: 0 });
    expect(
      docs()
        .filter((d) => Number(d.local_num) >= Number(stored.local_num))
        .map((d) => Number(d.status)),
    ).toEqual([2, 2, 2]);
  });
});

describe('the size the tax server takes', () => {
  it('refuses at the close a sale whose signed document would be over 200 KB, booking nothing', () => {
    // The largest sale the contract takes: 100 lines of 20 bottles, each with its 64-character stamp.
    shop.call('settings.excise_stamp_masks_save', { masks: [`AAAA${'9'.repeat(60)}`] });
    addBatch(shop.db, { code: VODKA, quantity: '2000', cost: '120.00', on: '2025-03-01' });
    const stamp = (n: number) => `ABCD${String(n).padStart(60, '0')}`;
    const rows = Array.from({ length: 100 }, (_, line) => ({
      code: VODKA,
      quant: '20',
      price: '180.00',
      sum: '3600.00',
      excise_marks: Array.from({ length: 20 }, (_, i) => stamp(line * 20 + i)),
    }));
    const before = { docs: docs().length, receipts: shop.db.prepare('SELECT count(*) FROM receipts').pluck().get() };
    expect(
      refusal(() => shop.call('pos.checkout_close_sale', { kasm: 1, rows, payments: [{ type: 'nal', amount: '360000.00' }] })),
    ).toMatchObject({ reason: 'fiscal.document_too_large', values: { max: String(200 * 1024) } });
    expect({ docs: docs().length, receipts: shop.db.prepare('SELECT count(*) FROM receipts').pluck().get() }).toEqual(before);
    expect(shop.db.prepare('SELECT count(*) FROM excise_stamps').pluck().get()).toBe(0);
    // Half of it goes.
    shop.call('pos.checkout_close_sale', { kasm: 1, rows: rows.slice(0, 50), payments: [{ type: 'nal', amount: '180000.00' }] });
  });
});
