import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// CONN-3 budgets × 5 in every panel the tests start (in process or as a child: they inherit this
// environment): a local server that misses a 2 s budget at load 10 does so for want of CPU.
// Tests of the budgets themselves set the scale to 1 or pass their own budgets and clock.
process.env.MCP_PANEL_BUDGET_SCALE ??= '5';
// Issue 36: a handler that answers an error code its contract entry does not list fails the call
// (shared/rpc.ts DispatchOptions.undeclared) in every panel the tests start, instead of going out as `internal`.
process.env.MCP_PANEL_STRICT_CONTRACT ??= '1';

// Each file's CPU seconds, its children's included, with MCP_PANEL_CPU_REPORT=<file> (inert otherwise).
const CPU_REPORT = 'test/helpers/cpu-report.ts';

// Three projects, one per runtime: pure logic, real processes/sockets/files, and jsdom views; and a
// fourth, `agents`, that runs the agents' own CLIs (SPEC AGENT-7). It needs them installed
// (scripts/agents/install.mjs), so .ci/run gives it a lane of its own and runs the rest with
// `--project '!agents'`.
export default defineConfig({
  test: {
    // Three workers on two cores: most integration tests wait on processes and sockets, so a
    // third worker fills the gaps (integration alone, loaded machine: 283 s with two workers
    // and isolated files, 186 s with three and shared module graphs; CPU 181 s → 143 s).
    maxWorkers: 3,
    // The fixture MCP servers bundled once per run (test/helpers/fixtures.ts).
    globalSetup: ['test/global-setup.ts'],
    projects: [
      {
        // Pure logic: one module graph per worker (isolating each file tripled the project's CPU).
        // Property tests run hundreds of cases: a deadline that holds at load 10, not vitest's 5 s.
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node', setupFiles: [CPU_REPORT], isolate: false, testTimeout: 60_000 },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          setupFiles: [CPU_REPORT, 'test/integration/leak-check.ts', 'test/integration/own-keychain-service.ts'],
          // One module graph per worker (importing the engine again for every file was a quarter
          // of the project's CPU); the leak check still runs per file, and the files pass in any
          // order (--sequence.shuffle.files).
          isolate: false,
          // Deadlines, not measurements: what a test on real processes needs at load 10.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'renderer',
          include: ['test/renderer/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: [CPU_REPORT, 'test/renderer/setup.ts'],
          // userEvent types key by key: a deadline, not a measurement, so one that holds at load 10.
          testTimeout: 120_000,
          // One jsdom and one module graph per worker, not per file: importing React, Mantine and
          // the app again for every file cost 40 % of the project's CPU. Each file cleans up
          // after itself (cleanup(), notifications.clean(), sessionStorage), and the project
          // passes in any file order (--sequence.shuffle).
          isolate: false,
        },
      },
      {
        test: {
          name: 'agents',
          include: ['test/agents/**/*.test.ts'],
          environment: 'node',
          setupFiles: [CPU_REPORT],
          // Each check starts the agent's CLI (Gemini CLI and OpenCode spend 1–2 CPU s per start)
          // and fixture servers: deadlines that hold at load 10, not measurements.
          testTimeout: 240_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
