/**
 * The simulated server's register of PRROs (what form 1-ПРРО and form 5-ПРРО tell the real one):
 * the seller's tax number for each fiscal number of a register, and the cashiers registered to
 * sign its documents. Whoever starts the simulator says where that comes from; the in-process
 * double reads the back office's own tables (backoffice-registry.ts).
 *
 * Who may sign for a register: a certificate naming the seller's tax number (its ЄДРПОУ for a
 * company's seal, its ДРФО for a sole trader) or the ДРФО of one of its operators. The seller's
 * own key and chief cashiers count as "старший касир" for TransactionsRegistrarState's offline
 * fields.
 */
import type { Certificate } from '../signing/certificate.js';

export interface RegistryEntry {
  /** The seller's tax number: ЄДРПОУ of a company, РНОКПП (ДРФО) of a sole trader. */
  readonly tin: string;
  /** РНОКПП (ДРФО) of the cashiers registered for the register (form 5-ПРРО). */
  readonly operators?: readonly string[];
  /** Those of them who are chief cashiers. */
  readonly chiefCashiers?: readonly string[];
}

export type Registry = (numprro: string) => RegistryEntry | undefined;

/**
 * Whether a certificate may act for a register:
 *  - 'seller': it names the seller's tax number;
 *  - 'operator': it names the ДРФО of a registered operator;
 *  - 'foreign': it names a tax number, but not one of those (HTTP 401 at the simulator);
 *  - 'unknown': it names no tax number at all, so no taxpayer's registration can cover it (HTTP
 *    204, as the real server answers a certificate no form 5-ПРРО registered).
 */
export type Standing = 'seller' | 'operator' | 'foreign' | 'unknown';

export function standingOf(cert: Certificate, entry: RegistryEntry): Standing {
  const names = [cert.edrpou, cert.drfo].filter((n) => n !== '');
  if (names.length === 0) return 'unknown';
  if (names.includes(entry.tin)) return 'seller';
  if (cert.drfo !== '' && (entry.operators ?? []).includes(cert.drfo)) return 'operator';
  return 'foreign';
}

/** The seller's own key, or a chief cashier's: who gets a register's offline credentials whatever shift is open. */
export const isChief = (cert: Certificate, entry: RegistryEntry): boolean =>
  standingOf(cert, entry) === 'seller' || (cert.drfo !== '' && (entry.chiefCashiers ?? []).includes(cert.drfo));
