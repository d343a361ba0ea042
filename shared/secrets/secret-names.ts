// SEC-9: is a *name* (an env variable, a header, a URL parameter, a config field) one that holds
// a credential? Judged word by word, so that `GITHUB_TOKEN`, `apiKey`, `X-Auth-Token` and
// `client_secret` are, and names that only talk about credentials are not: `MAX_TOKENS`,
// `TOKEN_BUDGET`, `passwordField`, `AUTH_URL`, `authTokenEnv`, `PUBLIC_KEY` (issue 34's
// walkthrough: ordinary words were masked).

/** Words that make a name a credential's name (whole words: `tokens` and `oauth` are not). */
const SECRET_WORDS = new Set([
  'token',
  'secret',
  'secrets',
  'password',
  'passwd',
  'passphrase',
  'pwd',
  'pw',
  'pass',
  'credential',
  'credentials',
  'apikey',
  'auth',
  'authorization',
  'cookie',
  'session',
  'sessionid',
  'key',
  'jwt',
  'pat',
  'sig',
  'signature',
  'otp',
  'tkn',
]);

/**
 * A last word that makes the name *about* a credential rather than one: its size, lifetime,
 * where it is kept or fetched, its kind (`TOKEN_BUDGET`, `SESSION_TIMEOUT`, `AUTH_URL`,
 * `KEY_FILE`, `authTokenEnv`, `PASSWORD_FIELD`).
 */
const QUALIFIERS = new Set([
  'budget', 'limit', 'limits', 'count', 'max', 'min', 'size', 'length', 'window', 'ttl', 'timeout', 'interval',
  'expiry', 'expires', 'expiration', 'lifetime', 'url', 'uri', 'endpoint', 'host', 'port', 'path', 'file', 'dir',
  'type', 'mode', 'name', 'header', 'scheme', 'method', 'enabled', 'disabled', 'required', 'format', 'version',
  'prefix', 'env', 'var', 'variable', 'provider', 'issuer', 'audience', 'scope', 'scopes', 'store', 'cache',
  'kind', 'level', 'field', 'policy', 'strategy', 'rotation', 'source', 'location',
]);

/** A first word that makes the name a count (`MAX_TOKEN`, `NUM_TOKEN`). */
const COUNTS = new Set(['max', 'min', 'num']);

/** `key` after these words names something that is not secret (`PUBLIC_KEY`, `SORT_KEY`). */
const PLAIN_KEYS = new Set(['public', 'sort', 'primary', 'partition', 'foreign', 'cache', 'routing', 'idempotency', 'group', 'hash', 'index', 'lookup', 'map', 'keyboard']);

/** `GITHUB_TOKEN` → github, token; `clientSecret` → client, secret; `X-Api-Key` → x, api, key. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

/** Does this name hold a credential (see the word lists above)? */
export function secretName(name: string): boolean {
  const words = nameWords(name);
  if (words.length === 0) return false;
  if (QUALIFIERS.has(words[words.length - 1]!) || (words.length > 1 && COUNTS.has(words[0]!))) return false;
  return words.some((w, i) => SECRET_WORDS.has(w) && !(w === 'key' && i > 0 && PLAIN_KEYS.has(words[i - 1]!)));
}

/** The last words that make `NAME=value` in free text a credential (stricter: `pass=3` or `key=enter` in a log is not). */
const TEXT_SECRET_WORDS = new Set(['token', 'secret', 'password', 'passwd', 'passphrase', 'pwd', 'credential', 'credentials', 'apikey', 'jwt']);
const SECRET_KEY_KINDS = new Set(['api', 'secret', 'private', 'access', 'signing', 'client', 'master']);

/** `GITHUB_TOKEN`, `api_key`, `DB_PASSWORD`, `aws_secret_access_key`, as written before `=` in free text. */
export function strictSecretName(name: string): boolean {
  const words = nameWords(name);
  const last = words[words.length - 1];
  if (last === undefined || (words.length > 1 && COUNTS.has(words[0]!))) return false;
  return TEXT_SECRET_WORDS.has(last) || (last === 'key' && words.length > 1 && SECRET_KEY_KINDS.has(words[words.length - 2]!));
}
