// DISC-2: the tool_search tokenizer (seed 000 tokenize.ts:13). Chinese (and other CJK)
// text becomes single characters plus adjacent pairs, so "创建议题" finds "创建" and "议题";
// Latin text splits into words and then snake_case, kebab-case and camelCase parts (a
// split word is kept whole too). One pass over the text: it runs for every tool on index
// build (10,000 tools ≤ 150 ms).

const NON_ASCII_WORD = /[\p{L}\p{N}]/u;

function isCjk(cp: number): boolean {
  return (
    (cp >= 0x4e00 && cp <= 0x9fff) || // CJK unified ideographs
    (cp >= 0x3400 && cp <= 0x4dbf) || // extension A
    (cp >= 0x3040 && cp <= 0x30ff) || // hiragana, katakana
    (cp >= 0xac00 && cp <= 0xd7af) || // hangul syllables
    (cp >= 0xf900 && cp <= 0xfaff) || // compatibility ideographs
    (cp >= 0x20000 && cp <= 0x3134f) // extensions B–G
  );
}

const isUpper = (c: number): boolean => c >= 0x41 && c <= 0x5a;
const isLowerOrDigit = (c: number): boolean => (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39);
const isLower = (c: number): boolean => c >= 0x61 && c <= 0x7a;

function isWordChar(cp: number, text: string, i: number, size: number): boolean {
  if (cp < 0x80) return isLowerOrDigit(cp) || isUpper(cp);
  return NON_ASCII_WORD.test(text.slice(i, i + size));
}

/** A word: itself, or when it has camelCase humps its parts and then itself. */
function pushWord(word: string, hasUpper: boolean, out: string[]): void {
  const lower = hasUpper ? word.toLowerCase() : word;
  if (!hasUpper) {
    out.push(lower);
    return;
  }
  let start = 0;
  for (let i = 1; i < word.length; i++) {
    const cur = word.charCodeAt(i);
    if (!isUpper(cur)) continue;
    const prev = word.charCodeAt(i - 1);
    // fooBar, foo2Bar | HTTPServer (split before the last capital of a run followed by lower case)
    if (isLowerOrDigit(prev) || (isUpper(prev) && isLower(word.charCodeAt(i + 1)))) {
      out.push(lower.slice(start, i));
      start = i;
    }
  }
  if (start === 0) {
    out.push(lower);
    return;
  }
  out.push(lower.slice(start), lower);
}

function pushCjk(run: string[], out: string[]): void {
  for (const c of run) out.push(c);
  for (let k = 0; k + 1 < run.length; k++) out.push(run[k]! + run[k + 1]!);
}

export function tokenize(text: string): string[] {
  const out: string[] = [];
  let wordStart = -1;
  let hasUpper = false;
  let cjk: string[] = [];
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i)!;
    const size = cp > 0xffff ? 2 : 1;
    const isHan = cp >= 0x3040 && isCjk(cp);
    const isWord = !isHan && isWordChar(cp, text, i, size);
    if (!isWord && wordStart >= 0) {
      pushWord(text.slice(wordStart, i), hasUpper, out);
      wordStart = -1;
      hasUpper = false;
    }
    if (!isHan && cjk.length) {
      pushCjk(cjk, out);
      cjk = [];
    }
    if (isHan) cjk.push(text.slice(i, i + size));
    else if (isWord) {
      if (wordStart < 0) wordStart = i;
      // Non-ASCII capitals only need lower-casing; camelCase humps are ASCII.
      if (isUpper(cp) || cp >= 0x80) hasUpper = true;
    }
    i += size;
  }
  if (wordStart >= 0) pushWord(text.slice(wordStart), hasUpper, out);
  if (cjk.length) pushCjk(cjk, out);
  return out;
}
