// CONN-11 / SEC-9: characters that hide text from the person reading a tool's description while
// the model reads it (OWASP MCP03; gridctl's "Unicode tag-block payloads"). The classes are
// shared/text/invisible.ts's; this names each run and says what it hides.
// Not flagged (false positives in ordinary text): a zero-width joiner or non-joiner between two
// non-ASCII letters or emoji (emoji sequences 👩‍💻, Persian and Indic text), LRM/RLM/ALM beside
// a right-to-left letter (marks that only nudge neutral characters), and a subdivision flag's tag sequence
// (🏴 + lowercase tags + U+E007F, e.g. the flag of Scotland).
import { BIDI_ISOLATE, BIDI_OVERRIDE, escapeCodePoint, SOFT_HYPHEN, TAG_CHAR, tagToAscii, ZERO_WIDTH } from '../text/invisible';
import type { FindingCode } from './finding';

export interface CharRun {
  code: FindingCode;
  /** Index of the run's first code unit in the text. */
  at: number;
  end: number;
  params: Record<string, string | number>;
}

// Letters, marks (variation selectors among them), emoji and their skin-tone modifiers.
const JOINER_NEIGHBOUR = /^(?:\p{L}|\p{M}|\p{Extended_Pictographic}|\p{Emoji_Modifier})$/u;
const ALLOWED_MARKS = new Set(['\u200e', '\u200f', '\u061c']);
/** Scripts written right to left: a direction mark beside one of their letters is ordinary. */
const RTL_LETTER = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const BLACK_FLAG = 0x1f3f4;
const CANCEL_TAG = 0xe007f;

function isLegitJoiner(chars: string[], i: number): boolean {
  const c = chars[i]!;
  if (c !== '\u200c' && c !== '\u200d') return false;
  const prev = chars[i - 1];
  const next = chars[i + 1];
  const ok = (x: string | undefined) => x !== undefined && x.charCodeAt(0) > 0x7f && JOINER_NEIGHBOUR.test(x);
  return ok(prev) && ok(next);
}

function isLegitMark(chars: string[], i: number): boolean {
  return ALLOWED_MARKS.has(chars[i]!) && (RTL_LETTER.test(chars[i - 1] ?? '') || RTL_LETTER.test(chars[i + 1] ?? ''));
}

function codeOf(c: string): FindingCode | null {
  if (TAG_CHAR.test(c)) return 'tag-block.payload';
  if (BIDI_OVERRIDE.test(c)) return 'bidi.override';
  if (BIDI_ISOLATE.test(c)) return 'bidi.isolate';
  if (ZERO_WIDTH.test(c)) return 'hidden.zero-width';
  if (c === SOFT_HYPHEN) return 'hidden.soft-hyphen';
  if (/\p{Cf}/u.test(c)) return 'hidden.format';
  if (/[\p{Cc}]/u.test(c) && c !== '\n' && c !== '\r' && c !== '\t') return 'hidden.control';
  return null;
}

/** A 🏴 followed by 1–6 lowercase/digit tags and the cancel tag: a subdivision flag. */
function flagSequenceEnd(chars: string[], i: number): number {
  if (chars[i - 1]?.codePointAt(0) !== BLACK_FLAG) return -1;
  let j = i;
  while (j < chars.length && /^[a-z0-9]$/.test(tagToAscii(chars[j]!) ?? '')) j++;
  return j - i >= 1 && j - i <= 6 && chars[j]?.codePointAt(0) === CANCEL_TAG ? j : -1;
}

/** Every run of one kind of hiding character, by code point (a tag run decoded to its ASCII). */
export function characterRuns(text: string): CharRun[] {
  if (!/[\p{Cf}\p{Cc}]/u.test(text)) return [];
  const chars = Array.from(text);
  const runs: CharRun[] = [];
  let offset = 0;
  // Held in an object: TypeScript does not follow a `let` that a closure resets.
  const cur: { open: (CharRun & { seen: string[] }) | null } = { open: null };
  const close = () => {
    if (!cur.open) return;
    const { seen, ...run } = cur.open;
    if (run.code === 'tag-block.payload') run.params.payload = seen.map((c) => tagToAscii(c) ?? '').join('');
    else run.params.chars = [...new Set(seen.map(escapeCodePoint))].join(' ');
    run.params.count = seen.length;
    runs.push(run);
    cur.open = null;
  };
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    const len = c.length;
    const flagEnd = c.codePointAt(0)! >= 0xe0000 ? flagSequenceEnd(chars, i) : -1;
    if (flagEnd >= 0) {
      close();
      for (let j = i; j <= flagEnd; j++) offset += chars[j]!.length;
      i = flagEnd;
      continue;
    }
    const code = isLegitJoiner(chars, i) || isLegitMark(chars, i) ? null : codeOf(c);
    if (code && cur.open?.code === code) {
      cur.open.seen.push(c);
      cur.open.end = offset + len;
    } else {
      close();
      if (code) cur.open = { code, at: offset, end: offset + len, params: {}, seen: [c] };
    }
    offset += len;
  }
  close();
  return runs;
}

/**
 * The text as the model may read it: hiding characters removed, tag characters replaced by the
 * ASCII they spell, compatibility forms folded (full-width letters) so the phrase checks see it.
 */
export function readableText(text: string): string {
  if (!/\p{Cf}/u.test(text)) return /^[\x20-\x7e\s]*$/.test(text) ? text : text.normalize('NFKC');
  let out = '';
  let inTags = false;
  for (const c of text) {
    const tag = TAG_CHAR.test(c);
    // A tag run reads as its own words, not glued to the visible ones around it.
    if (tag !== inTags) out += ' ';
    inTags = tag;
    const ascii = tag ? tagToAscii(c) : null;
    if (ascii !== null) out += ascii;
    else if (!tag && (!/\p{Cf}/u.test(c) || ALLOWED_MARKS.has(c))) out += c;
  }
  return out.normalize('NFKC');
}
