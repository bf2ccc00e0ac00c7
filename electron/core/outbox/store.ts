/**
 * The durable offline write queue. A write exists for the desk once `enqueue` returns: its row and
 * its Idempotency-Key were committed together (WAL, synchronous=FULL) before anything was sent,
 * and the key is never minted again for it, whatever happens after. Every change of state is one
 * guarded UPDATE, so a row can only move along the transitions below:
 *
 *   queued → sending → done | refused | reconcile | queued (retry later)
 *   sending → queued (unsent: the drainer marked it with a batch and stopped before its turn)
 *   refused | reconcile → queued (a person retries) | reconciled (a person checked the business object)
 *   sending → queued (recovery after a crash: the service's stored answer decides)
 *
 * Nothing is deleted but done and reconciled items past their keeping time.
 */
import { randomUUID } from 'node:crypto';
import type { QueueCounts, QueueItem, QueueState, RpcErrorInfo, WriteLabel } from '../../../shared/bridge/api.js';
import { findOperation, type RpcResult, type WriteName } from '../../../shared/contract/index.js';
import { migrate } from '../../../shared-node/sqlite/migrate.js';
import type { Db } from '../../../shared-node/sqlite/open.js';
import { isStorageFailure } from '../../../shared-node/storage-failure.js';
import { NotStoredError, QueueItemError } from './errors.js';
import { ITEM_COLUMNS, type OutboxRow, toQueueItem, WAITING } from './row.js';
import { outboxMigrations } from './schema.js';

export interface EnqueueInput {
  readonly method: WriteName;
  readonly params: Record<string, unknown>;
  /** Items of one group are sent in order and wait behind a refused or unreconciled one. */
  readonly group: string;
  readonly summary: string;
  readonly label?: WriteLabel;
  /** The service the write is made for (key-ring.ts, serviceId); '' is the embedded one. */
  readonly service?: string;
  /** The signed-in cashier who made it. */
  readonly cashier?: { readonly id: number; readonly name: string } | null;
  /** A manager's confirmation it carries (pos.manager_confirm). */
  readonly confirmation?: number;
}

/** The next item to send, with the params QueueItem does not carry. */
export interface Pending {
  readonly item: QueueItem;
  readonly params: Record<string, unknown>;
  /** The manager's confirmation sent with it, if any. */
  readonly confirmation: number | null;
}

export interface QueueListFilter {
  readonly states?: readonly QueueState[];
  readonly limit?: number;
}

/** The journal of done items can hold weeks of sales; a list without a limit stops here. */
export const DEFAULT_LIST_LIMIT = 1000;

const OPEN = `('queued', 'sending', 'refused', 'reconcile')`;

