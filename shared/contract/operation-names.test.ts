/**
 * No operation name is written outside the registry (shared/contract/registry.ts and the specs in
 * shared/contract/operations), the server's handler files that register operations, and tests:
 * everything else names an operation through `op` (shared/contract/op.ts). Only string literals
 * count, not comments. ALLOWLIST lists the files not migrated
 * yet, each with why; it may only shrink.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { op, operationId } from './op.js';
import { OPERATION_NAMES } from './registry.js';

const ROOT = join(import.meta.dirname, '../..');
const SKIP_DIRS = new Set(['node_modules', 'dist', 'docs', '.git', 'test-results', 'playwright-report']);

/** Where an operation's name belongs. */
const ALLOWED: readonly RegExp[] = [
  /^shared\/contract\/registry\.ts$/,
  /^shared\/contract\/operations\//,
  // The server's registration of operations: the handler files and an area's index.
  /^server\/back-office\/.*handlers\.ts$/,
  /^server\/back-office\/[^/]+\/index\.ts$/,
  // Tests, their helpers and the end-to-end specs.
  /\.(test|spec)\.tsx?$/,
  /(^|\/)testing\//,
  /\.testing\.tsx?$/,
  /^e2e\//,
  // The generated client's types (openapi-typescript writes every name), and its example: a
  // client of the published contract writes the names, which are the contract.
  /^integrations\/openapi-client\/(schema\.d\.ts|usage\.ts)$/,
];

/**
 * Files that still write names, to be migrated to `op` by whoever holds them now. May only shrink:
 * the test fails when a file here no longer writes a name, so the entry is deleted with the fix.
 */
const ALLOWLIST: readonly string[] = [
  // Empty: every file names operations as op.<group>.<id> (a type argument ParamsOf<typeof op.…>,
  // an object key [op.…]). A file that cannot yet goes here, with the reason, until it is migrated.
];

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sources(path, out);
    else if (/\.tsx?$/.test(entry.name)) out.push(relative(ROOT, path));
  }
  return out;
}

const NAMES = new Set<string>(OPERATION_NAMES);

/**
 * The string literals of a TypeScript source, comments skipped: quoted strings and the text of a
 * template literal up to its first substitution. A small scanner of its own (the TypeScript 7
 * package has no JavaScript API); a regular expression literal is read as code, which can only
 * make it see a string that is not there, never miss one.
 */
function stringLiterals(text: string): string[] {
  const found: string[] = [];
  // Open braces per template substitution we are inside of: at its closing brace the template goes on.
  const substitutions: number[] = [];
  let i = 0;
  /** Reads a quoted string or a template's text from i (just after its quote); true when it stopped at `${`. */
  const readText = (quote: string): boolean => {
    let value = '';
    while (i < text.length && text[i] !== quote) {
      if (quote === '`' && text[i] === '$' && text[i + 1] === '{') {
        found.push(value);
        i += 2;
        return true;
      }
      if (quote !== '`' && text[i] === '\n') break;
      if (text[i] === '\\') i++;
      value += text[i] ?? '';
      i++;
    }
    found.push(value);
    i++;
    return false;
  };
  while (i < text.length) {
    const c = text[i];
    const depth = substitutions.length - 1;
    if (c === '/' && text[i + 1] === '/') i = text.indexOf('\n', i) === -1 ? text.length : text.indexOf('\n', i);
    else if (c === '/' && text[i + 1] === '*') i = text.indexOf('*/', i + 2) === -1 ? text.length : text.indexOf('*/', i + 2) + 2;
    else if (c === "'" || c === '"' || c === '`') {
      i++;
      if (readText(c)) substitutions.push(0);
    } else if (c === '{' && depth >= 0) {
      substitutions[depth] = (substitutions[depth] ?? 0) + 1;
      i++;
    } else if (c === '}' && depth >= 0 && substitutions[depth] === 0) {
      substitutions.pop();
      i++;
      if (readText('`')) substitutions.push(0);
    } else {
      if (c === '}' && depth >= 0) substitutions[depth] = (substitutions[depth] ?? 1) - 1;
      i++;
    }
  }
  return found;
}

/** The operation names a file writes as string literals. */
const namesWritten = (file: string): string[] =>
  stringLiterals(readFileSync(join(ROOT, file), 'utf8')).filter((s) => NAMES.has(s));

describe('operation names', () => {
  const files = sources(ROOT).filter((f) => !ALLOWED.some((re) => re.test(f)));
  const writing = new Map(files.map((f) => [f, namesWritten(f)] as const).filter(([, names]) => names.length > 0));

  it('are written only in the registry, its handlers and tests (or a file still on the allowlist)', () => {
    const outside = [...writing].filter(([f]) => !ALLOWLIST.includes(f)).map(([f, names]) => `${f}: ${names.join(', ')}`);
    expect(outside).toEqual([]);
  });

  it('allowlists only files that still write a name', () => {
    expect(ALLOWLIST.filter((f) => !writing.has(f))).toEqual([]);
  });

  it('are each one identifier under its group, the same in op and in its type', () => {
    for (const name of OPERATION_NAMES) {
      const group = name.slice(0, name.indexOf('.')) as keyof typeof op;
      expect((op[group] as Record<string, string>)[operationId(name)], name).toBe(name);
    }
    const ids = Object.values(op).reduce((n, group) => n + Object.keys(group).length, 0);
    expect(ids).toBe(OPERATION_NAMES.length);
    const close: 'pos.checkout_close_sale' = op.pos.checkoutCloseSale;
    const save: 'catalog.contrag.save' = op.catalog.contragSave;
    expect([close, save]).toEqual(['pos.checkout_close_sale', 'catalog.contrag.save']);
  });
});
