// UI-2 pure helpers: the draft entry is one object; the form and the raw JSON tab are two views
// of it. Validation as you type uses the dialect's zod schema, the one the host writes with.
import { entrySchemaFor } from '../../../../shared/schemas/dialects';
import { inferTransport } from '../../../../shared/schemas/dialects/common';
import { SECRET_MASK } from '../../../../shared/contract';
import type { LayerKind, Profile, Transport } from '../../../../shared/schemas/server';
import { agentReadsReference, type SecretSlotKind } from '../../../../shared/schemas/expansion';
import type { EditableLayer } from '../../../../shared/contract';

export type Entry = Record<string, unknown>;

export interface Issue {
  pointer: string;
  message: string;
}

export function validateEntry(dialect: Profile, entry: Entry): Issue[] {
  const r = entrySchemaFor(dialect).safeParse(entry);
  if (r.success) return [];
  return r.error.issues.map((i) => ({ pointer: '/' + i.path.map(String).join('/'), message: i.message }));
}

const RESERVED = new Set(['matrix', 'nd', 'cu', '__proto__', 'constructor', 'prototype']);

export function validateName(name: string, taken: readonly string[]): string | null {
  if (!name.trim()) return 'empty';
  if (RESERVED.has(name)) return 'reserved';
  if (taken.includes(name)) return 'taken';
  return null;
}

export function transportOf(dialect: Profile, entry: Entry): Transport {
  if (dialect === 'minara') return 'http';
  return inferTransport(entry) ?? 'stdio';
}

/** Switch transport: keep the fields both share, drop the ones the other transport has no use for. */
export function withTransport(dialect: Profile, entry: Entry, t: Transport): Entry {
  if (dialect === 'minara') return entry;
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

const SECRET_NAME = /token|secret|key|passw|pwd|credential|auth|session|cookie/i;
const REF = /^(?:\s*(?:bearer|basic|token)\s+)?\$\{[A-Za-z_][A-Za-z0-9_]*(?::-[^}]*)?\}\s*$/i;

/** Client-side hint (the host decides, CFG-8): a literal value under a secret-looking name. */
export function looksSecret(key: string, value: string): boolean {
  return SECRET_NAME.test(key) && value !== '' && value !== SECRET_MASK && !REF.test(value);
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
  return dialect === 'minara' ? { url: '' } : { command: '' };
}

/** CFG-3/CFG-8: "Move to keychain" only where the agent reads the reference it leaves behind. */
export function keychainUsable(layers: readonly EditableLayer[] | null, layer: LayerKind, slot: SecretSlotKind): boolean {
  const file = layers?.find((l) => l.layer === layer);
  return file !== undefined && agentReadsReference(file.expansion, slot);
}
