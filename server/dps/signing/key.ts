/**
 * A register's signing key (КЕП): the key container opened with its password, paired with its
 * signing certificate (from the container, or a separate .cer), and checked before the back office
 * keeps it: the certificate is for signing, valid now, issued by a trusted CA where a store is
 * given, and names the seller (its РНОКПП/ДРФО or ЄДРПОУ) or a cashier the DPS registered for the
 * register. Every refusal says, in Ukrainian, what to do.
 */
import { type Certificate, CertificateError, readCertificate, validAt } from './certificate.js';
import type { Signer } from './cms.js';
import { ContainerError, keyIdOf, openContainer } from './dstu.js';
import type { TrustStore } from './trust.js';

export type KeyProblem =
  | 'password'
  | 'format'
  | 'bad-certificate'
  | 'no-certificate'
  | 'not-for-signing'
  | 'expired'
  | 'not-yet-valid'
  | 'foreign'
  | 'untrusted';

export class KeyError extends Error {
  constructor(
    readonly problem: KeyProblem,
    message: string,
    /** What the refusal names: dates, owner, numbers. */
    readonly details: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'KeyError';
  }
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** Opens the container and finds the signing key and its certificate; nothing else is checked. */
export function openSigner(container: Buffer, password: string, extraCertificates: readonly Buffer[] = []): Signer {
  let opened: ReturnType<typeof openContainer>;
  try {
    opened = openContainer(container, password);
  } catch (err) {
    if (!(err instanceof ContainerError)) throw err;
    throw err.reason === 'password'
      ? new KeyError('password', 'Неправильний пароль ключа або пошкоджений файл ключа')
      : new KeyError('format', 'Файл не є контейнером ключа КЕП (Key-6.dat, .jks, .pfx, .pk8)');
  }
  const certs: Certificate[] = [];
  for (const c of [...opened.certificates, ...extraCertificates]) {
    try {
      certs.push(readCertificate(c));
    } catch (err) {
      if (!(err instanceof CertificateError)) throw err;
      throw new KeyError('bad-certificate', 'Файл сертифіката не читається: очікується сертифікат .cer (DER або PEM)');
    }
  }
  const pairs = certs.flatMap((certificate) =>
    opened.keys.filter((k) => keyIdOf(k).toString('hex') === certificate.subjectKeyId).map((key) => ({ key, certificate })),
  );
  const signing = pairs.find((p) => p.certificate.canSign);
  if (signing) return signing;
  if (pairs.length > 0) {
    throw new KeyError(
      'not-for-signing',
      'Сертифікат призначений для шифрування, а не для підпису: додайте сертифікат підпису цього ключа',
    );
  }
  throw new KeyError(
    'no-certificate',
    certs.length === 0
      ? 'У файлі ключа немає сертифіката: додайте файл сертифіката підпису (.cer)'
      : 'Сертифікат не належить цьому ключу: додайте сертифікат підпису саме цього ключа',
  );
}

export interface SellerCheck {
  /** The seller's tax number: ЄДРПОУ of a company, РНОКПП of a sole trader (fiscal_seller.tin). */
  readonly tin: string;
  /** РНОКПП of cashiers the DPS registered for the register (form 5-ПРРО), who may sign with their own keys. */
  readonly cashiers?: readonly string[];
  readonly now: Date;
  readonly trust?: TrustStore;
}

/** Refuses a certificate that may not sign the register's documents now; returns it otherwise. */
export function checkCertificate(cert: Certificate, s: SellerCheck): Certificate {
  if (!cert.canSign) throw new KeyError('not-for-signing', 'Сертифікат призначений не для підпису');
  if (s.now < cert.validFrom) {
    throw new KeyError('not-yet-valid', `Сертифікат ключа набуде чинності ${day(cert.validFrom)}`, {
      valid_from: day(cert.validFrom),
    });
  }
  if (!validAt(cert, s.now)) {
    throw new KeyError('expired', `Сертифікат ключа втратив чинність ${day(cert.validTo)}: потрібен новий ключ`, {
      valid_to: day(cert.validTo),
    });
  }
  if (s.trust) {
    const chain = s.trust.verify(cert, s.now);
    if (!chain.ok) {
      throw new KeyError(
        'untrusted',
        `Сертифікат видав центр «${cert.issuer}», якого немає серед довірених кваліфікованих центрів`,
        {
          issuer: cert.issuer,
        },
      );
    }
  }
  const names = [cert.edrpou, cert.drfo].filter((n) => n !== '');
  const allowed = [s.tin, ...(s.cashiers ?? [])];
  if (!names.some((n) => allowed.includes(n))) {
    throw new KeyError(
      'foreign',
      `Ключ належить «${cert.owner}» (${names.join(', ') || 'без податкового номера'}), а каса зареєстрована на ${s.tin}: це ключ не цього продавця і не його касира`,
      { owner: cert.owner, numbers: names.join(', '), tin: s.tin },
    );
  }
  return cert;
}
