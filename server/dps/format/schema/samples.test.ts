import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDpsSchema } from './check.js';
import type { DpsRoot } from './model.js';
import { SHARED_FISCAL, samples, vendoredXsd, xmllintAcceptsFile } from './test-support.js';

const all = samples();
// What ../shared/fiscal/README.md says xmllint finds: these two predate a schema change.
const KNOWN_INVALID = ['check01(Ломбард).xml', 'check01(Часткова сплата Передплата Заокруглення).xml'];

describe('the DPS sample documents', () => {
  it('are all there: 32 receipts and service documents, 7 Z-reports and a ticket', () => {
    const count = (root: DpsRoot) => all.filter((s) => s.root === root).length;
    expect([count('CHECK'), count('ZREP'), count('TICKET')]).toEqual([32, 7, 1]);
  });

  it.each(all)('$file gets the same verdict from checkDpsSchema as from xmllint', ({ root, path, xml }) => {
    const ours = checkDpsSchema(root, xml);
    expect(ours.ok, JSON.stringify(ours)).toBe(xmllintAcceptsFile(root, path));
  });

  it('are all valid except the two the README names', () => {
    const invalid = all.filter((s) => !checkDpsSchema(s.root, s.xml).ok).map((s) => s.file);
    expect(invalid).toEqual(KNOWN_INVALID);
  });

  it('fail for the reasons xmllint gives: a unit code of 0, and a bare & in a name', () => {
    const verdict = (file: string) => checkDpsSchema('CHECK', all.find((s) => s.file === file)?.xml ?? '');
    expect(verdict(KNOWN_INVALID[0] as string)).toEqual({
      ok: false,
      path: 'CHECK/CHECKBODY/ROW[1]/UNITCD',
      problem: '«0» менше за найменше допустиме значення 1',
    });
    expect(verdict(KNOWN_INVALID[1] as string)).toMatchObject({ ok: false, path: 'CHECK' });
    expect(verdict(KNOWN_INVALID[1] as string)).toHaveProperty(
      'problem',
      expect.stringMatching(/^документ не є коректним XML: .*&/),
    );
  });
});

describe('the vendored XSDs', () => {
  it.each(['CHECK', 'ZREP', 'TICKET'] as const)('for %s are byte for byte the reference copies in ../shared', (root) => {
    const vendored = vendoredXsd(root);
    const reference = join(SHARED_FISCAL, 'xsd', vendored.split(/[\\/]/).pop() as string);
    expect(readFileSync(vendored).equals(readFileSync(reference))).toBe(true);
  });
});
