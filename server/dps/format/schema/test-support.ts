/**
 * For the tests: the DPS reference samples (in ../shared beside the repository, as in CI) and
 * xmllint, the independent XSD validator our verdicts are checked against. Both are required:
 * when either is missing the tests fail, they never skip.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DpsRoot } from './model.js';
import { XSD_DIR, XSD_FILES } from './sources.js';

function repositoryRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('no package.json above the schema tests');
    dir = up;
  }
  return dir;
}

export const SHARED_FISCAL = join(repositoryRoot(), '..', 'shared', 'fiscal');

export interface Sample {
  readonly file: string;
  readonly root: DpsRoot;
  /** As xmllint reads it: the bytes on disk. */
  readonly path: string;
  /** As checkDpsSchema reads it: decoded from windows-1251. */
  readonly xml: string;
}

const ROOTS: Readonly<Record<string, DpsRoot>> = { check01: 'CHECK', zrep01: 'ZREP', ticket01: 'TICKET' };

export function samples(): Sample[] {
  const dir = join(SHARED_FISCAL, 'examples');
  if (!existsSync(dir)) throw new Error(`the DPS samples are missing: expected ${dir} (../shared beside the repository)`);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.xml'))
    .sort()
    .map((file) => {
      const root = ROOTS[/^[a-z]+\d+/.exec(file)?.[0] ?? ''];
      if (!root) throw new Error(`sample ${file}: no schema for its name`);
      const path = join(dir, file);
      return { file, root, path, xml: new TextDecoder('windows-1251').decode(readFileSync(path)) };
    });
}

export const sample = (file: string): Sample => {
  const s = samples().find((x) => x.file === file);
  if (!s) throw new Error(`no sample ${file}`);
  return s;
};

export const vendoredXsd = (root: DpsRoot) => fileURLToPath(new URL(XSD_FILES[root], XSD_DIR));

function xmllint(root: DpsRoot, args: readonly string[], input?: string): boolean {
  const run = spawnSync('xmllint', ['--noout', '--schema', vendoredXsd(root), ...args], { encoding: 'utf8', input });
  if (run.error) throw new Error(`xmllint is required (Debian: libxml2-utils): ${run.error.message}`);
  // 0 valid, 1 not well-formed, 3 not valid; anything else (5: the schema failed to compile) is our fault.
  if (run.status === 0) return true;
  if (run.status === 1 || run.status === 3) return false;
  throw new Error(`xmllint exited with ${run.status}: ${run.stderr}`);
}

/** xmllint's verdict on a document file, read as its bytes: valid, or not (not well-formed included). */
export const xmllintAcceptsFile = (root: DpsRoot, path: string) => xmllint(root, [path]);

/** xmllint's verdict on a document's text, handed over as UTF-8 (and declared so). */
export const xmllintAccepts = (root: DpsRoot, xml: string) =>
  xmllint(root, ['-'], xml.replace(/^<\?xml[^>]*\?>/, '<?xml version="1.0" encoding="UTF-8"?>'));

/** Replaces the one occurrence of `from`; a test edit that matches nothing or twice is a broken test. */
export function replaceOnce(xml: string, from: string | RegExp, to: string): string {
  const source = typeof from === 'string' ? from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : from.source;
  const matches = xml.match(new RegExp(source, 'g'))?.length ?? 0;
  if (matches !== 1) throw new Error(`expected one ${from} in the sample, found ${matches}`);
  return xml.replace(typeof from === 'string' ? from : new RegExp(source), () => to);
}

/** Applies `edit` to the part of the document from `marker` on (e.g. the rows of CHECKBODY only). */
export function after(xml: string, marker: string, edit: (tail: string) => string): string {
  const at = xml.indexOf(marker);
  if (at < 0) throw new Error(`no ${marker} in the sample`);
  return xml.slice(0, at) + edit(xml.slice(at));
}
