// CTX-2 undo when the agent has rewritten its file since the plan (Qwen Code adds `"$version"` on
// its first run, OpenCode `"$schema"`, Claude Code its start-up counts): the span the plan wrote
// is no longer where it was, so what it changed goes back field by field instead: each entry's
// fields the plan set, and the keys of the file's tool map (OpenCode), each put back to what it
// was, provided it still holds what the plan wrote. The agent's own edits stay.
import { isDeepStrictEqual } from 'node:util';
import { isRecord } from '../../../shared/is-record';
import { profileFacts } from '../../../shared/profiles';
import type { Profile } from '../../../shared/schemas/server';
import { serversOf } from '../bridge/install';
import { applyServerOps, applyToolMapPatch, dialectValidator, spanEditor, type LayerFile, type WriteError } from '../config/writer';
import type { Result } from '../../../shared/result';

/** One entry's fields the plan changed: their values before and after (null: absent). */
export interface FieldChange {
  server: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

export interface FileChanges {
  entries: FieldChange[];
  /** The file's tool map keys the plan changed (OpenCode `tools`): before and after (null: absent). */
  map: Array<{ key: string; before: boolean | null; after: boolean | null }>;
}

const valueOf = (o: unknown, k: string): unknown => (isRecord(o) && Object.hasOwn(o, k) ? o[k] : null);

function mapOf(text: string, profile: Profile): Record<string, unknown> {
  const facts = profileFacts(profile);
  if (!facts.toolMap) return {};
  const parsed = spanEditor(facts.format, text).parse(text);
  const root = parsed.ok && isRecord(parsed.value) ? parsed.value : {};
  const map = root[facts.toolMap.key];
  return isRecord(map) ? map : {};
}

/** What the plan's write changes in `servers`' entries and in the file's tool map. */
export function fileChanges(base: string | null, after: string, file: LayerFile, servers: readonly string[]): FileChanges {
  const b = serversOf(base, file)?.servers ?? {};
  const a = serversOf(after, file)?.servers ?? {};
  const entries: FieldChange[] = [];
  for (const server of servers) {
    const keys = new Set([...(isRecord(b[server]) ? Object.keys(b[server]) : []), ...(isRecord(a[server]) ? Object.keys(a[server]) : [])]);
    const changed = [...keys].filter((k) => !isDeepStrictEqual(valueOf(b[server], k), valueOf(a[server], k)));
    if (changed.length) entries.push({ server, before: Object.fromEntries(changed.map((k) => [k, valueOf(b[server], k)])), after: Object.fromEntries(changed.map((k) => [k, valueOf(a[server], k)])) });
  }
  const mb = mapOf(base ?? '', file.profile);
  const ma = mapOf(after, file.profile);
  const bool = (v: unknown) => (typeof v === 'boolean' ? v : null);
  const map = [...new Set([...Object.keys(mb), ...Object.keys(ma)])].filter((k) => mb[k] !== ma[k]).map((key) => ({ key, before: bool(mb[key]), after: bool(ma[key]) }));
  return { entries, map };
}

/** `text` with the plan's changes put back, or null when one of them no longer holds what the plan wrote. */
export function undoneText(text: string, file: LayerFile, c: FileChanges): Result<string, WriteError> | null {
  const now = serversOf(text, file)?.servers;
  if (!now) return null;
  for (const e of c.entries) for (const [k, v] of Object.entries(e.after)) if (!isDeepStrictEqual(valueOf(now[e.server], k), v)) return null;
  const map = mapOf(text, file.profile);
  for (const m of c.map) if ((typeof map[m.key] === 'boolean' ? map[m.key] : null) !== m.after) return null;
  const ops = c.entries.map((e) => ({ op: 'fields' as const, name: e.server, values: e.before }));
  let out: Result<string, WriteError> = ops.length ? applyServerOps(text, file.profile, ops, dialectValidator, file.container) : { ok: true, value: text };
  const facts = profileFacts(file.profile);
  if (out.ok && c.map.length && facts.toolMap) out = applyToolMapPatch(out.value, facts.format, facts.toolMap.key, c.map.map((m) => [m.key, m.before]));
  return out;
}
