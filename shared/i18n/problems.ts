// UI-9 (issue 22): a config problem (CFG-5) in words: the entry's name, the code's sentence and
// the sentences said after it, in the reader's language. The engine keeps the English of the
// same keys as the problem's `message`; this is the renderer's side of it.
import type { ProblemNote } from '../schemas/notes';
import { type Locale, translateCode } from './index';

export function sayProblem(locale: Locale, note: ProblemNote): string {
  const text = [note, ...(note.more ?? [])].map((p) => translateCode(locale, 'problem', p)).join('');
  return note.server ? `${note.server}${locale === 'zh' ? '：' : ': '}${text}` : text;
}
