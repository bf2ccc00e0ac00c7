/**
 * The disk under a SQLite file is full or failing (or the system made it read-only after a fault):
 * the statement was not done and its transaction left nothing behind. Told apart from the
 * program's own faults because a person can do something about it (free space, have the disk
 * checked) and the same statement succeeds once they have, on the same connection.
 */
const STORAGE_CODES = /^SQLITE_(FULL|IOERR|READONLY)(_|$)/;

export const isStorageFailure = (err: unknown): boolean => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && STORAGE_CODES.test(code);
};
