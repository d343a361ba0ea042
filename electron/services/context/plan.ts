// CTX-2: the selected agent's context plan. The facts per tool come from the one catalogue the
// Tools view shows (names, collisions, naming warnings) and the agent's own rules (the
// permission simulator); the choice is shared/context/plan.ts; what it writes is each server's
// tool filter patch (the CONN-8 switch's own fields and patch), one file at a time, previewed
// as a diff with the names and tokens after. Writing and undo: plan-records.ts.
import { createHash } from 'node:crypto';
import type { PlanFile, PlanSuggestion, PlanView, Selection } from '../../../shared/contract';
import { DEFAULT_CONTEXT_WINDOW } from '../../../shared/contract';
import { deferField, defersAll, limitStanding, upFront } from '../../../shared/context/limits';
import { suggest, type PlanDeferral, type PlanTool } from '../../../shared/context/plan';
import { profileFacts } from '../../../shared/profiles';
import type { ToolMapPatch } from '../../../shared/schemas/dialects/tool-map';
import type { ProfileFacts } from '../../../shared/profiles/types';
import type { EffectiveServer, Profile, ToolDef } from '../../../shared/schemas/server';
import type { ApiCore } from '../api/core';
import type { RegistryPort } from '../api/ports';
import { defKey, liveParts, nameCatalog, type Catalog } from '../api/tool-catalog';
import { applyServerOps, applyToolMapPatch, dialectValidator, type ServerOp, type WriteError } from '../config/writer';
import type { ConfigWriter, WriteTarget } from '../config/writer/config-writer';
import type { LayerFile } from '../config/writer';
import type { FileSnapshot } from '../config/writer/snapshot';
import type { AgentRules } from '../handlers/permissions';
import { fileDiff } from '../install/plan';
import { namingChange, type ListChange } from '../naming/naming-change';
import { filterOnly, filterTargets, filterWrites, limitsAfter, passing } from '../naming/tool-filter';
import type { BridgeCommand } from '../bridge/install-command';
import type { InstallRecord } from '../bridge/install-records';
import { readUsage, type UsageRecord } from '../bridge/usage';
import { homeDir } from '../paths';
import { bridgeWithHidden } from './plan-bridge';
import { ok, type Result } from '../../../shared/result';

export interface PlanDeps {
  registry: RegistryPort;
  rules: AgentRules;
  writer: ConfigWriter;
  env: Readonly<Record<string, string | undefined>>;
  /** What a bridge line starts (null: none found; an agent without filter fields then gets no write). */
  bridgeCommand: BridgeCommand | null;
  /** The panel's data folder: the bridge's usage records (null: none known). */
  dataDir: string | null;
}

export interface PlanInput {
  picks?: readonly string[];
  targetTokens?: number;
  contextWindow?: number;
}

/** What apply writes: one file, the text it had when previewed and the text after. */
export interface PlannedWrite {
  target: WriteTarget;
  /** The layer file as the preview resolved it (its container, format and profile). */
  file: LayerFile;
  path: string;
  base: FileSnapshot;
  after: string;
  servers: string[];
  /** Bridge install records to keep before the file changes (entries that became bridge lines). */
  installs: InstallRecord[];
}

/**
 * CTX-2: the bar past which the default plan defers servers (largest first, until under it), for
 * an agent that defers a server by a field of its entry: 10 % of the model's context window,
 * the share at which Claude Code's documented `auto` tool search defers MCP tools (the agents
 * that decide for themselves defer past such a share: MiniMax Code at 15 %). Below it the
 * `defer` suggestions are offered, not picked; a token target replaces the bar.
 */
export const DEFER_SHARE = 0.1;

function planDeferral(facts: ProfileFacts, contextWindow: number): PlanDeferral | null {
  const field = deferField(facts);
  const mechanism = facts.deferral({ deferred: true }).mechanism;
  return field && mechanism ? { field, mechanism, above: Math.floor(DEFER_SHARE * contextWindow) } : null;
}

/** Two tools with the same name, description and input schema are one tool offered twice. */
function definitionKey(def: ToolDef | undefined, tool: string): string {
  return createHash('sha256').update(JSON.stringify([tool, def?.description ?? '', def?.inputSchema ?? null])).digest('hex');
}

/** A server the agent has not called through the bridge for this long is suggested as unused. */
export const UNUSED_AFTER_DAYS = 14;
const DAY_MS = 86_400_000;

/** Servers of `profile` idle through the bridge for UNUSED_AFTER_DAYS or more, with how many days (CTX-2 "unused"). */
export function idleServers(records: readonly UsageRecord[], profile: Profile, now: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of records) {
    const days = Math.floor((now - (r.lastCall ?? r.since)) / DAY_MS);
    if (r.profile === profile && days >= UNUSED_AFTER_DAYS) out.set(r.server, days);
  }
  return out;
}

