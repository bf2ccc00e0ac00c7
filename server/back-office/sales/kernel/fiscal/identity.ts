/**
 * The seller and the registers as the tax service knows them. Every fiscal document carries
 * them in its head; a till with a PRRO refuses fiscal work until the seller is set up.
 */
import type { Db } from '../../../../../shared-node/sql/db.js';
import { refuse } from '../../../../upstream/upstream.js';
import { fiscalSql, type RegisterTillRow, type SellerRow } from './statements.js';

export interface Seller {
  readonly tin: string;
  readonly ipn: string;
  readonly vatPayer: boolean;
  readonly orgName: string;
  readonly pointName: string;
  readonly pointAddr: string;
  /** Test mode: documents carry TESTING and are not fiscal (the tax service's test registers). */
  readonly testing: boolean;
}

const sellerOf = (r: SellerRow): Seller => ({
  tin: r.tin,
  ipn: r.ipn,
  vatPayer: r.vat_payer !== 0,
  orgName: r.org_name,
  pointName: r.point_name,
  pointAddr: r.point_addr,
  testing: r.testing !== 0,
});

export function findSeller(db: Db): Seller | undefined {
  const r = fiscalSql(db).seller.get();
  return r ? sellerOf(r) : undefined;
}

export function requireSeller(db: Db, path: string): Seller {
  const seller = findSeller(db);
  if (!seller) throw refuse(path, 'fiscal.no_seller');
  return seller;
}

/** A till that issues fiscal documents, with its register. */
export interface FiscalTill {
  readonly kasm: number;
  readonly akas: string;
  readonly numprro: string;
  /** CASHDESKNUM: the register's local number (the till number when none was set). */
  readonly localNumber: number;
}

/** A till's row with its register as the FiscalTill it is. */
export const toFiscalTill = (t: RegisterTillRow): FiscalTill => ({
  kasm: t.kasm,
  akas: t.akas,
  numprro: t.numprro,
  localNumber: t.register_local_number > 0 ? t.register_local_number : t.kasm,
});

/** The till's register, or undefined for a till that works without a PRRO (no fiscal documents). */
export function fiscalTillOf(db: Db, kasm: number): FiscalTill | undefined {
  const t = fiscalSql(db).registerTill.get(kasm);
  return t && t.numprro !== '' ? toFiscalTill(t) : undefined;
}

/**
 * The till's register and the seller, read together (fiscal work needs both): undefined for a till
 * without a PRRO, refused when the seller is not set up.
 */
export function fiscalTillWithSeller(db: Db, kasm: number, path: string): { till: FiscalTill; seller: Seller } | undefined {
  const r = fiscalSql(db).registerTillWithSeller.get(kasm);
  if (!r || r.numprro === '') return undefined;
  if (r.tin === null) throw refuse(path, 'fiscal.no_seller');
  return { till: toFiscalTill(r), seller: sellerOf(r) };
}

/** The till with a PRRO whose drawer is this cash box, if any: its cash moves need documents. */
export function fiscalTillOfBox(db: Db, akas: string): FiscalTill | undefined {
  const t = fiscalSql(db).tillOfBox.get(akas);
  return t ? toFiscalTill(t) : undefined;
}

export const fiscalTills = (db: Db): FiscalTill[] => fiscalSql(db).registerTills.all().map(toFiscalTill);
