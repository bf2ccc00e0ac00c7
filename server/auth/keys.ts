/**
 * API keys. A key is `rk_<id>_<secret>`; only SHA-256 of the secret is stored, and it is compared
 * in constant time. SHA-256 (not a slow hash) is enough: secrets are 256 random bits, not passwords.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { SCOPES, type Scope } from '../../shared/contract/index.js';
import type { Db } from '../../shared-node/sql/db.js';

export type KeyScopes = readonly Scope[] | 'all';

export interface ApiKey {
  readonly id: string;
  readonly name: string;
  readonly scopes: KeyScopes;
  /** The client (shop) whose back office the key acts on: '' in a back office file (the file's own). */
  readonly client: string;
}

export interface ApiKeyInfo extends ApiKey {
  readonly createdAt: string;
  readonly revokedAt: string | null;
}

const KEY_FORMAT = /^rk_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;
const hashSecret = (secret: string) => createHash('sha256').update(secret).digest();
/** Compared against when the id is unknown, so a miss costs what a hit costs. */
const DUMMY_HASH = hashSecret('no such key');

export function parseScopes(list: string): KeyScopes {
  if (list.trim() === 'all') return 'all';
  const scopes = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (scopes.length === 0) throw new Error('give at least one scope, or all');
  for (const s of scopes) {
    if (!(SCOPES as readonly string[]).includes(s)) throw new Error(`unknown scope ${s}; scopes are: all, ${SCOPES.join(', ')}`);
  }
  return [...new Set(scopes)] as Scope[];
}

export const hasScope = (key: ApiKey, scope: Scope): boolean => key.scopes === 'all' || key.scopes.includes(scope);

/**
 * A verified key is remembered this long, so a busy till does not hash and look up its key on
 * every request; a revocation from another process (the CLI) takes effect within this time.
 */
const VERIFIED_TTL_MS = 2000;
const VERIFIED_MAX = 1000;

export class KeyStore {
  private readonly byId;
  private readonly insert;
  private readonly verified = new Map<string, { key: ApiKey; until: number }>();

  constructor(private readonly db: Db) {
    this.byId = db.prepare<[string], { id: string; name: string; secret_hash: string; scopes: string; client_id: string }>(
      'SELECT id, name, secret_hash, scopes, client_id FROM api_keys WHERE id = ? AND revoked_at IS NULL',
    );
    this.insert = db.prepare(
      'INSERT INTO api_keys (id, name, secret_hash, scopes, created_at, client_id) VALUES (?, ?, ?, ?, ?, ?)',
    );
  }

  /**
   * Creates a key for `client` ('' in a back office file) and returns it in full: the only time
   * the secret exists outside the caller.
   */
  create(name: string, scopes: KeyScopes, client = ''): { key: string; info: ApiKey } {
    if (!/^[\w.@-]{1,64}$/.test(name)) throw new Error('a key name is 1 to 64 letters, digits, _ . @ or -');
    if (this.db.prepare('SELECT 1 FROM api_keys WHERE name = ?').get(name)) throw new Error(`a key named ${name} exists already`);
    const id = randomBytes(8).toString('hex');
    const secret = randomBytes(32).toString('base64url');
    this.insert.run(id, name, hashSecret(secret).toString('hex'), JSON.stringify(scopes), new Date().toISOString(), client);
    return { key: `rk_${id}_${secret}`, info: { id, name, scopes, client } };
  }

  /** The key a bearer token names, or undefined for a malformed, unknown or revoked one. */
  verify(token: string): ApiKey | undefined {
    const now = Date.now();
    const hit = this.verified.get(token);
    if (hit && hit.until > now) return hit.key;
    const key = this.lookup(token);
    if (key) {
      if (this.verified.size >= VERIFIED_MAX) this.verified.clear();
      this.verified.set(token, { key, until: now + VERIFIED_TTL_MS });
    } else this.verified.delete(token);
    return key;
  }

  private lookup(token: string): ApiKey | undefined {
    const m = KEY_FORMAT.exec(token);
    if (!m) return undefined;
    const row = this.byId.get(m[1] as string);
    const expected = row ? Buffer.from(row.secret_hash, 'hex') : DUMMY_HASH;
    const ok = timingSafeEqual(hashSecret(m[2] as string), expected);
    if (!row || !ok) return undefined;
    return { id: row.id, name: row.name, scopes: JSON.parse(row.scopes) as KeyScopes, client: row.client_id };
  }

  /** Every key, or a client's keys only. */
  list(client?: string): ApiKeyInfo[] {
    const rows = this.db
      .prepare(
        // client_id = @client first: PostgreSQL types a parameter where it first meets it, and
        // `@client IS NULL` alone says nothing of its type (could not determine data type of $1).
        `SELECT id, name, scopes, created_at, revoked_at, client_id FROM api_keys
         WHERE client_id = @client OR @client IS NULL ORDER BY created_at, name`,
      )
      .all({ client: client ?? null }) as {
      id: string;
      name: string;
      scopes: string;
      created_at: string;
      revoked_at: string | null;
      client_id: string;
    }[];
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      scopes: JSON.parse(r.scopes) as KeyScopes,
      client: r.client_id,
      createdAt: r.created_at,
      revokedAt: r.revoked_at,
    }));
  }

  revoke(name: string): boolean {
    const r = this.db
      .prepare('UPDATE api_keys SET revoked_at = ? WHERE name = ? AND revoked_at IS NULL')
      .run(new Date().toISOString(), name);
    // Revoked through this store: forget it at once rather than after the cache time.
    this.verified.clear();
    return r.changes > 0;
  }
}
