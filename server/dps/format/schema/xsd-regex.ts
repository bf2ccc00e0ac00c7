/**
 * XSD regular expressions (XML Schema 1.0, appendix F) as JavaScript ones, for the `u` flag.
 * They differ where it matters: an XSD pattern always matches the whole value; `\d` is any
 * Unicode decimal digit (libxml2 agrees), `\s` only the four XML spaces, `.` anything but a line
 * end; `^` and `$` are plain characters. Constructs not translated faithfully are refused.
 */

export class XsdRegexError extends Error {
  override readonly name = 'XsdRegexError';
}

// The JS text of XSD's multi-character escapes, outside and inside a character class
// (undefined: not expressible inside a class without the `v` flag).
const MULTI: Record<string, readonly [string, string | undefined]> = {
  d: ['\\p{Nd}', '\\p{Nd}'],
  D: ['\\P{Nd}', '\\P{Nd}'],
  s: ['[ \\t\\n\\r]', ' \\t\\n\\r'],
  S: ['[^ \\t\\n\\r]', undefined],
  w: ['[^\\p{P}\\p{Z}\\p{C}]', undefined],
  W: ['[\\p{P}\\p{Z}\\p{C}]', '\\p{P}\\p{Z}\\p{C}'],
};
const SINGLE: Record<string, string> = { n: '\\n', r: '\\r', t: '\\t' };
const ESCAPABLE = '\\|.?*+(){}-[]^';
// Unicode general categories; XSD's block escapes (\p{IsBasicLatin}) have no JS equivalent.
const CATEGORY = /^(?:L[ultmo]?|M[nce]?|N[dlo]?|P[cdseifo]?|Z[slp]?|S[mcko]?|C[cfosn]?)$/;

export function xsdPatternToJs(xsd: string): string {
  let i = 0;
  const fail = (why: string): never => {
    throw new XsdRegexError(`pattern «${xsd}»: ${why} (at ${i})`);
  };

  /** After a backslash; `inClass` picks the form that is valid inside [...]. */
  const escaped = (inClass: boolean): { js: string; single: boolean } => {
    const c = xsd[i + 1];
    if (c === undefined) return fail('trailing backslash');
    i += 2;
    const single = SINGLE[c];
    if (single) return { js: single, single: true };
    // \- outside a class is a syntax error under the `u` flag, and a plain '-' there anyway.
    if (ESCAPABLE.includes(c)) return { js: c === '-' && !inClass ? '-' : `\\${c}`, single: true };
    const multi = MULTI[c];
    if (multi) {
      const js = inClass ? multi[1] : multi[0];
      return js === undefined ? fail(`\\${c} inside a character class is not supported`) : { js, single: false };
    }
    if (c === 'p' || c === 'P') {
      const m = /^\{([A-Za-z]+)\}/.exec(xsd.slice(i));
      if (!m || !CATEGORY.test(m[1] as string)) return fail(`\\${c}{…}: only Unicode general categories are supported`);
      i += m[0].length;
      return { js: `\\${c}{${m[1]}}`, single: false };
    }
    return fail(`\\${c} is not supported`);
  };

  // One character (a whole code point), escaped where JS would read it as syntax in a class.
  const literal = (): string => {
    const ch = String.fromCodePoint(xsd.codePointAt(i) as number);
    i += ch.length;
    return ch === '^' ? '\\^' : ch;
  };

  const charClass = (): string => {
    i++; // [
    let js = '[';
    if (xsd[i] === '^') {
      js += '^';
      i++;
    }
    const start = i;
    for (;;) {
      const c = xsd[i];
      if (c === undefined) return fail('unclosed character class');
      if (c === ']') {
        if (i === start) return fail('empty character class');
        i++;
        return `${js}]`;
      }
      if (c === '[') return fail('character class subtraction or a bare [ is not supported');
      if (c === '-') {
        if (xsd[i + 1] === '[') return fail('character class subtraction is not supported');
        // A literal '-' only first or last; between two characters it makes a range below.
        if (i !== start && xsd[i + 1] !== ']') return fail("'-' inside a character class must be first or last");
        js += '\\-';
        i++;
        continue;
      }
      let from: string;
      let single = true;
      if (c === '\\') ({ js: from, single } = escaped(true));
      else from = literal();
      if (xsd[i] === '-' && xsd[i + 1] !== ']' && xsd[i + 1] !== undefined) {
        if (!single) return fail('a range cannot start at a multi-character escape');
        i++;
        const d = xsd[i] as string;
        if (d === '[') return fail('character class subtraction is not supported');
        let to: string;
        if (d === '\\') {
          const e = escaped(true);
          if (!e.single) return fail('a range cannot end at a multi-character escape');
          to = e.js;
        } else to = literal();
        js += `${from}-${to}`;
      } else js += from;
    }
  };

  let out = '';
  let depth = 0;
  // Whether the last thing written can take a quantifier (XSD allows one per atom).
  let atom = false;
  while (i < xsd.length) {
    const c = xsd[i] as string;
    if (c === '?' || c === '*' || c === '+' || c === '{') {
      if (!atom) fail(`quantifier ${c} without something to repeat`);
      if (c === '{') {
        const m = /^\{(\d+)(,(\d*))?\}/.exec(xsd.slice(i));
        if (!m) fail('malformed {n,m} quantifier');
        const [all, n, comma, mx] = m as RegExpExecArray;
        if (comma && mx !== '' && Number(mx) < Number(n)) fail(`quantifier ${all} has max below min`);
        out += all;
        i += all.length;
      } else {
        out += c;
        i++;
      }
      atom = false; // no a*? or a{2}+ in XSD
      continue;
    }
    if (c === '\\') out += escaped(false).js;
    else if (c === '[') out += charClass();
    else if (c === '(') {
      if (xsd[i + 1] === '?') fail('(? groups are not XSD');
      depth++;
      out += '(?:';
      i++;
      atom = false;
      continue;
    } else if (c === ')') {
      if (--depth < 0) fail('unbalanced )');
      out += ')';
      i++;
    } else if (c === '|') {
      out += '|';
      i++;
      atom = false;
      continue;
    } else if (c === ']' || c === '}') fail(`unescaped ${c}`);
    else if (c === '.') {
      out += '[^\\n\\r]';
      i++;
    } else if (c === '^' || c === '$') {
      out += `\\${c}`;
      i++;
    } else out += literal();
    atom = true;
  }
  if (depth !== 0) fail('unclosed (');
  const js = `^(?:${out})$`;
  try {
    new RegExp(js, 'u');
  } catch (e) {
    fail(`translates to an invalid JavaScript pattern ${js}: ${(e as Error).message}`);
  }
  return js;
}
