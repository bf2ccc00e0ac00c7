/**
 * A DPS fiscal document checked against the official schema (check01, zrep01, ticket01), as an
 * XSD validator would, with the first problem worded for the store manager. Runs anywhere: the
 * schemas come compiled in model.generated.ts, no file or external program is needed.
 */
import { firstBadCharacter, parseXml, type XmlElement, XmlError } from '../xml.js';
import { ContentRun, declarationOf } from './content-model.js';
import { DPS_SCHEMAS } from './model.generated.js';
import type { AttributeDecl, DpsRoot, GroupParticle, Schema, SimpleType } from './model.js';
import { valueProblem } from './values.js';
import * as say from './wording.js';

/**
 * `path` names where, e.g. `CHECK/CHECKBODY/ROW[3]/PRICE` or `…/ROW[2]/@ROWNUM` (just the root
 * when the text is not well-formed XML); show it as `${path}: ${problem}`.
 */
export type DpsSchemaVerdict = { readonly ok: true } | { readonly ok: false; readonly problem: string; readonly path: string };

const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';

export type { DpsRoot } from './model.js';

/** The first problem ends the walk: thrown where it is found, returned by checkDpsSchema. */
class Problem {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {}
}

/** Whether `xml` (the decoded text of a document) is valid against the DPS schema of `root`. */
export function checkDpsSchema(root: DpsRoot, xml: string): DpsSchemaVerdict {
  const schema = DPS_SCHEMAS[root];
  // XML parsers read every line end as \n before anything else; lengths count it as one character.
  const source = xml.replace(/\r\n?/g, '\n');
  const bad = firstBadCharacter(source);
  if (bad !== undefined) return { ok: false, path: root, problem: say.notXml(say.badCharacter(bad)) };
  let doc: XmlElement;
  try {
    doc = parseXml(source);
  } catch (e) {
    if (e instanceof XmlError) return { ok: false, path: root, problem: say.notXml(e.message) };
    throw e;
  }
  try {
    if (doc.name !== schema.root.name) throw new Problem(doc.name, say.wrongRoot(schema.root.name, doc.name));
    element(schema, doc, schema.root.type, doc.name, rootAttributes(doc.attrs));
    return { ok: true };
  } catch (e) {
    if (e instanceof Problem) return { ok: false, path: e.path, problem: e.problem };
    throw e;
  }
}

/** The root's attributes less the schema hint the DPS samples carry, which no schema declares. */
function rootAttributes(attrs: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  const { 'xmlns:xsi': xsi, 'xsi:noNamespaceSchemaLocation': location, ...rest } = attrs;
  // Without the XSI namespace bound to xsi, xsi:noNamespaceSchemaLocation is an attribute like any other.
  return location !== undefined && xsi !== XSI_NS ? { ...rest, 'xsi:noNamespaceSchemaLocation': location } : rest;
}

function element(schema: Schema, e: XmlElement, typeName: string, path: string, attrs: Readonly<Record<string, string>>): void {
  const type = schema.types[typeName];
  if (!type) throw new Error(`model.generated.ts: no type ${typeName}`);
  attributes(schema, type.kind === 'simple' ? [] : type.attributes, attrs, path);
  if (type.kind === 'complex') {
    if (/[^ \t\n\r]/.test(e.text)) throw new Problem(path, say.textNotAllowed(e.text, e.name));
    children(schema, e, type.content, path);
    return;
  }
  const child = e.children[0];
  if (child) throw new Problem(`${path}/${child.name}`, say.childNotAllowed(child.name, e.name));
  const valueType = type.kind === 'simple' ? typeName : type.value;
  const problem = valueProblem(valueType, simple(schema, valueType), e.text);
  if (problem) throw new Problem(path, problem);
}

function simple(schema: Schema, name: string): SimpleType {
  const t = schema.types[name];
  if (t?.kind !== 'simple') throw new Error(`model.generated.ts: ${name} is not a simple type`);
  return t;
}

function attributes(schema: Schema, decls: readonly AttributeDecl[], attrs: Readonly<Record<string, string>>, path: string) {
  for (const [name, raw] of Object.entries(attrs)) {
    const decl = decls.find((d) => d.name === name);
    if (!decl) throw new Problem(`${path}/@${name}`, say.unknownAttribute(name));
    // XML reads tabs and line ends in an attribute value as spaces.
    const problem = valueProblem(decl.type, simple(schema, decl.type), raw.replace(/[\t\n]/g, ' '));
    if (problem) throw new Problem(`${path}/@${name}`, problem);
  }
  const missing = decls.find((d) => d.required && !Object.hasOwn(attrs, d.name));
  if (missing) throw new Problem(path, say.missingAttribute(missing.name));
}

function children(schema: Schema, parent: XmlElement, content: GroupParticle, path: string): void {
  const run = new ContentRun(content);
  const total = new Map<string, number>();
  for (const c of parent.children) total.set(c.name, (total.get(c.name) ?? 0) + 1);
  const seen = new Map<string, number>();

  parent.children.forEach((child, i) => {
    const nth = (seen.get(child.name) ?? 0) + 1;
    seen.set(child.name, nth);
    const declared = declarationOf(content, child.name);
    // ROW[3] where the name repeats or may repeat; a plain name where there is only one.
    const indexed = (total.get(child.name) ?? 0) > 1 || (declared !== undefined && declared.max !== 1);
    const childPath = `${path}/${child.name}${indexed ? `[${nth}]` : ''}`;

    const decl = run.step(child.name);
    if (decl) {
      element(schema, child, decl.type, childPath, child.attrs);
      return;
    }
    if (!declared) throw new Problem(childPath, say.unknownElement(child.name, parent.name));
    const missing = run.missingBefore(child.name);
    if (missing?.[0] !== undefined) {
      const later = parent.children.slice(i + 1).some((c) => c.name === missing[0]);
      if (later) throw new Problem(childPath, say.outOfOrder(child.name, missing[0]));
      throw new Problem(path, say.missingElements(missing, child.name));
    }
    if (nth > 1 && typeof declared.max === 'number') throw new Problem(childPath, say.repeated(child.name, declared.max));
    throw new Problem(childPath, say.notHere(child.name, parent.name, run.expected(), run.canEnd));
  });
  if (!run.canEnd) throw new Problem(path, say.missingElements(run.missingAtEnd()));
}
