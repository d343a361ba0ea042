// The CLI's print boundary (issue 21 F3, F4): everything a command prints passes here, once.
// - Secrets: the one text redaction (shared/secrets/secret-text.ts, the page's and the bridge's
//   too) masks URL user info, secret query parameters, `Authorization:` lines and token shapes
//   in every line, human or `--json` (a JSON document is redacted value by value, so it stays
//   valid JSON).
// - Terminal escapes, human output only: what a server controls (tool names, descriptions,
//   results, stderr tails, reasons) could clear the screen, retitle the window, plant an OSC 8
//   link or write the clipboard (OSC 52). C0 controls except newline and tab, DEL and C1 are
//   shown escaped (`\x1b`), so no sequence reaches the terminal. `--json` is left as JSON writes
//   it (JSON.stringify already escapes C0).
// - Issue 35: bidirectional and invisible format characters (U+202E, U+200B, U+2066–U+2069, the
//   tag block: Unicode's Cf) are shown escaped too (`\u202e`), so a description cannot read
//   otherwise on screen than it is (Trojan Source).
import { redactText } from '../../../shared/secrets/secret-text';
import { escapeCodePoint, FORMAT_CHARS } from '../../../shared/text/invisible';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

/** Control and format characters shown, not obeyed: `\x1b`, `\r`, `\u009b`, `\u202e`. */
export function escapeTerminal(text: string): string {
  return text
    .replace(CONTROL, (c) => {
      const code = c.charCodeAt(0);
      if (c === '\r') return '\\r';
      return code < 0x80 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
    })
    .replace(FORMAT_CHARS, escapeCodePoint);
}

/**
 * JSON.stringify's replacer for the print boundary: every string value through the redaction,
 * keys and structure untouched. Redacted as it is written rather than copied first: a copy of
 * 10,000 rows cost more than the redaction itself (issue 44).
 */
export const redactStrings = (_key: string, value: unknown): unknown => (typeof value === 'string' ? redactText(value) : value);

export interface CliWriters {
  stdout(text: string): void;
  stderr(text: string): void;
  /** A credential the user asked for (`serve`'s one-time link): not masked, still escaped. */
  stdoutCredential(text: string): void;
}

/** The writers of one run: `json` (stdout is one JSON document, printJson redacts it). */
export function cliWriters(json: boolean, out: (t: string) => void, err: (t: string) => void): CliWriters {
  const human = (t: string) => escapeTerminal(redactText(t));
  return {
    stdout: (t) => out(json ? t : human(t)),
    stderr: (t) => err(human(t)),
    stdoutCredential: (t) => out(json ? t : escapeTerminal(t)),
  };
}
