import { describe, expect, it } from 'vitest';
import {
  fieldProblem,
  HEAD_FIELDS,
  type HeadField,
  hasHead,
  headValue,
  setHeadValue,
  shownValue,
  suggestion,
  writtenValue,
} from './head-fields.js';

const field = (id: HeadField['id']) => HEAD_FIELDS.find((f) => f.id === id) as HeadField;
const DATE = field('ORDERDATE');
const TIME = field('ORDERTIME');
const CASHIER = field('CASHIER');

/** A head as prettyXml lays it out, with the demo's date in the wrong form. */
const XML = `<?xml version="1.0" encoding="windows-1251"?>
<CHECK>
  <CHECKHEAD>
    <DOCTYPE>0</DOCTYPE>
    <TIN>41234567</TIN>
    <ORGNM>ТОВ &quot;Колосок&quot;</ORGNM>
    <ORDERDATE>2025-03-13</ORDERDATE>
    <ORDERTIME>062603</ORDERTIME>
    <ORDERNUM>43</ORDERNUM>
    <CASHDESKNUM>3</CASHDESKNUM>
    <CASHREGISTERNUM>4000211453</CASHREGISTERNUM>
    <VER>1</VER>
  </CHECKHEAD>
  <CHECKBODY>
    <ROW><NAME>Пластир &amp; бинт</NAME></ROW>
  </CHECKBODY>
</CHECK>`;

describe('a head field in the XML text', () => {
  it('is read from the head only, with entities resolved; absent is undefined', () => {
    expect(headValue(XML, 'ORDERDATE')).toBe('2025-03-13');
    expect(headValue(XML, 'CASHIER')).toBeUndefined();
    expect(headValue('<CHECK><CHECKBODY><ROW><TIN>1</TIN></ROW></CHECKBODY></CHECK>', 'TIN')).toBeUndefined();
    expect(hasHead(XML)).toBe(true);
    expect(hasHead('<CHECK/>')).toBe(false);
  });

  it('is set in place, escaped, touching nothing else of the text', () => {
    const set = setHeadValue(XML, 'ORDERDATE', '13032025');
    expect(set).toBe(XML.replace('<ORDERDATE>2025-03-13</ORDERDATE>', '<ORDERDATE>13032025</ORDERDATE>'));
    const name = setHeadValue(XML, 'CASHIER', 'Іван <Стара> & каса');
    expect(headValue(name, 'CASHIER')).toBe('Іван <Стара> & каса');
    expect(name).toContain('<CASHIER>Іван &lt;Стара&gt; &amp; каса</CASHIER>');
  });

  it('is added where the schema puts it, on its own indented line, and taken out with its line', () => {
    const added = setHeadValue(XML, 'CASHIER', 'Стара каса');
    expect(added).toContain(
      '    <CASHREGISTERNUM>4000211453</CASHREGISTERNUM>\n    <CASHIER>Стара каса</CASHIER>\n    <VER>1</VER>',
    );
    expect(setHeadValue(added, 'CASHIER', undefined)).toBe(XML);
    // A compact document stays compact.
    const compact = '<CHECK><CHECKHEAD><TIN>1</TIN><VER>1</VER></CHECKHEAD></CHECK>';
    expect(setHeadValue(compact, 'CASHIER', 'К')).toBe(
      '<CHECK><CHECKHEAD><TIN>1</TIN><CASHIER>К</CASHIER><VER>1</VER></CHECKHEAD></CHECK>',
    );
    // With nothing after it in the head, it goes last.
    expect(setHeadValue('<ZREP><ZREPHEAD><TIN>1</TIN></ZREPHEAD></ZREP>', 'IPN', '0')).toBe(
      '<ZREP><ZREPHEAD><TIN>1</TIN><IPN>0</IPN></ZREPHEAD></ZREP>',
    );
  });
});

describe('the form’s values', () => {
  it('show a date and a time as people write them, and a wrong one as it is', () => {
    expect(shownValue(DATE, '13032025')).toBe('13.03.2025');
    expect(shownValue(DATE, '2025-03-13')).toBe('2025-03-13');
    expect(shownValue(DATE, '31022025')).toBe('31022025');
    expect(shownValue(TIME, '062603')).toBe('06:26:03');
    expect(shownValue(CASHIER, 'Стара каса')).toBe('Стара каса');
  });

  it('are written in the DPS’s form from any way a date or time is typed, anything else as typed', () => {
    for (const typed of ['13.03.2025', '13032025', '13/03/2025', '2025-03-13', '13-3-2025']) {
      expect(writtenValue(DATE, typed)).toBe('13032025');
    }
    expect(writtenValue(DATE, '13.03.20')).toBe('13.03.20');
    expect(writtenValue(DATE, '30.02.2025')).toBe('30.02.2025');
    expect(writtenValue(TIME, '6:26')).toBe('062600');
    expect(writtenValue(TIME, '06:26:03')).toBe('062603');
    expect(writtenValue(TIME, '24:00')).toBe('24:00');
    expect(writtenValue(field('TIN'), ' 41234567 ')).toBe('41234567');
    expect(writtenValue(CASHIER, '')).toBeUndefined();
    expect(writtenValue(field('TIN'), '')).toBe('');
  });

  it('suggest the DPS’s form for a wrong value that can be read one way only', () => {
    expect(suggestion(DATE, '2025-03-13')).toBe('13032025');
    expect(suggestion(DATE, '13032025')).toBeUndefined();
    expect(suggestion(DATE, 'вчора')).toBeUndefined();
    expect(suggestion(TIME, '6:26:03')).toBe('062603');
    expect(suggestion(CASHIER, 'x')).toBeUndefined();
  });

  it('are checked as the schema’s types would check them', () => {
    expect(fieldProblem(DATE, '2025-03-13')).toBe('date');
    expect(fieldProblem(DATE, '29022024')).toBeUndefined();
    expect(fieldProblem(DATE, '29022025')).toBe('date');
    expect(fieldProblem(DATE, '13031899')).toBe('date');
    expect(fieldProblem(DATE, undefined)).toBe('missing');
    expect(fieldProblem(TIME, '235959')).toBeUndefined();
    expect(fieldProblem(TIME, '240000')).toBe('time');
    expect(fieldProblem(field('TIN'), '41234567')).toBeUndefined();
    expect(fieldProblem(field('TIN'), 'АБ123456')).toBeUndefined();
    expect(fieldProblem(field('TIN'), '4123')).toBe('tin');
    expect(fieldProblem(field('IPN'), '0')).toBeUndefined();
    expect(fieldProblem(field('IPN'), '12345')).toBe('ipn');
    expect(fieldProblem(field('IPN'), undefined)).toBeUndefined();
    expect(fieldProblem(field('CASHREGISTERNUM'), '4000211453')).toBeUndefined();
    expect(fieldProblem(field('CASHREGISTERNUM'), '0')).toBe('positive');
    expect(fieldProblem(field('CASHDESKNUM'), '3a')).toBe('positive');
    expect(fieldProblem(CASHIER, 'Я'.repeat(128))).toBeUndefined();
    expect(fieldProblem(CASHIER, 'Я'.repeat(129))).toBe('long');
    expect(fieldProblem(CASHIER, 'Каса 🙂')).toBe('unwritable');
    expect(fieldProblem(CASHIER, 'Каса\u0007')).toBe('control');
  });
});
