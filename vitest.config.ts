import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Two projects: everything on SQLite, and the back office's tests once more on PostgreSQL (the
 * same files, on a cluster the `postgres` project starts for itself): the back office's own
 * (server/testing/back-office-db.ts gives each test a schema of its own), and those that go through the
 * service, which server/testing/harness.ts and data-harness.ts start on a database of its own.
 */
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default', './vitest.summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: [
            'shared/**/*.test.ts',
            'shared-node/**/*.test.ts',
            'server/**/*.test.ts',
            'electron/**/*.test.ts',
            'renderer/**/*.test.{ts,tsx}',
            'build/**/*.test.ts',
            'integrations/**/*.test.ts',
            'architecture/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['server/**/*.test.ts'],
          exclude: [
            ...configDefaults.exclude,
            // SQLite's files themselves: moving a client in or out as one back office file
            // (VACUUM INTO), and the command line's `--db FILE` / `--data DIR` forms with it.
            // The `--db postgres://…` form runs in restart.test.ts and clients/replicas.test.ts.
            'server/clients/transfer.test.ts',
            'server/cli.test.ts',
            // The WAL's idle checkpoint (PostgreSQL has no WAL file of the client's to fold).
            'server/clients/idle-checkpoint.test.ts',
            // A SQLite file on a full disk (PRAGMA max_page_count, a filled tmpfs).
            'server/disk-full.test.ts',
            // Tests that start a PostgreSQL of their own whatever the project (moving a client
            // between a file and PostgreSQL), and serve --workers's processes on a folder.
            'server/clients/transfer-pg.test.ts',
            'server/clients/pgbouncer.test.ts',
            'server/workers.test.ts',
            // No back office behind them: the gateway and the HTTP server in front of a fake
            // upstream (the database holds only keys and idempotency records, which
            // server/auth and server/idempotency run on both engines), or no database at all.
            'server/gateway/*.test.ts',
            'server/http/*.test.ts',
            'server/clients/pool.test.ts',
            'server/contract-limits.test.ts',
          ],
          env: { BACKOFFICE_ENGINE: 'postgres' },
          globalSetup: ['server/testing/postgres.global-setup.ts'],
        },
      },
    ],
  },
});
