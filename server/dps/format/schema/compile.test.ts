import { describe, expect, it } from 'vitest';
import { compileXsd } from './compile.js';
import { DPS_SCHEMAS, XSD_SHA256 } from './model.generated.js';
import { compileVendored, decodeXsd } from './sources.js';

const xsd = (body: string, schemaAttrs = '') =>
  `<?xml version="1.0" encoding="windows-1251"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"${schemaAttrs}>
  <xs:element name="R" type="T"/>
  ${body}
</xs:schema>`;
const sequenceOf = (inner: string) => `<xs:complexType name="T"><xs:sequence>${inner}</xs:sequence></xs:complexType>`;
const restriction = (base: string, facets: string) =>
  `<xs:simpleType name="T"><xs:restriction base="${base}">${facets}</xs:restriction></xs:simpleType>`;

describe('model.generated.ts', () => {
  it('is what `npm run dps:schemas` makes of the vendored XSDs today', () => {
    const fresh = compileVendored();
    expect(XSD_SHA256, 'an XSD changed: run npm run dps:schemas').toEqual(fresh.sha256);
    expect(DPS_SCHEMAS, 'the generator changed: run npm run dps:schemas').toEqual(fresh.schemas);
  });
});

describe('compiling an XSD', () => {
  it('reads sequences, choices, occurrences, facets, simple content and required attributes', () => {
    const schema = compileXsd(
      xsd(`
      <xs:complexType name="T">
        <xs:sequence>
          <xs:element name="A" type="Money" minOccurs="0"/>
          <xs:choice><xs:element name="B" type="xs:boolean"/><xs:element name="C" type="Col"/></xs:choice>
          <xs:element name="ROW" type="xs:string" minOccurs="0" maxOccurs="unbounded"/>
        </xs:sequence>
        <xs:attribute name="N" type="xs:int" use="required"/>
      </xs:complexType>
      <xs:simpleType name="Money"><xs:restriction base="xs:decimal"><xs:pattern value="\\d+\\.\\d{2}"/><xs:maxInclusive value="100"/></xs:restriction></xs:simpleType>
      <xs:complexType name="Col"><xs:simpleContent><xs:extension base="xs:string"/></xs:simpleContent></xs:complexType>`),
      't.xsd',
    );
    expect(schema.root).toEqual({ name: 'R', type: 'T' });
    expect(schema.types.Money).toEqual({
      kind: 'simple',
      base: 'decimal',
      maxInclusive: '100',
      patterns: [{ xsd: '\\d+\\.\\d{2}', js: '^(?:\\p{Nd}+\\.\\p{Nd}{2})$' }],
    });
    expect(schema.types.Col).toEqual({ kind: 'simpleContent', value: 'xs:string', attributes: [] });
    expect(schema.types.T).toMatchObject({ attributes: [{ name: 'N', type: 'xs:int', required: true }] });
    expect(Object.keys(schema.types)).toEqual(['T', 'Money', 'Col', 'xs:boolean', 'xs:decimal', 'xs:int', 'xs:string']);
  });

  it.each([
    ['an enumeration', restriction('xs:string', '<xs:enumeration value="a"/>'), '<xs:enumeration>'],
    ['a whiteSpace facet', restriction('xs:string', '<xs:whiteSpace value="collapse"/>'), '<xs:whiteSpace>'],
    ['fractionDigits', restriction('xs:decimal', '<xs:fractionDigits value="2"/>'), '<xs:fractionDigits>'],
    ['a length facet on a number', restriction('xs:decimal', '<xs:maxLength value="2"/>'), '<xs:maxLength> on xs:decimal'],
    ['a bound that is not a number', restriction('xs:int', '<xs:minInclusive value="one"/>'), 'not a xs:int'],
    ['an untranslatable pattern', restriction('xs:string', '<xs:pattern value="\\p{IsBasicLatin}"/>'), 'IsBasicLatin'],
    ['a built-in outside the subset', restriction('xs:date', ''), 'built-in type xs:date'],
    ['a list type', '<xs:simpleType name="T"><xs:list itemType="xs:int"/></xs:simpleType>', 'only <xs:restriction>'],
    [
      'a restriction of a restriction',
      `${restriction('S', '')}<xs:simpleType name="S"><xs:restriction base="xs:string"/></xs:simpleType>`,
      'restriction of the user type S',
    ],
    ['xs:all', '<xs:complexType name="T"><xs:all/></xs:complexType>', '<xs:all>'],
    ['complex content', '<xs:complexType name="T"><xs:complexContent/></xs:complexType>', '<xs:complexContent>'],
    ['mixed content', '<xs:complexType name="T" mixed="true"><xs:sequence/></xs:complexType>', 'mixed="true"'],
    ['a wildcard', sequenceOf('<xs:any/>'), '<xs:any>'],
    ['a group reference', sequenceOf('<xs:group ref="G"/>'), '<xs:group>'],
    ['an element reference', sequenceOf('<xs:element ref="X"/>'), 'ref="X"'],
    ['a default value', sequenceOf('<xs:element name="A" type="xs:int" default="1"/>'), 'default="1"'],
    ['an element without a type', sequenceOf('<xs:element name="A"/>'), 'without type'],
    [
      'an anonymous type',
      sequenceOf('<xs:element name="A" type="xs:int"><xs:simpleType/></xs:element>'),
      '<xs:simpleType> inside <xs:element>',
    ],
    ['an undefined type', sequenceOf('<xs:element name="A" type="Nope"/>'), 'type Nope'],
    [
      'maxOccurs below minOccurs',
      sequenceOf('<xs:element name="A" type="xs:int" minOccurs="2" maxOccurs="1"/>'),
      'maxOccurs="1"',
    ],
    [
      'one name with two types',
      sequenceOf('<xs:element name="A" type="xs:int"/><xs:element name="A" type="xs:string"/>'),
      'element A has two types',
    ],
    [
      'a prohibited attribute',
      '<xs:complexType name="T"><xs:attribute name="N" type="xs:int" use="prohibited"/></xs:complexType>',
      'use="prohibited"',
    ],
    [
      'an attribute of a complex type',
      '<xs:complexType name="T"><xs:attribute name="N" type="T"/></xs:complexType>',
      'must be a simple type',
    ],
    ['an import', '<xs:import namespace="urn:x"/>', '<xs:import>'],
  ])('refuses %s, naming it', (_, body, named) => {
    expect(() => compileXsd(xsd(body), 't.xsd')).toThrow(named);
  });

  it('refuses a target namespace', () => {
    expect(() => compileXsd(xsd(sequenceOf(''), ' targetNamespace="urn:x"'), 't.xsd')).toThrow('targetNamespace="urn:x"');
  });

  it('refuses an XSD declared in another encoding than windows-1251', () => {
    const utf8 = new TextEncoder().encode('<?xml version="1.0" encoding="UTF-8"?><xs:schema/>');
    expect(() => decodeXsd(utf8, 'u.xsd')).toThrow('declared encoding UTF-8');
  });
});
