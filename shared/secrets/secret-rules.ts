// CFG-8 / SEC-2 / SEC-9: THE rule for "is this a secret" in a server entry. The writer and the
// importer refuse what it finds, the scan reports it, the page redaction (api/redact.ts) masks
// exactly it, install records are refused by it, and its text part (text-rules.ts) is what every
// output masks. Findings carry a JSON pointer and a masked hint (the length), NEVER the value;
// the secret pieces themselves only feed maskEntrySecrets / entrySecretValues.
//
// Decisions (documented in the report):
// - `authToken` with any non-empty value is inline: minara never expands it; use
//   `authTokenEnv` (seed 001: tools that write the file refuse inline tokens).
// - Names are judged word by word (secret-names.ts): `GITHUB_TOKEN`, `X-Auth-Token`, `apiKey`
//   hold credentials; `MAX_TOKENS`, `TOKEN_BUDGET`, `AUTH_URL`, `passwordField` do not.
// - A header is secret-bearing when its name is Authorization / Proxy-Authorization /
//   Cookie or a credential's name; its value must be built from `${VAR}` references,
//   optionally after a scheme word (`Bearer ${VAR}`).
// - An env variable with a credential's name must be a `${VAR}` reference; flags and paths
//   are exempt.
// - `${VAR:-default}`: the default is a literal like any other (CFG-8), in every field.
// - Anything shaped like a well-known token (ghp_, github_pat_, sk-, xoxb-, AKIA…, JWT, a Slack
//   or Discord webhook) is a secret wherever it sits: env, headers, args, URL, any other field.
// - URLs (the `url` field, and any URL inside an env value or an argument, e.g.
//   `postgresql://user:pass@…` or `DATABASE_URL`): a password in the user info (`user%3Apass@`
//   too), a user name shaped like a token, a `?`/`&`/`;`/`#` parameter named like a secret
//   (`sig`, `signature`, `X-Amz-Signature`, `jwt`, `pat`, `tkn`, an OAuth `code`), its `=`
//   percent-encoded or not (CFG-8, issue 21 F5, issue 35).
// - args: the value of --token/--api-key/--secret/--password (as `--x=v` or `--x v`), of
//   `-p VALUE` and `-pVALUE` unless a port, a version or a package, and `--header
//   "Authorization: Bearer …"` (mcp-remote) judged as a header (CFG-8).
// - Every string of an entry (args, the command, env and header values, other fields) also
//   goes through the text rules: `sh -c "curl -H 'Authorization: Bearer …'"` is refused as the
//   page masks it (issue 35).
// - Any other header whose value looks generated (secret-values.ts highEntropy).
// - `authTokenEnv` / `bearerTokenEnvVar` must name a variable; a value that is no valid
//   variable name is a token pasted into the wrong field.
// - Any other field named like a credential (`apiKey`, `clientSecret`, nested too).

import { translate } from '../i18n';
import { escapePointer } from '../json-pointer';
import { secretName, strictSecretName } from './secret-names';
import { HEADER_FLAG, SECRET_FLAG, headerSecrets, literalParts, maskPieces, shortPasswordSecrets, urlSecrets } from './secret-values';
import { headerValueSecrets, textSecrets } from './text-rules';
import { isRecord } from '../is-record';

export { isEnvReferenceValue } from './secret-values';

export type SecretKind = 'auth-token' | 'header' | 'env' | 'arg' | 'url' | 'token-env-name' | 'field';

export interface SecretFinding {
  /** RFC 6901 pointer relative to the entry (`/headers/Authorization`). */
  pointer: string;
  kind: SecretKind;
  /** Masked: only the length is ever shown. */
  hint: string;
  /** What to write instead (CFG-8: env reference or keychain), in English. */
  fix: string;
  /** UI-9: the value's length, and the fix as `secret.fix.<fixCode>` with its params. */
  length: number;
  fixCode: FixCode;
  fixParams: Record<string, string>;
}

type FixCode = 'field' | 'auth_token' | 'token_env_name' | 'header' | 'env' | 'arg' | 'url';

