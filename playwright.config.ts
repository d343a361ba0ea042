// Browser tests in the system Chromium (TOOLCHAIN.md): never `npx playwright install`.
import { defineConfig } from '@playwright/test';

// CONN-3 budgets × 5 in every panel the tests start (in process or as a child: they inherit this
// environment): a local server that misses a 2 s budget at load 10 does so for want of CPU.
// Tests of the budgets themselves set the scale to 1 or pass their own budgets and clock.
process.env.MCP_PANEL_BUDGET_SCALE ??= '5';
// Issue 36: an error code a method's contract entry does not list fails the call (vitest.config.ts says the same).
process.env.MCP_PANEL_STRICT_CONTRACT ??= '1';

export default defineConfig({
  testDir: 'test/e2e/web',
  // The fixture MCP servers bundled once per run (test/helpers/fixtures.ts).
  globalSetup: './test/global-setup.ts',
  outputDir: 'test-results',
  // Deadlines, not measurements: what a test needs at load 10 on two cores (a passing test never waits for them).
  timeout: 180_000,
  expect: { timeout: 30_000 },
  // Spec files run side by side on the two cores (each starts its own panel and Chromium), and
  // the matrix specs (a11y, screenshots) spread their cells over both workers.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      // --js-flags: the page's script without V8's optimizing tiers (TurboFan, Maglev). Each test
      // loads the app afresh and runs it for seconds, so what those tiers compile is mostly thrown
      // away: the same page loads, view walks and axe runs cost the renderer ~13 % less CPU
      // (three runs each, measured by process tree, 2026-12-07). The tiers change how fast the
      // code runs, never what it does.
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--js-flags=--no-opt --no-maglev'],
    },
    trace: 'off',
    // One browser context per worker, reset between tests (Playwright closes its other pages,
    // clears cookies, local and session storage, routes and init scripts, and goes to
    // about:blank): each test still starts clean, but the page's renderer process is not started
    // again for every test. Measured alone on two quiet cores (`/proc/stat`): 590 CPU s in 310 s
    // with a fresh context per test, 365 CPU s in 195 s with this. A test that needs a context of
    // its own (other options, a second session) makes one with browser.newContext().
    reuseContext: true,
    screenshot: 'only-on-failure',
  },
});
