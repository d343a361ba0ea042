// The real-Electron spec (test/e2e/electron), for machines that have the Electron binary:
// `npm run test:electron`. Not run by .ci/run (no binary can be had here; the stand-in smoke
// test in test/integration/electron covers the same path under Node). On Linux without a
// display, run it under `xvfb-run -a`.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'test/e2e/electron',
  outputDir: 'test-results/electron',
  timeout: 90_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: { trace: 'retain-on-failure', screenshot: 'only-on-failure' },
});
