/**
 * Keys and certificates of a CA of our own, as the simulator and the tests make them: a PBES2
 * container that opens only with its password, a cashier's certificate naming a tax number, and
 * what the verifier refuses (a certificate swapped for another of the same key, a foreign CA).
 */
import { describe, expect, it } from 'vitest';
import { readCertificate } from './certificate.js';
import { CmsError, signContent, verifySigned } from './cms.js';
import { generateKey } from './dstu.js';
import { issueCertificate, issueRoot, writeContainer } from './issue.js';
import { checkCertificate, openSigner } from './key.js';
import { TrustStore } from './trust.js';

const FROM = new Date('2026-01-01T00:00:00Z');
const TO = new Date('2028-01-01T00:00:00Z');
const NOW = new Date('2026-11-28T10:00:00Z');

const ca = issueRoot({ commonName: 'Тестовий ЦСК', organizationName: 'Каса', countryName: 'UA' }, FROM, TO);
const issuer = {
  key: ca.key,
  certificate: ca.certificate,
  name: { commonName: 'Тестовий ЦСК', organizationName: 'Каса', countryName: 'UA' },
};
const trust = new TrustStore([ca.certificate]);

function cashier(drfo: string, usage: 'sign' | 'encrypt' = 'sign', validTo = TO) {
  const key = generateKey();
  const certificate = issueCertificate(
    { subject: { commonName: 'Петренко Олена Іванівна', countryName: 'UA' }, key, validFrom: FROM, validTo, usage, drfo },
    issuer,
  );
  return { key, certificate };
}

describe('a CA of our own', () => {
  it('issues a root the trust store accepts as a CA, and a cashier certificate it verifies', () => {
    expect(ca.certificate.isCa).toBe(true);
    const c = cashier('3012345678');
    expect(c.certificate.canSign).toBe(true);
    expect(c.certificate.drfo).toBe('3012345678');
    expect(c.certificate.issuer).toBe('Тестовий ЦСК');
    expect(trust.verify(c.certificate, NOW)).toMatchObject({ ok: true });
    expect(trust.verify(c.certificate, new Date('2029-01-01'))).toEqual({ ok: false, reason: 'not-valid-now' });
    expect(new TrustStore().verify(c.certificate, NOW)).toEqual({ ok: false, reason: 'unknown-issuer' });
  });

  it('writes a PBES2 container that opens with its password only', () => {
    const c = cashier('3012345678');
    const container = writeContainer(c.key, 'Пароль-1');
    const signer = openSigner(container, 'Пароль-1', [c.certificate.der]);
    expect(signer.certificate.subjectKeyId).toBe(c.certificate.subjectKeyId);
    expect(() => openSigner(container, 'Пароль-2', [c.certificate.der])).toThrow(
      expect.objectContaining({ problem: 'password' }),
    );
  });

  it('signs what the verifier accepts through the CA, and a foreign CA does not', () => {
    const c = cashier('3012345678');
    const signed = signContent(Buffer.from('<CHECK/>'), c, NOW);
    expect(verifySigned(signed, { trust, at: NOW }).signer.drfo).toBe('3012345678');
    const other = issueRoot({ commonName: 'Чужий ЦСК', countryName: 'UA' }, FROM, TO);
    expect(() => verifySigned(signed, { trust: new TrustStore([other.certificate]), at: NOW })).toThrow(
      expect.objectContaining({ problem: 'untrusted' }),
    );
  });

  it('refuses a message whose embedded certificate was swapped for another of the same key (signing-certificate-v2)', () => {
    const c = cashier('3012345678');
    // Another certificate of the same key, issuer and serial number, naming another person's tax number.
    const twin = issueCertificate(
      {
        subject: { commonName: 'Петренко Олена Іванівна', countryName: 'UA' },
        key: c.key,
        validFrom: FROM,
        validTo: TO,
        usage: 'sign',
        drfo: '1111111111',
        serial: BigInt(`0x${c.certificate.serialHex}`),
      },
      issuer,
    );
    expect(twin.der.length).toBe(c.certificate.der.length);
    const signed = signContent(Buffer.from('<CHECK/>'), c, NOW);
    const at = signed.indexOf(c.certificate.der);
    const swapped = Buffer.concat([signed.subarray(0, at), twin.der, signed.subarray(at + twin.der.length)]);
    expect(() => verifySigned(swapped, { trust, at: NOW })).toThrow(expect.objectContaining({ problem: 'signing-certificate' }));
  });

  it("checks a key names the register's seller or one of its cashiers, and may sign now", () => {
    const c = cashier('3012345678');
    expect(checkCertificate(c.certificate, { tin: '3012345678', now: NOW, trust })).toBe(c.certificate);
    expect(checkCertificate(c.certificate, { tin: '44082020', cashiers: ['3012345678'], now: NOW, trust })).toBe(c.certificate);
    expect(() => checkCertificate(c.certificate, { tin: '44082020', now: NOW, trust })).toThrow(
      expect.objectContaining({ problem: 'foreign', message: expect.stringContaining('Петренко Олена Іванівна') }),
    );
    const enc = cashier('3012345678', 'encrypt');
    expect(() => checkCertificate(enc.certificate, { tin: '3012345678', now: NOW })).toThrow(
      expect.objectContaining({ problem: 'not-for-signing' }),
    );
    expect(() => checkCertificate(c.certificate, { tin: '3012345678', now: NOW, trust: new TrustStore() })).toThrow(
      expect.objectContaining({ problem: 'untrusted' }),
    );
    expect(() => checkCertificate(c.certificate, { tin: '3012345678', now: new Date('2025-06-01') })).toThrow(
      expect.objectContaining({ problem: 'not-yet-valid' }),
    );
  });

  it('reads PEM as well as DER', () => {
    const c = cashier('3012345678');
    const pem = `-----BEGIN CERTIFICATE-----\n${c.certificate.der.toString('base64').replace(/.{64}/g, '$&\n')}\n-----END CERTIFICATE-----\n`;
    expect(readCertificate(Buffer.from(pem)).der.equals(c.certificate.der)).toBe(true);
    expect(() => verifySigned(Buffer.from('not cms'))).toThrow(CmsError);
  });
});
