/**
 * Signing keys for the back office's tests: a CA of the tests' own (valid 2020–2040, so the shops'
 * clocks of 2025 fall in it), a seller's key naming the test seller's ЄДРПОУ, a cashier's key,
 * each as a password-protected PBES2 container with its certificate. Made once per test file (a
 * key takes ~80 ms to make), its container with 100 PBKDF2 rounds, not a CA's 10,000: opening one
 * takes a tenth of a second, not a second, and the tests open many.
 */

import type { Db } from '../../../../shared-node/sql/db.js';
import { bundledTrust } from '../../../dps/signing/bundled-trust.js';
import type { Certificate } from '../../../dps/signing/certificate.js';
import { generateKey, type PrivateKey } from '../../../dps/signing/dstu.js';
import { issueCertificate, issueRoot, writeContainer } from '../../../dps/signing/issue.js';
import { TrustStore } from '../../../dps/signing/trust.js';
import { configureKeys, type KeyConfig } from '../kernel/keys/ring.js';
import { TEST_SELLER } from './shop.js';

export const KEY_PASSWORD = 'Ключ-2025';
const FROM = new Date('2020-01-01T00:00:00Z');
const TO = new Date('2040-01-01T00:00:00Z');
const CA_NAME = { commonName: 'Тестовий КНЕДП', organizationName: 'Тести каси', countryName: 'UA' };

let ca: { key: PrivateKey; certificate: Certificate } | undefined;
export const testCa = () => {
  ca ??= issueRoot(CA_NAME, FROM, TO);
  return ca;
};

export interface TestKey {
  readonly container: Buffer;
  readonly certificate: Certificate;
  readonly password: string;
}

const made = new Map<string, TestKey>();

/** A key issued by the tests' CA: `edrpou` for a company's seal, `drfo` for a person. */
export function testKey(
  who: { owner: string; edrpou?: string; drfo?: string; validTo?: Date },
  password = KEY_PASSWORD,
): TestKey {
  const id = JSON.stringify([who, password]);
  const known = made.get(id);
  if (known) return known;
  const key = generateKey();
  const certificate = issueCertificate(
    {
      subject: { commonName: who.owner, countryName: 'UA', ...(who.edrpou ? { organizationName: TEST_SELLER.org_name } : {}) },
      key,
      validFrom: FROM,
      validTo: who.validTo ?? TO,
      usage: 'sign',
      ...(who.edrpou ? { edrpou: who.edrpou } : {}),
      ...(who.drfo ? { drfo: who.drfo } : {}),
    },
    { key: testCa().key, certificate: testCa().certificate, name: CA_NAME },
  );
  const k = { container: writeContainer(key, password, 100), certificate, password };
  made.set(id, k);
  return k;
}

/** The test seller's own key (a company's seal naming its ЄДРПОУ). */
export const sellerKey = () => testKey({ owner: TEST_SELLER.org_name, edrpou: TEST_SELLER.tin });

/** The back office trusts the tests' CA beside the qualified ones. */
export function trustTestCa(db: Db, extra: Partial<KeyConfig> = {}): void {
  const trust = new TrustStore([...bundledTrust().all(), testCa().certificate]);
  configureKeys(db, { trust: () => trust, server: 'real', ...extra });
}

/** The params of settings.prro_key_load for a test key. */
export const loadParams = (k: TestKey, kasm = 1) => ({
  kasm,
  container: k.container.toString('base64'),
  password: k.password,
  certificate: k.certificate.der.toString('base64'),
});
