import { describe, expect, it } from 'vitest';
import { compactXml, prettyXml } from './xml-format.js';

const receipt =
  '<?xml version="1.0" encoding="UTF-8"?><CHECK><CHECKHEAD><DOCTYPE>0</DOCTYPE><CASHIER>Бондаренко Т. І.</CASHIER></CHECKHEAD>' +
  '<CHECKBODY><ROW ROWNUM="1"><NAME>Хліб &amp; булка</NAME><COST>25.50</COST></ROW><ROW ROWNUM="2"/></CHECKBODY></CHECK>';

describe('prettyXml', () => {
  it('indents nested elements two spaces a level, keeping leaves on one line', () => {
    expect(prettyXml(receipt)).toEqual({
      ok: true,
      text: [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<CHECK>',
        '  <CHECKHEAD>',
        '    <DOCTYPE>0</DOCTYPE>',
        '    <CASHIER>Бондаренко Т. І.</CASHIER>',
        '  </CHECKHEAD>',
        '  <CHECKBODY>',
        '    <ROW ROWNUM="1">',
        '      <NAME>Хліб &amp; булка</NAME>',
        '      <COST>25.50</COST>',
        '    </ROW>',
        '    <ROW ROWNUM="2"/>',
        '  </CHECKBODY>',
        '</CHECK>',
      ].join('\n'),
    });
  });

  it('keeps attributes exactly as written, even with > and quotes inside their values', () => {
    const xml = `<A x="1 > 0" y='"q"'><B z="2"/></A>`;
    expect(prettyXml(xml).text).toBe(`<A x="1 > 0" y='"q"'>\n  <B z="2"/>\n</A>`);
  });

  it('keeps the text of a leaf untouched, blank or with entities and CDATA', () => {
    expect(prettyXml('<A><B> </B><C>a &lt; b</C><D><![CDATA[<x>]]></D><E></E></A>').text).toBe(
      '<A>\n  <B> </B>\n  <C>a &lt; b</C>\n  <D><![CDATA[<x>]]></D>\n  <E></E>\n</A>',
    );
  });

  it('re-indents a document that was indented differently, comments included', () => {
    expect(prettyXml('<A>\n\t<!-- note -->\n\t\t<B>1</B>\n</A>\n').text).toBe('<A>\n  <!-- note -->\n  <B>1</B>\n</A>');
  });

  it('puts mixed text on a line of its own', () => {
    expect(prettyXml('<A>before<B>1</B> after </A>').text).toBe('<A>\n  before\n  <B>1</B>\n  after\n</A>');
  });

  it('returns malformed input unchanged, with the reason', () => {
    expect(prettyXml('<A><B>1</A>')).toEqual({
      ok: false,
      text: '<A><B>1</A>',
      problem: { code: 'mismatch', name: 'A', expected: 'B' },
    });
    expect(prettyXml('<A><B>1</B>')).toMatchObject({ ok: false, problem: { code: 'neverClosed', name: 'A' } });
    expect(prettyXml('<A>1</A></B>')).toMatchObject({ ok: false, problem: { code: 'closesNothing', name: 'B' } });
    expect(prettyXml('<A x="1>')).toMatchObject({ ok: false, problem: { code: 'unclosed', name: 'tag' } });
    expect(prettyXml('<A><!-- open</A>')).toMatchObject({ ok: false, problem: { code: 'unclosed', name: 'comment' } });
    expect(prettyXml('<A>< B/></A>')).toMatchObject({ ok: false, problem: { code: 'noName' } });
  });

  it('lays out plain text and an empty document without complaint', () => {
    expect(prettyXml('')).toEqual({ ok: true, text: '' });
    expect(prettyXml('  not xml  ')).toEqual({ ok: true, text: 'not xml' });
  });
});

describe('compactXml', () => {
  it('undoes prettyXml exactly for a document written without whitespace between elements', () => {
    const pretty = prettyXml(receipt);
    expect(compactXml(pretty.text)).toEqual({ ok: true, text: receipt });
  });

  it('keeps a corrected value and the blank text of a leaf', () => {
    const edited = prettyXml(receipt)
      .text.replace('<COST>25.50</COST>', '<COST>26.00</COST>')
      .replace('<DOCTYPE>0</DOCTYPE>', '<DOCTYPE> </DOCTYPE>');
    const compact = compactXml(edited);
    expect(compact.text).toContain('<COST>26.00</COST></ROW>');
    expect(compact.text).toContain('<DOCTYPE> </DOCTYPE><CASHIER>');
  });

  it('refuses to compact a document a person broke while editing', () => {
    expect(compactXml('<A>\n  <B>1</C>\n</A>')).toMatchObject({ ok: false, problem: { code: 'mismatch' } });
  });
});
