import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonLogger } from './logger.js';
import { readAll, rotatingFile } from './rotating-file.js';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const fresh = () => {
  dir = mkdtempSync(join(tmpdir(), 'logs-'));
  return dir;
};
const total = (d: string) => readdirSync(d).reduce((n, f) => n + statSync(join(d, f)).size, 0);

describe('the desk’s log files', () => {
  it('rotate past the bound: never more than files × maxBytes, the newest lines kept, oldest first', () => {
    const file = rotatingFile({ dir: fresh(), name: 'desk', maxBytes: 1000, files: 3 });
    const log = jsonLogger('info', (line) => file.write(line));
    for (let i = 0; i < 500; i++) log.log('warn', 'printer not answering', { i, printer: 'tcp 10.0.0.5:9100' });
    file.close();
    expect(readdirSync(dir).sort()).toEqual(['desk.1.log', 'desk.2.log', 'desk.log']);
    expect(total(dir)).toBeLessThanOrEqual(3 * 1000);
    for (const f of readdirSync(dir)) expect(statSync(join(dir, f)).size).toBeLessThanOrEqual(1000);
    const lines = readAll(file)
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { i: number; level: string });
    // Whole lines only, in order, ending with the last written.
    expect(lines.at(-1)?.i).toBe(499);
    expect(lines.map((l) => l.i)).toEqual(lines.map((_, k) => (lines[0]?.i ?? 0) + k));
    expect(lines[0]?.level).toBe('warn');
  });

  it('goes on from the file a previous run left, and keeps one file when told to', () => {
    fresh();
    const first = rotatingFile({ dir, name: 'desk', maxBytes: 200, files: 1 });
    first.write(`${'a'.repeat(150)}\n`);
    first.close();
    const again = rotatingFile({ dir, name: 'desk', maxBytes: 200, files: 1 });
    again.write(`${'b'.repeat(20)}\n`);
    expect(readFileSync(join(dir, 'desk.log'), 'utf8')).toBe(`${'a'.repeat(150)}\n${'b'.repeat(20)}\n`);
    again.write(`${'c'.repeat(100)}\n`);
    again.close();
    expect(readdirSync(dir)).toEqual(['desk.log']);
    expect(readFileSync(join(dir, 'desk.log'), 'utf8')).toBe(`${'c'.repeat(100)}\n`);
  });
});
