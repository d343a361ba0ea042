// UI-9: a coded message (`{code, params}` plus an untranslatable raw detail) in words. The one
// place that joins sentence and detail, for the renderer, the tray, the CLI and the agent-facing
// texts (which use 'en'). It speaks through the reason catalogue alone (core.ts), so the CLI
// and the engine that word a state do not load every view's sentences.
import type { ReasonCode, ReasonParams } from '../schemas/server';
import { catalogueTranslator, type Locale } from './core';
import { reasons } from './messages/reasons';

const say = { en: catalogueTranslator(reasons, 'en'), zh: catalogueTranslator(reasons, 'zh') };

export interface Coded {
  code: ReasonCode;
  params?: ReasonParams;
  /** Raw detail (an OS or server message), '' when there is none. */
  reason: string;
}

/** The translated sentence of a server state's reason, without the detail. */
export function reasonSentence(locale: Locale, s: Pick<Coded, 'code' | 'params'>): string {
  return say[locale](`reason.${s.code}`, s.params);
}

/** Sentence, then the raw detail after a colon when there is one. */
export function describeReason(locale: Locale, s: Coded): string {
  const sentence = reasonSentence(locale, s);
  return s.reason ? `${sentence}: ${s.reason}` : sentence;
}
