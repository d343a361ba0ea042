// CFG-8: what counts as a secret written inline. One rule set for the writer (refuse),
// the importer (refuse, naming the source field) and the scan (report). Findings carry a
// JSON pointer and a masked hint (the length), NEVER the value.
//
// Decisions (documented in the report):
// - `authToken` with any non-empty value is inline: minara never expands it; use
//   `authTokenEnv` (seed 001: tools that write the file refuse inline tokens).
// - A header is secret-bearing when its name is Authorization / Proxy-Authorization /
//   Cookie or contains token, secret, key, auth, password or session; its value must be
//   built from `${VAR}` references, optionally after a scheme word (`Bearer ${VAR}`).
// - An env variable whose name contains token, secret, key, password, credential or auth
//   must be a `${VAR}` reference (`${VAR:-default}` counts); flags and paths are exempt.
// - Anything shaped like a well-known token (ghp_, github_pat_, sk-, xoxb-, AKIA…, JWT)
//   is a secret wherever it sits: env, headers, args, URL.
// - URLs: a password in the user-info part, or a query parameter named like a secret.
// - args: the value of --token/--api-key/--secret/--password (as `--x=v` or `--x v`).
// - `authTokenEnv` / `bearerTokenEnvVar` must name a variable; a value that is no valid
//   variable name is a token pasted into the wrong field.

import { escapePointer } from '../json-text';

export type SecretKind = 'auth-token' | 'header' | 'env' | 'arg' | 'url' | 'token-env-name';

export interface SecretFinding {
  /** RFC 6901 pointer relative to the entry (`/headers/Authorization`). */
  pointer: string;
  kind: SecretKind;
  /** Masked: only the length is ever shown. */
  hint: string;
  /** What to write instead (CFG-8: env reference or keychain). */
  fix: string;
}

const SECRET_NAME = /token|secret|key|passw|pwd|credential|auth|session|cookie/i;
const SECRET_FLAG = /^--?(?:[a-z-]*(?:token|secret|api-?key|password|passwd))$/i;
const KNOWN_TOKEN =
  /(?:^|[^A-Za-z0-9])(?:sk-[A-Za-z0-9_-]{16,}|sk_(?:live|test)_[A-Za-z0-9]{10,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|glpat-[A-Za-z0-9_-]{16,}|xox[abprs]-[A-Za-z0-9-]{10,}|AKIA[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{30,}|eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.)/;
const ENV_REF = /\$\{[A-Za-z_][A-Za-z0-9_]*(?::-[^}]*)?\}/g;
const SCHEME_ONLY = /^(?:bearer|basic|token|bot|apikey|api-key|digest)?$/i;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const HARMLESS = /^(?:true|false|yes|no|on|off|none|null|\d{1,3})$/i;

/** RFC 6901 escaping: the loader's, so reader and writer pointers agree. */
export const pointerEscape = escapePointer;

export function maskHint(value: string): string {
  return `literal value, ${value.length} characters`;
}

/** Built only from `${VAR}` references, optionally after an auth scheme word. */
export function isEnvReferenceValue(value: string): boolean {
  if (!value.match(ENV_REF)) return false;
  return SCHEME_ONLY.test(value.replace(ENV_REF, '').trim());
}

export function looksLikeKnownToken(value: string): boolean {
  return KNOWN_TOKEN.test(value);
}

function envVarFor(name: string): string {
  const v = name.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '').toUpperCase();
  return /^[A-Z_]/.test(v) ? v : `MCP_${v || 'TOKEN'}`;
}

function isPathLike(value: string): boolean {
  return /^(?:\/|~\/|\.\.?\/|[A-Za-z]:\\)/.test(value);
}

