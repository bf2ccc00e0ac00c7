/**
 * The CPU of one signature and one verification (CMS, GOST 34.311 + DSTU 4145), measured here in
 * bench:hosted's own process, so that the paper estimate can say how much of a close's CPU the
 * demo's simulator took: in a demo the tax server's simulator runs inside the service's process and
 * verifies every document and signs its ticket, work the DPS's server does for a hosted service.
 * (bench:signing measures the same two on the demo's receipts, with their latencies.)
 */
import { signContent, verifySigned } from '../../server/dps/signing/cms.js';
import { generateKey } from '../../server/dps/signing/dstu.js';
import { issueCertificate, issueRoot, writeContainer } from '../../server/dps/signing/issue.js';
import { openSigner } from '../../server/dps/signing/key.js';
import { TrustStore } from '../../server/dps/signing/trust.js';

const cpuMs = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};

/** CPU ms of a signature and of a verification, the mean of `n` on a receipt-sized body (~2 KB of XML). */
export function signingCost(n = 20): { signMs: number; verifyMs: number } {
  const from = new Date('2020-01-01T00:00:00Z');
  const to = new Date('2040-01-01T00:00:00Z');
  const name = { commonName: 'Bench CA', countryName: 'UA' };
  const ca = issueRoot(name, from, to);
  const key = generateKey();
  const certificate = issueCertificate(
    {
      subject: { commonName: 'Bench seller', countryName: 'UA' },
      key,
      validFrom: from,
      validTo: to,
      usage: 'sign',
      edrpou: '34554362',
    },
    { key: ca.key, certificate: ca.certificate, name },
  );
  const signer = openSigner(writeContainer(key, 'bench', 10), 'bench', [certificate.der]);
  const trust = new TrustStore([ca.certificate]);
  const body = Buffer.from(
    `<?xml version="1.0" encoding="windows-1251"?><CHECK>${'<ROW><NAME>Товар</NAME><SUM>10.00</SUM></ROW>'.repeat(40)}</CHECK>`,
  );
  // The first few pay for the JIT and the curve's tables.
  for (let i = 0; i < 3; i++) verifySigned(signContent(body, signer, new Date()), { trust });
  let t = process.cpuUsage();
  const signed = Array.from({ length: n }, () => signContent(body, signer, new Date()));
  const signMs = cpuMs(t) / n;
  t = process.cpuUsage();
  for (const s of signed) verifySigned(s, { trust });
  return { signMs, verifyMs: cpuMs(t) / n };
}
