// CFG-8 / SEC-2 / SEC-9: how one string value is judged. The rule pieces shared by the entry
// rules (secret-rules.ts: writer, importer, scan, page redaction, install records) and the
// free-text rules (text-rules.ts: arguments, `sh -c` strings, reasons, errors, every output).
// Values found here never leave the host: findings carry pointers and lengths, redaction
// replaces them by a mask.
import { ENV_REFERENCE } from '../schemas/env-reference';
import { secretName } from './secret-names';

/**
 * URL parameters that carry a credential under a name of no secret word: an OAuth
 * authorization code (`code`, `device_code`; issue 35), which signed URLs and tokens
 * (`sig`, `signature`, `jwt`, `pat`, `tkn`) already are by secretName.
 */
const SECRET_PARAM = /^(?:(?:auth|access|authorization|device|user|otp|verification)[-_]?)?code$/i;
/** `--token`, `--api-key`, `--client-secret`, `--password`… (the value follows, or after `=`). */
export const SECRET_FLAG = /^--?(?:[a-z-]*(?:token|secret|api-?key|password|passwd))$/i;
/** `-p VALUE` (mysql, redis-cli and friends): a password unless the value is a port number. */
const SHORT_PASSWORD_FLAG = /^-p$/;
/** `-pVALUE`, the password glued to its flag (mysql); `-pretty`, `-profile`, `-port=80` are flags. */
const GLUED_PASSWORD = /^-p([^\s=]{4,})$/;
/** mcp-remote and curl spell a header argument `--header "Name: value"` (CFG-8). */
export const HEADER_FLAG = /^(?:--header|-H)$/;
// Lookbehind, so a match is the token itself (masking replaces exactly it). Webhook URLs are
// credentials in their path (issue 35): Slack's `T…/B…/secret` and Discord's
// `/api/webhooks/<id>/<secret>` (only the secret part, so the URL keeps its shape).
const KNOWN_TOKEN_SOURCE =
  '(?<![A-Za-z0-9])(?:sk-[A-Za-z0-9_-]{16,}|sk_(?:live|test)_[A-Za-z0-9]{10,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|glpat-[A-Za-z0-9_-]{16,}|xox[abprs]-[A-Za-z0-9-]{10,}|npm_[A-Za-z0-9]{36}|hf_[A-Za-z0-9]{30,}|AKIA[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{30,}|eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]*|T[A-Z0-9]{6,12}/B[A-Z0-9]{6,12}/[A-Za-z0-9]{16,}|(?<=/api/webhooks/[0-9]{6,24}/)[A-Za-z0-9_-]{30,})';
export const KNOWN_TOKENS = new RegExp(KNOWN_TOKEN_SOURCE, 'g');
const SCHEME_ONLY = /^(?:bearer|basic|token|bot|apikey|api-key|digest)?$/i;
/** A URL user name that is really a token (`https://<token>@host`, CFG-8): long, letters and digits. */
const TOKENISH = /^(?=[^]*[0-9])(?=[^]*[A-Za-z])[A-Za-z0-9_.~%-]{16,}$/;
/** A percent-encoded colon inside the user info (`user%3Apass@`): what follows it is a password. */
const ENCODED_COLON = /%3a/i;
/** scheme://userinfo@ — userinfo runs to the last `@` before the path. */
const USERINFO = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)@/i;
/**
 * `?k=v`, `&k=v`, `;k=v` (matrix / JDBC style, CFG-8) and `#k=v` (implicit-grant fragments).
 * The `=` may be percent-encoded (`?sig%3Dvalue`, `?sig%3D=value`: issue 35), as servers that
 * decode the query before splitting it read it.
 */
const URL_PARAM = /[?&;#]([^=&;#?/]+?)(?:=|%3[dD])+([^&;#]*)/g;
/** A URL inside longer text (an env value, an argument, an error message). */
export const URL_IN_TEXT = /[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]+/gi;

/**
 * The literal text a value carries, as substrings of it: the text around `${VAR}` references
 * (dropped when it is only an auth scheme word, as in `Bearer ${TOKEN}`) and each reference's
 * default. CFG-8: `${VAR:-default}` uses the default whenever the variable is unset, so the
 * default is a literal like any other. A value without references is its own literal.
 */
export function literalParts(raw: string): string[] {
  // VS Code, Cursor and Windsurf spell a reference `${env:NAME}` (VS Code also `${input:id}`), OpenCode `{env:NAME}`: references too.
  const value = raw.replace(/\$?\{(?:env|input):([^}:]+)\}/g, (_w, n: string) => `\${${n.replace(/[^A-Za-z0-9_]/g, '_').replace(/^(?=\d)/, '_')}}`);
  const pieces: string[] = [];
  const defaults: string[] = [];
  let last = 0;
  let refs = 0;
  for (const m of value.matchAll(ENV_REFERENCE)) {
    refs++;
    pieces.push(value.slice(last, m.index));
    if (m[2]) defaults.push(m[2]);
    last = m.index + m[0].length;
  }
  if (refs === 0) return value.trim() === '' ? [] : [value];
  pieces.push(value.slice(last));
  const around = SCHEME_ONLY.test(pieces.join('').trim()) ? [] : pieces.map((p) => p.trim()).filter((p) => p !== '');
  return [...around, ...defaults.filter((d) => d.trim() !== '')];
}

