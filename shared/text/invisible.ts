// SEC-9 (issue 35): characters that make text read otherwise than its bytes say: Unicode's format
// characters (Cf), among them the bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E,
// U+200F, U+061C), the zero-width ones (U+200B–U+200D, U+2060, U+FEFF) and the tag block
// (U+E0000–U+E007F). Human CLI output shows them escaped (host/cli/output.ts); a server name
// holding one (or a control character) is refused by the writer.

/** Every format character (global: for replacing). */
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

/** Does the text hold a character that is invisible or changes how the rest reads? */
export function hasInvisible(text: string): boolean {
  return CONTROL_OR_FORMAT.test(text);
}
