// The parts of i18n that need no catalogue: the locale, `{name}` filling, and a translator over
// one catalogue. A path that speaks through one catalogue (a bridge start, the keychain
// adapter) loads that one, not all of them.
export type Locale = 'en' | 'zh';
export type Vars = Record<string, string | number>;

/** `zh-CN`, `zh_TW.UTF-8`, `zh` → zh; anything else → en. */
export function pickLocale(tags: readonly (string | undefined)[]): Locale {
  for (const tag of tags) if (tag && /^zh\b|^zh[-_]/i.test(tag)) return 'zh';
  return 'en';
}

/** `{name}` → its value; a name without one stays as written. */
export function fill(text: string, vars: Vars): string {
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

/** The sentences of one catalogue (shared/i18n/messages/*.ts) in one language. */
export function catalogueTranslator<K extends string>(c: { en: Record<K, string>; zh: Record<K, string> }, locale: Locale): (key: K, vars?: Vars) => string {
  return (key, vars = {}) => fill(c[locale][key] ?? c.en[key], vars);
}
