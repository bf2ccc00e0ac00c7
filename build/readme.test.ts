/**
 * The README is the door, not the manual: short, and every guide it names is there. Each relative
 * link of the README and of docs/*.md must reach a file (and, with a #fragment, a heading of it), so a
 * section moved or renamed cannot leave a newcomer at a dead end.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const DOCS = join(ROOT, 'docs');
const pages = [
  join(ROOT, 'README.md'),
  ...readdirSync(DOCS)
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(DOCS, f)),
];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const withoutCode = (text: string) => text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
const anchorsOf = (file: string) =>
  new Set([...withoutCode(readFileSync(file, 'utf8')).matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => anchorOf(m[1] as string)));

function brokenLinks(page: string): string[] {
  const text = withoutCode(readFileSync(page, 'utf8'));
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1] as string)
    .filter((target) => !/^[a-z]+:/.test(target))
    .filter((target) => {
      const [path, fragment] = target.split('#') as [string, string | undefined];
      const file = path === '' ? page : join(dirname(page), path);
      if (!existsSync(file)) return true;
      return fragment !== undefined && file.endsWith('.md') && !anchorsOf(file).has(fragment);
    })
    .map((target) => `${relative(ROOT, page)} → ${target}`);
}

describe('the README and the docs', () => {
  it('keep the README to about two hundred lines', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(220);
  });

  it('link only to files and headings that exist', () => {
    expect(pages.flatMap(brokenLinks)).toEqual([]);
  });

  it('reach every guide in docs/ from the README in one link', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const guides = readdirSync(DOCS).filter((f) => f.endsWith('.md'));
    expect(guides.filter((f) => !readme.includes(`](docs/${f}`))).toEqual([]);
  });

  it('make anchors as GitHub does', () => {
    expect(anchorOf('Map of the code')).toBe('map-of-the-code');
    expect(anchorOf("Cashier sign-in and the manager's PIN")).toBe('cashier-sign-in-and-the-managers-pin');
  });
});
