/** Migrations long enough that processes opening one new file at once overlap in them. */
import type { Migration } from '../migrate.js';

export const RACE_MIGRATIONS: readonly Migration[] = Array.from({ length: 12 }, (_, i) => ({
  id: `${String(i + 1).padStart(4, '0')}_race`,
  up: Array.from({ length: 20 }, (_, j) => `CREATE TABLE t${i}_${j} (id INTEGER PRIMARY KEY, v TEXT NOT NULL) STRICT;`).join(
    '\n',
  ),
}));
