// Runtime boundaries (DESIGN.md): only electron/main and electron/preload may import
// electron; shared/ and renderer/ run in a browser too, so no node:* there either.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

// Regex patterns: gitignore-style groups would also catch relative paths like ../electron/….
const ELECTRON = '^electron(/.*)?$';
const NODE = '^(node:.*|fs|path|os|child_process|http|https|net|crypto|url|stream|events|util)(/.*)?$';
const ban = (regexes, message) => ({
  'no-restricted-imports': ['error', { patterns: regexes.map((regex) => ({ regex, message })) }],
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
    rules: ban([ELECTRON], 'Only electron/main and electron/preload may import electron.'),
  },
  {
    files: ['shared/**'],
    rules: ban([ELECTRON, NODE, '(^|/)electron/', '(^|/)renderer/'], 'shared/ runs in the renderer too: no electron, no node built-ins.'),
  },
  {
    files: ['renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: ban([ELECTRON, NODE, '(^|/)electron/(services|host)/'], 'The renderer talks to the host only through the bridge.'),
  },
);