export class OutboxStore {
  private readonly stmt;

  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
  ) {
    migrate(db, outboxMigrations);
    this.stmt = {
      insert: db.prepare<
        [
          string,
          string,
          string,
          string,
          string,
          number,
          number,
          string,
          string | null,
          number | null,
          string | null,
          number | null,
        ]
      >(
        // Run, not a RETURNING row read with get(): get() takes the row and resets the statement,
        // and the error of the commit that follows (SQLITE_FULL writing the WAL on a full disk) was
        // lost, so a write the disk refused looked stored.
        `INSERT INTO outbox (method, params, grp, summary, state, idempotency_key, created_at, updated_at, service, label,
           cashier_id, cashier, confirmation_id)
         VALUES (?, ?, ?, ?, 'queued', ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      adopt: db.prepare<[string]>('UPDATE outbox SET service = ? WHERE service IS NULL'),
      byPerson: db.prepare<[string], number>('SELECT 1 FROM outbox WHERE service = ? AND cashier_id IS NOT NULL LIMIT 1').pluck(),
      rebind: db.prepare<[string, string]>('UPDATE outbox SET service = ? WHERE service = ?'),
      rebindOpen: db.prepare<[string, string]>(`UPDATE outbox SET service = ? WHERE service = ? AND state IN ${OPEN}`),
      sendHere: db.prepare<[{ here: string; from: string; grp: string }]>(
        `UPDATE outbox SET service = @here WHERE grp = @grp AND service = @from
           AND state IN (${[...WAITING].map((state) => `'${state}'`).join(', ')})`,
      ),
      get: db.prepare<[number], OutboxRow>(`SELECT ${ITEM_COLUMNS} FROM outbox o WHERE o.id = ?`),
      list: db.prepare<[{ states: string | null; limit: number }], OutboxRow>(
        `SELECT ${ITEM_COLUMNS} FROM outbox o
         WHERE @states IS NULL OR o.state IN (SELECT value FROM json_each(@states))
         ORDER BY o.id DESC LIMIT @limit`,
      ),
      counts: db.prepare<[{ service: string | null }], { state: QueueState; here: number; n: number }>(
        `SELECT state, (@service IS NULL OR coalesce(service, '') = @service) AS here, count(*) AS n
         FROM outbox WHERE state IN ${OPEN} GROUP BY state, here`,
      ),
      // Strict id order, except that a group behind an open earlier item of its own waits and the
      // others go on; only the writes made for the service the till works with now are sent. The
      // line as it goes if every send is answered: an item may have earlier queued items of its
      // group before it only when they are in the line too (they come first in it).
      line: db.prepare<
        [{ service: string | null; limit: number }],
        OutboxRow & { params: string; confirmation_id: number | null }
      >(
        `SELECT ${ITEM_COLUMNS}, o.params, o.confirmation_id FROM outbox o
         WHERE o.state = 'queued' AND (@service IS NULL OR o.service = @service)
           AND NOT EXISTS (SELECT 1 FROM outbox b WHERE b.grp = o.grp AND b.id < o.id AND b.state IN ${OPEN}
             AND NOT (b.state = 'queued' AND (@service IS NULL OR b.service = @service)))
         ORDER BY o.id LIMIT @limit`,
      ),
      sending: db.prepare<[number, number]>(
        `UPDATE outbox SET state = 'sending', attempts = attempts + 1, next_attempt_at = NULL, updated_at = ? WHERE id = ? AND state = 'queued'`,
      ),
      done: db.prepare<[string, number, number]>(
        `UPDATE outbox SET state = 'done', result = ?, last_error = NULL, next_attempt_at = NULL, updated_at = ? WHERE id = ? AND state = 'sending'`,
      ),
      unsend: db.prepare<[number, number]>(
        `UPDATE outbox SET state = 'queued', attempts = attempts - 1, updated_at = ? WHERE id = ? AND state = 'sending'`,
      ),
      setAside: db.prepare<[string, string, number, number]>(
        `UPDATE outbox SET state = ?, last_error = ?, next_attempt_at = NULL, updated_at = ? WHERE id = ? AND state = 'sending'`,
      ),
      requeue: db.prepare<[string, number | null, number, number]>(
        `UPDATE outbox SET state = 'queued', last_error = ?, next_attempt_at = ?, updated_at = ? WHERE id = ? AND state = 'sending'`,
      ),
      reschedule: db.prepare<[number | null, number, number]>(
        `UPDATE outbox SET next_attempt_at = ?, updated_at = ? WHERE id = ? AND state = 'queued'`,
      ),
      recover: db.prepare<[number]>(
        `UPDATE outbox SET state = 'queued', next_attempt_at = NULL, updated_at = ? WHERE state = 'sending'`,
      ),
      retry: db.prepare<[number, number]>(
        `UPDATE outbox SET state = 'queued', attempts = 0, last_error = NULL, next_attempt_at = NULL, updated_at = ?
         WHERE id = ? AND state IN ('refused', 'reconcile')`,
      ),
      reconcile: db.prepare<[string, number, number]>(
        `UPDATE outbox SET state = 'reconciled', note = ?, updated_at = ? WHERE id = ? AND state IN ('refused', 'reconcile')`,
      ),
      purge: db.prepare<[number]>(`DELETE FROM outbox WHERE state IN ('done', 'reconciled') AND updated_at < ?`),
    };
  }

  /**
   * Mints the item's Idempotency-Key and commits both in one INSERT, before the item can be sent.
   * Throws NotStoredError when the disk cannot take it: then neither the write nor its key exists.
   */
  enqueue(input: EnqueueInput): QueueItem {
    if (findOperation(input.method)?.kind !== 'write') throw new TypeError(`${String(input.method)} is not a write operation`);
    let id: number;
    try {
      id = this.insert(input);
    } catch (err) {
      throw isStorageFailure(err) ? new NotStoredError(err) : err;
    }
    // Outside the try: a failing read after the commit must not say "not stored" of a stored write.
    return this.require(id);
  }

  private insert(input: EnqueueInput): number {
    const now = this.clock();
    const { lastInsertRowid } = this.stmt.insert.run(
      input.method,
      JSON.stringify(input.params),
      input.group,
      input.summary,
      randomUUID(),
      now,
      now,
      input.service ?? '',
      input.label ? JSON.stringify(input.label) : null,
      input.cashier?.id ?? null,
      input.cashier?.name ?? null,
      input.confirmation ?? null,
    );
    return Number(lastInsertRowid);
  }

  get(id: number): QueueItem | undefined {
    const row = this.stmt.get.get(id);
    return row && toQueueItem(row);
  }

  /** Newest first; `here`, the service the till works with now, marks the open items made for another. */
  list(filter: QueueListFilter = {}, here?: string): QueueItem[] {
    const states = filter.states ? JSON.stringify(filter.states) : null;
    return this.stmt.list.all({ states, limit: filter.limit ?? DEFAULT_LIST_LIMIT }).map((r) => toQueueItem(r, here));
  }

  /** Open items of `service` (all when omitted) by state, and how many wait for another service. */
  counts(service?: string): QueueCounts {
    const c = { queued: 0, sending: 0, refused: 0, reconcile: 0, elsewhere: 0 };
    for (const { state, here, n } of this.stmt.counts.all({ service: service ?? null })) {
      if (here) c[state as 'queued' | 'sending' | 'refused' | 'reconcile'] += n;
      else c.elsewhere += n;
    }
    return c;
  }

  /** Whether a person signed in at this till made a write for the service (kept 30 days after it was done). */
  madeByPerson(service: string): boolean {
    return this.stmt.byPerson.get(service) !== undefined;
  }

  /** Items stored before writes were bound to a service belong to the one the till works with now; returns how many. */
  adoptUnbound(service: string): number {
    return this.stmt.adopt.run(service).changes;
  }

  /**
   * Items made for `from` are now `to`'s: all of them (the same back office named anew), or only
   * those still open (a person sends the waiting writes to where the same shop's back office now
   * is). Returns how many.
   */
  rebind(from: string, to: string, which: 'all' | 'open'): number {
    return (which === 'all' ? this.stmt.rebind : this.stmt.rebindOpen).run(to, from).changes;
  }

  /** Items a killed process left `sending` go back to `queued` under the same key; returns how many. */
  recoverAfterCrash(): number {
    return this.stmt.recover.run(this.clock()).changes;
  }

  /** A person sends a refused or unreconciled item again: same key, attempts from zero. */
  retry(id: number): QueueItem {
    return this.transition(
      id,
      this.stmt.retry.run(this.clock(), id).changes,
      'only a refused item or one that needs reconciling can be retried',
    );
  }

  /** A person checked the business object and closes the item with a note; its group moves on. */
  reconcile(id: number, note: string): QueueItem {
    if (note.trim() === '') throw new QueueItemError('no_note', 'say what was checked: a reconciled item needs a note');
    const changes = this.stmt.reconcile.run(note, this.clock(), id).changes;
    return this.transition(id, changes, 'only a refused item or one that needs reconciling can be marked reconciled');
  }

  /**
   * A person sends a waiting item made for another service to `here`, with the waiting items of
   * its group made for that service, so the group keeps its order.
   */
  sendHere(id: number, here: string): QueueItem {
    const row = this.stmt.get.get(id);
    if (!row) throw new QueueItemError('not_found', `there is no queue item ${id}`);
    if (!WAITING.has(row.state)) throw new QueueItemError('wrong_state', 'only a write still waiting can be sent elsewhere');
    if ((row.service ?? '') === here)
      throw new QueueItemError('wrong_state', 'this write is already for the service the till works with');
    this.stmt.sendHere.run({ here, from: row.service ?? '', grp: row.grp });
    return toQueueItem(this.stmt.get.get(id) as OutboxRow, here);
  }

  /** Removes done and reconciled items last changed more than `olderThanMs` ago; returns how many. */
  purgeDone(olderThanMs: number): number {
    return this.stmt.purge.run(this.clock() - olderThanMs).changes;
  }

  // The drainer's side: the one sender moves items through sending to their outcome.

  /** The next item due for `service` (any service when omitted). */
  nextToSend(service?: string): Pending | undefined {
    return this.nextInLine(service, 1)[0];
  }

  /**
   * The first `limit` items of the line for `service`, in the order they are sent if each send is
   * answered: the first is nextToSend(); an item behind an earlier one of its group comes after it.
   */
  nextInLine(service: string | undefined, limit: number): Pending[] {
    return this.stmt.line.all({ service: service ?? null, limit }).map(pending);
  }

  /** Runs `fn`'s changes as one transaction: one synchronous=FULL commit for all of them, or none. */
  inOneCommit<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  markSending(id: number): QueueItem {
    return this.transition(id, this.stmt.sending.run(this.clock(), id).changes, 'only a queued item can be sent');
  }

  markDone(id: number, result: RpcResult): QueueItem {
    return this.transition(
      id,
      this.stmt.done.run(JSON.stringify(result), this.clock(), id).changes,
      'only an item being sent can be done',
    );
  }

  /** Marked sending with a batch but never sent: back in line at its place, the attempt not counted. */
  unsend(id: number): QueueItem {
    return this.transition(id, this.stmt.unsend.run(this.clock(), id).changes, 'only an item being sent can be unsent');
  }

  /** Refused for good, or an outcome only a person can settle: the item leaves the line, its group waits with it. */
  setAside(id: number, state: 'refused' | 'reconcile', error: RpcErrorInfo): QueueItem {
    const changes = this.stmt.setAside.run(state, JSON.stringify(error), this.clock(), id).changes;
    return this.transition(id, changes, 'only an item being sent can be set aside');
  }

  /** Back in line at its place, to be sent again under its key no sooner than `nextAttemptAt`. */
  requeue(id: number, error: RpcErrorInfo, nextAttemptAt: number | null): QueueItem {
    const changes = this.stmt.requeue.run(JSON.stringify(error), nextAttemptAt, this.clock(), id).changes;
    return this.transition(id, changes, 'only an item being sent can be requeued');
  }

  /** Moves the next attempt of a queued item (null: as soon as possible). */
  reschedule(id: number, nextAttemptAt: number | null): QueueItem {
    return this.transition(
      id,
      this.stmt.reschedule.run(nextAttemptAt, this.clock(), id).changes,
      'only a queued item can be rescheduled',
    );
  }

  private transition(id: number, changes: number, wrongState: string): QueueItem {
    if (changes === 0) {
      const item = this.get(id);
      if (!item) throw new QueueItemError('not_found', `queue item ${id} does not exist`);
      throw new QueueItemError('wrong_state', `queue item ${id} is ${item.state}: ${wrongState}`);
    }
    return this.require(id);
  }

  private require(id: number): QueueItem {
    const item = this.get(id);
    if (!item) throw new QueueItemError('not_found', `queue item ${id} does not exist`);
    return item;
  }
}

const pending = (row: OutboxRow & { params: string; confirmation_id: number | null }): Pending => ({
  item: toQueueItem(row),
  params: JSON.parse(row.params) as Record<string, unknown>,
  confirmation: row.confirmation_id,
});
