/**
 * The little XML the PRRO documents need: writing elements with escaped text, and a strict
 * reader for the fiscal-server simulator that reports, in words a manager can act on, why a
 * document is not well-formed. No DTDs, no namespaces: DPS documents use neither.
 */

export interface XmlElement {
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
  /** The element's own text (its children's text not included), entities decoded. */
  readonly text: string;
}

export class XmlError extends Error {
  override readonly name = 'XmlError';
}

// ── writing ─────────────────────────────────────────────────────────────────

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const SPECIAL = /[&<>"']/;
// Most values of a fiscal document need no escaping: test once, replace only when needed.
const escapeXml = (s: string): string => (SPECIAL.test(s) ? s.replace(/[&<>"']/g, (c) => ESCAPES[c] as string) : s);

export type XmlNode = string | { readonly name: string; readonly attrs?: Record<string, string>; readonly children: XmlNode[] };

/** An element whose content is text or child elements. */
export const el = (name: string, content: string | XmlNode[], attrs?: Record<string, string>): XmlNode => ({
  name,
  children: typeof content === 'string' ? [content] : content,
  ...(attrs ? { attrs } : {}),
});

/** The document with its XML declaration; the encoding named is the one the caller encodes it in. */
export function writeXml(root: XmlNode, encoding = 'UTF-8'): string {
  const out: string[] = [`<?xml version="1.0" encoding="${encoding}"?>`];
  const write = (n: XmlNode): void => {
    if (typeof n === 'string') {
      out.push(escapeXml(n));
      return;
    }
    let open = `<${n.name}`;
    if (n.attrs) for (const k in n.attrs) open += ` ${k}="${escapeXml(n.attrs[k] as string)}"`;
    if (n.children.length === 0) {
      out.push(`${open}/>`);
      return;
    }
    out.push(`${open}>`);
    for (const c of n.children) write(c);
    out.push(`</${n.name}>`);
  };
  write(root);
  return out.join('');
}

// ── reading ─────────────────────────────────────────────────────────────────

// XML 1.0's names (its NameStartChar and NameChar, fifth edition); a namespace prefix (xmlns:xsi on
// the DPS samples) is part of the name, no namespace is resolved.
const NAME_START =
  ':A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
// Built from strings: a literal class with U+0300–U+036F in it reads to a linter as a letter joined to its accent.
// Sticky: matched where the reader stands, without copying the rest of the document.
const NAME = new RegExp(`[${NAME_START}][${NAME_START}.0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040-]*`, 'uy');
/** XML 1.0 Char: what a document may contain at all, also through &#…; references (a lone surrogate is not). */
const NOT_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/** The first character XML does not allow, as a code point; undefined when there is none. */
export function firstBadCharacter(s: string): number | undefined {
  const m = NOT_CHAR.exec(s);
  return m ? (m[0].codePointAt(0) as number) : undefined;
}
const XML_SPACE = /[ \t\r\n]/;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string): string {
  return raw.replace(/&([^;&\s]*);?/g, (all, ent: string) => {
    if (!all.endsWith(';')) throw new XmlError(`символ & без сутності поблизу «${all.slice(0, 12)}»`);
    if (ent.startsWith('#')) {
      const code = ent[1] === 'x' ? Number.parseInt(ent.slice(2), 16) : Number.parseInt(ent.slice(1), 10);
      const ok = /^#(x[0-9A-Fa-f]+|[0-9]+)$/.test(ent) && Number.isFinite(code) && code > 0 && code <= 0x10ffff;
      // A reference must name a character XML allows (&#1; or &#xD800; does not).
      if (!ok || (code >= 0xd800 && code <= 0xdfff) || firstBadCharacter(String.fromCodePoint(code)) !== undefined)
        throw new XmlError(`некоректне посилання на символ &${ent};`);
      return String.fromCodePoint(code);
    }
    const v = ENTITIES[ent];
    if (v === undefined) throw new XmlError(`невідома сутність &${ent};`);
    return v;
  });
}

interface Open {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** Where in the source a problem is, for a person: line and column, counted from 1. */
function place(src: string, at: number): string {
  const before = src.slice(0, at);
  const line = before.split('\n').length;
  return `рядок ${line}, позиція ${at - before.lastIndexOf('\n')}`;
}

/**
 * Reads a document, refusing whatever XML 1.0 says is not well-formed that a DPS document could
 * meet (differential tests against xmllint in xml.test.ts): besides tags, "]]>" in text, "--" in a
 * comment, "<" in an attribute's value, attributes not apart, characters XML does not allow.
 */
export function parseXml(src: string): XmlElement {
  const bad = NOT_CHAR.exec(src);
  if (bad)
    throw new XmlError(
      `символ U+${(bad[0].codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')} не допускається в XML (${place(src, bad.index)})`,
    );
  let i = src.charCodeAt(0) === 0xfeff ? 1 : 0;
  const stack: Open[] = [];
  let root: XmlElement | undefined;

  const nameAt = (): string | undefined => {
    NAME.lastIndex = i;
    return NAME.exec(src)?.[0];
  };
  const skipSpace = (): boolean => {
    const from = i;
    while (i < src.length && XML_SPACE.test(src[i] as string)) i++;
    return i > from;
  };
  const readUntil = (end: string, what: string): string => {
    const j = src.indexOf(end, i);
    if (j < 0) throw new XmlError(`незакритий ${what}`);
    const s = src.slice(i, j);
    i = j + end.length;
    return s;
  };
  const close = (e: XmlElement) => {
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(e);
    else if (root) throw new XmlError(`другий кореневий елемент <${e.name}>: документ має мати один корінь`);
    else root = e;
  };

  if (src.startsWith('<?xml', i)) {
    i += 5;
    readUntil('?>', 'заголовок <?xml');
  }
  while (i < src.length) {
    if (src[i] !== '<') {
      const j = src.indexOf('<', i);
      const raw = src.slice(i, j < 0 ? src.length : j);
      i = j < 0 ? src.length : j;
      const top = stack[stack.length - 1];
      const cdataEnd = raw.indexOf(']]>');
      if (cdataEnd >= 0) throw new XmlError(`«]]>» у тексті не допускається (${place(src, i - raw.length + cdataEnd)})`);
      if (top) top.text += decode(raw);
      else if (raw.trim() !== '') throw new XmlError(`текст «${raw.trim().slice(0, 20)}» поза кореневим елементом`);
      continue;
    }
    if (src.startsWith('<!--', i)) {
      const from = i;
      i += 4;
      const comment = readUntil('-->', 'коментар');
      // XML 1.0 keeps "--" out of a comment, so "--->" does not end one either.
      if (comment.includes('--') || comment.endsWith('-'))
        throw new XmlError(`«--» усередині коментаря не допускається (${place(src, from)})`);
    } else if (src.startsWith('<![CDATA[', i)) {
      i += 9;
      const top = stack[stack.length - 1];
      const data = readUntil(']]>', 'блок CDATA');
      if (!top) throw new XmlError('блок CDATA поза кореневим елементом');
      top.text += data;
    } else if (src.startsWith('<!', i) || src.startsWith('<?', i)) {
      throw new XmlError('оголошення DOCTYPE та інструкції обробки не допускаються');
    } else if (src[i + 1] === '/') {
      i += 2;
      const name = nameAt();
      if (!name) throw new XmlError('некоректний закриваючий тег');
      i += name.length;
      skipSpace();
      if (src[i] !== '>') throw new XmlError(`незакритий тег </${name}`);
      i++;
      const top = stack.pop();
      if (!top) throw new XmlError(`закриваючий тег </${name}> без відкриваючого`);
      if (top.name !== name) throw new XmlError(`закриваючий тег </${name}> не відповідає елементу <${top.name}>`);
      close(top);
    } else {
      i++;
      const name = nameAt();
      if (!name) throw new XmlError('некоректна назва елемента');
      i += name.length;
      const attrs: Record<string, string> = {};
      for (;;) {
        const apart = skipSpace();
        if (src.startsWith('/>', i)) {
          i += 2;
          close({ name, attrs, children: [], text: '' });
          break;
        }
        if (src[i] === '>') {
          i++;
          stack.push({ name, attrs, children: [], text: '' });
          break;
        }
        const attr = nameAt();
        if (!attr) throw new XmlError(`некоректний тег <${name}>`);
        if (!apart) throw new XmlError(`атрибут ${attr} елемента <${name}> не відокремлено пробілом (${place(src, i)})`);
        i += attr.length;
        skipSpace();
        const noValue = () => new XmlError(`атрибут ${attr} елемента <${name}> без значення в лапках`);
        if (src[i] !== '=') throw noValue();
        i++;
        skipSpace();
        const quote = src[i];
        if (quote !== '"' && quote !== "'") throw noValue();
        i++;
        if (Object.hasOwn(attrs, attr)) throw new XmlError(`атрибут ${attr} повторюється в елементі <${name}>`);
        const value = readUntil(quote, `атрибут ${attr} елемента <${name}>`);
        if (value.includes('<')) throw new XmlError(`символ < у значенні атрибута ${attr} елемента <${name}> не допускається`);
        attrs[attr] = decode(value);
      }
    }
  }
  const open = stack[stack.length - 1];
  if (open) throw new XmlError(`незакритий елемент <${open.name}>`);
  if (!root) throw new XmlError('документ не містить жодного елемента');
  return root;
}

/** The first child at a path of names, e.g. `CHECKHEAD/ORDERNUM`. */
export function at(e: XmlElement, path: string): XmlElement | undefined {
  let cur: XmlElement | undefined = e;
  for (const name of path.split('/')) cur = cur?.children.find((c) => c.name === name);
  return cur;
}

export const childrenNamed = (e: XmlElement | undefined, name: string): XmlElement[] =>
  e ? e.children.filter((c) => c.name === name) : [];
