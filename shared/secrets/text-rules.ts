// SEC-9: the one secret rule's part for free text: an argument, an `sh -c` string, an env value,
// a reason, an error message, a log line. The writer refuses what it finds in an entry's
// strings (secret-rules.ts), and every output masks exactly the same spans (secret-text.ts), so
// `curl -H 'Authorization: Bearer …'` inside `sh -c` is refused where the page masks it.
//
// Each rule needs context that says "credential" (a header name, an auth scheme, a secret flag,
// `NAME=` with a credential's name, a token shape, a URL rule); where the context is weak (a
// flag and its value apart, a bare `Bearer`), the value must look generated (a digit, or long),
// so prose about credentials ("200,000-token context window", "pass --token to log in",
// "Bearer token required", "the password field") is never masked (issue 34's walkthrough).
import { strictSecretName } from './secret-names';
import { KNOWN_TOKENS, URL_IN_TEXT, headerSecrets, literalParts, passwordLike, urlSecrets } from './secret-values';

/** A secret's span in the text: [start, end). */
export type Span = readonly [number, number];

/** `Authorization: xyz`, `X-Api-Key: xyz`, `Cookie: a=b` (to the end of the line). */
const HEADER_LINE = /(?<![A-Za-z0-9-])((?:proxy-)?authorization|x-api-key|api-key|cookie)\s*:\s*([^\r\n"']+)/gi;
/** The scheme word opening an Authorization value (`Bearer x`): the credential is what follows. */
const SCHEME = /^(?:bearer|basic|token|digest|bot)\s+/i;
/** A bare `Bearer x` / `Basic x` outside a header line. */
const AUTH_SCHEME = /(?<![A-Za-z0-9])(?:bearer|basic)\s+([^\s"',;]+)/gi;
/** `--token=abc`, `--api-key abc` at the start of a word (not the `-token` of `200,000-token`). */
const FLAG_VALUE = /(?<![^\s"'`(=,;[])--?[a-z-]*(?:token|secret|api-?key|password|passwd)(=|\s+)([^\s"'`]+)/gi;
/** `NAME=value` (an env dump, a query string without its URL); the name is judged by strictSecretName. */
const NAMED_VALUE = /(?<![A-Za-z0-9_.-])([A-Za-z][A-Za-z0-9_.-]*)=([^\s&;"',]+)/g;
/** `-pVALUE` as a word (mysql's password glued to its flag). */
const GLUED_P = /(?<![^\s"'`])-p([^\s"'`=]{4,})(?![^\s"'`])/g;

/**
 * The literals every rule needs (matched without case): a text with none of them is returned
 * without running the rules (the CLI's --json of 10,000 tool schemas). Adding a rule means adding
 * its literal here (secret-rules.test.ts checks both paths agree).
 */
const MAY_MATCH = /:\/\/|=|-p|\/b|webhooks|sk[-_]|gh[pousr]_|github_pat_|glpat-|xox[abprs]-|npm_|hf_|akia|aiza|eyj|authorization|api-?key|cookie|bearer|basic|token|secret|passw/i;

/** Weak context (a flag and its value apart, a bare scheme word): only values that look generated. */
function looksGenerated(v: string): boolean {
  return /[0-9]/.test(v) || (v.length >= 24 && /^[A-Za-z0-9._~+/=-]+$/.test(v));
}

/** After a header name: anything but a word of prose ("Authorization: required", "Bearer token"). */
function notProse(v: string): boolean {
  const word = v.split(/\s/, 1)[0]!.replace(/[.,;:!?)]+$/, '');
  return !/^[A-Za-z]{1,15}$/.test(word);
}

/** The spans of every secret the rules find in `text`; a `${VAR}` reference or an already masked value is none. */
export function textSecretSpans(text: string, mask = ''): Span[] {
  if (!MAY_MATCH.test(text)) return [];
  const out: Array<[number, number]> = [];
  // The literal parts only: `${VAR}` references stay, a `${VAR:-default}` loses its default (CFG-8).
  const add = (start: number, value: string) => {
    if (mask !== '' && value.includes(mask)) return;
    for (const part of literalParts(value)) {
      const at = value.indexOf(part);
      if (at >= 0) out.push([start + at, start + at + part.length]);
    }
  };
  for (const m of text.matchAll(URL_IN_TEXT)) {
    for (const piece of urlSecrets(m[0])) {
      for (let at = m[0].indexOf(piece); piece !== '' && at >= 0; at = m[0].indexOf(piece, at + piece.length)) add(m.index + at, piece);
    }
  }
  for (const m of text.matchAll(KNOWN_TOKENS)) add(m.index, m[0]);
  for (const m of text.matchAll(HEADER_LINE)) {
    const value = m[2]!.trimEnd();
    const at = m.index + m[0].length - m[2]!.length;
    const scheme = SCHEME.exec(value);
    if (!scheme) {
      if (notProse(value)) add(at, value);
    } else {
      const cred = /^[^\s"',;]+/.exec(value.slice(scheme[0].length));
      if (cred && notProse(cred[0])) add(at + scheme[0].length, cred[0]);
    }
  }
  for (const m of text.matchAll(AUTH_SCHEME)) if (looksGenerated(m[1]!) && m[1]!.length >= 8) add(m.index + m[0].length - m[1]!.length, m[1]!);
  for (const m of text.matchAll(FLAG_VALUE)) if (m[1] === '=' || looksGenerated(m[2]!)) add(m.index + m[0].length - m[2]!.length, m[2]!);
  for (const m of text.matchAll(NAMED_VALUE)) if (strictSecretName(m[1]!)) add(m.index + m[1]!.length + 1, m[2]!);
  for (const m of text.matchAll(GLUED_P)) if (passwordLike(m[1]!)) add(m.index + 2, m[1]!);
  return out;
}

/** The secret strings the rules find in `text` (for an entry's strings: what the writer refuses). */
export function textSecrets(text: string): string[] {
  return [...new Set(textSecretSpans(text).map(([s, e]) => text.slice(s, e)))];
}

/** `text` with the given spans (overlapping or not) replaced by `mask`. */
export function maskSpans(text: string, spans: readonly Span[], mask: string): string {
  if (spans.length === 0) return text;
  const sorted = [...spans].sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  let out = '';
  let at = 0;
  for (const [s, e] of sorted) {
    if (e <= at) continue;
    if (s >= at) out += text.slice(at, s) + mask;
    at = e;
  }
  return out + text.slice(at);
}

/** A header's secret pieces: by its name (secret-values.ts headerSecrets), and the text rules in its value. */
export function headerValueSecrets(name: string, value: string): string[] {
  return [...new Set([...headerSecrets(name, value), ...textSecrets(value)])];
}
