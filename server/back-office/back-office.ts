/**
 * The embedded back office as an upstream: every operation of the registry performed on one
 * SQLite database. Each write runs in one IMMEDIATE transaction together with the gateway's
 * idempotency record (the commit hook), so a write and its record commit or vanish together.
 */

import { CONTRACT_VERSION } from '../../shared/contract/index.js';
import type { Db } from '../../shared-node/sql/db.js';
import type { Migration } from '../../shared-node/sqlite/migrate.js';
import {
  BusinessRefusal,
  type CommitHook,
  type RawResult,
  type Upstream,
  type UpstreamCall,
  UpstreamError,
} from '../upstream/upstream.js';
import { catalogMigrations, syncMigrations } from './catalog/index.js';
import { coreMigrations } from './core/schema.js';
import { perform } from './operations.js';
import { salesMigrations } from './sales/index.js';
import { takeDispatchDue } from './sales/kernel/register/dispatch-due.js';

export const UPSTREAM_NAME = 'cashdesk-backoffice';

export const BACK_OFFICE_MIGRATIONS: readonly Migration[] = [
  ...coreMigrations,
  ...catalogMigrations,
  ...salesMigrations,
  ...syncMigrations,
];

export interface CreateBackOfficeOptions {
  readonly now?: () => Date;
  readonly timeZone?: string;
  /**
   * Told after a write committed that gave the fiscal dispatcher something to do (a document
   * queued, a key unlocked: sales/kernel/register/dispatch-due.ts), and after no other call.
   */
  readonly dispatchDue?: () => void;
}

export function createBackOffice(db: Db, options: CreateBackOfficeOptions = {}): Upstream {
  const now = options.now ?? (() => new Date());
  const timeZone = options.timeZone ?? 'Europe/Kyiv';

  function run(call: UpstreamCall, commit?: CommitHook): RawResult {
    const { user, cashier, confirmation } = call.ctx;
    const ctx = {
      db,
      user,
      now,
      timeZone,
      ...(cashier === undefined ? {} : { cashier }),
      ...(confirmation === undefined ? {} : { confirmation }),
    };
    if (call.op.kind === 'read') return perform(ctx, call.op, call.params, commit);
    // Marks left by work outside a write (the dispatcher's own documents) are not this write's.
    takeDispatchDue(db);
    const raw = perform(ctx, call.op, call.params, commit);
    if (takeDispatchDue(db)) options.dispatchDue?.();
    return raw;
  }

  return {
    name: UPSTREAM_NAME,
    version: CONTRACT_VERSION,
    transactional: true,
    async call(call, commit) {
      try {
        return run(call, commit);
      } catch (err) {
        if (err instanceof BusinessRefusal) throw err;
        // The transaction rolled back, so nothing of the write remains: safe to retry.
        throw new UpstreamError(`back office failed: ${(err as Error).message}`, false, { cause: err });
      }
    },
    async close() {},
  };
}
