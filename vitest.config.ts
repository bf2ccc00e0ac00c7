import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'shared/**/*.test.ts',
      'shared-node/**/*.test.ts',
      'server/**/*.test.ts',
      'electron/**/*.test.ts',
      'renderer/**/*.test.{ts,tsx}',
      'build/**/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default', './vitest.summary-reporter.ts'],
  },
});
