import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

/** renderer/src/bridge/early.ts and what it imports. */
const EARLY_CHUNK = /[\\/](renderer[\\/]src[\\/]bridge[\\/](early|web-transport)|shared[\\/]channels)\.ts$/;

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
    // electron-vite leaves minification off; the page is also served to browsers (web host), and
    // unminified it was 1.9 MB of script before the first paint.
    // The first calls' chunk (renderer/src/bridge/early.ts): its own, so the entry evaluates it
    // before the chunks of React, Mantine and zod and the calls leave while those are evaluated.
    build: { outDir: 'out/renderer', minify: true, rollupOptions: { input: resolve('renderer/index.html'), output: { manualChunks: (id) => (EARLY_CHUNK.test(id) ? 'early' : undefined) } } },
  },
});
