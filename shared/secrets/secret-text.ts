// SEC-2: secrets inside free text leaving the host (state reasons, lastError, targets, error
// messages, logs). Built on the same value rules as the entries (secret-values.ts): URLs are
// masked by urlSecrets, token shapes by KNOWN_TOKENS; on top, the values the host knows are
// secret (the current config's) are masked wherever they appear.
import { KNOWN_TOKENS, URL_IN_TEXT, isEnvReferenceValue, maskPieces, urlSecrets } from './secret-values';

/** What every output (page, CLI, bridge, records) shows in place of a secret. */
export const SECRET_MASK = '••••••';

/** Known secrets shorter than this are not scrubbed from text (they would hit ordinary words). */
const MIN_KNOWN = 4;
/** `Bearer abc`, `Basic abc` in a message or a logged header; credential-shaped (8+ characters with a
 * digit or punctuation), so prose such as "Bearer token required" stays readable. */
const AUTH_SCHEME = /\b(Bearer|Basic)(\s+)((?=[^\s"',;]*[0-9._~+/=-])[^\s"',;]{8,})/gi;
/** `Authorization: xyz`, `X-Api-Key: xyz` in a logged request. */
const HEADER_LINE = /\b((?:proxy-)?authorization|x-api-key|api-key|cookie)(\s*:\s*)([^\r\n"']+)/gi;
/** `--token=abc`, `--api-key abc` in a command line. */
const FLAG_VALUE = /(--?[a-z-]*(?:token|secret|api-?key|password|passwd))(=|\s+)([^\s"']+)/gi;
/** `GITHUB_TOKEN=abc`, `api_key=abc` (an env dump, a query string without its URL). */
const NAMED_VALUE = /\b([A-Za-z0-9_.-]*(?:token|secret|passw(?:or)?d|api[-_]?key|apikey|credential)[A-Za-z0-9_.-]*)=([^\s&;"',]+)/gi;

/** Already masked, or only `${VAR}` references: nothing to hide. */
function keepReference(value: string, mask: string): boolean {
  return value.includes(mask) || isEnvReferenceValue(value);
}

/**
 * What a text must contain for any rule below to match it (each rule's literal part, matched
 * without case): `://` (URL_IN_TEXT), the KNOWN_TOKENS prefixes, the HEADER_LINE, AUTH_SCHEME
 * and FLAG_VALUE words, and the `=` of NAMED_VALUE. A text without any of them is returned as
 * it is, so the CLI's --json (every string of 10,000 tool schemas) skips seven regex passes
 * per string. Adding a rule means adding its literal here (secret-rules.test.ts checks both
 * paths agree).
 */
const MAY_MATCH = /:\/\/|=|sk[-_]|gh[pousr]_|github_pat_|glpat-|xox[abprs]-|akia|aiza|eyj|authorization|api-?key|cookie|bearer|basic|token|secret|passw/i;

/** `text` with every secret the rules recognise, and every `known` secret, replaced by `mask`. */
export function maskSecretsInText(text: string, mask: string, known: readonly string[] = []): string {
  const pieces = known.filter((k) => k.length >= MIN_KNOWN);
  if (pieces.length === 0 && !MAY_MATCH.test(text)) return text;
  let out = maskPieces(text, pieces, mask);
  out = out.replace(URL_IN_TEXT, (url) => maskPieces(url, urlSecrets(url), mask));
  out = out.replace(KNOWN_TOKENS, mask);
  const tail = (m: string, name: string, sep: string, value: string) => (keepReference(value, mask) ? m : `${name}${sep}${mask}`);
  out = out.replace(HEADER_LINE, (m, name: string, sep: string, value: string) => {
    // `Authorization: Bearer x` keeps its scheme word; the next step masks the credential.
    if (/^(?:bearer|basic)\s/i.test(value)) return m;
    return tail(m, name, sep, value.trim());
  });
  out = out.replace(AUTH_SCHEME, tail);
  out = out.replace(FLAG_VALUE, tail);
  return out.replace(NAMED_VALUE, (m, name: string, value: string) => tail(m, name, '=', value));
}

/**
 * SEC-2, issue 21 F3: THE redaction of text leaving any host (the page's answers and events,
 * every line the CLI prints, what the bridge tells the agent, its stderr and live record). No
 * zod, no catalogue: the bridge and the CLI's print boundary load it at start.
 */
export function redactText(text: string, known: readonly string[] = []): string {
  return maskSecretsInText(text, SECRET_MASK, known);
}
