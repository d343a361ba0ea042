// UI-9: English and Chinese, following the system locale, switchable. Pure: the renderer,
// the tray and the CLI share it.
import { en, type MessageKey, zh } from './messages';

export type Locale = 'en' | 'zh';
export type { MessageKey };
export const LOCALES: readonly Locale[] = ['en', 'zh'];

const tables: Record<Locale, Record<MessageKey, string>> = { en, zh };

/** `zh-CN`, `zh_TW.UTF-8`, `zh` → zh; anything else → en. */
export function pickLocale(tags: readonly (string | undefined)[]): Locale {
  for (const tag of tags) if (tag && /^zh\b|^zh[-_]/i.test(tag)) return 'zh';
  return 'en';
}

export type Vars = Record<string, string | number>;

export function translate(locale: Locale, key: MessageKey, vars: Vars = {}): string {
  const text = tables[locale][key] ?? en[key];
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

/** Plural pick for keys that come as `x_one` / `x_other`. */
export function plural(locale: Locale, base: string, n: number, vars: Vars = {}): string {
  const key = `${base}_${n === 1 ? 'one' : 'other'}` as MessageKey;
  return translate(locale, key, { ...vars, n });
}

export type Translator = ((key: MessageKey, vars?: Vars) => string) & { plural: (base: string, n: number, vars?: Vars) => string; locale: Locale };

export function translator(locale: Locale): Translator {
  const t = ((key: MessageKey, vars?: Vars) => translate(locale, key, vars)) as Translator;
  t.plural = (base, n, vars) => plural(locale, base, n, vars);
  t.locale = locale;
  return t;
}
