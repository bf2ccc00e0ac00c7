/**
 * The reader refuses what XML 1.0 refuses, checked against xmllint (libxml2, the independent
 * reader the schema tests already trust) case by case: each document below is handed to both, and
 * they must agree on whether it is well-formed. The not-well-formed cases follow the kinds of the
 * W3C XML conformance suite's not-wf tests (xmlconf: sa/ and oasis/): the sequence "]]>" in
 * character data, "--" inside a comment, "<" in an attribute value, attributes not separated by
 * white space, characters outside Char, bad character references, names, tags and entities.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseXml, XmlError } from './xml.js';

function xmllintWellFormed(xml: string): boolean {
  const run = spawnSync('xmllint', ['--noout', '-'], { input: Buffer.from(xml, 'utf8') });
  if (run.error) throw new Error(`xmllint is required (Debian: libxml2-utils): ${run.error.message}`);
  if (run.status === 0) return true;
  if (run.status === 1) return false;
  throw new Error(`xmllint exited with ${run.status}: ${run.stderr}`);
}

function oursWellFormed(xml: string): boolean {
  try {
    parseXml(xml);
    return true;
  } catch (e) {
    if (e instanceof XmlError) return false;
    throw e;
  }
}

const NOT_WELL_FORMED: readonly (readonly [string, string])[] = [
  [']]> in character data', '<A>a]]>b</A>'],
  [']]> right after an element', '<A><B/>]]></A>'],
  ['-- inside a comment', '<A><!-- a -- b --></A>'],
  ['a comment ending in --->', '<A><!-- a ---></A>'],
  ['-- in a comment before the root', '<!-- -- --><A/>'],
  ['< in an attribute value', '<A x="a<b"/>'],
  ['< in a single-quoted attribute value', "<A x='<'/>"],
  ['attributes with no space between them', '<A x="1"y="2"/>'],
  ['single-quoted attributes with no space between them', "<A x='1'y='2'/>"],
  ['an attribute without quotes', '<A x=1/>'],
  ['an attribute without a value', '<A x/>'],
  ['an attribute given twice', '<A x="1" x="2"/>'],
  ['a control character in text', '<A>\u0001</A>'],
  ['a control character in an attribute', '<A x="\u0007"/>'],
  ['U+FFFE in text', '<A>\uFFFE</A>'],
  ['a reference to a control character', '<A>&#1;</A>'],
  ['a reference to a surrogate', '<A>&#xD800;</A>'],
  ['a reference to U+FFFF', '<A>&#xFFFF;</A>'],
  ['a reference with letters', '<A>&#12a;</A>'],
  ['& alone', '<A>a & b</A>'],
  ['an undeclared entity', '<A>&nbsp;</A>'],
  ['a tag not closed', '<A><B></A>'],
  ['no end tag', '<A>'],
  ['two roots', '<A/><B/>'],
  ['text outside the root', '<A/>x'],
  ['a name starting with a digit', '<1A/>'],
  ['a space before the name', '< A/>'],
  ['an XML declaration not at the start', ' <?xml version="1.0"?><A/>'],
  ['an empty document', ''],
  ['CDATA outside the root', '<![CDATA[x]]><A/>'],
];

const WELL_FORMED: readonly (readonly [string, string])[] = [
  ['> and ]] alone in text', '<A>a > b ]] c ]></A>'],
  ['a single - in a comment', '<A><!-- a - b --></A>'],
  ['an empty comment', '<A><!----></A>'],
  ['> and ]]> in an attribute value', '<A x="a > b ]]> c"/>'],
  ['attributes apart by tab and new line', '<A x="1"\t\ny="2"/>'],
  ['references to allowed characters', '<A>&#x9;&#10;&#x1F600;&#1043;</A>'],
  ['Ukrainian names', '<ЧЕК ДАТА="1"><РЯДОК/></ЧЕК>'],
  ['a name with a prefix, a dot and a middle dot', '<x:A.b·c xmlns:x="urn:x"/>'],
  ['CDATA with < and &', '<A><![CDATA[<b>&]]></A>'],
  ['an emoji (a surrogate pair)', '<A>😀</A>'],
  ['white space after the root', '<A/>\n \t'],
];

describe('the XML reader against xmllint', () => {
  it.each(NOT_WELL_FORMED)('refuses %s, as xmllint does', (_what, xml) => {
    expect(xmllintWellFormed(xml)).toBe(false);
    expect(oursWellFormed(xml)).toBe(false);
  });

  it.each(WELL_FORMED)('reads %s, as xmllint does', (_what, xml) => {
    expect(xmllintWellFormed(xml)).toBe(true);
    expect(oursWellFormed(xml)).toBe(true);
  });

  it('says where and what, in words a manager can act on', () => {
    expect(() => parseXml('<A>\n  a]]>b</A>')).toThrow('«]]>» у тексті не допускається (рядок 2, позиція 4)');
    expect(() => parseXml('<A><!-- a -- b --></A>')).toThrow('«--» усередині коментаря не допускається (рядок 1, позиція 4)');
    expect(() => parseXml('<A x="a<b"/>')).toThrow('символ < у значенні атрибута x елемента <A> не допускається');
    expect(() => parseXml('<A x="1"y="2"/>')).toThrow('атрибут y елемента <A> не відокремлено пробілом (рядок 1, позиція 9)');
    expect(() => parseXml('<A>\u0001</A>')).toThrow('символ U+0001 не допускається в XML (рядок 1, позиція 4)');
    // A lone surrogate has no UTF-8 form to hand xmllint (it would read U+FFFD); a JavaScript string can carry one.
    expect(() => parseXml('<A>\uD800</A>')).toThrow('символ U+D800 не допускається в XML');
  });
});