/** The facts per server tool under the catalogue's agent (made-up tools are the agent's own: never suggested). */
export function planTools(cat: Catalog, denied: ReadonlyMap<string, string>, idle: ReadonlyMap<string, number> = new Map()): PlanTool[] {
  const p = cat.view.profile;
  const out: PlanTool[] = [];
  for (const r of cat.view.tools) {
    if (r.synthetic) continue;
    const key = defKey(r.serverId, r.tool);
    const name = r.names[p] ?? null;
    const warned = (code: string) => (cat.warnings.get(key) ?? []).some((w) => w.code === code && w.params.profile === p);
    out.push({
      serverId: r.serverId,
      serverName: r.serverName,
      tool: r.tool,
      name,
      tokens: r.tokens,
      offered: name !== null && !r.dropped && !r.late,
      deniedBy: name !== null ? (denied.get(name) ?? null) : null,
      definition: definitionKey(cat.defs.get(key), r.tool),
      lostTo: r.collidesWith ? { serverName: r.collidesWith.serverName, tool: r.collidesWith.tool, name: r.collidesWith.name } : null,
      dropped: r.dropped,
      tooLong: warned('too-long'),
      refused: warned('refused'),
      deferred: r.deferred,
      unusedDays: idle.get(r.serverName) ?? null,
    });
  }
  return out;
}

type Blocked = PlanSuggestion['blocked'];

interface ServerPlan {
  id: string;
  server: EffectiveServer;
  blocked: Blocked;
  target: WriteTarget;
  /** What the entry gets for this server (null: nothing to write there). */
  op: ServerOp | null;
  /** What the file's tool map gets (OpenCode's top-level `tools`). */
  map: ToolMapPatch;
  /** A bridge install record to keep before the write (the entry became a bridge line). */
  record: InstallRecord | null;
  /** CTX-2: written deferred by the agent's own field (a picked `defer`). */
  defer: boolean;
  change: ListChange | null;
}

/** How the selected agent's file says a dropped tool: its own fields, else the bridge line (when a bridge can be written), else not at all. */
export function planVia(profile: Profile, deps: Pick<PlanDeps, 'bridgeCommand'>): PlanView['via'] {
  if (filterTargets(profile).length) return 'fields';
  return deps.bridgeCommand && profileFacts(profile).transports.includes('stdio') ? 'bridge' : 'none';
}

async function serverPlan(core: ApiCore, deps: PlanDeps, sel: Selection, serverId: string, drop: ReadonlySet<string>, defer: boolean): Promise<ServerPlan> {
  const server = core.findServer(serverId);
  const target = { profile: sel.profile, layer: server.layer, workspace: sel.workspace };
  const via = planVia(sel.profile, deps);
  const none = (blocked: Blocked): ServerPlan => ({ id: serverId, server, blocked, target, op: null, map: [], record: null, defer: false, change: null });
  if (via === 'none') return none('unsupported');
  if (!server.trusted) return none('untrusted');
  const file = await deps.writer.resolve(target);
  if (!file.ok || file.value.readOnly !== null) return none('read_only');
  const raw = await core.pool().rawTools(serverId);
  if (raw.length === 0) return none('not_connected');
  const limits = server.spec?.limits ?? {};
  const before = passing(server.name, raw, limits);
  if (via === 'bridge') {
    if (!drop.size) return none(null);
    const snap = await deps.writer.read(target);
    if (!snap.ok) return none('read_only');
    const where = { env: deps.env as NodeJS.ProcessEnv, home: homeDir(deps.env), workspace: sel.workspace };
    const b = await bridgeWithHidden({ profile: sel.profile, server, file: file.value, text: snap.value.text, drop, command: deps.bridgeCommand!, where, now: Date.now() });
    if ('blocked' in b) return none(b.blocked);
    return { ...none(null), op: b.op, record: b.record, change: { raw, before, after: before.filter((t) => !drop.has(t.name)) } };
  }
  const on = new Set(passing(server.name, raw, filterOnly(limits)).map((t) => t.name));
  const wanted = new Set([...on].filter((n) => !drop.has(n)));
  const { patch, map } = drop.size ? filterWrites(sel.profile, server, raw.map((t) => t.name), wanted) : { patch: {}, map: [] };
  const op: ServerOp | null = Object.keys(patch).length ? { op: 'tools', name: server.name, patch } : null;
  return { ...none(null), op, map, defer, change: { raw, before, after: passing(server.name, raw, limitsAfter(sel.profile, server, patch, map)), ...(defer ? { deferAfter: true } : {}) } };
}

/** One file's text after its servers' writes: the entries' ops, then the file's tool map. */
function writtenText(text: string | null, profile: Profile, group: readonly ServerPlan[], container: readonly string[] | undefined): Result<string, WriteError> {
  const ops = group.flatMap((s): ServerOp[] => [...(s.op ? [s.op] : []), ...(s.defer ? [{ op: 'defer' as const, name: s.server.name }] : [])]);
  let out: Result<string, WriteError> = ops.length ? applyServerOps(text, profile, ops, dialectValidator, container) : ok(text ?? '');
  const facts = profileFacts(profile);
  for (const s of group) if (out.ok && s.map.length && facts.toolMap) out = applyToolMapPatch(out.value, facts.format, facts.toolMap.key, s.map);
  return out;
}

