// UI-9: English and Chinese, following the system locale, switchable. Pure: the renderer,
// the tray and the CLI share it. Plurals, numbers and times go through Intl with the UI
// locale, never the runtime's default (a Chinese UI on an English system says 23:27:54).
import { fill, type Locale, type Vars } from './core';
import { en, type MessageKey, zh } from './messages';

export type { Locale, MessageKey, Vars };
export { pickLocale } from './core';
export const LOCALES: readonly Locale[] = ['en', 'zh'];

const tables: Record<Locale, Record<MessageKey, string>> = { en, zh };

/** The BCP 47 tag Intl formats with for each UI locale. */
export const INTL_TAG: Record<Locale, string> = { en: 'en', zh: 'zh-CN' };

/** `servers.tools` for the pair `servers.tools_one` / `servers.tools_other`. */
export type PluralBase = MessageKey extends infer K ? (K extends `${infer B}_other` ? B : never) : never;

export function translate(locale: Locale, key: MessageKey, vars: Vars = {}): string {
  return fill(tables[locale][key] ?? en[key], vars);
}

// Intl objects are costly to build and a render formats many values: one of each per locale.
const cache = new Map<string, Intl.PluralRules | Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.PluralRules | Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let v = cache.get(key) as T | undefined;
  if (!v) cache.set(key, (v = make()));
  return v;
}

export function formatNumber(locale: Locale, n: number): string {
  return cached(`n:${locale}`, () => new Intl.NumberFormat(INTL_TAG[locale])).format(n);
}

/** A fraction as a percentage: `0.2%` (one decimal at most). */
export function formatPercent(locale: Locale, fraction: number): string {
  return cached(`pc:${locale}`, () => new Intl.NumberFormat(INTL_TAG[locale], { style: 'percent', maximumFractionDigits: 1 })).format(fraction);
}

/** Wall-clock time of an epoch-ms instant: `11:27:54 PM` / `23:27:54`. */
export function formatTime(locale: Locale, ms: number): string {
  return cached(`t:${locale}`, () => new Intl.DateTimeFormat(INTL_TAG[locale], { timeStyle: 'medium' })).format(ms);
}

/** Date and time of an epoch-ms instant. */
export function formatDateTime(locale: Locale, ms: number): string {
  return cached(`dt:${locale}`, () => new Intl.DateTimeFormat(INTL_TAG[locale], { dateStyle: 'medium', timeStyle: 'medium' })).format(ms);
}

/**
 * Plural pick for keys that come as `x_one` / `x_other`: the locale's Intl category (Chinese
 * has only `other`), falling back to `other` for categories the catalogues do not carry.
 * `{n}` is filled with the locale's number format.
 */
export function plural(locale: Locale, base: PluralBase, n: number, vars: Vars = {}): string {
  const category = cached(`p:${locale}`, () => new Intl.PluralRules(INTL_TAG[locale])).select(n);
  const key = `${base}_${category === 'one' ? 'one' : 'other'}` as MessageKey;
  return translate(locale, key, { ...vars, n: formatNumber(locale, n) });
}

/** A message the host sent as a code and params (UI-9), said through `${prefix}.${code}`. */
export interface CodedText {
  code: string;
  params?: Vars;
}

/** The sentence of a coded message; an unknown code (a newer host) shows as itself. */
export function translateCode(locale: Locale, prefix: string, c: CodedText): string {
  const key = `${prefix}.${c.code}`;
  return key in en ? translate(locale, key as MessageKey, c.params) : c.code;
}

export type Translator = ((key: MessageKey, vars?: Vars) => string) & {
  code: (prefix: string, c: CodedText) => string;
  plural: (base: PluralBase, n: number, vars?: Vars) => string;
  number: (n: number) => string;
  percent: (fraction: number) => string;
  time: (ms: number) => string;
  dateTime: (ms: number) => string;
  locale: Locale;
};

export function translator(locale: Locale): Translator {
  const t = ((key: MessageKey, vars?: Vars) => translate(locale, key, vars)) as Translator;
  t.plural = (base, n, vars) => plural(locale, base, n, vars);
  t.number = (n) => formatNumber(locale, n);
  t.percent = (fraction) => formatPercent(locale, fraction);
  t.code = (prefix, c) => translateCode(locale, prefix, c);
  t.time = (ms) => formatTime(locale, ms);
  t.dateTime = (ms) => formatDateTime(locale, ms);
  t.locale = locale;
  return t;
}
