import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { publishedFiles } from './files.js';

const root = new URL('../../../', import.meta.url);

/** Line number and both versions of the first line that differs, to point at the stale part. */
function firstDifference(committed: string, generated: string): string {
  const a = committed.split('\n');
  const b = generated.split('\n');
  const i = a.findIndex((line, n) => line !== b[n]);
  const at = i === -1 ? a.length : i;
  return `line ${at + 1}:\n  committed: ${a[at] ?? '(end of file)'}\n  generated: ${b[at] ?? '(end of file)'}`;
}

describe.each(publishedFiles().map((f) => [f.path, f.content] as const))('the committed %s', (path, generated) => {
  it('matches what the registry generates', () => {
    const file = fileURLToPath(new URL(path, root));
    const stale = `${path} is out of date with shared/contract: run \`npm run contract\` and commit the result`;
    expect(existsSync(file), `${path} is missing: run \`npm run contract\``).toBe(true);
    const committed = readFileSync(file, 'utf8');
    if (committed !== generated) expect.fail(`${stale}\nfirst difference at ${firstDifference(committed, generated)}`);
  });
});

describe('the published contract', () => {
  it('is generated the same way every time', () => {
    expect(publishedFiles()).toEqual(publishedFiles());
  });
});
