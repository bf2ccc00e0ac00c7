import { describe, expect, it } from 'vitest';
import { checkDpsSchema } from './check.js';
import { xmllintAccepts } from './test-support.js';

// A minimal valid receipt; each case below changes one value in it.
const DEFAULTS = {
  DOCTYPE: '0',
  TIN: '12345678',
  ORDERDATE: '18112015',
  ORDERTIME: '201543',
  ORDERNUM: '1',
  VER: '1',
  OFFLINE: 'false',
  SUM: '1.00',
  ROWNUM: '1',
  UKTZED: '1234',
  NAME: 'Хліб',
  UNITCD: '2009',
  AMOUNT: '1.000',
};
type Field = keyof typeof DEFAULTS;

const receipt = (v: Record<Field, string>) => `<?xml version="1.0" encoding="UTF-8"?>
<CHECK>
  <CHECKHEAD>
    <DOCTYPE>${v.DOCTYPE}</DOCTYPE><UID>u</UID><TIN>${v.TIN}</TIN><ORGNM>o</ORGNM><POINTNM>p</POINTNM>
    <ORDERDATE>${v.ORDERDATE}</ORDERDATE><ORDERTIME>${v.ORDERTIME}</ORDERTIME><ORDERNUM>${v.ORDERNUM}</ORDERNUM>
    <CASHDESKNUM>1</CASHDESKNUM><CASHREGISTERNUM>1</CASHREGISTERNUM><VER>${v.VER}</VER><OFFLINE>${v.OFFLINE}</OFFLINE>
  </CHECKHEAD>
  <CHECKTOTAL><SUM>${v.SUM}</SUM></CHECKTOTAL>
  <CHECKBODY>
    <ROW ROWNUM="${v.ROWNUM}"><UKTZED>${v.UKTZED}</UKTZED><NAME>${v.NAME}</NAME><UNITCD>${v.UNITCD}</UNITCD><AMOUNT>${v.AMOUNT}</AMOUNT></ROW>
  </CHECKBODY>
</CHECK>
`;

const a127 = 'а'.repeat(127);
// Values at the edges of each lexical space and facet: signs, leading zeros, whitespace,
// non-ASCII digits, lengths in characters rather than UTF-16 units, XML line-end handling.
const CASES: readonly (readonly [Field, string])[] = [
  ...['0', '-0', '+0', '-00', '+7', '007', '-1', ' 5 ', '\n5\t', '5 5', '', '٥', '1.0'].map((v) => ['DOCTYPE', v] as const),
  ...['1', '+1', '0', '00', '-0', '0001', '-1', '1.0', '99999999999999999999'].map((v) => ['ORDERNUM', v] as const),
  ...['-5', '+0', '1.', '1e3', ' -1 '].map((v) => ['VER', v] as const),
  ...['1.00', ' 1.00 ', '+1.00', '-1.00', '-0.00', '1.5', '1', '.50', '1.000', '١.٠٠', '1,00'].map((v) => ['SUM', v] as const),
  ...['1', '1.5', '1.555', '1.5555', '1.', '.5', '-1.5'].map((v) => ['AMOUNT', v] as const),
  ...['true', 'false', '1', '0', ' true ', 'TRUE', 'yes', '', '01'].map((v) => ['OFFLINE', v] as const),
  ...['29022024', '29022023', '29021900', '31042024', '31122024', '0101202٤', '18112015 ', '1812015', '00012024'].map(
    (v) => ['ORDERDATE', v] as const,
  ),
  ...['235959', '240000', '000000', '23595', ' 235959', '2359٥9'].map((v) => ['ORDERTIME', v] as const),
  ...['АБ123456', 'аб123456', 'AB123456', '1234', '12345', '1234567890', '12345678901', '١٢٣٤٥', 'Ї1234567'].map(
    (v) => ['TIN', v] as const,
  ),
  ...['1234', '0000', '00123', '00000', '1234567', '12345678', '+1234', ' 1234 ', '0123456789'].map(
    (v) => ['UKTZED', v] as const,
  ),
  // Not ' 1 ': see the test at the end.
  ...['1', '0', '01', '+1', '999999', '1000000', '-0', '2147483648', '1.0', '1 1'].map((v) => ['ROWNUM', v] as const),
  ...['1', '0', '99999', '100000', '00001', '+5', ' 5 '].map((v) => ['UNITCD', v] as const),
  ...[
    `${a127}а`,
    `${a127}аа`,
    `${a127}\u{1F600}`, // one character, two UTF-16 units
    `${a127}\r\n`, // XML reads CR LF as one line feed
    `${a127}&#13;&#10;`, // character references are kept as written: two characters
    `${a127}&amp;`,
    'тест&#1;', // not an XML character, even by reference
    '  пробіли  ',
  ].map((v) => ['NAME', v] as const),
];

describe('a value at the edge of its type', () => {
  it('leaves the receipt valid when no value is changed', () => {
    expect(checkDpsSchema('CHECK', receipt(DEFAULTS))).toEqual({ ok: true });
  });

  it.each(CASES.map(([field, value]) => ({ field, value, shown: JSON.stringify(value).slice(0, 24) })))(
    '$field = $shown gets the same verdict from checkDpsSchema as from xmllint',
    ({ field, value }) => {
      const xml = receipt({ ...DEFAULTS, [field]: value });
      const ours = checkDpsSchema('CHECK', xml);
      expect(ours.ok, JSON.stringify(ours)).toBe(xmllintAccepts('CHECK', xml));
    },
  );

  // XSD fixes whiteSpace to collapse for xs:int and its restrictions, in attributes as in
  // elements. libxml2 (2.9, xmllint) does not collapse an attribute of such a type and rejects
  // this; the schema, and so checkDpsSchema, accepts it.
  it('takes ROWNUM=" 1 " as 1, as XML Schema does and xmllint does not', () => {
    expect(checkDpsSchema('CHECK', receipt({ ...DEFAULTS, ROWNUM: ' 1 ' }))).toEqual({ ok: true });
  });

  // XSD integers have no size limit; libxml2 refuses more than 24 digits.
  it('takes a 30-digit ORDERNUM as a positive integer, as XML Schema does and xmllint does not', () => {
    expect(checkDpsSchema('CHECK', receipt({ ...DEFAULTS, ORDERNUM: '1'.repeat(30) }))).toEqual({ ok: true });
  });
});
