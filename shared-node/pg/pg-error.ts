/** What PostgreSQL answered when a statement failed, whichever client sent it (sync-pg.ts). */

/** An error PostgreSQL answered, with its SQLSTATE (`40001`: a serialization failure, to retry). */
export class PgError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** PostgreSQL's DETAIL, where it gives one: the key or row a constraint failed on. */
    readonly detail?: string,
    /** In a pipeline (SyncPg.pipeline), which statement failed: none after it ran. */
    readonly index?: number,
  ) {
    super(message);
    this.name = 'PgError';
  }
}

/** Connection exceptions (08…) and the server ending the session (57P01 admin, 57P02 crash, 57P03 cannot connect now). */
export const LOST = /^(08|57P0[123])/;