/** A finding with the secret pieces of its value: internal, never printed or sent. */
interface Hit extends SecretFinding {
  secrets: string[];
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const HARMLESS = /^(?:true|false|yes|no|on|off|none|null|\d{1,3})$/i;
const KNOWN_FIELDS = new Set(['command', 'args', 'env', 'headers', 'url', 'authToken', 'authTokenEnv', 'bearerTokenEnvVar', 'bearer_token_env_var', 'http_headers', 'envs', 'environment']);
/** RFC 6901 escaping: the loader's, so reader and writer pointers agree. */

export function maskHint(value: string): string {
  return translate('en', 'secret.hint', { n: value.length });
}

function envVarFor(name: string): string {
  const v = name.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '').toUpperCase();
  return /^[A-Z_]/.test(v) ? v : `MCP_${v || 'TOKEN'}`;
}

function isPathLike(value: string): boolean {
  return /^(?:\/|~\/|\.\.?\/|[A-Za-z]:\\)/.test(value);
}


/** An env literal worth judging: not a flag, a small number or a path. */
const envLiteral = (p: string): boolean => p.length >= 4 && !HARMLESS.test(p) && !isPathLike(p);

function envSecrets(name: string, value: string): string[] {
  const parts = literalParts(value).filter(envLiteral);
  if (secretName(name) && parts.length > 0) return parts;
  return textSecrets(value);
}

/** `Name: value` as one argument (after `--header`, or `Authorization: …` on its own). */
function headerArgSecrets(text: string, afterHeaderFlag: boolean): string[] {
  const m = /^\s*([A-Za-z0-9_-]+)\s*:\s*([^]*)$/.exec(text);
  if (!m || (!afterHeaderFlag && !/^(?:proxy-)?authorization$/i.test(m[1]!))) return [];
  return headerSecrets(m[1]!, m[2]!);
}

function argSecrets(args: readonly unknown[], i: number): string[] {
  const arg = args[i];
  if (typeof arg !== 'string') return [];
  const prev = i > 0 ? args[i - 1] : undefined;
  const out: string[] = [];
  const eq = /^(--?[A-Za-z][A-Za-z0-9-]*)=([^]+)$/.exec(arg);
  if (eq && SECRET_FLAG.test(eq[1]!)) out.push(...literalParts(eq[2]!));
  if (eq && HEADER_FLAG.test(eq[1]!)) out.push(...headerArgSecrets(eq[2]!, true));
  if (typeof prev === 'string' && SECRET_FLAG.test(prev) && !arg.startsWith('-')) out.push(...literalParts(arg));
  out.push(...shortPasswordSecrets(prev, arg));
  out.push(...headerArgSecrets(arg, typeof prev === 'string' && HEADER_FLAG.test(prev)));
  out.push(...textSecrets(arg));
  return [...new Set(out)];
}

/** Unknown fields (nested too): credential-named strings (strictly: no bare `key`/`auth`/`session`), and the text rules anywhere. */
type Add = (pointer: string, kind: SecretKind, value: string, secrets: string[], fix: FixCode, params?: Record<string, string>) => void;

function otherFields(value: unknown, pointer: string, add: Add, depth = 0): void {
  if (!isRecord(value) || depth > 8) return;
  for (const [k, v] of Object.entries(value)) {
    if (depth === 0 && KNOWN_FIELDS.has(k)) continue;
    const p = `${pointer}/${escapePointer(k)}`;
    if (typeof v === 'string') {
      const parts = literalParts(v);
      const secrets = strictSecretName(k) ? parts : textSecrets(v);
      if (secrets.length > 0) add(p, 'field', v, secrets, 'field', { field: k });
    } else otherFields(v, p, add, depth + 1);
  }
}

