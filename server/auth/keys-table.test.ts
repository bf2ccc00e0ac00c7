import { afterEach, describe, expect, it } from 'vitest';
import { REGISTRY_MIGRATIONS } from '../clients/registry.js';
import { gatewayMigrations } from '../gateway/schema.js';
import { type BackOfficeDb, openBackOfficeDb } from '../testing/back-office-db.js';
import { KeyStore } from './keys.js';
import { createApiKeysTable } from './keys-table.js';

const opened: BackOfficeDb[] = [];
afterEach(() => {
  for (const e of opened.splice(0)) e.close();
});

const open = (migrations: Parameters<typeof openBackOfficeDb>[0], name: string) => {
  const e = openBackOfficeDb(migrations, name);
  opened.push(e);
  return e.db;
};

describe('the api_keys table, defined once', () => {
  it('has the same columns in a back office file and in a registry, the client named in both', () => {
    const backOffice = open(gatewayMigrations, 'keys_bo');
    const registry = open(REGISTRY_MIGRATIONS, 'keys_reg');
    registry.prepare("INSERT INTO clients (id, name, created_at) VALUES ('c_0000000000000001', 'shop', '2026-01-01')").run();
    new KeyStore(backOffice).create('till-1', 'all');
    new KeyStore(registry).create('till-1', 'all', 'c_0000000000000001');
    const columns = (db: typeof backOffice) => Object.keys(db.prepare('SELECT * FROM api_keys').get() as object).sort();
    expect(columns(backOffice)).toEqual(['client_id', 'created_at', 'id', 'name', 'revoked_at', 'scopes', 'secret_hash']);
    expect(columns(registry)).toEqual(columns(backOffice));
  });

  it('differs only in the client column a schema adds', () => {
    const plain = createApiKeysTable();
    const withClient = createApiKeysTable('client_id TEXT NOT NULL REFERENCES clients(id)');
    expect(withClient).toBe(
      plain.replace('revoked_at TEXT\n', 'revoked_at TEXT,\n  client_id TEXT NOT NULL REFERENCES clients(id)\n'),
    );
  });
});
