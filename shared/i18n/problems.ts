// UI-9 (issue 22): a config problem (CFG-5) in words: the entry's name, the code's sentence and
// the sentences said after it, in the reader's language. The engine keeps the English of the
// same keys as the problem's `message`; this is the renderer's side of it.
import type { ProblemNote } from '../schemas/notes';
import { type Locale, translateCode } from './index';
import { profileFacts } from '../profiles';
import { ProfileSchema } from '../schemas/server';

export function sayProblem(locale: Locale, note: ProblemNote): string {
  const text = [note, ...(note.more ?? [])].map((p) => translateCode(locale, 'problem', inLocale(locale, p))).join('');
  return note.server ? `${note.server}${locale === 'zh' ? '：' : ': '}${text}` : text;
}

/** A part whose `where` was worded by the engine in English names its agent too, whose folder has the words (CFG-3). */
function inLocale<P extends { params: Record<string, string | number> }>(locale: Locale, p: P): P {
  const agent = ProfileSchema.safeParse(p.params.whereOf);
  return agent.success ? { ...p, params: { ...p.params, where: profileFacts(agent.data).expansionWhere[locale] } } : p;
}
