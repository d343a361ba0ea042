// Runtime boundaries (DESIGN.md): only electron/main and electron/preload may import
// electron; shared/ and renderer/ run in a browser too, so no node:* there either.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'child_process', 'http', 'https', 'net', 'crypto', 'url', 'stream', 'events', 'util'];
const ban = (groups, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: groups, message }] }],
});

export default tseslint.config(
  { ignores: ['node_modules/**', 'out/**', 'dist/**', 'coverage/**', '.reports/**', 'test-results/**', 'artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['electron/services/**', 'electron/host/**', 'test/**', 'bench/**', 'scripts/**'],
    rules: ban(['electron', 'electron/*'], 'Only electron/main and electron/preload may import electron.'),
  },
  {
    files: ['shared/**'],
    rules: ban(['electron', 'electron/*', ...nodeBuiltins, '../electron/*', '../renderer/*'], 'shared/ runs in the renderer too: no electron, no node built-ins.'),
  },
  {
    files: ['renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: ban(['electron', 'electron/*', ...nodeBuiltins, '**/electron/services/*', '**/electron/host/*'], 'The renderer talks to the host only through the bridge.'),
  },
);
