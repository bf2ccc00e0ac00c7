/**
 * Reading a fiscal document back: the bytes in the encoding its declaration names (windows-1251,
 * or UTF-8 for documents made before the back office wrote windows-1251), the head fields, and
 * the content in the shape render.ts writes. Fields this back office does not model are left out
 * of the content, so they may differ without the document saying something else.
 */

import {
  type BodyRow,
  type CheckContent,
  type FiscalContent,
  PAYSYS_FIELDS,
  type PayRow,
  type TaxRowXml,
  type ZPay,
} from './content.js';
import { at, childrenNamed, parseXml, type XmlElement, XmlError } from './xml.js';

const DECLARED = /^<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i;

/** The text of a body; throws XmlError when its bytes are not text in the declared encoding. */
export function decodeBody(bytes: Uint8Array): string {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 100));
  const declared = DECLARED.exec(head)?.[1]?.toLowerCase() ?? 'utf-8';
  const encoding = declared === 'utf8' ? 'utf-8' : declared;
  if (encoding !== 'utf-8' && encoding !== 'windows-1251') {
    throw new XmlError(`кодування «${declared}» не підтримується: документ має бути у windows-1251`);
  }
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    throw new XmlError(`тіло документа не є текстом у кодуванні ${encoding}`);
  }
}

type Fields = Record<string, string>;

/** The text of each named child that is present. */
function fields(e: XmlElement | undefined, names: readonly string[]): Fields {
  const out: Fields = {};
  for (const n of names) {
    const v = e ? at(e, n)?.text.trim() : undefined;
    if (v !== undefined) out[n] = v;
  }
  return out;
}

const rowsOf = (e: XmlElement | undefined) => childrenNamed(e, 'ROW');
const TAX = ['TYPE', 'NAME', 'LETTER', 'PRC', 'TURNOVER', 'SOURCESUM', 'SUM'];
const taxes = (e: XmlElement | undefined) => rowsOf(e).map((r) => fields(r, TAX) as unknown as TaxRowXml);

function bodyRow(r: XmlElement): BodyRow {
  const f = fields(r, [
    'CODE',
    'BARCODE',
    'UKTZED',
    'NAME',
    'UNITCD',
    'UNITNM',
    'AMOUNT',
    'PRICE',
    'LETTERS',
    'COST',
    'DISCOUNTTYPE',
    'DISCOUNTSUM',
    'PARTPAYSUM',
  ]);
  const labels = rowsOf(at(r, 'EXCISELABELS')).map((x) => at(x, 'EXCISELABEL')?.text.trim() ?? '');
  return { ...(f as unknown as BodyRow), ...(labels.length > 0 ? { EXCISELABELS: labels } : {}) };
}

function zPay(e: XmlElement | undefined): ZPay | undefined {
  if (!e) return undefined;
  const payForms = rowsOf(at(e, 'PAYFORMS')).map((r) => fields(r, ['PAYFORMCD', 'PAYFORMNM', 'SUM']));
  const tax = taxes(at(e, 'TAXES'));
  return {
    ...(fields(e, ['SUM', 'RNDSUM', 'NORNDSUM', 'ORDERSCNT']) as unknown as ZPay),
    ...(payForms.length > 0 ? { PAYFORMS: payForms as unknown as ZPay['PAYFORMS'] } : {}),
    ...(tax.length > 0 ? { TAXES: tax } : {}),
  };
}

function checkContent(root: XmlElement, head: Fields): CheckContent {
  const total = at(root, 'CHECKTOTAL');
  const pay = rowsOf(at(root, 'CHECKPAY')).map((r) => {
    const sys = rowsOf(at(r, 'PAYSYS')).map((x) => fields(x, PAYSYS_FIELDS));
    return { ...fields(r, ['PAYFORMCD', 'PAYFORMNM', 'SUM', 'PROVIDED', 'REMAINS']), ...(sys.length > 0 ? { PAYSYS: sys } : {}) };
  });
  const tax = taxes(at(root, 'CHECKTAX'));
  const body = rowsOf(at(root, 'CHECKBODY')).map(bodyRow);
  return {
    doc: 'check',
    DOCSUBTYPE: (head.DOCSUBTYPE ?? '0') as CheckContent['DOCSUBTYPE'],
    ...(head.ORDERRETNUM === undefined ? {} : { ORDERRETNUM: head.ORDERRETNUM }),
    ...(total
      ? {
          CHECKTOTAL: fields(total, [
            'SUM',
            'RNDSUM',
            'NORNDSUM',
            'DISCOUNTSUM',
            'PARTPAYTYPE',
            'PARTPAYPERCENT',
            'PARTPAYSUM',
            'PARTPAYORDPREPAYNUM',
          ]) as unknown as CheckContent['CHECKTOTAL'],
        }
      : {}),
    ...(pay.length > 0 ? { CHECKPAY: pay as unknown as PayRow[] } : {}),
    ...(tax.length > 0 ? { CHECKTAX: tax } : {}),
    ...(body.length > 0 ? { CHECKBODY: body } : {}),
  };
}

export interface ReadDocument {
  readonly root: XmlElement;
  /** Every child of CHECKHEAD / ZREPHEAD by name. */
  readonly head: Readonly<Fields>;
  readonly content: FiscalContent;
}

export function readDocument(bytes: Uint8Array): ReadDocument {
  const root = parseXml(decodeBody(bytes));
  const headEl = at(root, root.name === 'ZREP' ? 'ZREPHEAD' : 'CHECKHEAD');
  const head: Fields = {};
  for (const c of headEl?.children ?? []) head[c.name] = c.text.trim();
  if (root.name === 'ZREP') {
    const z = at(root, 'ZREPBODY');
    const realiz = zPay(at(root, 'ZREPREALIZ'));
    const ret = zPay(at(root, 'ZREPRETURN'));
    return {
      root,
      head,
      content: {
        doc: 'zrep',
        ...(realiz ? { ZREPREALIZ: realiz } : {}),
        ...(ret ? { ZREPRETURN: ret } : {}),
        ZREPBODY: fields(z, ['SERVICEINPUT', 'SERVICEOUTPUT']) as { SERVICEINPUT: string; SERVICEOUTPUT: string },
      },
    };
  }
  if (root.name !== 'CHECK') throw new XmlError(`кореневий елемент <${root.name}>, очікується <CHECK> або <ZREP>`);
  const docType = head.DOCTYPE ?? '';
  if (['100', '101', '102', '103'].includes(docType)) {
    return {
      root,
      head,
      content: {
        doc: 'head',
        DOCTYPE: docType as '100',
        ...(head.REVOKELASTONLINEDOC === 'true' ? { REVOKELASTONLINEDOC: 'true' as const } : {}),
      },
    };
  }
  return { root, head, content: checkContent(root, head) };
}
