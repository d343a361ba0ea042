// SEC-2 both ways for the editor: the page edits entries whose secrets it only saw masked
// (redactEntry). On save, a value still equal to its masked form means "unchanged": put the
// file's value back, for env and headers (whole value masked) as for URLs and arguments
// (only the secret part masked). Conflict texts going to the page get every secret masked.
import { parse } from 'jsonc-parser';
import { SECRET_MASK } from '../../../shared/contract';
import { AppError } from '../../../shared/errors';
import { entrySecretValues } from '../../../shared/secrets/secret-rules';
import { redactEntry } from './redact';
import { isRecord } from '../../../shared/is-record';


function restore(edited: unknown, masked: unknown, original: unknown, at: string): unknown {
  if (typeof edited === 'string') {
    if (!edited.includes(SECRET_MASK)) return edited;
    if (edited === masked && original !== undefined) return original;
    // A mask that no longer matches its field would be written as literal dots: refuse.
    throw new AppError('invalid-input', `${at || '/'} still holds the hidden-secret placeholder ${SECRET_MASK} but no longer matches the saved value: retype the secret, or undo the change to that field`);
  }
  if (Array.isArray(edited)) {
    const m = Array.isArray(masked) ? masked : [];
    const o = Array.isArray(original) ? original : [];
    return edited.map((v, i) => {
      // An argument moved by an insertion elsewhere is still found by its masked text.
      const j = typeof v === 'string' && v.includes(SECRET_MASK) && m[i] !== v ? m.indexOf(v) : i;
      return restore(v, m[j], o[j], `${at}/${i}`);
    });
  }
  if (isRecord(edited)) {
    const m = isRecord(masked) ? masked : {};
    const o = isRecord(original) ? original : {};
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(edited)) {
      const own = (r: Record<string, unknown>) => (Object.hasOwn(r, k) ? r[k] : undefined);
      Object.defineProperty(out, k, { value: restore(v, own(m), own(o), `${at}/${k}`), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return edited;
}

/**
 * The edited entry with each masked value that the page left as it was replaced by the
 * value at the same place in `original` (the entry as in the file). Throws when a mask is
 * left in a field whose value changed: saving it would write the placeholder to the file.
 */
export function unmaskEntry(edited: unknown, original: unknown): unknown {
  return restore(edited, isRecord(original) ? redactEntry(original) : undefined, original, '');
}

/** A config file's text with every secret value of its server entries replaced by the mask. */
export function maskConfigText(text: string | null): string | null {
  if (text === null) return null;
  const doc: unknown = parse(text, [], { allowTrailingComma: true });
  const servers = isRecord(doc) ? doc.mcpServers : undefined;
  const found = new Set<string>();
  if (isRecord(servers)) for (const entry of Object.values(servers)) for (const s of entrySecretValues(entry)) if (s.length >= 3) found.add(s);
  let out = text;
  // Longest first so a value containing another is masked whole; as it appears in JSON text.
  for (const s of [...found].sort((a, b) => b.length - a.length)) {
    out = out.split(JSON.stringify(s).slice(1, -1)).join(SECRET_MASK);
  }
  return out;
}
