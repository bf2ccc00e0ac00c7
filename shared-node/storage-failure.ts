/**
 * The disk under a file is full or failing (or the system made it read-only after a fault): the
 * write was not done, and for SQLite its transaction left nothing behind. Told apart from the
 * program's own faults because a person can do something about it (free space, have the disk
 * checked) and the same write succeeds once they have, with no restart. SQLite's result codes and
 * the file system's errno codes alike.
 */
const SQLITE_CODES = /^SQLITE_(FULL|IOERR|READONLY)(_|$)/;
const FILE_CODES = new Set(['ENOSPC', 'EDQUOT', 'EIO', 'EROFS']);

export const isStorageFailure = (err: unknown): boolean => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (SQLITE_CODES.test(code) || FILE_CODES.has(code));
};