/** Built only from `${VAR}` references without literal defaults, optionally after an auth scheme word. */
export function isEnvReferenceValue(value: string): boolean {
  return /\$\{(?:(?:env|input):)?[^}]+\}|\{env:[^}]+\}/.test(value) && literalParts(value).length === 0;
}

/** Well-known token shapes (ghp_, github_pat_, sk-, xoxb-, AKIA…, JWT) inside the given literals. */
export function knownTokensIn(parts: readonly string[]): string[] {
  return parts.flatMap((p) => [...p.matchAll(KNOWN_TOKENS)].map((m) => m[0]));
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * The secret pieces of one URL, as written: a password in the user info, a user name shaped
 * like a token, the value of a query / matrix / fragment parameter named like a secret, and
 * well-known token shapes anywhere. `${VAR}` references without a literal default are fine.
 */
export function urlSecrets(url: string): string[] {
  const out: string[] = [];
  const info = USERINFO.exec(url);
  if (info) {
    const userinfo = info[1]!;
    const colon = userinfo.indexOf(':');
    const user = colon < 0 ? userinfo : userinfo.slice(0, colon);
    if (colon >= 0) out.push(...literalParts(userinfo.slice(colon + 1)));
    // Clients decode `user%3Apass` to `user:pass` (issue 21 F5): the part after it is the password.
    const encoded = colon < 0 ? ENCODED_COLON.exec(user) : null;
    if (encoded) out.push(...literalParts(user.slice(encoded.index + 3)));
    out.push(...literalParts(user).filter((u) => TOKENISH.test(u) || knownTokensIn([u]).length > 0));
  }
  for (const [, key, value] of url.matchAll(URL_PARAM)) {
    const name = decode(key!);
    if (secretName(name) || SECRET_PARAM.test(name)) out.push(...literalParts(value!));
  }
  out.push(...knownTokensIn(literalParts(url)));
  return [...new Set(out)];
}

/** urlSecrets of every URL inside a longer text (`DATABASE_URL`, a positional argument). */
export function urlSecretsInText(text: string): string[] {
  return [...new Set([...text.matchAll(URL_IN_TEXT)].flatMap((m) => urlSecrets(m[0])))];
}

export function secretHeaderName(name: string): boolean {
  return /^(?:authorization|proxy-authorization|cookie)$/i.test(name) || secretName(name);
}

/**
 * A literal that looks generated rather than written (issue 21 F5: a secret under a header name
 * nobody guessed): 20+ characters of one token alphabet mixing upper case, lower case and
 * digits with ≥ 3.5 bits of entropy per character, or 32+ hex digits. A UUID, a media type, a
 * version or a sentence is not.
 */
export function highEntropy(s: string): boolean {
  if (/^[0-9a-fA-F]{32,}$/.test(s)) return true;
  if (s.length < 20 || !/^[A-Za-z0-9+/=_.~-]+$/.test(s) || !/[a-z]/.test(s) || !/[A-Z]/.test(s) || !/[0-9]/.test(s)) return false;
  const counts = new Map<string, number>();
  for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) bits -= (n / s.length) * Math.log2(n / s.length);
  return bits >= 3.5;
}

/** The secret pieces of one header value: any literal under a secret-bearing name, else token shapes and generated-looking values. */
export function headerSecrets(name: string, value: string): string[] {
  const parts = literalParts(value);
  if (parts.length === 0) return [];
  if (secretHeaderName(name)) return parts;
  return [...new Set([...knownTokensIn(parts), ...urlSecretsInText(value), ...parts.filter(highEntropy)])];
}

/** Not a password after `-p`: a port number, a version (`uv -p 3.12`), an npm package (`npx -p @scope/pkg`). */
const NOT_A_PASSWORD = /^(?:\d+(?:\.\d+)*|@[\w.-]+\/[\w.-]+(?:@\S*)?)$/;

/** `-p VALUE` and `-pVALUE`: the value, unless it is a port, a version, a package, a flag or a `${VAR}` reference. */
export function shortPasswordSecrets(flag: unknown, value: string): string[] {
  const glued = GLUED_PASSWORD.exec(value);
  if (glued) return passwordLike(glued[1]!) ? literalParts(glued[1]!) : [];
  if (typeof flag !== 'string' || !SHORT_PASSWORD_FLAG.test(flag) || value.startsWith('-') || NOT_A_PASSWORD.test(value)) return [];
  return literalParts(value);
}

/**
 * Glued to `-p`, only what cannot be the rest of a one-dash flag (`-pretty`, `-profile`): four
 * or more characters with a letter and a digit, an upper-case letter or punctuation; not a
 * port, a version or a reference.
 */
export function passwordLike(v: string): boolean {
  return v.length >= 4 && /[A-Za-z]/.test(v) && /[0-9A-Z!-/:-@[-`{-~]/.test(v) && !NOT_A_PASSWORD.test(v) && literalParts(v).length > 0;
}

/** Each secret piece replaced by the mask (longest first, so a piece inside another goes whole). */
export function maskPieces(text: string, secrets: readonly string[], mask: string): string {
  let out = text;
  for (const s of [...new Set(secrets)].sort((a, b) => b.length - a.length)) {
    if (s !== '' && s !== mask) out = out.split(s).join(mask);
  }
  return out;
}
