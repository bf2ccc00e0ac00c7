/**
 * What the simulated tax server checks before it fiscalizes a document: the body is UTF-8 XML,
 * well-formed, of the queue's document type, for this register, with the required head
 * elements, sums that add up, and the hash of the previous document of the chain. Problems are
 * worded in Ukrainian for the manager who has to fix the document.
 */
import { D, dec } from '../../decimal.js';
import { carriesGoods, DOC_TYPES, isDocType } from './doc-types.js';
import type { PrroDocRow } from './statements.js';
import { at, childrenNamed, parseXml, type XmlElement, XmlError } from './xml.js';

const DECIMAL = /^-?\d+(?:\.\d+)?$/;
const DDMMYYYY = /^(\d{2})(\d{2})(\d{4})$/;
const HHMMSS = /^([01]\d|2[0-3])[0-5]\d[0-5]\d$/;

const short = (hash: string) => (hash === '' ? 'порожній' : `${hash.slice(0, 12)}…`);

function validDate(s: string): boolean {
  const m = DDMMYYYY.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1])));
  return d.getUTCDate() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1;
}

function amount(e: XmlElement | undefined, what: string): D {
  const text = e?.text.trim() ?? '';
  if (!DECIMAL.test(text)) throw new XmlError(`${what}: «${text}» не є сумою`);
  return dec(text);
}

function checkSums(root: XmlElement): void {
  const total = amount(at(root, 'CHECKTOTAL/SUM'), 'CHECKTOTAL/SUM');
  const rows = childrenNamed(at(root, 'CHECKBODY'), 'ROW');
  if (rows.length === 0) throw new XmlError('чек не містить жодного рядка товару (CHECKBODY/ROW)');
  const goods = rows.reduce((s, r, i) => s.plus(amount(at(r, 'COST'), `рядок ${i + 1} COST`)), new D(0));
  if (!goods.eq(total)) throw new XmlError(`сума рядків ${goods.toFixed(2)} не дорівнює сумі чека ${total.toFixed(2)}`);
  const pays = childrenNamed(at(root, 'CHECKPAY'), 'ROW');
  const paid = pays.reduce((s, r, i) => s.plus(amount(at(r, 'SUM'), `оплата ${i + 1} SUM`)), new D(0));
  if (!paid.eq(total)) throw new XmlError(`сума оплат ${paid.toFixed(2)} не дорівнює сумі чека ${total.toFixed(2)}`);
}

function checkBody(doc: PrroDocRow): void {
  if (!isDocType(doc.doc_type)) throw new XmlError(`невідомий тип документа «${doc.doc_type}»`);
  const type = DOC_TYPES[doc.doc_type];
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(doc.xml_body_b64, 'base64'));
  } catch {
    throw new XmlError('тіло документа не є текстом UTF-8');
  }
  let root: XmlElement;
  try {
    root = parseXml(text);
  } catch (err) {
    throw new XmlError(`XML документа некоректний: ${(err as Error).message}`);
  }
  if (root.name !== type.root) {
    throw new XmlError(`кореневий елемент <${root.name}>, а документ типу ${doc.doc_type} має бути <${type.root}>`);
  }
  const headName = type.root === 'CHECK' ? 'CHECKHEAD' : 'ZREPHEAD';
  const head = at(root, headName);
  if (!head) throw new XmlError(`відсутній обов'язковий елемент <${headName}>`);
  const required = type.docType === undefined ? [] : ['DOCTYPE'];
  for (const name of [...required, 'ORDERDATE', 'ORDERTIME', 'ORDERNUM', 'CASHREGISTERNUM']) {
    if (!at(head, name)?.text.trim()) throw new XmlError(`відсутній обов'язковий елемент <${headName}/${name}>`);
  }
  const field = (name: string) => at(head, name)?.text.trim() ?? '';
  if (!validDate(field('ORDERDATE'))) throw new XmlError(`ORDERDATE «${field('ORDERDATE')}» не є датою у форматі ддммрррр`);
  if (!HHMMSS.test(field('ORDERTIME'))) throw new XmlError(`ORDERTIME «${field('ORDERTIME')}» не є часом у форматі ггххсс`);
  if (field('CASHREGISTERNUM') !== doc.numprro) {
    throw new XmlError(
      `фіскальний номер ПРРО в документі (${field('CASHREGISTERNUM')}) не збігається з реєстратором черги (${doc.numprro})`,
    );
  }
  if (type.docType !== undefined && field('DOCTYPE') !== type.docType) {
    throw new XmlError(`DOCTYPE ${field('DOCTYPE')} не відповідає типу документа ${doc.doc_type} (очікується ${type.docType})`);
  }
  if (type.subType !== undefined && field('DOCSUBTYPE') !== type.subType) {
    throw new XmlError(
      `DOCSUBTYPE «${field('DOCSUBTYPE')}» не відповідає типу документа ${doc.doc_type} (очікується ${type.subType})`,
    );
  }
  if (carriesGoods(doc.doc_type)) checkSums(root);
}

/** The reason the tax server refuses the document, or undefined when it is accepted. */
export function documentProblem(doc: PrroDocRow, expectedPrevHash: string): string | undefined {
  if (doc.prev_doc_hash !== expectedPrevHash) {
    return `хеш попереднього документа (${short(doc.prev_doc_hash)}) не збігається з ланцюжком (${short(expectedPrevHash)})`;
  }
  try {
    checkBody(doc);
    return undefined;
  } catch (err) {
    if (err instanceof XmlError) return err.message;
    throw err;
  }
}
