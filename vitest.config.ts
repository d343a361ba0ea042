import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three projects, one per runtime: pure logic, real processes/sockets/files, and jsdom views.
export default defineConfig({
  test: {
    // Two workers on two cores: vitest defaults to cores - 1 (one here), and most integration
    // tests wait on processes and sockets, not the CPU (472 s serial, 321 s with two).
    maxWorkers: 2,
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/integration/leak-check.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'renderer',
          include: ['test/renderer/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['test/renderer/setup.ts'],
          // userEvent types key by key: under a loaded 2-core machine a long form test needs more than 5 s.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
