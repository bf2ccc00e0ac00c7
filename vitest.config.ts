import { defineConfig } from 'vitest/config';

/**
 * Two projects: everything on SQLite, and the back office's own tests once more on PostgreSQL
 * (the same files; server/testing/engine-db.ts gives each test a schema of a cluster the project
 * starts for itself).
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
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['server/engine/**/*.test.ts'],
          env: { BACKOFFICE_ENGINE: 'postgres' },
          globalSetup: ['server/testing/postgres.global-setup.ts'],
        },
      },
    ],
  },
});
