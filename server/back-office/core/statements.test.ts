import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../shared-node/sql/db.js';
import { statements } from './statements.js';

describe('statements', () => {
  it('prepares a module-level set once per database', () => {
    const db = new Database(':memory:') as unknown as Db;
    let prepared = 0;
    const prepare = (d: Db) => {
      prepared++;
      return { one: d.prepare('SELECT 1') };
    };
    expect(statements(db, prepare)).toBe(statements(db, prepare));
    expect(prepared).toBe(1);
  });

  it('refuses a caller that passes a new function on every call, which would prepare each time without end', () => {
    const db = new Database(':memory:') as unknown as Db;
    const call = () => statements(db, (d: Db) => ({ one: d.prepare('SELECT 1') }));
    expect(() => {
      for (let i = 0; i < 1000; i++) call();
    }).toThrow(/module-level prepare function/);
  });
});
