/**
 * The fiscal facts and choices the back office follows, in one place so a wrong one is corrected
 * once. Each says how sure it is (sure: the DPS schema, API description or an official sample;
 * likely: a consistent reading of samples or public practice; unsure: a choice where the sources
 * are silent) and is published in the contract document. Sources: the DPS fiscal-server API
 * description and samples (as kept in p2p-sys/OpenPRRO), NBU resolution 25 of 2018.
 */

export type Confidence = 'sure' | 'likely' | 'unsure';

export interface FiscalChoice {
  readonly topic: string;
  readonly rule: string;
  readonly confidence: Confidence;
}

/** CHECKPAY/PAYFORMCD and PAYFORMNM by the contract's payment types. */
export const PAY_FORMS = {
  nal: { code: 0, name: 'ГОТІВКА' },
  bn: { code: 1, name: 'КАРТКА' },
  cert: { code: 2, name: 'ПОДАРУНКОВИЙ СЕРТИФІКАТ' },
  bonus: { code: 4, name: 'БОНУСИ' },
} as const;

/** Forms of money a fiscal document shows: debt is not money paid (see "sale on credit"). */
export type PayForm = keyof typeof PAY_FORMS;

/** CHECKBODY/ROW/UNITCD by the unit a product is sold in (classifier КСПОВО). */
export const UNIT_CODES: Readonly<Record<string, string>> = { шт: '2009', кг: '0301', л: '0138', г: '0303' };

/** Cash rounding steps, each with the date it takes effect (NBU). */
export const DEFAULT_ROUNDING_STEPS = [
  { from: '2018-07-01', step: '0.10' },
  { from: '2025-10-01', step: '0.50' },
] as const;

/** Offline limits of a register, and when the till starts warning. */
export const DEFAULT_OFFLINE_LIMITS = { sessionHours: 36, monthHours: 168, warnSessionHoursLeft: 6, warnMonthHoursLeft: 24 };

/** How long a shift may stay open before its Z-report is due. */
export const DEFAULT_SHIFT_MAX_HOURS = 24;

/** Documents in one offline package. */
export const OFFLINE_PACKAGE_SIZE = 100;

/** The reason a collection at the close gives its service withdrawal, by which its paper is named. */
export const COLLECTION_REASON = 'Інкасація';

