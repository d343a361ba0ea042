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
    // electron-vite leaves minification off; the page is also served to browsers (web host), and
    // unminified it was 1.9 MB of script before the first paint.
    build: { outDir: 'out/renderer', minify: true, rollupOptions: { input: resolve('renderer/index.html') } },
  },
});
