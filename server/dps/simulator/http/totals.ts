/**
 * A shift's totals as LastShiftTotals gives them (DPS API description, "Структура об'єкту
 * підсумків зміни"), summed from the receipts the server registered in it: sales (Real) and
 * returns (Ret) with their payment forms and taxes, service deposits and withdrawals. Revoked
 * documents do not count. Fields of trades this shop does not do (pawnshop, currency) are zero.
 */
import { Decimal } from 'decimal.js';
import { readDocument } from '../../format/read.js';
import { contentOf } from '../../signing/cms.js';
import type { ServerDocumentRow } from '../statements.js';

const D = Decimal.clone({ precision: 40 });
type D = InstanceType<typeof D>;
const dec = (s: string | undefined): D => new D((s ?? '0').replace(',', '.'));

interface Kind {
  sum: D;
  rnd: D;
  noRnd: D;
  count: number;
  pay: Map<string, { name: string; sum: D }>;
  tax: Map<string, { type: string; name: string; letter: string; prc: string; turnover: D; source: D; sum: D }>;
}

const empty = (): Kind => ({ sum: new D(0), rnd: new D(0), noRnd: new D(0), count: 0, pay: new Map(), tax: new Map() });

const money = (v: D) => v.toDecimalPlaces(2).toNumber();

function orderType(k: Kind) {
  return {
    Sum: money(k.sum),
    PwnSumIssued: 0,
    PwnSumReceived: 0,
    RndSum: money(k.rnd),
    NoRndSum: money(k.noRnd),
    TotalCurrencySum: 0,
    TotalCurrencyCommission: 0,
    OrdersCount: k.count,
    PwnOrdersCountIssued: 0,
    PwnOrdersCountReceived: 0,
    TotalCurrencyCost: 0,
    PayForm: [...k.pay].map(([code, p]) => ({ PayFormCode: Number(code), PayFormName: p.name, Sum: money(p.sum) })),
    Tax: [...k.tax.values()].map((t) => ({
      Type: Number(t.type),
      Name: t.name,
      Letter: t.letter,
      Prc: Number(t.prc),
      Sign: false,
      Turnover: money(t.turnover),
      TurnoverDiscount: money(t.turnover),
      SourceSum: money(t.source),
      Sum: money(t.sum),
    })),
  };
}

/** The XML of a document as kept: signed, or as it came unsigned. */
const xmlOf = (body: Buffer): Buffer => (body[0] === 0x3c || body[0] === 0xef ? body : contentOf(body));

export function shiftTotals(docs: readonly ServerDocumentRow[]) {
  const real = empty();
  const ret = empty();
  let serviceInput = new D(0);
  let serviceOutput = new D(0);
  for (const row of docs) {
    if (row.doc_class !== 'Check' || row.doc_type !== 'SaleGoods' || row.revoked) continue;
    const doc = readDocument(xmlOf(Buffer.from(row.body_b64, 'base64')));
    if (doc.content.doc !== 'check') continue;
    const c = doc.content;
    const sum = dec(c.CHECKTOTAL?.SUM);
    if (c.DOCSUBTYPE === '2') serviceInput = serviceInput.plus(sum);
    if (c.DOCSUBTYPE === '4') serviceOutput = serviceOutput.plus(sum);
    if (c.DOCSUBTYPE !== '0' && c.DOCSUBTYPE !== '1') continue;
    const k = c.DOCSUBTYPE === '0' ? real : ret;
    k.sum = k.sum.plus(sum);
    k.rnd = k.rnd.plus(dec(c.CHECKTOTAL?.RNDSUM));
    k.noRnd = k.noRnd.plus(c.CHECKTOTAL?.NORNDSUM === undefined ? sum : dec(c.CHECKTOTAL.NORNDSUM));
    k.count += 1;
    for (const p of c.CHECKPAY ?? []) {
      const had = k.pay.get(p.PAYFORMCD) ?? { name: p.PAYFORMNM, sum: new D(0) };
      k.pay.set(p.PAYFORMCD, { name: had.name, sum: had.sum.plus(dec(p.SUM)) });
    }
    for (const t of c.CHECKTAX ?? []) {
      const key = `${t.TYPE}/${t.LETTER}/${t.PRC}`;
      const had = k.tax.get(key) ?? {
        type: t.TYPE,
        name: t.NAME,
        letter: t.LETTER,
        prc: t.PRC,
        turnover: new D(0),
        source: new D(0),
        sum: new D(0),
      };
      k.tax.set(key, {
        ...had,
        turnover: had.turnover.plus(dec(t.TURNOVER)),
        source: had.source.plus(dec(t.SOURCESUM)),
        sum: had.sum.plus(dec(t.SUM)),
      });
    }
  }
  return {
    Real: orderType(real),
    Ret: orderType(ret),
    Cash: { Sum: 0, Commission: 0, OrdersCount: 0 },
    Currency: null,
    ServiceInput: money(serviceInput),
    ServiceOutput: money(serviceOutput),
  };
}
