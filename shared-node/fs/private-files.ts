/**
 * A data folder holds API keys and whole back offices (a till's, or a service's many shops): only
 * the user the desk or the service runs as may read it. The folder is 0700 and every file in it
 * 0600, whatever the process umask (a program started by hand usually has 022).
 *
 * SQLite creates the -wal and -shm files itself, with the mode of the database file, so a
 * database file is created 0600 before SQLite opens it. Files of an older desk are put right at
 * the next start. (On Windows the modes mean little; the folder is the user's profile there.)
 */
import { chmodSync, closeSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the folder (0700) or makes an existing one 0700, and every file already in it 0600. */
export function makePrivateDataDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile()) chmodSync(join(dir, entry.name), PRIVATE_FILE_MODE);
  }
}

/** The file, created empty and 0600 if it is not there (an empty file is a new SQLite database), else made 0600. */
export function privateFile(file: string): string {
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  chmodSync(file, PRIVATE_FILE_MODE);
  return file;
}

/**
 * A database file named by the operator (`serve --db FILE`), with its -wal and -shm if an older
 * run left them: 0600 like the files of a data folder. Its folder is the operator's and is left as
 * it is.
 */
export function privateDatabaseFile(file: string): string {
  privateFile(file);
  for (const side of [`${file}-wal`, `${file}-shm`]) {
    try {
      chmodSync(side, PRIVATE_FILE_MODE);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  return file;
}
