/**
 * Shows a fiscal document's XML indented, and turns an edited, indented document back into the
 * compact form the register sent. Pure string work (no DOMParser, no eval), so it runs the same
 * under the renderer's CSP and in tests. It reformats, it does not validate: the tax server does
 * that, and malformed input is returned as it was with the reason it could not be laid out.
 * Tags are kept exactly as written (attributes, quotes, entities); only the whitespace between
 * elements changes. DPS documents carry no mixed content, so that whitespace means nothing.
 */

type TagToken = { readonly kind: 'open' | 'close' | 'empty'; readonly raw: string; readonly name: string };
type Token = TagToken | { readonly kind: 'text' | 'cdata' | 'other'; readonly raw: string };

/** Why a document could not be laid out; the screen words it (strings: xmlProblem.<code>). */
export interface XmlProblem {
  readonly code: 'unclosed' | 'noName' | 'closesNothing' | 'mismatch' | 'neverClosed';
  /** The element, or for `unclosed` what is left open (tag, comment, cdata, instruction, declaration). */
  readonly name: string;
  /** For `mismatch`: the element the closing tag should have closed. */
  readonly expected?: string;
}

class XmlFormatError extends Error {
  constructor(readonly problem: XmlProblem) {
    super(problem.code);
  }
}

const NAME = /^[^\s/>"'=]+/;

function tagEnd(src: string, from: number): number {
  let quote: string | undefined;
  for (let i = from; i < src.length; i++) {
    const c = src[i];
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return i;
  }
  return -1;
}

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const until = (end: string, what: string): string => {
    const j = src.indexOf(end, i);
    if (j < 0) throw new XmlFormatError({ code: 'unclosed', name: what });
    const raw = src.slice(i, j + end.length);
    i = j + end.length;
    return raw;
  };
  while (i < src.length) {
    if (src[i] !== '<') {
      const j = src.indexOf('<', i);
      const end = j < 0 ? src.length : j;
      tokens.push({ kind: 'text', raw: src.slice(i, end) });
      i = end;
    } else if (src.startsWith('<!--', i)) tokens.push({ kind: 'other', raw: until('-->', 'comment') });
    else if (src.startsWith('<![CDATA[', i)) tokens.push({ kind: 'cdata', raw: until(']]>', 'cdata') });
    else if (src.startsWith('<?', i)) tokens.push({ kind: 'other', raw: until('?>', 'instruction') });
    else if (src.startsWith('<!', i)) tokens.push({ kind: 'other', raw: until('>', 'declaration') });
    else {
      const end = tagEnd(src, i + 1);
      if (end < 0) throw new XmlFormatError({ code: 'unclosed', name: 'tag' });
      const raw = src.slice(i, end + 1);
      const closing = raw.startsWith('</');
      const name = NAME.exec(raw.slice(closing ? 2 : 1))?.[0];
      if (!name) throw new XmlFormatError({ code: 'noName', name: raw.slice(0, 20) });
      tokens.push({ kind: closing ? 'close' : raw.endsWith('/>') ? 'empty' : 'open', raw, name });
      i = end + 1;
    }
  }
  return tokens;
}

interface Node {
  readonly open: TagToken;
  readonly children: (Node | Token)[];
  close?: Token;
}

const isNode = (n: Node | Token): n is Node => 'children' in n;
const blank = (t: Token) => t.kind === 'text' && t.raw.trim() === '';

/** The element tree; top-level tokens (declaration, comments, the root) in order. */
function treeOf(tokens: readonly Token[]): (Node | Token)[] {
  const top: (Node | Token)[] = [];
  const stack: Node[] = [];
  const add = (n: Node | Token) => (stack[stack.length - 1]?.children ?? top).push(n);
  for (const t of tokens) {
    if (t.kind === 'open') {
      const node: Node = { open: t, children: [] };
      add(node);
      stack.push(node);
    } else if (t.kind === 'close') {
      const node = stack.pop();
      if (!node) throw new XmlFormatError({ code: 'closesNothing', name: t.name });
      if (node.open.name !== t.name) {
        throw new XmlFormatError({ code: 'mismatch', name: t.name, expected: node.open.name });
      }
      node.close = t;
    } else add(t);
  }
  const open = stack[stack.length - 1];
  if (open) throw new XmlFormatError({ code: 'neverClosed', name: open.open.name });
  return top;
}

function print(nodes: readonly (Node | Token)[], depth: number, out: string[]): void {
  const pad = '  '.repeat(depth);
  for (const n of nodes) {
    if (!isNode(n)) {
      if (!blank(n)) out.push(pad + (n.kind === 'text' ? n.raw.trim() : n.raw));
      continue;
    }
    const close = n.close?.raw ?? '';
    if (n.children.every((c) => !isNode(c) && (c.kind === 'text' || c.kind === 'cdata'))) {
      // A leaf: its text stays exactly as written, on the line of its tags.
      out.push(pad + n.open.raw + n.children.map((c) => (c as Token).raw).join('') + close);
    } else {
      out.push(pad + n.open.raw);
      print(n.children, depth + 1, out);
      out.push(pad + close);
    }
  }
}

export type Formatted =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly text: string; readonly problem: XmlProblem };

/** The document indented by two spaces per level, or the input unchanged with why it could not be. */
export function prettyXml(src: string): Formatted {
  try {
    const out: string[] = [];
    print(treeOf(tokenize(src)), 0, out);
    return { ok: true, text: out.join('\n') };
  } catch (err) {
    if (err instanceof XmlFormatError) return { ok: false, text: src, problem: err.problem };
    throw err;
  }
}

/**
 * Drops the whitespace between elements that prettyXml (or a person) added; the text of a leaf,
 * even a blank one such as `<A> </A>`, is kept. compactXml(prettyXml(x).text) === x for a
 * document written without such whitespace, which is how registers write them.
 */
export function compactXml(src: string): Formatted {
  try {
    const tokens = tokenize(src);
    treeOf(tokens);
    const kept = tokens.filter((t, i) => {
      if (!blank(t)) return true;
      const before = tokens[i - 1];
      const after = tokens[i + 1];
      return before?.kind === 'open' && after?.kind === 'close';
    });
    return { ok: true, text: kept.map((t) => t.raw).join('') };
  } catch (err) {
    if (err instanceof XmlFormatError) return { ok: false, text: src, problem: err.problem };
    throw err;
  }
}
