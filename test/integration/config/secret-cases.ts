// Security issue items 4, 8 and 11: one minimax user file holding every way a literal
// secret hides in a hand-written entry. Shared by the CLI scan test and the page tests; each
// secret is a unique string, so a test can assert it occurs nowhere in an output.
export const GHP = 'ghp_' + 'Pq7Rs9Tu1Vw3Xy5Za2Bc4De6Fg8Hi0Jk1Lm3';
const HEX40 = 'f00dfeed0123456789abcdef0123456789abcdef';

/** Every literal secret below, for "not anywhere in the text" assertions. */
export const SECRETS = {
  envDefault: 'envdefault-secret-4101',
  headerDefault: 'hdrdefault-secret-4102',
  queryDefault: 'qdefault-secret-4103',
  argDefault: GHP,
  headerArg: 'hdrarg-secret-4104',
  pgArg: 'pgarg-secret-4105',
  dbUrl: 'dburl-secret-4106',
  userToken: HEX40,
  matrix: 'matrix-secret-4107',
  urlPass: 'urlpass-secret-4108',
  query: 'query-secret-4109',
} as const;

/** Port 9 (discard) on loopback: nothing listens, so remote servers fail fast and say why. */
const DEAD = 'http://127.0.0.1:9';

/**
 * A stdio command whose stderr echoes its arguments and then exits (the way real servers
 * print their command line on a crash), so state reasons carry the secrets unless redacted.
 * Three arguments (`--` ends node's own options): the pointers below count them.
 */
const ALWAYS_FAILS = ['-e', "console.error('crashed: ' + process.argv.slice(1).join(' ')); process.exit(3)", '--'];

export function secretServers(): Record<string, Record<string, unknown>> {
  const stdio = (args: string[], env: Record<string, string> = {}) => ({ command: process.execPath, args: [...ALWAYS_FAILS, ...args], env });
  return {
    // item 4
    'env-default': stdio([], { API_KEY: `\${H2_UNSET_KEY:-${SECRETS.envDefault}}` }),
    'header-default': { url: `${DEAD}/mcp`, headers: { Authorization: `Bearer \${H2_UNSET_TOKEN:-${SECRETS.headerDefault}}` } },
    'query-default': { url: `${DEAD}/mcp?api_key=\${H2_UNSET_KEY:-${SECRETS.queryDefault}}` },
    'arg-default': stdio([`\${H2_UNSET_GH:-${SECRETS.argDefault}}`]),
    // item 11 (and item 8: positional tokens, URLs with user:pass@ and ?api_key=)
    'mcp-remote': stdio(['--header', `Authorization: Bearer ${SECRETS.headerArg}`, `postgresql://app:${SECRETS.pgArg}@db.example/app`]),
    'db-url': stdio([], { DATABASE_URL: `postgresql://app:${SECRETS.dbUrl}@db.example/app` }),
    'user-token': { url: `http://${SECRETS.userToken}@127.0.0.1:9/mcp` },
    matrix: { url: `${DEAD}/mcp;token=${SECRETS.matrix}` },
    'url-pass': { url: `http://me:${SECRETS.urlPass}@127.0.0.1:9/mcp?api_key=${SECRETS.query}` },
  };
}

/** Pointers the scan must report (under /mcpServers/<name>). */
export const SCAN_POINTERS = [
  '/mcpServers/env-default/env/API_KEY',
  '/mcpServers/header-default/headers/Authorization',
  '/mcpServers/query-default/url',
  '/mcpServers/arg-default/args/3',
  '/mcpServers/mcp-remote/args/4',
  '/mcpServers/mcp-remote/args/5',
  '/mcpServers/db-url/env/DATABASE_URL',
  '/mcpServers/user-token/url',
  '/mcpServers/matrix/url',
  '/mcpServers/url-pass/url',
];
