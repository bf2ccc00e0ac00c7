/**
 * PRRO online-queue document statuses. The spec fixes only the range 0..9 and leaves the meanings
 * to us; these follow the life of a fiscal document sent to the tax service (DPS), including the
 * offline chain whose documents must go in order (domain notes, "PRRO").
 */
export const PRRO_STATUSES = [
  { code: 0, name: 'queued', doc: 'waiting to be sent to the tax server' },
  { code: 1, name: 'sending', doc: 'being sent now' },
  { code: 2, name: 'accepted', doc: 'fiscalized by the tax server' },
  { code: 3, name: 'rejected', doc: 'refused by the tax server; a person must correct, requeue or cancel it' },
  { code: 4, name: 'requeued', doc: 'returned to the queue by a manager; sent before anything newer' },
  { code: 5, name: 'cancelled', doc: 'withdrawn by a manager; never sent' },
  { code: 6, name: 'blocked', doc: 'chained after a rejected document; waits until that one is resolved' },
  { code: 7, name: 'offline', doc: 'made while the tax server was unreachable; sent in chain order when it is back' },
  { code: 8, name: 'retrying', doc: 'the last send failed in transport; retried automatically' },
  { code: 9, name: 'already_registered', doc: 'the tax server already had it (a resend after a timeout); counts as accepted' },
] as const;

export type PrroStatusName = (typeof PRRO_STATUSES)[number]['name'];

export const PRRO = Object.fromEntries(PRRO_STATUSES.map((s) => [s.name, s.code])) as {
  readonly [K in PrroStatusName]: Extract<(typeof PRRO_STATUSES)[number], { name: K }>['code'];
};

/** Statuses the error views list: the documents that need a person or are stuck. */
export const PRRO_ERROR_STATUSES: readonly number[] = [PRRO.rejected, PRRO.blocked, PRRO.retrying];

/** Statuses still waiting to reach the tax server, in the order the queue sends them. */
export const PRRO_PENDING_STATUSES: readonly number[] = [PRRO.requeued, PRRO.queued, PRRO.offline, PRRO.retrying];

export const prroStatusName = (code: number): PrroStatusName | undefined => PRRO_STATUSES[code]?.name;
