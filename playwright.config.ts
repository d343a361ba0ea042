// Browser tests in the system Chromium (TOOLCHAIN.md): never `npx playwright install`.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'test/e2e/web',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