/** The servers' ops gathered per file, each file's text after them and its diff. */
async function plannedFiles(writer: ConfigWriter, profile: Profile, plans: readonly ServerPlan[]): Promise<{ files: PlanFile[]; writes: PlannedWrite[] }> {
  const byLayer = new Map<string, ServerPlan[]>();
  for (const s of plans) {
    if (s.blocked || (!s.op && !s.map.length && !s.defer)) continue;
    const k = s.target.layer;
    byLayer.set(k, [...(byLayer.get(k) ?? []), s]);
  }
  const files: PlanFile[] = [];
  const writes: PlannedWrite[] = [];
  for (const group of byLayer.values()) {
    const { target } = group[0]!;
    const resolved = await writer.resolve(target);
    const snap = await writer.read(target);
    if (!resolved.ok || !snap.ok) continue;
    const servers = group.map((s) => s.server.name);
    const after = writtenText(snap.value.text, profile, group, resolved.value.container);
    const base = { path: resolved.value.path, layer: target.layer, hash: snap.value.hash, servers };
    if (!after.ok || after.value === null) {
      files.push({ ...base, diff: [], refusal: after.ok ? { code: 'empty', message: 'nothing to write' } : { code: after.error.code, message: after.error.message } });
      continue;
    }
    files.push({ ...base, diff: fileDiff(profile, snap.value.text, after.value, resolved.value.container), refusal: null });
    writes.push({ target, file: resolved.value, path: resolved.value.path, base: snap.value, after: after.value, servers, installs: group.flatMap((s) => (s.record ? [s.record] : [])) });
  }
  return { files, writes };
}

/** The plan for the selected agent: suggestions, per file what the picked ones write, names and tokens after. */
export async function previewPlan(core: ApiCore, deps: PlanDeps, input: PlanInput): Promise<{ view: PlanView; writes: PlannedWrite[] }> {
  const sel = core.selection();
  const p = sel.profile;
  const parts = await liveParts(core);
  const reg = await deps.registry().catch(() => undefined);
  const cat = nameCatalog(p, parts, reg, [p]);
  const denied = await deps.rules.denied(cat);
  const facts = profileFacts(p);
  // An agent that leaves a denied tool out of the model's context itself (Claude Code) carries no
  // definition there to save: its denied tools are not suggested, nor counted before or after
  // (the standing tools.limits gives, naming/catalog-limits.ts).
  const hidden = facts.rules.denyHides ? new Set(denied.keys()) : new Set<string>();
  const all = defersAll(facts, deps.env);
  const contextWindow = input.contextWindow ?? DEFAULT_CONTEXT_WINDOW;
  const deferral = planDeferral(facts, contextWindow);
  const idle = deps.dataDir ? idleServers(readUsage(deps.dataDir), p, Date.now()) : new Map<string, number>();
  const { suggestions } = suggest(planTools(cat, denied, idle).map((t) => (t.name !== null && hidden.has(t.name) ? { ...t, offered: false } : all ? { ...t, deferred: true } : t)), { ...(input.picks ? { picks: input.picks } : {}), ...(input.targetTokens !== undefined ? { targetTokens: input.targetTokens } : {}), ...(deferral ? { deferral } : {}) });

  const dropBy = new Map<string, Set<string>>();
  const deferred = new Set<string>();
  for (const s of suggestions) {
    const set = dropBy.get(s.serverId) ?? new Set<string>();
    if (s.picked && s.kind === 'defer') deferred.add(s.serverId);
    else if (s.picked) set.add(s.tool);
    dropBy.set(s.serverId, set);
  }
  const plans = await Promise.all([...dropBy].map(([id, drop]) => serverPlan(core, deps, sel, id, drop, deferred.has(id))));
  const blocked = new Map(plans.map((s) => [s.id, s.blocked]));
  const changes = new Map(plans.filter((s) => s.change).map((s) => [s.id, s.change!]));
  const { files, writes } = await plannedFiles(deps.writer, p, plans);
  const change = namingChange(p, parts, reg, changes);
  const opts = { contextWindow, env: deps.env };
  const offered = (c: typeof change.before) => c.offeredTo(p, hidden);
  const before = limitStanding(facts, offered(change.before), opts);
  const after = limitStanding(facts, offered(change.after), opts);
  return {
    view: {
      profile: p,
      fields: filterTargets(p),
      via: planVia(p, deps),
      suggestions: suggestions.map((s) => ({ ...s, blocked: blocked.get(s.serverId) ?? null })),
      before,
      after,
      upFront: { before: upFront(offered(change.before), all), after: upFront(offered(change.after), all) },
      targetTokens: input.targetTokens ?? null,
      files,
      disappear: change.disappear,
      appear: change.appear,
      resolved: change.resolved,
      created: change.created,
    },
    writes,
  };
}
