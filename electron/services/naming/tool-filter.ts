// CONN-8 per-tool switch, seen before it is saved: the server's offered tools, which of them the
// agent lets through now and after the change (its entry's fields, or OpenCode's file-wide map), and what that does to the names (NAME-4), the
// collisions and the context budget (DISC-1). The filter itself is the engine's (applyLimits);
// the fields are the dialect's (shared/schemas/dialects/tool-filter.ts); the write is the
// writer's `tools` op, with the editor's refusals (read-only layer, conflict on disk).
import type { Selection, ToolFilterPreview } from '../../../shared/contract';
import { AppError } from '../../../shared/errors';
import { patchedEntry, toolFilterFields, toolFilterPatch, type ToolFilterPatch } from '../../../shared/schemas/dialects/tool-filter';
import { patchedLayers, toolMapPatch, type ToolMapPatch } from '../../../shared/schemas/dialects/tool-map';
import type { EffectiveServer, Profile, ToolDef, ToolLimits } from '../../../shared/schemas/server';
import { profileFacts } from '../../../shared/profiles';
import type { ApiCore } from '../api/core';
import { toAppError } from '../api/editor-adapter';
import type { RegistryPort, SaveOutcome } from '../api/ports';
import { liveParts } from '../api/tool-catalog';
import { namingChange } from './naming-change';
import type { ConfigWriter, FileSnapshot } from '../config/writer';
import type { ConnectionPool } from '../connections';
import { applyLimits } from '../connections/limits';

/** Where a server's entry is written, and the writes themselves (compose.ts: the real writer). */
export interface ToolFilterPort {
  /** The file of the server's layer: its path (null: no file), whether the panel may write it, its hash to base a save on. */
  file(sel: Selection, server: EffectiveServer): Promise<{ path: string | null; readOnly: boolean; hash: string | null }>;
  save(sel: Selection, server: EffectiveServer, patch: ToolFilterPatch, map: ToolMapPatch, baseHash: string | null): Promise<SaveOutcome>;
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
    async save(sel, server, patch, map, baseHash) {
      const base = baseHash === null ? undefined : snapshots.get(baseHash);
      const opts = base ? { base } : {};
      const r = map.length ? await writer.setToolMap(target(sel, server), map, opts) : await writer.setToolFilter(target(sel, server), server.name, patch, opts);
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
export function filterOnly({ maxTools: _m, pluginCaps: _p, ...rest }: ToolLimits): ToolLimits {
  return rest;
}

/**
 * The server's limits once `patch` is in its entry, read the way the loader reads them (the
 * profile's own fields: Codex `disabled_tools`, Gemini `excludeTools`… become the engine's
 * allow and deny lists), so the preview applies what the agent will apply.
 */
export function limitsAfter(profile: Profile, server: Pick<EffectiveServer, 'entry' | 'spec' | 'layer'>, patch: ToolFilterPatch, map: ToolMapPatch = []): ToolLimits {
  const { include: _i, enabledTools: _e, disabledTools: _d, maxTools: _m, ...rest } = server.spec?.limits ?? {};
  const out: ToolLimits = { ...rest, ...(profileFacts(profile).connection(patchedEntry(server.entry, patch), {}).limits ?? {}) };
  // The file-wide map (OpenCode's `tools`) with the write in the server's own file, merged as the agent merges.
  if (map.length) out.toolMap = { profile, layers: patchedLayers(rest.toolMap?.layers ?? [], server.layer, map) };
  return out;
}

/** What the agent's own filter is written into: its entry's fields, else its file-wide map (OpenCode `tools`); empty: nothing. */
export function filterTargets(profile: Profile): string[] {
  const map = profileFacts(profile).toolMap;
  const fields = toolFilterFields(profile);
  return fields.length ? [...fields] : map ? [map.key] : [];
}

/** The writes after which the agent lets exactly `wanted` of the server's `offered` tools through: its entry's fields, or its file-wide map. */
export function filterWrites(profile: Profile, server: Pick<EffectiveServer, 'entry' | 'spec' | 'layer' | 'name'>, offered: readonly string[], wanted: ReadonlySet<string>): { patch: ToolFilterPatch; map: ToolMapPatch } {
  if (toolFilterFields(profile).length) return { patch: toolFilterPatch(profile, server.entry, offered, wanted), map: [] };
  const facts = profileFacts(profile).toolMap;
  return { patch: {}, map: facts ? toolMapPatch(facts, server.spec?.limits.toolMap?.layers ?? [], server.layer, server.name, offered, wanted) : [] };
}

/** The tools the agent gets from `raw` under `limits` (count caps included, plugin caps not). */
export function passing(serverName: string, raw: ToolDef[], limits: ToolLimits): ToolDef[] {
  const r = applyLimits(serverName, raw, { ...limits, pluginCaps: false });
  return r.ok ? r.tools : [];
}

/**
 * The preview of `enabled` (absent: the filter as it is) for one server: blocked says why no
 * toggle is offered (the agent has no such field, the workspace is untrusted, the layer is
 * read-only, the server is not connected so its offer is unknown).
 */
export async function previewToolFilter(core: ApiCore, port: ToolFilterPort, registry: RegistryPort, serverId: string, enabled: readonly string[] | undefined): Promise<{ preview: ToolFilterPreview; server: EffectiveServer }> {
  const server = core.findServer(serverId);
  const sel = core.selection();
  const fields = filterTargets(sel.profile);
  const file = fields.length && server.trusted ? await port.file(sel, server) : { path: null, readOnly: true, hash: null };
  const raw = await core.pool().rawTools(serverId);
  const limits = server.spec?.limits ?? {};
  const now = applyLimits(server.name, raw, filterOnly(limits));
  const on = new Set((now.ok ? now.tools : raw).map((t) => t.name));
  const offered = raw.map((t) => t.name);
  const wanted = enabled ? new Set(enabled) : on;
  const { patch, map } = fields.length ? filterWrites(sel.profile, server, offered, wanted) : { patch: {}, map: [] };
  const blocked = !fields.length ? 'unsupported' : !server.trusted ? 'untrusted' : file.readOnly ? 'read_only' : raw.length === 0 ? 'not_connected' : null;

  const parts = await liveParts(core);
  const reg = await registry().catch(() => undefined);
  const pass = (l: ToolLimits) => passing(server.name, raw, l);
  const change = namingChange(sel.profile, parts, reg, new Map([[serverId, { raw, before: pass(limits), after: pass(limitsAfter(sel.profile, server, patch, map)) }]]));
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
      map,
      disappear: change.disappear,
      appear: change.appear,
      resolved: change.resolved,
      created: change.created,
      tokens: change.tokens,
    },
  };
}

/** Saves `enabled` for one server through the writer; refuses what the preview would not offer. */
export async function saveToolFilter(core: ApiCore, port: ToolFilterPort, registry: RegistryPort, serverId: string, enabled: readonly string[], baseHash: string | null): Promise<SaveOutcome> {
  const { preview, server } = await previewToolFilter(core, port, registry, serverId, enabled);
  if (preview.blocked) throw new AppError('refused', `the tools of "${server.name}" cannot be switched here (${preview.blocked})`, { reason: `tool_filter_${preview.blocked}` });
  const out = await port.save(core.selection(), server, preview.patch, preview.map, baseHash);
  await core.changed(`${server.name}: tool filter saved`);
  return out;
}
