/**
 * How many PostgreSQL connections a service on PostgreSQL holds. Each process holds one for the
 * registry (keys, clients, the shared rate limit) and one per open client back office (each a
 * synchronous connection on an I/O thread of its own, shared-node/pg/sync-pg.ts). The operator
 * gives one budget for the whole service, every `--workers` process together; each process takes
 * an equal share, so N processes never pass the budget and the budget stays below the server's
 * max_connections (PostgreSQL's default is 100; docs/operations.md has the arithmetic).
 */

/** The service's default budget: 60 of PostgreSQL's default 100, the rest for the superuser's
 * reserve, psql, backups, `clients import`/`export` and a second service or a migration running. */
export const DEFAULT_PG_CONNECTIONS = 60;

/** A request waits this long for a connection to free before it is refused (UPSTREAM_FAILURE). */
export const DEFAULT_PG_WAIT_MS = 5000;

/** The registry's connection, beside the back offices'. */
const REGISTRY_CONNECTIONS = 1;

/** A process's share of the budget: the registry's connection and at least one back office's. */
export function connectionsPerProcess(budget: number, workers: number): number {
  const share = Math.floor(budget / workers);
  if (share < REGISTRY_CONNECTIONS + 1) {
    throw new RangeError(
      `${budget} PostgreSQL connections leave each of ${workers} processes ${share}: each needs at least ${REGISTRY_CONNECTIONS + 1} (the registry's and one shop's)`,
    );
  }
  return share;
}

/** The back offices a process may hold open within its share of connections. */
export const backOfficesWithin = (perProcess: number): number => perProcess - REGISTRY_CONNECTIONS;

/**
 * Back office threads per process by default on PostgreSQL (clients/threads/), as `serve` runs.
 * Each thread performs one call at a time and waits out its statements' round trips, so a process
 * without them performs one request at a time; with them a shop's lookups go on beside its close.
 * Since each thread's connections go through libpq in that thread (native/libpq-sync), bench:pg on
 * a quiet two-core machine (2026-11-29): one busy shop 1,434 requests/s with 3 (843 with none, 1,405
 * with 2), its lookups' p50 2.08 ms (7.43 with none); two processes 1,227 (1,124); 100 shops on one
 * process 980 (906). Four, in one run, 1,568 for the busy shop with a lookup p50 of 2.18 ms: within
 * the runs' spread of three's, for more connections and memory. An embedding of the service in a
 * process of its own (startDataService) gets none unless it asks (`pgThreads`).
 */
export const DEFAULT_PG_THREADS = 3;

/**
 * How a process's back offices are split over its threads, and the main thread's reads when it
 * makes them (main-reads/): each thread an equal share, at least one (so never more threads than
 * connections), and the main thread's reads one more such share when the connections allow it
 * beside one for each thread — the threads come first, since they perform everything and the main
 * thread only a till's lookups. threads × each + main ≤ the process's back offices.
 */
export function threadShares(
  backOffices: number,
  threads: number,
  mainReads = false,
): { readonly threads: number; readonly each: number; readonly main: number } {
  const n = Math.max(1, Math.min(threads, backOffices));
  if (!mainReads || backOffices < n + 1) return { threads: n, each: Math.floor(backOffices / n), main: 0 };
  const each = Math.floor(backOffices / (n + 1));
  return { threads: n, each, main: each };
}
