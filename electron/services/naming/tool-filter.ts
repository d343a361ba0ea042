// CONN-8 per-tool switch, seen before it is saved: the server's offered tools, which of them the
// agent lets through now and after the change, and what that does to the names (NAME-4), the
// collisions and the context budget (DISC-1). The filter itself is the engine's (applyLimits);
// the fields are the dialect's (shared/schemas/dialects/tool-filter.ts); the write is the
// writer's `tools` op, with the editor's refusals (read-only layer, conflict on disk).
import type { CollisionRow, Selection, ToolFilterPreview } from '../../../shared/contract';
import { AppError } from '../../../shared/errors';
import { patchedEntry, toolFilterFields, toolFilterPatch, type ToolFilterPatch } from '../../../shared/schemas/dialects/tool-filter';
import type { EffectiveServer, ToolDef, ToolLimits } from '../../../shared/schemas/server';
import type { ApiCore } from '../api/core';
import { toAppError } from '../api/editor-adapter';
import type { RegistryPort, SaveOutcome } from '../api/ports';
import { defKey, liveParts, nameCatalog, type Catalog, type CatalogParts } from '../api/tool-catalog';
import type { ConfigWriter, FileSnapshot } from '../config/writer';
import type { ConnectionPool } from '../connections';
import { applyLimits } from '../connections/limits';

/** Where a server's entry is written, and the writes themselves (compose.ts: the real writer). */
export interface ToolFilterPort {
  /** The file of the server's layer: its path (null: no file), whether the panel may write it, its hash to base a save on. */
  file(sel: Selection, server: EffectiveServer): Promise<{ path: string | null; readOnly: boolean; hash: string | null }>;
  save(sel: Selection, server: EffectiveServer, patch: ToolFilterPatch, baseHash: string | null): Promise<SaveOutcome>;
}

const MAX_SNAPSHOTS = 32;

/** The port over the config writer; snapshots kept by hash so a save detects a file changed since the preview (CFG-7). */
export function toolFilterWriter(writer: ConfigWriter): ToolFilterPort {
  const snapshots = new Map<string, FileSnapshot>();
  const remember = (s: FileSnapshot): string | null => {
    if (s.hash === null) return null;
    snapshots.set(s.hash, s);
    if (snapshots.size > MAX_SNAPSHOTS) snapshots.delete(snapshots.keys().next().value!);
    return s.hash;
  };
  const target = (sel: Selection, server: EffectiveServer) => ({ profile: sel.profile, layer: server.layer, workspace: sel.workspace });
  return {
    async file(sel, server) {
      const f = await writer.resolve(target(sel, server));
      if (!f.ok) return { path: null, readOnly: true, hash: null };
      const snap = await writer.read(target(sel, server));
      return { path: f.value.path, readOnly: f.value.readOnly !== null, hash: snap.ok ? remember(snap.value) : null };
    },
    async save(sel, server, patch, baseHash) {
      const base = baseHash === null ? undefined : snapshots.get(baseHash);
      const r = await writer.setToolFilter(target(sel, server), server.name, patch, base ? { base } : {});
      if (!r.ok) throw toAppError(r.error);
      return { path: r.value.path, changed: r.value.changed, created: r.value.created, hash: remember(r.value.after) };
    },
  };
}

/**
 * CONN-8 offer of a connected server: the list its last discovery recorded before the filter
 * (CONN-11 snapshot). The snapshot is stored sorted by name, so the filtered tools come first in
 * the server's own order (what a `maxTools` cap keeps), the held-back ones after them.
 */
export async function offeredTools(pool: ConnectionPool, id: string): Promise<ToolDef[]> {
  if (pool.state(id)?.kind !== 'connected') return [];
  const live = await pool.listTools(id);
  const status = await pool.snapshots.status(id);
  const recorded = (status && (await pool.snapshots.read(status.latest))) ?? [];
  const seen = new Set(live.map((t) => t.name));
  return [...live, ...recorded.filter((t) => !seen.has(t.name))];
}

/** The limits without the count caps: what the switch of one tool says (on = the filter lets it through). */
function filterOnly({ maxTools: _m, pluginCaps: _p, ...rest }: ToolLimits): ToolLimits {
  return rest;
}

function limitsAfter(limits: ToolLimits, patch: ToolFilterPatch): ToolLimits {
  return patchedEntry(limits, patch) as ToolLimits;
}

/** The live parts with one server's tools replaced by `tools`. */
function withTools(parts: CatalogParts, serverId: string, raw: readonly ToolDef[], tools: ToolDef[]): CatalogParts {
  const defs = new Map(parts.defs);
  for (const t of raw) defs.set(defKey(serverId, t.name), t);
  return { ...parts, defs, inputs: parts.inputs.map((i) => (i.serverId === serverId ? { ...i, tools } : i)) };
}

