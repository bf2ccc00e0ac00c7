/**
 * An XSD as the schema model (model.ts), for generate.ts and for the test that keeps
 * model.generated.ts fresh. Only the subset the DPS schemas use is understood; any other
 * construct, attribute or built-in type throws an error naming it, so a new schema version
 * cannot end up half-checked without anyone noticing.
 */
import { parseXml, type XmlElement } from '../xml.js';
import {
  type AttributeDecl,
  BUILTINS,
  type Builtin,
  type ComplexType,
  type ElementParticle,
  type GroupParticle,
  type MaxOccurs,
  type Particle,
  type Pattern,
  type Schema,
  type SimpleContentType,
  type SimpleType,
  type TypeDef,
} from './model.js';
import { LEXICAL } from './values.js';
import { xsdPatternToJs } from './xsd-regex.js';

const XS_NS = 'http://www.w3.org/2001/XMLSchema';
const LENGTH_FACETS = ['length', 'minLength', 'maxLength'] as const;
const BOUND_FACETS = ['minInclusive', 'maxInclusive'] as const;

export class XsdUnsupportedError extends Error {
  override readonly name = 'XsdUnsupportedError';
}

const isBuiltin = (s: string): s is Builtin => (BUILTINS as readonly string[]).includes(s);

/** The model of one XSD; `file` names it in errors. */
export function compileXsd(source: string, file: string): Schema {
  const fail = (what: string): never => {
    throw new XsdUnsupportedError(`${file}: ${what}`);
  };

  let doc: XmlElement;
  try {
    doc = parseXml(source);
  } catch (e) {
    return fail(`cannot read the XSD: ${(e as Error).message}`);
  }
  const binding = Object.entries(doc.attrs).find(([k, v]) => k.startsWith('xmlns:') && v === XS_NS);
  if (!binding) return fail(`<${doc.name}>: the XSD namespace must be bound to a prefix (xmlns:xs="${XS_NS}")`);
  const xs = binding[0].slice('xmlns:'.length);

  /** The XSD construct an element is, e.g. `sequence` for <xs:sequence>. */
  const kindOf = (e: XmlElement): string =>
    e.name.startsWith(`${xs}:`) ? e.name.slice(xs.length + 1) : fail(`<${e.name}> is not an XSD element`);
  const unsupported = (e: XmlElement, where: string): never => fail(`<${e.name}> ${where} is not supported`);
  /** Refuses any attribute but `allowed`. */
  const only = (e: XmlElement, where: string, allowed: readonly string[]) => {
    for (const [k, v] of Object.entries(e.attrs)) {
      if (!allowed.includes(k)) fail(`attribute ${k}="${v}" on <${e.name}> ${where} is not supported`);
    }
  };
  /** The child elements that mean something: annotations (documentation) left out, text refused. */
  const parts = (e: XmlElement, where: string): XmlElement[] => {
    if (/[^ \t\r\n]/.test(e.text)) fail(`text inside <${e.name}> ${where} is not supported`);
    return e.children.filter((c) => kindOf(c) !== 'annotation');
  };
  const leaf = (e: XmlElement, where: string) => {
    const inner = parts(e, where)[0];
    if (inner) unsupported(inner, `inside <${e.name}> ${where}`);
  };
  const required = (e: XmlElement, attr: string, where: string): string =>
    e.attrs[attr] ?? fail(`<${e.name}> ${where} without ${attr}="…" is not supported`);

  if (kindOf(doc) !== 'schema') return fail(`the root is <${doc.name}>, not <${xs}:schema>`);
  only(doc, '', [binding[0]]);

  // First the names, so that types may refer to types defined further down.
  const definitions = parts(doc, 'in the schema');
  const simpleNames = new Set<string>();
  const complexNames = new Set<string>();
  const globals: XmlElement[] = [];
  for (const d of definitions) {
    const kind = kindOf(d);
    if (kind === 'element') globals.push(d);
    else if (kind === 'simpleType' || kind === 'complexType') {
      const name = required(d, 'name', 'at the top of the schema');
      if (simpleNames.has(name) || complexNames.has(name)) fail(`type ${name} is defined twice`);
      (kind === 'simpleType' ? simpleNames : complexNames).add(name);
    } else unsupported(d, 'at the top of the schema');
  }

  const builtinsUsed = new Set<Builtin>();
  /** A type reference as a key of Schema.types; `simple`: a complex type is refused. */
  const typeRef = (qname: string, where: string, simple: boolean): string => {
    const colon = qname.indexOf(':');
    if (colon >= 0) {
      const local = qname.slice(colon + 1);
      if (qname.slice(0, colon) !== xs) return fail(`type ${qname} ${where}: only the XSD namespace is supported`);
      if (!isBuiltin(local)) return fail(`built-in type ${qname} ${where} is not supported`);
      builtinsUsed.add(local);
      return `xs:${local}`;
    }
    if (simpleNames.has(qname) || (!simple && complexNames.has(qname))) return qname;
    return fail(
      complexNames.has(qname) ? `type ${qname} ${where} must be a simple type` : `type ${qname} ${where} is not defined`,
    );
  };

  const simpleType = (e: XmlElement, name: string): SimpleType => {
    const where = `in simpleType ${name}`;
    only(e, where, ['name']);
    const [restriction, extra] = parts(e, where);
    if (!restriction || kindOf(restriction) !== 'restriction')
      return fail(`simpleType ${name}: only <${xs}:restriction> is supported`);
    if (extra) unsupported(extra, where);
    only(restriction, where, ['base']);
    const baseRef = typeRef(required(restriction, 'base', where), where, true);
    if (!baseRef.startsWith('xs:')) fail(`simpleType ${name}: a restriction of the user type ${baseRef} is not supported`);
    const base = baseRef.slice(3) as Builtin;

    const facets: Record<string, string> = {};
    const patterns: Pattern[] = [];
    for (const f of parts(restriction, where)) {
      const facet = kindOf(f);
      only(f, where, ['value']);
      leaf(f, where);
      const value = required(f, 'value', where);
      if (facet === 'pattern') {
        try {
          patterns.push({ xsd: value, js: xsdPatternToJs(value) });
        } catch (err) {
          fail(`${where}: ${(err as Error).message}`);
        }
        continue;
      }
      if (facet in facets) fail(`facet <${f.name}> twice ${where}`);
      if ((LENGTH_FACETS as readonly string[]).includes(facet)) {
        if (base !== 'string') fail(`facet <${f.name}> on ${baseRef} ${where} is not supported`);
        if (!/^[0-9]+$/.test(value)) fail(`<${f.name} value="${value}"> ${where}: not a length`);
      } else if ((BOUND_FACETS as readonly string[]).includes(facet)) {
        if (base === 'string' || base === 'boolean') fail(`facet <${f.name}> on ${baseRef} ${where} is not supported`);
        if (!LEXICAL[base as Exclude<Builtin, 'string'>].test(value))
          fail(`<${f.name} value="${value}"> ${where}: not a ${baseRef}`);
      } else unsupported(f, where);
      facets[facet] = value;
    }
    return {
      kind: 'simple',
      base,
      ...Object.fromEntries(LENGTH_FACETS.filter((k) => k in facets).map((k) => [k, Number(facets[k])])),
      ...Object.fromEntries(BOUND_FACETS.filter((k) => k in facets).map((k) => [k, facets[k]])),
      ...(patterns.length > 0 ? { patterns } : {}),
    };
  };

  const occurs = (e: XmlElement, where: string): { min: number; max: MaxOccurs } => {
    const min = e.attrs.minOccurs ?? '1';
    const max = e.attrs.maxOccurs ?? '1';
    if (!/^[0-9]+$/.test(min)) fail(`minOccurs="${min}" ${where} is not supported`);
    if (max !== 'unbounded' && (!/^[0-9]+$/.test(max) || Number(max) < Math.max(1, Number(min)))) {
      fail(`maxOccurs="${max}" with minOccurs="${min}" ${where} is not supported`);
    }
    return { min: Number(min), max: max === 'unbounded' ? max : Number(max) };
  };

  const element = (e: XmlElement, where: string): ElementParticle => {
    only(e, where, ['name', 'type', 'minOccurs', 'maxOccurs']);
    const name = required(e, 'name', where);
    const at = `${where}, element ${name}`;
    leaf(e, at);
    return { kind: 'element', name, type: typeRef(required(e, 'type', at), at, false), ...occurs(e, at) };
  };

  const group = (e: XmlElement, where: string): GroupParticle => {
    const kind = kindOf(e);
    if (kind !== 'sequence' && kind !== 'choice') return unsupported(e, where);
    only(e, where, ['minOccurs', 'maxOccurs']);
    const items: Particle[] = parts(e, where).map((p) => (kindOf(p) === 'element' ? element(p, where) : group(p, where)));
    return { kind, items, ...occurs(e, where) };
  };

  const attribute = (e: XmlElement, where: string): AttributeDecl => {
    if (kindOf(e) !== 'attribute') return unsupported(e, where);
    only(e, where, ['name', 'type', 'use']);
    const name = required(e, 'name', where);
    const at = `${where}, attribute ${name}`;
    leaf(e, at);
    const use = e.attrs.use ?? 'optional';
    if (use !== 'optional' && use !== 'required') fail(`use="${use}" ${at} is not supported`);
    return { name, type: typeRef(required(e, 'type', at), at, true), required: use === 'required' };
  };

  const attributes = (list: readonly XmlElement[], where: string): AttributeDecl[] => {
    const decls = list.map((a) => attribute(a, where));
    const names = decls.map((d) => d.name);
    const twice = names.find((n, i) => names.indexOf(n) !== i);
    if (twice) fail(`attribute ${twice} declared twice ${where}`);
    return decls;
  };

  /** XSD's Element Declarations Consistent: one name, one type, within a content model. */
  const consistent = (content: Particle, where: string, types = new Map<string, string>()) => {
    if (content.kind === 'element') {
      const seen = types.get(content.name);
      if (seen !== undefined && seen !== content.type) fail(`element ${content.name} has two types ${where}`);
      types.set(content.name, content.type);
    } else for (const item of content.items) consistent(item, where, types);
  };

  const complexType = (e: XmlElement, name: string): ComplexType | SimpleContentType => {
    const where = `in complexType ${name}`;
    only(e, where, ['name']);
    const [first, ...rest] = parts(e, where);
    if (first && kindOf(first) === 'simpleContent') {
      only(first, where, []);
      const [extension, extra] = parts(first, where);
      if (!extension || kindOf(extension) !== 'extension')
        return fail(`${where}: only <${xs}:extension> in <${first.name}> is supported`);
      if (extra) unsupported(extra, where);
      if (rest[0]) unsupported(rest[0], `after <${first.name}> ${where}`);
      only(extension, where, ['base']);
      const value = typeRef(required(extension, 'base', where), where, true);
      return { kind: 'simpleContent', value, attributes: attributes(parts(extension, where), where) };
    }
    const hasModel = first !== undefined && kindOf(first) !== 'attribute';
    const content = hasModel ? group(first, where) : { kind: 'sequence' as const, items: [], min: 1, max: 1 };
    consistent(content, where);
    const attrs = attributes(hasModel ? rest : [first, ...rest].filter((a) => a !== undefined), where);
    return { kind: 'complex', content, attributes: attrs };
  };

  const types: Record<string, TypeDef> = {};
  for (const d of definitions) {
    const name = d.attrs.name as string;
    if (kindOf(d) === 'simpleType') types[name] = simpleType(d, name);
    else if (kindOf(d) === 'complexType') types[name] = complexType(d, name);
  }
  const [global, another] = globals;
  if (!global) return fail('no global element');
  if (another) return fail(`a second global element <${another.attrs.name}> is not supported`);
  only(global, 'at the top of the schema', ['name', 'type']);
  const rootName = required(global, 'name', 'at the top of the schema');
  leaf(global, `element ${rootName}`);
  const root = { name: rootName, type: typeRef(required(global, 'type', `element ${rootName}`), `element ${rootName}`, false) };
  for (const b of [...builtinsUsed].sort()) types[`xs:${b}`] = { kind: 'simple', base: b };
  return { root, types };
}
