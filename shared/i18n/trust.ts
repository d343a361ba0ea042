// CONN-11: a poisoning finding in words, for the page, the tray and the CLI. Speaks through the
// trust catalogue alone (core.ts), like reasons.ts: the CLI does not load every view's sentences.
import type { Finding } from '../trust/finding';
import { catalogueTranslator, type Locale } from './core';
import { trust } from './messages/trust';

const say = { en: catalogueTranslator(trust, 'en'), zh: catalogueTranslator(trust, 'zh') };

/** The finding's reason, its matched text filled in. */
export function findingSentence(locale: Locale, f: Pick<Finding, 'code' | 'params'>): string {
  return say[locale](`trust.code.${f.code}`, f.params);
}

/** The kind's short name (a badge). */
export function findingKindLabel(locale: Locale, f: Pick<Finding, 'kind'>): string {
  return say[locale](`trust.kind.${f.kind}`);
}
