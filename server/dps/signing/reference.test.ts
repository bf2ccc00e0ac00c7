/**
 * The project's verifier and signer against the DPS's own material (../shared/fiscal/exchange):
 * the official signed samples, the real server's answers, the official offline packet and the
 * DPS's test key, whose certificate expired in 2021 (its chain is checked at a 2020 time).
 */

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { unpackDocuments } from '../exchange/package.js';
import { decodeBody, readDocument } from '../format/read.js';
import { SHARED_FISCAL } from '../format/schema/test-support.js';
import { bundledTrust } from './bundled-trust.js';
import { readCertificate } from './certificate.js';
import { CmsError, signContent, verifySigned } from './cms.js';
import { checkCertificate, KeyError, openSigner } from './key.js';
import type { TrustStore } from './trust.js';

const EXCHANGE = join(SHARED_FISCAL, 'exchange');
const file = (p: string) => readFileSync(join(EXCHANGE, p));
const IN_2020 = new Date('2020-08-11T12:00:00Z');

let trust: TrustStore;
beforeAll(() => {
  trust = bundledTrust();
});

/** The same bytes with one byte changed at `offset` of the part found by `find`. */
function flipped(bytes: Buffer, at: number): Buffer {
  const copy = Buffer.from(bytes);
  copy[at] = (copy[at] as number) ^ 0x01;
  return copy;
}

describe('the official signed samples', () => {
  it.each(['samples/check.xml.p7s', 'samples/zrep.xml.p7s', 'samples/registrar-state-cmd.json.p7s'])(
    '%s verifies, with its chain to a qualified CA at its time',
    (name) => {
      const msg = verifySigned(file(name), { trust, at: IN_2020 });
      expect(msg.signer.owner).toBe('Симоненко Валентина Андреевна');
      expect(msg.signer.edrpou).toBe('10899999');
      expect(msg.content.length).toBeGreaterThan(50);
    },
  );

  it('the receipt inside is windows-1251 XML the project reads', () => {
    const msg = verifySigned(file('samples/check.xml.p7s'), { trust, at: IN_2020 });
    expect(decodeBody(msg.content)).toContain('<CHECKHEAD>');
    expect(readDocument(msg.content).head.CASHREGISTERNUM).toBe('4000000001');
  });

  it('a flipped byte in the content fails: the digest no longer matches', () => {
    const bytes = file('samples/check.xml.p7s');
    const at = bytes.indexOf(Buffer.from('<CHECKTOTAL>'));
    expect(() => verifySigned(flipped(bytes, at + 3), { trust, at: IN_2020 })).toThrow(
      expect.objectContaining({ problem: 'content-digest' }),
    );
  });

  it('a flipped byte in the signed attributes fails: the signature no longer checks', () => {
    const bytes = file('samples/zrep.xml.p7s');
    // The signing-certificate-v2 attribute's issuer name is signed but checked by nothing else.
    const oid = Buffer.from('060b2a864886f70d010910022f', 'hex');
    const at = bytes.indexOf(oid, bytes.indexOf(Buffer.from('<?xml')) + 1000);
    expect(at).toBeGreaterThan(0);
    expect(() => verifySigned(flipped(bytes, at + 90), { trust, at: IN_2020 })).toThrow(CmsError);
    try {
      verifySigned(flipped(bytes, at + 90), { trust, at: IN_2020 });
    } catch (err) {
      expect(['signature', 'signing-certificate']).toContain((err as CmsError).problem);
    }
  });

  it('a flipped byte in the signature fails', () => {
    const bytes = file('samples/check.xml.p7s');
    expect(() => verifySigned(flipped(bytes, bytes.length - 2300), { trust, at: IN_2020 })).toThrow(CmsError);
  });

  it('is refused through an empty trust store, and as not valid today', () => {
    expect(() => verifySigned(file('samples/check.xml.p7s'), { at: new Date('2026-01-01') })).toThrow(
      expect.objectContaining({ problem: 'not-valid' }),
    );
  });
});

