/**
 * Processes that open one new SQLite file at once (`serve --workers N` meeting a new shop, two
 * services on one folder) each migrate it: every one must open it, and each migration must run
 * once. Before migrations ran IMMEDIATE and asked again under the write lock, one process failed
 * with "table … already exists" (both ran it) or "database is locked" (a stale read snapshot, or
 * the switch to WAL refused at once).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { RACE_MIGRATIONS } from './testing/race-migrations.js';

const dir = mkdtempSync(join(tmpdir(), 'migrate-race-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const script = fileURLToPath(new URL('./testing/open-new-file.ts', import.meta.url));

function openInProcess(file: string, at: number): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, file, String(at)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
    });
    child.stderr.on('data', (b: Buffer) => {
      out += b.toString();
    });
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe('migrating one new file from several processes at once', () => {
  it('opens it in every process and runs each migration once', async () => {
    for (let round = 0; round < 4; round++) {
      const file = join(dir, `shop-${round}.sqlite`);
      // Long enough for four processes to start under load, then they open the file in the same millisecond.
      const at = Date.now() + 4000;
      const results = await Promise.all(Array.from({ length: 4 }, () => openInProcess(file, at)));
      for (const r of results) expect(r.out).toMatch(/^migrated /);
      expect(results.map((r) => r.code)).toEqual([0, 0, 0, 0]);
      const ran = results.flatMap((r) => JSON.parse(r.out.replace(/^migrated /, '')) as string[]);
      expect(ran.sort()).toEqual(RACE_MIGRATIONS.map((m) => m.id));
      const db = new Database(file, { readonly: true });
      expect(db.prepare('SELECT count(*) FROM schema_migrations').pluck().get()).toBe(RACE_MIGRATIONS.length);
      db.close();
    }
  }, 120_000);
});