export const FISCAL_CHOICES: readonly FiscalChoice[] = [
  {
    topic: 'document encoding',
    rule: 'CHECK and ZREP documents are XML encoded windows-1251 without a namespace; characters windows-1251 lacks become the nearest it has or "?"',
    confidence: 'sure',
  },
  {
    topic: 'names in documents',
    rule: 'a product or cashier name (NAME, CASHIER, also CODE and UNITNM) is written composed (NFC), with the characters XML cannot hold (control characters, a lone half of a surrogate pair) as "?", and cut to the schema length in characters (128; 64 for CODE and UNITNM), never inside a character; the books keep the name as entered. New names with control characters are refused, and so is a seller name or address with a character windows-1251 cannot carry (it heads every document)',
    confidence: 'sure',
  },
  {
    topic: 'kopecks',
    rule: 'a receipt line price, and a service deposit or withdrawal, must be whole kopecks: the document states them in kopecks, and a finer amount would make a line or a drawer that does not add up',
    confidence: 'sure',
  },
  {
    topic: 'a cash part rounded to nothing',
    rule: 'a cash part that rounds down to 0.00 is still a CHECKPAY row (SUM 0.00), so RNDSUM has the cash payment it belongs to',
    confidence: 'likely',
  },
  {
    topic: 'local numbers',
    rule: 'ORDERNUM is the register’s own gap-free sequence over every kind of document; CASHDESKNUM is the register’s local number (settings.fiscal_register_save)',
    confidence: 'sure',
  },
  {
    topic: 'payment forms',
    rule: 'PAYFORMCD 0 cash (ГОТІВКА), 1 card (КАРТКА), 2 gift certificate (as the DPS sample), 4 loyalty bonus (БОНУСИ: no DPS code is published for it); the part of a sale left as debt is not a payment form (see "sale on credit")',
    confidence: 'unsure',
  },
  {
    topic: 'unit codes',
    rule: 'UNITCD from the classifier: шт 2009, кг 0301, л 0138, г 0303; other units carry only UNITNM',
    confidence: 'likely',
  },
  {
    topic: 'taxes',
    rule: 'per tax letter: TURNOVER is the line costs before discount, SOURCESUM the amount taxed; an excise tax is taken out of the amount first (per letter, then shared over its lines in kopecks) and VAT is computed on what remains; tax = SOURCESUM × rate / (100 + rate), rounded half up per letter; a seller that is not a VAT payer prints no VAT rows and no IPN',
    confidence: 'likely',
  },
  {
    topic: 'cash rounding',
    rule: 'the cash part of a receipt or a refund is rounded half up to the step in effect on its date (0.10 UAH from 2018-07-01; 0.50 UAH from 2025-10-01 by news reports of the NBU decision); card and other forms are never rounded; NORNDSUM is the exact amount, RNDSUM = NORNDSUM − the amount paid (the DPS sample: 12.57 paid as 12.60, RNDSUM −0.03), and a Z-report’s RNDSUM is the sum of its receipts’; taxes and line costs stay unrounded. Every paper and screen shows the rounding with the other sign, as the amount paid less the amount due (ЗАОКРУГЛЕННЯ +0,03), so due + rounding = paid on the receipt, the X- and Z-report, mixed payment, returns and a debt repaid alike',
    confidence: 'likely',
  },
  {
    topic: 'shifts',
    rule: 'a shift is opened explicitly (pos.shift_open) by a cashier of catalog.users, and a receipt, refund or service document at a till with a PRRO needs it open; it must be closed with a Z-report within 24 real hours (not wall-clock: a change of the clocks adds or takes none), and the Z-report is refused while any document of the shift has not reached the tax server',
    confidence: 'sure',
  },
  {
    topic: 'offline sessions',
    rule: 'the register goes offline when the fiscal server cannot be reached: a 102 document takes the place of the first undelivered document and every undelivered one is made again as an offline document; it goes back online on the first successful contact with a 103 document, then sends the session in packages of at most 100',
    confidence: 'likely',
  },
  {
    topic: 'offline hash chain',
    rule: 'PREVDOCHASH is the lowercase SHA-256 of the previous document of the offline session as sent (the XML bytes: documents are not signed here); 102 and 103 documents take no part in the chain (103 carries the hash of the last one); the first chained document of a session has none',
    confidence: 'likely',
  },
  {
    topic: 'control number',
    rule: 'CRC-32 of "seed,ORDERDATE,ORDERTIME,ORDERNUM,CASHREGISTERNUM,CASHDESKNUM[,total 0.00][,PREVDOCHASH]", the four CRC bytes read in reverse order as an unsigned number, last four digits, 0 becomes 1 (checked against the DPS worked example: 4758)',
    confidence: 'sure',
  },
  {
    topic: 'offline limits',
    rule: 'at most 36 hours in one offline session and 168 hours in a calendar month (configuration, because the limits were relaxed under martial law), in real hours whatever the clocks do; a session over a month’s end counts in each month the hours that fall in it (Kyiv midnight of the 1st); the till warns 6 hours before the session limit and 24 hours before the month limit, and refuses new receipts once a limit is reached',
    confidence: 'likely',
  },
  {
    topic: 'collection at the close',
    rule: 'the cash collected when a shift closes (інкасація) is a service withdrawal (DOCSUBTYPE 4) made by the close itself and chained right before the Z-report, which counts it in SERVICEOUTPUT, as PRRO vendors do; the drawer keeps the rest as the next shift’s float, which that shift opens with (no new document: its own float is a further deposit); a collection is never more than the drawer holds',
    confidence: 'likely',
  },
  {
    topic: 'sale on credit and debt repayment',
    rule: 'a sale with a debt part is a partial-payment receipt (PARTPAYTYPE 1) for what is paid now; each later repayment in cash at a till is a receipt with PARTPAYTYPE 3 (2 when it settles the receipt) and PARTPAYORDPREPAYNUM = the first receipt’s fiscal number; each is taxed on the part it pays. A repayment from the bonus balance moves no money and makes no fiscal document',
    confidence: 'unsure',
  },
  {
    topic: 'returns',
    rule: 'a return receipt (DOCSUBTYPE 1) names the original receipt’s fiscal number in ORDERRETNUM and pays back by the original forms in the order debt, bonus, certificate, card, cash, each up to what it paid less earlier returns; the cash part is rounded; what a gift certificate paid comes back as a new certificate, never as cash. Debt taken off the card is not money paid back: such a return is a partial one (PARTPAYTYPE 1, PARTPAYSUM = the money paid back) and is taxed on that money, as its sale was',
    confidence: 'unsure',
  },
  {
    topic: 'service cash',
    rule: 'the opening float and every cash deposit are service deposits (DOCSUBTYPE 2); cash taken out, including a supplier paid from a till’s drawer, is a service withdrawal (DOCSUBTYPE 4)',
    confidence: 'sure',
  },
  {
    topic: 'gift certificates',
    rule: 'a certificate is registered when issued; it is redeemed once, for at most its amount (what is left of it is not paid out); it is paid with PAYFORMCD 2',
    confidence: 'unsure',
  },
];
