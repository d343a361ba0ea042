// UI-2 pure helpers: the draft entry is one object; the form and the raw JSON tab are two views
// of it. Validation as you type uses the dialect's zod schema, the one the host writes with.
import zodEn from 'zod/v4/locales/en.js';
import zodZhCN from 'zod/v4/locales/zh-CN.js';
import type { Locale } from '../../../../shared/i18n';
import { entrySchemaFor } from '../../../../shared/schemas/dialects';
import { profileFacts } from '../../../../shared/profiles';
import { FORBIDDEN_SERVER_NAMES, inferTransport } from '../../../../shared/schemas/dialects/common';
import { findInlineSecrets } from '../../../../shared/secrets/secret-rules';
import { SECRET_MASK } from '../../../../shared/contract';
import type { LayerKind, Profile, Transport } from '../../../../shared/schemas/server';
import { agentReadsReference, type SecretSlotKind } from '../../../../shared/schemas/expansion';
import type { EditableLayer } from '../../../../shared/contract';

export type Entry = Record<string, unknown>;

export interface Issue {
  pointer: string;
  message: string;
}

/** UI-9: zod's own messages in the page's language (only the two catalogues the page has). */
const zodMessages: Record<Locale, ReturnType<typeof zodEn>['localeError']> = { en: zodEn().localeError, zh: zodZhCN().localeError };

export function validateEntry(dialect: Profile, entry: Entry, locale: Locale = 'en'): Issue[] {
  const r = entrySchemaFor(dialect).safeParse(entry, { error: zodMessages[locale] });
  if (r.success) return [];
  return r.error.issues.map((i) => ({ pointer: '/' + i.path.map(String).join('/'), message: i.message }));
}

/**
 * The writer's name rule (server-ops.ts), told before the save. CFG-4's other reserved names
 * (matrix, nd, cu) bind only minimax project files, which the panel never writes.
 */
export function validateName(name: string, taken: readonly string[]): string | null {
  if (!name.trim()) return 'empty';
  if (FORBIDDEN_SERVER_NAMES.has(name)) return 'reserved';
  if (taken.includes(name)) return 'taken';
  return null;
}

export function transportOf(dialect: Profile, entry: Entry): Transport {
  const { transports } = profileFacts(dialect);
  if (transports.length === 1) return transports[0]!;
  return inferTransport(entry) ?? 'stdio';
}

/** Switch transport: keep the fields both share, drop the ones the other transport has no use for. */
export function withTransport(dialect: Profile, entry: Entry, t: Transport): Entry {
  if (profileFacts(dialect).transports.length === 1) return entry;
  const next: Entry = { ...entry };
  if (t === 'stdio') {
    delete next.url;
    delete next.headers;
    delete next.type;
    next.command ??= '';
  } else {
    delete next.command;
    delete next.args;
    delete next.env;
    delete next.cwd;
    next.type = t;
    next.url ??= '';
  }
  return next;
}

export type Pairs = [string, string][];

export function pairsOf(v: unknown): Pairs {
  return v && typeof v === 'object' && !Array.isArray(v) ? Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, String(x ?? '')]) : [];
}

export function fromPairs(p: Pairs): Record<string, string> | undefined {
  const kept = p.filter(([k]) => k.trim() !== '');
  return kept.length ? Object.fromEntries(kept) : undefined;
}

export function setField(entry: Entry, key: string, value: unknown): Entry {
  const next = { ...entry };
  if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) delete next[key];
  else next[key] = value;
  return next;
}

/** CFG-8 as you type, by the writer's own rule: would this env or header pair be refused? */
export function looksSecret(kind: 'env' | 'header', key: string, value: string): boolean {
  if (value === '' || value === SECRET_MASK) return false;
  return findInlineSecrets(kind === 'env' ? { env: { [key]: value } } : { headers: { [key]: value } }).length > 0;
}

/** The value at a JSON pointer of the draft (to move it to the keychain). */
export function valueAt(entry: Entry, pointer: string): unknown {
  let cur: unknown = entry;
  for (const raw of pointer.split('/').slice(1)) {
    const k = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    cur = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[k] : undefined;
  }
  return cur;
}

export function emptyEntry(dialect: Profile): Entry {
  return profileFacts(dialect).transports.includes('stdio') ? { command: '' } : { url: '' };
}

/** Nothing typed yet: the entry a new draft starts from. */
export function isEmptyEntry(dialect: Profile, entry: Entry): boolean {
  return JSON.stringify(entry) === JSON.stringify(emptyEntry(dialect));
}

/** CFG-3/CFG-8: "Move to keychain" only where the agent reads the reference it leaves behind. */
export function keychainUsable(layers: readonly EditableLayer[] | null, layer: LayerKind, slot: SecretSlotKind): boolean {
  const file = layers?.find((l) => l.layer === layer);
  return file !== undefined && agentReadsReference(file.expansion, slot);
}