type Named = { name: string; serverName: string; tool: string; key: string };

function named(c: Catalog): { names: Named[]; tokens: number; collisions: Map<string, CollisionRow> } {
  const p = c.view.profile;
  const names: Named[] = [];
  let tokens = 0;
  for (const r of c.view.tools) {
    const name = r.names[p];
    if (name === null || name === undefined) continue;
    names.push({ name, serverName: r.serverName, tool: r.tool, key: `${name}\u0000${r.serverId}\u0000${r.tool}` });
    tokens += r.tokens;
  }
  const collisions = new Map(c.view.collisions.filter((x) => x.profile === p).map((x) => [[x.name, x.winner.serverId, x.winner.tool, x.loser.serverId, x.loser.tool].join('\u0000'), x]));
  return { names, tokens, collisions };
}

const minus = <T>(a: Map<string, T>, b: Map<string, T>): T[] => [...a].filter(([k]) => !b.has(k)).map(([, v]) => v);

/**
 * The preview of `enabled` (absent: the filter as it is) for one server: blocked says why no
 * toggle is offered (the agent has no such field, the workspace is untrusted, the layer is
 * read-only, the server is not connected so its offer is unknown).
 */
export async function previewToolFilter(core: ApiCore, port: ToolFilterPort, registry: RegistryPort, serverId: string, enabled: readonly string[] | undefined): Promise<{ preview: ToolFilterPreview; server: EffectiveServer }> {
  const server = core.findServer(serverId);
  const sel = core.selection();
  const fields = [...toolFilterFields(sel.profile)];
  const file = fields.length && server.trusted ? await port.file(sel, server) : { path: null, readOnly: true, hash: null };
  const raw = await core.pool().rawTools(serverId);
  const limits = server.spec?.limits ?? {};
  const now = applyLimits(server.name, raw, filterOnly(limits));
  const on = new Set((now.ok ? now.tools : raw).map((t) => t.name));
  const offered = raw.map((t) => t.name);
  const wanted = enabled ? new Set(enabled) : on;
  const patch = fields.length ? toolFilterPatch(sel.profile, server.entry, offered, wanted) : {};
  const blocked = !fields.length ? 'unsupported' : !server.trusted ? 'untrusted' : file.readOnly ? 'read_only' : raw.length === 0 ? 'not_connected' : null;

  const parts = await liveParts(core);
  const reg = await registry().catch(() => undefined);
  const pass = (l: ToolLimits) => {
    const r = applyLimits(server.name, raw, { ...l, pluginCaps: false });
    return r.ok ? r.tools : [];
  };
  const before = named(nameCatalog(sel.profile, withTools(parts, serverId, raw, pass(limits)), reg));
  const after = named(nameCatalog(sel.profile, withTools(parts, serverId, raw, pass(limitsAfter(limits, patch))), reg));
  const beforeNames = new Map(before.names.map((n) => [n.key, n]));
  const afterNames = new Map(after.names.map((n) => [n.key, n]));
  const strip = ({ key: _k, ...n }: Named) => n;
  const kept = new Set(pass(limits).map((t) => t.name));
  return {
    server,
    preview: {
      serverId,
      serverName: server.name,
      profile: sel.profile,
      layer: server.layer,
      fields,
      blocked,
      path: file.path,
      hash: file.hash,
      tools: raw.map((t) => ({ name: t.name, enabled: on.has(t.name), wanted: wanted.has(t.name), capped: on.has(t.name) && !kept.has(t.name) })),
      patch,
      disappear: minus(beforeNames, afterNames).map(strip),
      appear: minus(afterNames, beforeNames).map(strip),
      resolved: minus(before.collisions, after.collisions),
      created: minus(after.collisions, before.collisions),
      tokens: { before: before.tokens, after: after.tokens },
    },
  };
}

/** Saves `enabled` for one server through the writer; refuses what the preview would not offer. */
export async function saveToolFilter(core: ApiCore, port: ToolFilterPort, registry: RegistryPort, serverId: string, enabled: readonly string[], baseHash: string | null): Promise<SaveOutcome> {
  const { preview, server } = await previewToolFilter(core, port, registry, serverId, enabled);
  if (preview.blocked) throw new AppError('refused', `the tools of "${server.name}" cannot be switched here (${preview.blocked})`, { reason: `tool_filter_${preview.blocked}` });
  const out = await port.save(core.selection(), server, preview.patch, baseHash);
  await core.changed(`${server.name}: tool filter saved`);
  return out;
}
