// Runtime boundaries (DESIGN.md): only electron/main and electron/preload may import
// electron; shared/ and renderer/ run in a browser too, so no node:* there either.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

// Regex patterns: gitignore-style groups would also catch relative paths like ../electron/….
const ELECTRON = '^electron(/.*)?$';
const NODE = '^(node:.*|fs|path|os|child_process|http|https|net|crypto|url|stream|events|util)(/.*)?$';
// The MCP seam (electron/services/mcp/) is the only product code that imports the MCP SDK.
const SDK = '^@modelcontextprotocol/(sdk|client|core|server|node)(/.*)?$';
const SDK_MESSAGE = 'Only electron/services/mcp/ may import the MCP SDK: use its seam (electron/services/mcp/index.ts).';
const ban = (regexes, message, extra = []) => ({
  'no-restricted-imports': ['error', { patterns: [...regexes.map((regex) => ({ regex, message })), ...extra] }],
});
const noSdk = [{ regex: SDK, message: SDK_MESSAGE }];

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
    // Tests build fixtures with the SDK (servers, and v1 clients standing in for agents);
    // bench/ measures a bare SDK client as its baseline.
    files: ['test/**', 'bench/**'],
    rules: ban([ELECTRON], 'Only electron/main and electron/preload may import electron.'),
  },
  {
    // Issue 36: the seam points one way (test/unit/mcp/seam-imports.test.ts checks the same
    // on every import form): nothing above it in electron/services, no file I/O of its own.
    files: ['electron/services/mcp/**'],
    rules: ban([ELECTRON, '^\\.\\./(?!\\.\\./\\.\\./shared/)', '^(node:)?fs(/.*)?$'], 'electron/services/mcp/ imports only itself, shared/, node built-ins other than fs, and packages other than electron: pass the rest in from connections/.'),
  },
  {
    files: ['electron/services/**', 'electron/host/**', 'scripts/**'],
    ignores: ['electron/services/mcp/**'],
    rules: ban([ELECTRON], 'Only electron/main and electron/preload may import electron.', noSdk),
  },
  {
    files: ['electron/main/**', 'electron/preload/**'],
    rules: ban([], '', noSdk),
  },
  {
    files: ['shared/**'],
    rules: ban([ELECTRON, NODE, '(^|/)electron/', '(^|/)renderer/'], 'shared/ runs in the renderer too: no electron, no node built-ins.', noSdk),
  },
  {
    files: ['renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: ban([ELECTRON, NODE, '(^|/)electron/(services|host)/'], 'The renderer talks to the host only through the bridge.', noSdk),
  },
);
