/**
 * Every refusal of the back office is a reason of the catalogue (shared/contract/refusals.ts) with
 * its values, so a client can word it in its own language. This scan fails on a free-text
 * `new BusinessRefusal(` anywhere in the back office; the list of files not yet converted is empty
 * and stays so.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { placeholdersOf, REFUSALS } from '../../shared/contract/index.js';

const ENGINE = import.meta.dirname;

const NOT_YET_CONVERTED: string[] = [];

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });

describe('the refusals of the back office', () => {
  it('are all reasons of the catalogue, outside the files not yet converted', () => {
    const free = sources(ENGINE)
      .map((file) => relative(ENGINE, file).split('\\').join('/'))
      .filter((file) => !NOT_YET_CONVERTED.includes(file))
      .filter((file) => readFileSync(join(ENGINE, file), 'utf8').includes('new BusinessRefusal('));
    expect(free).toEqual([]);
  });

  it('lists only files that still hold a free-text refusal, so the list only ever shrinks', () => {
    for (const file of NOT_YET_CONVERTED) {
      expect(readFileSync(join(ENGINE, file), 'utf8'), file).toContain('new BusinessRefusal(');
    }
  });

  it('names in every refuse() call a reason whose placeholders it fills', () => {
    const calls = sources(ENGINE).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/refuse\([^,]+,\s*'([a-z_.]+)'(?:,\s*\{([^}]*)\})?/g)].map((m) => ({
        file: relative(ENGINE, file),
        reason: m[1] as string,
        given: (m[2] ?? '')
          .split(',')
          .map((p) => p.trim().split(':')[0]?.trim() ?? '')
          .filter((p) => /^[A-Za-z_]\w*$/.test(p)),
      })),
    );
    expect(calls.length).toBeGreaterThan(60);
    for (const call of calls) {
      const template = (REFUSALS as Record<string, string>)[call.reason];
      expect(template, `${call.file}: ${call.reason}`).toBeDefined();
      for (const name of call.given) expect(placeholdersOf(template ?? ''), `${call.file}: ${call.reason}`).toContain(name);
    }
  });
});
