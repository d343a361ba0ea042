import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: { input: resolve('electron/main/index.ts'), external: ['keytar'] },
    },
  },
  preload: {
    // Sandboxed preloads must be CommonJS: Electron refuses an ESM preload with sandbox on.
    build: {
      outDir: 'out/preload',
      rollupOptions: { input: resolve('electron/preload/index.ts'), output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    root: 'renderer',
    plugins: [react()],
    build: { outDir: 'out/renderer', rollupOptions: { input: resolve('renderer/index.html') } },
  },
});