describe("the real server's answers", () => {
  it.each(['server-answers/checkext-type2.p7s', 'server-answers/checkext-type4.p7s'])('%s verifies', (name) => {
    const msg = verifySigned(file(name), { trust, at: IN_2020 });
    expect(msg.signingTime).toBeInstanceOf(Date);
    expect(decodeBody(msg.content)).toContain('<CHECK');
  });

  it("type 4 carries the sender's signature and the server's, and both check", () => {
    const msg = verifySigned(file('server-answers/checkext-type4.p7s'), { trust, at: IN_2020 });
    expect(msg.signers.map((s) => s.owner)).toEqual(['Тестовий платник 3 (Тестовий сертифікат)', 'Фіскальний сервер ПРРО']);
  });

  it("type 2 is signed by the tax service's fiscal server (ЄДРПОУ 43005393)", () => {
    const msg = verifySigned(file('server-answers/checkext-type2.p7s'), { trust });
    expect(msg.signer.owner).toBe('Фіскальний сервер ПРРО');
    expect(msg.signer.edrpou).toBe('43005393');
    expect(readDocument(msg.content).head.TIN).toBe('34554362');
  });
});

describe('the official offline packet', () => {
  const docs = () => unpackDocuments(file('samples/offline-packet.bin'));

  it('holds 7 signed documents, from the session begin (102) to its end (103)', () => {
    const all = docs();
    expect(all).toHaveLength(7);
    const types = all.map((d) => readDocument(verifySigned(d, { at: IN_2020 }).content).head.DOCTYPE ?? 'Z');
    expect(types[0]).toBe('102');
    expect(types[6]).toBe('103');
  });

  it('chains each PREVDOCHASH to the SHA-256 of the previous signed document (102 and 103 stand outside)', () => {
    const all = docs();
    const heads = all.map((d) => readDocument(verifySigned(d, { at: IN_2020 }).content).head);
    let prev: Buffer | undefined;
    for (const [i, head] of heads.entries()) {
      const inChain = head.DOCTYPE !== '102' && head.DOCTYPE !== '103';
      if (!inChain) continue;
      if (prev === undefined) expect(head.PREVDOCHASH).toBeUndefined();
      else expect(head.PREVDOCHASH).toBe(createHash('sha256').update(prev).digest('hex'));
      prev = all[i];
    }
    expect(prev).toBeDefined();
  });
});

describe("the DPS's test key (Key-6.dat)", () => {
  const container = () => file('test-key/Key-6.dat');
  const signCert = () => file('test-key/8030938-sign.cer');

  it('opens with its password and pairs with its signing certificate, not the encryption one', () => {
    const signer = openSigner(container(), 'tectfom', [file('test-key/8030939-encrypt.cer'), signCert()]);
    expect(signer.certificate.owner).toBe('Мирний Олександр Максимович (Тест)');
    expect(signer.certificate.drfo).toBe('1010101017');
    expect(signer.certificate.canSign).toBe(true);
  });

  it('signs a document the verifier accepts, with the chain checked at a 2020 time', () => {
    const signer = openSigner(container(), 'tectfom', [signCert()]);
    const content = file('samples/check.xml.p7s');
    const signed = signContent(content, signer, IN_2020);
    const msg = verifySigned(signed, { trust, at: IN_2020 });
    expect(msg.content.equals(content)).toBe(true);
    expect(msg.signingTime?.toISOString()).toBe(IN_2020.toISOString());
    expect(msg.signer.der.equals(readCertificate(signCert()).der)).toBe(true);
  });

  it('refuses a wrong password, and a file that is no container', () => {
    expect(() => openSigner(container(), 'tectfon', [signCert()])).toThrow(expect.objectContaining({ problem: 'password' }));
    expect(() => openSigner(signCert(), 'tectfom')).toThrow(expect.objectContaining({ problem: 'format' }));
  });

  it('refuses the encryption certificate alone, and no certificate at all', () => {
    expect(() => openSigner(container(), 'tectfom', [file('test-key/8030939-encrypt.cer')])).toThrow(
      expect.objectContaining({ problem: 'not-for-signing' }),
    );
    expect(() => openSigner(container(), 'tectfom')).toThrow(expect.objectContaining({ problem: 'no-certificate' }));
  });

  it("is a key of its owner's tax number, expired today, and foreign to another seller", () => {
    const cert = readCertificate(signCert());
    expect(checkCertificate(cert, { tin: '1010101017', now: IN_2020, trust })).toBe(cert);
    expect(() => checkCertificate(cert, { tin: '1010101017', now: new Date('2026-11-28'), trust })).toThrow(
      expect.objectContaining({ problem: 'expired', message: expect.stringContaining('втратив чинність 2021-10-22') }),
    );
    expect(() => checkCertificate(cert, { tin: '44082020', now: IN_2020, trust })).toThrow(KeyError);
    expect(checkCertificate(cert, { tin: '44082020', cashiers: ['1010101017'], now: IN_2020, trust })).toBe(cert);
  });
});
