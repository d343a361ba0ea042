// SEC-9 (issue 35): characters that make text read otherwise than its bytes say: Unicode's format
// characters (Cf), among them the bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E,
// U+200F, U+061C), the zero-width ones (U+200B–U+200D, U+2060, U+FEFF) and the tag block
// (U+E0000–U+E007F). Human CLI output shows them escaped (host/cli/output.ts); a server name
// holding one (or a control character) is refused by the writer.

/** Every format character (global: for replacing). */
// The families the poisoning checks name apart (CONN-11, shared/trust/characters.ts).
/** Bidirectional overrides and embeddings (U+202A–U+202E): reorder what follows. */
export const BIDI_OVERRIDE = /[\u202a-\u202e]/u;
/** Bidirectional isolates (U+2066–U+2069). */
export const BIDI_ISOLATE = /[\u2066-\u2069]/u;
/** The Unicode tag block (U+E0000–U+E007F): invisible copies of ASCII. */
export const TAG_CHAR = /[\u{e0000}-\u{e007f}]/u;
/** Zero-width space, non-joiner, joiner, word joiner, invisible operators, BOM. */
export const ZERO_WIDTH = /[\u200b-\u200d\u2060-\u2064\ufeff]/u;
/** Soft hyphen: shown only at a line break. */
export const SOFT_HYPHEN = '\u00ad';
/** The ASCII a tag character stands for (U+E0041 → "A"); null outside U+E0020–U+E007E. */
export function tagToAscii(c: string): string | null {
  const code = c.codePointAt(0)!;
  return code >= 0xe0020 && code <= 0xe007e ? String.fromCharCode(code - 0xe0000) : null;
}

export const FORMAT_CHARS = /\p{Cf}/gu;
/** A control or format character anywhere. */
const CONTROL_OR_FORMAT = /[\p{Cc}\p{Cf}]/u;

/** `\u202e`, or `\u{e0041}` beyond the BMP: what a reader sees instead of the character. */
export function escapeCodePoint(c: string): string {
  const code = c.codePointAt(0)!;
  return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** The text with every control and format character shown as its escape. */
export function showInvisible(text: string): string {
  return text.replace(/[\p{Cc}\p{Cf}]/gu, escapeCodePoint);
}

/** Like showInvisible, but line breaks and tabs stay as they are (multi-line text shown as lines). */
export function showHidden(text: string): string {
  return text.replace(/[\p{Cc}\p{Cf}]/gu, (c) => (c === '\n' || c === '\t' || c === '\r' ? c : escapeCodePoint(c)));
}

/** Does the text hold a character that is invisible or changes how the rest reads? */
export function hasInvisible(text: string): boolean {
  return CONTROL_OR_FORMAT.test(text);
}
