// SEC-2 both ways for the editor: the page edits entries whose secrets it only saw as
// SECRET_MASK. On save, a masked value still equal to the mask means "unchanged": put the
// file's value back. Conflict texts going to the page get every secret value masked.
import { parse } from 'jsonc-parser';
import { SECRET_MASK } from '../../../shared/contract';
import { redactEntry } from './redact';

/** Replace SECRET_MASK leaves of `edited` by the value at the same place in `original`. */
export function unmaskEntry(edited: unknown, original: unknown): unknown {
  if (edited === SECRET_MASK) return original === undefined ? edited : original;
  if (Array.isArray(edited)) return edited.map((v, i) => unmaskEntry(v, Array.isArray(original) ? original[i] : undefined));
  if (edited && typeof edited === 'object') {
    const o = original && typeof original === 'object' && !Array.isArray(original) ? (original as Record<string, unknown>) : {};
    return Object.fromEntries(Object.entries(edited).map(([k, v]) => [k, unmaskEntry(v, o[k])]));
  }
  return edited;
}

/** Literal values redactEntry would mask, collected by walking both trees side by side. */
function secretsOf(raw: unknown, masked: unknown, out: Set<string>): void {
  if (masked === SECRET_MASK && (typeof raw === 'string' || typeof raw === 'number')) {
    if (String(raw).length >= 3) out.add(String(raw));
    return;
  }
  if (Array.isArray(raw) && Array.isArray(masked)) raw.forEach((v, i) => secretsOf(v, masked[i], out));
  else if (raw && masked && typeof raw === 'object' && typeof masked === 'object') {
    for (const [k, v] of Object.entries(raw)) secretsOf(v, (masked as Record<string, unknown>)[k], out);
  }
}

/** A config file's text with every secret value of its server entries replaced by the mask. */
export function maskConfigText(text: string | null): string | null {
  if (text === null) return null;
  const doc: unknown = parse(text, [], { allowTrailingComma: true });
  const servers = doc && typeof doc === 'object' ? (doc as Record<string, unknown>).mcpServers : undefined;
  const found = new Set<string>();
  if (servers && typeof servers === 'object') {
    for (const entry of Object.values(servers)) {
      if (entry && typeof entry === 'object' && !Array.isArray(entry)) secretsOf(entry, redactEntry(entry as Record<string, unknown>), found);
    }
  }
  let out = text;
  // Longest first so a value containing another is masked whole.
  for (const s of [...found].sort((a, b) => b.length - a.length)) {
    out = out.split(JSON.stringify(s).slice(1, -1)).join(SECRET_MASK);
  }
  return out;
}