function secretHeaderName(name: string): boolean {
  return /^(?:authorization|proxy-authorization|cookie)$/i.test(name) || SECRET_NAME.test(name);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Every inline secret in one server entry (any dialect, or an import source's entry). */
export function findInlineSecrets(entry: unknown): SecretFinding[] {
  if (!isRecord(entry)) return [];
  const out: SecretFinding[] = [];
  const add = (pointer: string, kind: SecretKind, value: string, fix: string) => out.push({ pointer, kind, hint: maskHint(value), fix });

  const token = entry.authToken;
  if (typeof token === 'string' && token !== '') {
    add('/authToken', 'auth-token', token, 'remove "authToken" and set "authTokenEnv": "<VARIABLE>" naming an environment variable that holds the token, or store the token in the keychain');
  }
  for (const field of ['authTokenEnv', 'bearerTokenEnvVar'] as const) {
    const v = entry[field];
    if (typeof v === 'string' && v !== '' && !ENV_NAME.test(v)) {
      add(`/${field}`, 'token-env-name', v, `"${field}" must name an environment variable (e.g. "MY_SERVER_TOKEN"), not hold the token itself`);
    }
  }
  if (isRecord(entry.headers)) {
    for (const [name, v] of Object.entries(entry.headers)) {
      if (typeof v !== 'string' || v === '' || isEnvReferenceValue(v)) continue;
      if (secretHeaderName(name) || looksLikeKnownToken(v)) {
        const ref = `\${${envVarFor(name === 'Authorization' || /^authorization$/i.test(name) ? 'MCP_TOKEN' : name)}}`;
        const example = /^authorization$/i.test(name) ? `"${name}": "Bearer ${ref}"` : `"${name}": "${ref}"`;
        add(`/headers/${pointerEscape(name)}`, 'header', v, `reference an environment variable instead: ${example} (or use "authTokenEnv" / "bearerTokenEnvVar", or the keychain)`);
      }
    }
  }
  if (isRecord(entry.env)) {
    for (const [name, v] of Object.entries(entry.env)) {
      if (typeof v !== 'string' || v.length < 4 || HARMLESS.test(v) || isPathLike(v) || isEnvReferenceValue(v)) continue;
      if (SECRET_NAME.test(name) || looksLikeKnownToken(v)) {
        add(`/env/${pointerEscape(name)}`, 'env', v, `reference the variable from the agent's environment instead: "${name}": "\${${envVarFor(name)}}"`);
      }
    }
  }
  const args: unknown[] | undefined = Array.isArray(entry.args) ? entry.args : undefined;
  if (args) {
    args.forEach((arg, i) => {
      if (typeof arg !== 'string' || isEnvReferenceValue(arg)) return;
      const eq = /^(--?[A-Za-z-]+)=(.+)$/.exec(arg);
      const prev = i > 0 ? args[i - 1] : undefined;
      const flagged =
        (eq && SECRET_FLAG.test(eq[1]!) && !isEnvReferenceValue(eq[2]!)) ||
        (typeof prev === 'string' && SECRET_FLAG.test(prev) && !arg.startsWith('-')) ||
        looksLikeKnownToken(arg);
      if (flagged) add(`/args/${i}`, 'arg', arg, 'pass the secret through an environment variable ("env": {"TOKEN": "${TOKEN}"}) instead of the command line');
    });
  }
  if (typeof entry.url === 'string') {
    const url = entry.url;
    const userinfo = /^[a-z][a-z0-9+.-]*:\/\/[^/@?#]*:([^/@?#]+)@/i.exec(url);
    const query = [...url.matchAll(/[?&]([^=&#]+)=([^&#]*)/g)].some(
      ([, k, v]) => SECRET_NAME.test(decodeURIComponentSafe(k!)) && v !== '' && !isEnvReferenceValue(decodeURIComponentSafe(v!)),
    );
    if ((userinfo && !isEnvReferenceValue(userinfo[1]!)) || query || looksLikeKnownToken(url)) {
      add('/url', 'url', url, 'take the credential out of the URL and send it in a header built from an environment variable ("Authorization": "Bearer ${TOKEN}")');
    }
  }
  return out;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** One line naming each finding (never the value), for error messages. */
export function describeFindings(findings: readonly SecretFinding[], prefix = ''): string {
  return findings.map((f) => `${prefix}${f.pointer} (${f.hint}): ${f.fix}`).join('; ');
}
