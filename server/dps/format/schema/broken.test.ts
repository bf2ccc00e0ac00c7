import { describe, expect, it } from 'vitest';
import { checkDpsSchema } from './check.js';
import type { DpsRoot } from './model.js';
import { after, replaceOnce, sample, xmllintAccepts } from './test-support.js';

interface Broken {
  readonly what: string;
  readonly from: string;
  readonly root?: DpsRoot;
  readonly edit: (xml: string) => string;
  readonly path: string;
  readonly problem: string;
}

const GOODS = 'check01(Товар).xml';
const body = (edit: (tail: string) => string) => (xml: string) => after(xml, '<CHECKBODY>', edit);

const CASES: readonly Broken[] = [
  {
    what: 'two head elements in the wrong order',
    from: GOODS,
    edit: (x) =>
      replaceOnce(
        replaceOnce(x, '<ORDERDATE>18112015</ORDERDATE>', ''),
        '<ORDERTIME>201543</ORDERTIME>',
        '<ORDERTIME>201543</ORDERTIME><ORDERDATE>18112015</ORDERDATE>',
      ),
    path: 'CHECK/CHECKHEAD/ORDERTIME',
    problem: 'ORDERTIME стоїть не на своєму місці: перед ним має бути ORDERDATE',
  },
  {
    what: 'a required element left out',
    from: GOODS,
    edit: (x) => replaceOnce(x, '<UID>F32EE0EF-F8EE-46BD-9943-881AF3F982F5</UID>', ''),
    path: 'CHECK/CHECKHEAD',
    problem: "бракує обов'язкового елемента UID (перед TIN)",
  },
  {
    what: 'a date that does not exist (31 February)',
    from: GOODS,
    edit: (x) => replaceOnce(x, '<ORDERDATE>18112015</ORDERDATE>', '<ORDERDATE>31022024</ORDERDATE>'),
    path: 'CHECK/CHECKHEAD/ORDERDATE',
    problem: '«31022024» не є коректною датою у форматі ддммрррр',
  },
  {
    what: 'a price with one decimal',
    from: GOODS,
    edit: (x) => replaceOnce(x, '<PRICE>20.50</PRICE>', '<PRICE>12.5</PRICE>'),
    path: 'CHECK/CHECKBODY/ROW[3]/PRICE',
    problem: '«12.5» не відповідає формату суми (дві цифри після крапки)',
  },
  {
    what: 'a goods name of 129 characters',
    from: GOODS,
    edit: (x) => replaceOnce(x, '<NAME>Пиво</NAME>', `<NAME>Пиво${'а'.repeat(125)}</NAME>`),
    path: 'CHECK/CHECKBODY/ROW[2]/NAME',
    problem: 'задовгий текст: 129 символів, допускається не більше 128',
  },
  {
    what: 'an element the schema does not know',
    from: GOODS,
    edit: (x) => replaceOnce(x, '<TIN>12345678</TIN>', '<TIN>12345678</TIN><SELLER>Іваненко</SELLER>'),
    path: 'CHECK/CHECKHEAD/SELLER',
    problem: 'елемент SELLER не передбачений у CHECKHEAD',
  },
  {
    what: 'a goods row without ROWNUM',
    from: GOODS,
    edit: body((b) => replaceOnce(b, '<ROW ROWNUM="2">', '<ROW>')),
    path: 'CHECK/CHECKBODY/ROW[2]',
    problem: "бракує обов'язкового атрибута ROWNUM",
  },
  {
    what: 'a boolean written in words',
    from: 'check01(Початок офлайн сесії).xml',
    edit: (x) => replaceOnce(x, '<OFFLINE>true</OFFLINE>', '<OFFLINE>так</OFFLINE>'),
    path: 'CHECK/CHECKHEAD/OFFLINE',
    problem: '«так» не є логічним значенням (true, false, 1 чи 0)',
  },
  {
    what: 'a UKTZED code of 7 digits',
    from: GOODS,
    edit: (x) => replaceOnce(x, '<UKTZED>543210</UKTZED>', '<UKTZED>5432101</UKTZED>'),
    path: 'CHECK/CHECKBODY/ROW[2]/UKTZED',
    problem: '«5432101» не є кодом УКТЗЕД (10, 8, 6 або 4 цифри)',
  },
  {
    what: 'a TIN with letters',
    from: GOODS,
    edit: (x) => replaceOnce(x, '<TIN>12345678</TIN>', '<TIN>1234567A</TIN>'),
    path: 'CHECK/CHECKHEAD/TIN',
    problem: '«1234567A» не є кодом ЄДРПОУ/ДРФО (5–10 цифр) чи серією й номером паспорта (дві великі літери й 6 цифр)',
  },
  {
    what: 'a row number of 0',
    from: GOODS,
    edit: body((b) => replaceOnce(b, '<ROW ROWNUM="1">', '<ROW ROWNUM="0">')),
    path: 'CHECK/CHECKBODY/ROW[1]/@ROWNUM',
    problem: '«0» менше за найменше допустиме значення 1',
  },
  {
    what: 'an element given twice',
    from: GOODS,
    edit: (x) => replaceOnce(x, '<TIN>12345678</TIN>', '<TIN>12345678</TIN><TIN>12345678</TIN>'),
    path: 'CHECK/CHECKHEAD/TIN[2]',
    problem: 'елемент TIN повторюється: допускається лише один',
  },
  {
    what: 'both UKTZED and DKPP in one row',
    from: GOODS,
    edit: (x) => replaceOnce(x, '<UKTZED>543210</UKTZED>', '<UKTZED>543210</UKTZED><DKPP>11.22</DKPP>'),
    path: 'CHECK/CHECKBODY/ROW[2]/DKPP',
    problem: 'елемент DKPP тут не допускається; тут може бути: NAME, DESCRIPTION, UNITCD, UNITNM, AMOUNT, PRICE, …, кінець ROW',
  },
  {
    what: 'text between the elements of the head',
    from: GOODS,
    edit: (x) => replaceOnce(x, '<CHECKHEAD>', '<CHECKHEAD>чек'),
    path: 'CHECK/CHECKHEAD',
    problem: 'текст «чек» не допускається: CHECKHEAD містить лише вкладені елементи',
  },
  {
    what: 'an element inside a sum',
    from: GOODS,
    edit: (x) => replaceOnce(x, '<SUM>417.66</SUM>', '<SUM>417.66<UAH/></SUM>'),
    path: 'CHECK/CHECKTOTAL/SUM/UAH',
    problem: 'елемент UAH не допускається: SUM містить лише значення, без вкладених елементів',
  },
  {
    what: 'an attribute the schema does not know',
    from: GOODS,
    edit: (x) => replaceOnce(x, '<CHECK ', '<CHECK version="2" '),
    path: 'CHECK/@version',
    problem: 'атрибут version не передбачений',
  },
  {
    what: 'a schema location in a namespace other than XML Schema instance',
    from: GOODS,
    edit: (x) => replaceOnce(x, 'http://www.w3.org/2001/XMLSchema-instance', 'urn:other'),
    path: 'CHECK/@xsi:noNamespaceSchemaLocation',
    problem: 'атрибут xsi:noNamespaceSchemaLocation не передбачений',
  },
  {
    what: '"]]>" in the text of an element (not well-formed XML)',
    from: GOODS,
    edit: (x) => replaceOnce(x, '<ORGNM>ТОВ "ФОЗЗІ-ФУД"</ORGNM>', '<ORGNM>ТОВ "ФОЗЗІ-ФУД" ]]></ORGNM>'),
    path: 'CHECK',
    problem: 'документ не є коректним XML: «]]>» у тексті не допускається (рядок 20, позиція 26)',
  },
  {
    what: '"--" inside a comment (not well-formed XML)',
    from: GOODS,
    edit: (x) => replaceOnce(x, '<!--Заголовок-->', '<!--Заголовок -- чека-->'),
    path: 'CHECK',
    problem: 'документ не є коректним XML: «--» усередині коментаря не допускається (рядок 3, позиція 2)',
  },
  {
    what: 'a Z-report without its count of receipts',
    from: 'zrep01(Товар).xml',
    root: 'ZREP',
    edit: (x) => replaceOnce(x, '<ORDERSCNT>10</ORDERSCNT>', ''),
    path: 'ZREP/ZREPREALIZ',
    problem: "бракує обов'язкового елемента ORDERSCNT (перед PAYFORMS)",
  },
  {
    what: 'a Z-report checked as a receipt',
    from: 'zrep01(Товар).xml',
    root: 'CHECK',
    edit: (x) => x,
    path: 'ZREP',
    problem: 'очікується документ CHECK, а це ZREP',
  },
  {
    what: 'a ticket with a local number of 0',
    from: 'ticket01.xml',
    root: 'TICKET',
    edit: (x) => replaceOnce(x, '<ORDERNUM>12345678</ORDERNUM>', '<ORDERNUM>0</ORDERNUM>'),
    path: 'TICKET/ORDERNUM',
    problem: '«0» не є цілим додатним числом',
  },
  {
    what: 'a ticket that ends before its version',
    from: 'ticket01.xml',
    root: 'TICKET',
    edit: (x) => replaceOnce(x, '<VER>1</VER>', ''),
    path: 'TICKET',
    problem: "бракує обов'язкового елемента VER",
  },
];

describe('a sample broken on purpose', () => {
  it.each(CASES)('with $what is rejected by xmllint and by checkDpsSchema, which names $path', (c) => {
    const root = c.root ?? 'CHECK';
    const xml = c.edit(sample(c.from).xml);
    expect(xmllintAccepts(root, xml)).toBe(false);
    expect(checkDpsSchema(root, xml)).toEqual({ ok: false, path: c.path, problem: c.problem });
  });
});