function entryHits(entry: unknown): Hit[] {
  if (!isRecord(entry)) return [];
  const out: Hit[] = [];
  const add: Add = (pointer, kind, value, secrets, fixCode, fixParams = {}) => {
    if (secrets.length > 0) out.push({ pointer, kind, hint: maskHint(value), fix: translate('en', `secret.fix.${fixCode}`, fixParams), length: value.length, fixCode, fixParams, secrets });
  };

  const token = entry.authToken;
  if (typeof token === 'string' && token !== '') {
    add('/authToken', 'auth-token', token, [token], 'auth_token');
  }
  // Codex spells them `bearer_token_env_var` and `http_headers` (literal headers).
  for (const field of ['authTokenEnv', 'bearerTokenEnvVar', 'bearer_token_env_var'] as const) {
    const v = entry[field];
    if (typeof v === 'string' && v !== '' && !ENV_NAME.test(v)) {
      add(`/${field}`, 'token-env-name', v, [v], 'token_env_name', { field });
    }
  }
  for (const key of ['headers', 'http_headers'] as const) {
    const headers = entry[key];
    if (!isRecord(headers)) continue;
    for (const [name, v] of Object.entries(headers)) {
      if (typeof v !== 'string') continue;
      const ref = `\${${envVarFor(/^authorization$/i.test(name) ? 'MCP_TOKEN' : name)}}`;
      const example = /^authorization$/i.test(name) ? `"${name}": "Bearer ${ref}"` : `"${name}": "${ref}"`;
      add(`/${key}/${escapePointer(name)}`, 'header', v, headerValueSecrets(name, v), 'header', { example });
    }
  }
  // Goose spells the environment `envs`, OpenCode `environment`.
  for (const key of ['env', 'envs', 'environment'] as const) {
    const env = entry[key];
    if (!isRecord(env)) continue;
    for (const [name, v] of Object.entries(env)) {
      if (typeof v !== 'string') continue;
      add(`/${key}/${escapePointer(name)}`, 'env', v, envSecrets(name, v), 'env', { name, variable: envVarFor(name) });
    }
  }
  // OpenCode's `command` is the whole command line, one array: its items are arguments too.
  for (const key of ['args', 'command'] as const) {
    if (!Array.isArray(entry[key])) continue;
    const args: readonly unknown[] = entry[key];
    args.forEach((arg, i) => {
      if (typeof arg === 'string') add(`/${key}/${i}`, 'arg', arg, argSecrets(args, i), 'arg');
    });
  }
  if (typeof entry.url === 'string') {
    add('/url', 'url', entry.url, urlSecrets(entry.url), 'url');
  }
  if (typeof entry.command === 'string') {
    add('/command', 'arg', entry.command, textSecrets(entry.command), 'arg');
  }
  otherFields(entry, '', add);
  return out;
}

/** Every inline secret in one server entry (any dialect, or an import source's entry). */
export function findInlineSecrets(entry: unknown): SecretFinding[] {
  return entryHits(entry).map(({ secrets: _, ...finding }) => finding);
}

/** The literal secret strings of one entry (host-side only: to scrub them from any text). */
export function entrySecretValues(entry: unknown): string[] {
  return [...new Set(entryHits(entry).flatMap((h) => h.secrets))];
}

function child(v: unknown, key: string): unknown {
  if (Array.isArray(v)) return v[Number(key)];
  return isRecord(v) && Object.hasOwn(v, key) ? v[key] : undefined;
}

/**
 * A copy of the entry with each secret piece replaced by `mask`, in place: a whole env or
 * header value becomes the mask; in a URL or an argument only the secret part does
 * (`https://u:MASK@host`, `--token=MASK`), so the page still sees what the field is.
 */
export function maskEntrySecrets<T>(entry: T, mask: string): T {
  if (!isRecord(entry)) return entry;
  const out = structuredClone(entry) as Record<string, unknown>;
  for (const hit of entryHits(entry)) {
    const keys = hit.pointer.split('/').slice(1).map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = keys.pop()!;
    const parent = keys.reduce<unknown>((v, k) => child(v, k), out);
    const value = child(parent, last);
    if (typeof value !== 'string') continue;
    const masked = maskPieces(value, hit.secrets, mask);
    if (Array.isArray(parent)) parent[Number(last)] = masked;
    else if (isRecord(parent)) Object.defineProperty(parent, last, { value: masked, enumerable: true, writable: true, configurable: true });
  }
  return out as T;
}

/** One line naming each finding (never the value), for error messages. */
export function describeFindings(findings: readonly SecretFinding[], prefix = ''): string {
  return findings.map((f) => `${prefix}${f.pointer} (${f.hint}): ${f.fix}`).join('; ');
}
