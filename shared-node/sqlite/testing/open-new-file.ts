/**
 * For migrate-race.test.ts: opens (creating) the SQLite file named on the command line and migrates
 * it as a service process does a new shop's file, at the moment given, then says "migrated" and the
 * migrations it ran.
 */

import { migrate } from '../migrate.js';
import { openDatabase } from '../open.js';
import { RACE_MIGRATIONS } from './race-migrations.js';

// Every process starts at the moment given (epoch ms), so they meet in the file as workers do.
const at = Number(process.argv[3] ?? 0);
while (Date.now() < at) {}
const db = openDatabase(process.argv[2] as string);
const ran = migrate(db, RACE_MIGRATIONS);
db.close();
console.log(`migrated ${JSON.stringify(ran)}`);
