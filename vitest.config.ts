import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three projects, one per runtime: pure logic, real processes/sockets/files, and jsdom views.
export default defineConfig({
  test: {
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
