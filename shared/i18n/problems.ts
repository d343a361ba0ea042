// UI-9 (issue 22): a config problem (CFG-5) in words: the entry's name, the code's sentence and
// the sentences said after it, in the reader's language. The engine keeps the English of the
// same keys as the problem's `message`; this is the renderer's side of it.
import type { ProblemNote } from '../schemas/notes';
import { type Locale, translate, translateCode } from './index';
import type { MessageKey } from './messages';

export function sayProblem(locale: Locale, note: ProblemNote): string {
  const text = [note, ...(note.more ?? [])].map((p) => translateCode(locale, 'problem', inLocale(locale, p))).join('');
  return note.server ? `${note.server}${locale === 'zh' ? '：' : ': '}${text}` : text;
}

/** A part whose `where` was worded by the engine in English carries its key too (CFG-3). */
function inLocale<P extends { params: Record<string, string | number> }>(locale: Locale, p: P): P {
  const key = p.params.whereKey;
  return typeof key === 'string' ? { ...p, params: { ...p.params, where: translate(locale, key as MessageKey) } } : p;
}
