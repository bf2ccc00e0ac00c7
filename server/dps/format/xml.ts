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

// Names may carry a namespace prefix (xmlns:xsi on the DPS samples); no namespace is resolved.
const NAME = /^[A-Za-z_][A-Za-z0-9_.:-]*/;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string): string {
  return raw.replace(/&([^;&\s]*);?/g, (all, ent: string) => {
    if (!all.endsWith(';')) throw new XmlError(`символ & без сутності поблизу «${all.slice(0, 12)}»`);
    if (ent.startsWith('#')) {
      const code = ent[1] === 'x' ? Number.parseInt(ent.slice(2), 16) : Number.parseInt(ent.slice(1), 10);
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff) throw new XmlError(`некоректне посилання на символ &${ent};`);
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

export function parseXml(src: string): XmlElement {
  let i = src.charCodeAt(0) === 0xfeff ? 1 : 0;
  const stack: Open[] = [];
  let root: XmlElement | undefined;

  const skipSpace = () => {
    while (i < src.length && /\s/.test(src[i] as string)) i++;
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
      if (top) top.text += decode(raw);
      else if (raw.trim() !== '') throw new XmlError(`текст «${raw.trim().slice(0, 20)}» поза кореневим елементом`);
      continue;
    }
    if (src.startsWith('<!--', i)) {
      i += 4;
      readUntil('-->', 'коментар');
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
      const name = NAME.exec(src.slice(i))?.[0];
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
      const name = NAME.exec(src.slice(i))?.[0];
      if (!name) throw new XmlError('некоректна назва елемента');
      i += name.length;
      const attrs: Record<string, string> = {};
      for (;;) {
        skipSpace();
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
        const attr = NAME.exec(src.slice(i))?.[0];
        if (!attr) throw new XmlError(`некоректний тег <${name}>`);
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
        attrs[attr] = decode(readUntil(quote, `атрибут ${attr} елемента <${name}>`));
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
