/**
 * End-to-end tests in Debian's Chromium (`apt-get install -y chromium`), never a downloaded
 * browser. Each test starts its own shop (e2e/shop.ts) in this process.
 */
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/e2e',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['./e2e/summary-reporter.ts']],
  use: {
    viewport: { width: 1366, height: 768 },
    locale: 'uk-UA',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // As root in a closed network: no sandbox, and none of Chromium's own background traffic.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
