/**
 * A scan: a stamp, a discount card, or a product, found in the till's catalogue copy when it knows
 * the code (no round trip) and asked of the service otherwise; a product goes on the receipt once
 * nothing is left to ask (the buyer's age, then its weight).
 */

import type { CatalogItem } from '../../../../shared/bridge/api.js';
import type { ResultRowOf } from '../../../../shared/contract/index.js';
import { op } from '../../../../shared/contract/index.js';
import { MAX_RECEIPT_LINES } from '../../../../shared/contract/operations/bounds.js';
import { stampFormatProblem } from '../../../../shared/excise/stamp-format.js';
import { BridgeError } from '../../../bridge/index.js';
import { type Dec, dec } from '../../../money/money.js';
import { fetchRead, rowsOf } from '../../../rpc/hooks.js';
import { MAX_CODE_CHARS, shownCode, tooLong } from '../entry-length.js';
import { useNotice } from '../notice-store.js';
import { lineLimit, maxQuantity, stampsMissing } from '../sale-lines.js';
import { type EntryKind, isMisreadScan } from '../scanner.js';
import { isNetworkError, type SaleContext } from './context.js';
import { price } from './pricing.js';
import { addStamp } from './stamps.js';
import type { Candidate, ScanResult } from './types.js';

type FoundRow = ResultRowOf<typeof op.pos.findCode>;

/** The row pos.find_code answers for a product's own code or another barcode of it, from the catalogue copy. */
function copyRow(item: CatalogItem, scanned: string): FoundRow {
  return {
    kind: item.code === scanned ? 'product' : 'extra',
    code: item.code,
    name: item.name,
    price: item.price,
    quantity: '1.000',
    unit_type: item.unit,
    excise_input: item.excise ? '1' : '0',
    matched: scanned,
    debt: '0.00',
    debt_limit: '0.00',
    bonus: '0.00',
    discount_percent: '0',
  };
}

export function attachCard(ctx: SaleContext, row: FoundRow): ScanResult {
  const before = ctx.sale().card?.code;
  ctx.sale().attachCard({ code: row.code, holder: row.name });
  ctx.say({ tone: 'info', key: 'cardAttached', values: { holder: row.name || row.code } });
  if (before !== row.code) {
    // The back office reprices every line of the document for the card (discount and bonus).
    for (const l of ctx.sale().lines) {
      ctx.sale().setQuantity(l.code, dec(l.quantity), ctx.freshState());
      void price(ctx, l.code);
    }
  }
  return { kind: 'card' };
}

/** Puts a product on the sale once nothing is left to ask: age, then weight. */
export async function admit(ctx: SaleContext, c: Candidate, quantity?: Dec): Promise<ScanResult> {
  const limit = c.item?.ageLimit ?? (c.found.excise ? 18 : 0);
  if (limit > ctx.sale().ageChecked) return { kind: 'age', candidate: c };
  if (quantity === undefined && (c.item?.weighted ?? false) && !c.weighed) return { kind: 'weigh', candidate: c };
  ctx.sale().begin(await ctx.kasmOf());
  const found = quantity === undefined ? c.found : { ...c.found, quantity: quantity.toFixed() };
  const full = lineLimit(ctx.sale().lines, found);
  if (full) {
    const max = full === 'receiptFull' ? String(MAX_RECEIPT_LINES) : maxQuantity(found.weighted, found.excise).toFixed();
    ctx.say({ tone: 'warn', key: full, values: { name: found.name, max } });
    return { kind: 'full' };
  }
  const line = ctx.sale().addFound(found, ctx.freshState());
  ctx.say(null);
  // The books may say the shelf is empty: the sale goes on, the back office records the shortage.
  if (c.item && dec(line.quantity).gt(dec(c.item.stock))) {
    ctx.say({
      tone: 'warn',
      key: 'stockShort',
      values: { name: line.name, stock: c.item.stock, quantity: line.quantity, unit: line.unit },
    });
  }
  void price(ctx, line.code);
  return { kind: 'line', code: line.code, needsStamps: stampsMissing(line) > 0 };
}

/** The buyer's age was checked for goods of this limit: the product goes on. */
export async function confirmAge(ctx: SaleContext, c: Candidate): Promise<ScanResult> {
  ctx.sale().confirmAge(c.item?.ageLimit ?? 18);
  return admit(ctx, c);
}

/** A stamp scanned straight into the sale: it goes to the first line still missing one. */
export async function stampFromScan(ctx: SaleContext, code: string): Promise<ScanResult> {
  const line = ctx.sale().lines.find((l) => stampsMissing(l) > 0);
  if (!line) {
    ctx.say({ tone: 'error', key: 'stampNoLine', values: { stamp: code } });
    return { kind: 'unknown' };
  }
  return { kind: 'stamp', code: line.code, stamp: code, result: await addStamp(ctx, line.code, code, false) };
}

export async function scan(ctx: SaleContext, text: string, entry: EntryKind): Promise<ScanResult> {
  const code = text.trim();
  if (code === '') return { kind: 'unknown' };
  if (tooLong(code)) {
    ctx.say({ tone: 'error', key: 'tooLong', values: { count: code.length, max: MAX_CODE_CHARS, code: shownCode(code) } });
    return { kind: 'unknown' };
  }
  if (isMisreadScan(code, entry)) {
    ctx.say({ tone: 'error', key: 'misread', values: { code: shownCode(code) } });
    return { kind: 'misread' };
  }
  const masks = (await ctx.settingsOf().catch(() => undefined))?.stampMasks;
  if (stampFormatProblem(code, masks) === undefined) return stampFromScan(ctx, code);
  let row: FoundRow | undefined;
  let item: CatalogItem | null = null;
  try {
    // A product the till's catalogue copy knows by this code goes on the receipt from the copy:
    // pos.find_code would say the same (product, then extra code) and the line is priced by the
    // back office anyway (price(ctx, ), and the close). Only what the copy cannot tell (a weighed
    // label, a discount card, a code it has not read) goes to the service.
    item = await ctx.catalogItem(code);
    if (item) {
      row = copyRow(item, code);
      if (ctx.offline()) useNotice.getState().setStale(true);
    } else {
      // Codes with letters are looked up as they are (a product's own code may have them).
      const outcome = await fetchRead(ctx.client, op.pos.findCode, { code, allow_alpha: /\D/.test(code) });
      useNotice.getState().setStale(outcome.stale);
      row = rowsOf(outcome)[0];
      item = row && row.kind !== 'card' ? await ctx.catalogItem(row.code) : null;
    }
  } catch (error) {
    if (error instanceof BridgeError && error.code === 'INVALID_PARAMETER') {
      ctx.say({ tone: 'error', key: 'unknownCode', values: { code: shownCode(code) } });
      return { kind: 'unknown' };
    }
    ctx.say({
      tone: 'error',
      key: isNetworkError(error) ? 'lookupOffline' : 'lookupFailed',
      values: { code: shownCode(code) },
      error,
    });
    return { kind: 'failed' };
  }
  if (!row) {
    ctx.say({ tone: 'error', key: 'unknownCode', values: { code: shownCode(code) } });
    return { kind: 'unknown' };
  }
  if (row.kind === 'card') return attachCard(ctx, row);
  return admit(ctx, {
    found: {
      code: row.code,
      name: row.name,
      unit: row.unit_type,
      price: row.price,
      quantity: row.quantity,
      excise: row.excise_input === '1',
      weighted: item?.weighted ?? row.kind === 'weight',
    },
    item,
    weighed: row.kind === 'weight',
  });
}
