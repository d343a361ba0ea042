// CTX-2: the selected agent's context plan. The facts per tool come from the one catalogue the
// Tools view shows (names, collisions, naming warnings) and the agent's own rules (the
// permission simulator); the choice is shared/context/plan.ts; what it writes is each server's
// tool filter patch (the CONN-8 switch's own fields and patch), one file at a time, previewed
// as a diff with the names and tokens after. Writing and undo: plan-records.ts.
import { createHash } from 'node:crypto';
import type { PlanFile, PlanSuggestion, PlanView, Selection } from '../../../shared/contract';
import { DEFAULT_CONTEXT_WINDOW } from '../../../shared/contract';
import { deferField, limitStanding, upFront } from '../../../shared/context/limits';
import { suggest, type PlanDeferral, type PlanTool } from '../../../shared/context/plan';
import { profileFacts } from '../../../shared/profiles';
import type { ProfileFacts } from '../../../shared/profiles/types';
import { toolFilterFields, toolFilterPatch, type ToolFilterPatch } from '../../../shared/schemas/dialects/tool-filter';
import type { EffectiveServer, Profile, ToolDef } from '../../../shared/schemas/server';
import type { ApiCore } from '../api/core';
import type { RegistryPort } from '../api/ports';
import { defKey, liveParts, nameCatalog, type Catalog } from '../api/tool-catalog';
import { applyServerOps, dialectValidator, type ServerOp } from '../config/writer';
import type { ConfigWriter, WriteTarget } from '../config/writer/config-writer';
import type { FileSnapshot } from '../config/writer/snapshot';
import type { AgentRules } from '../handlers/permissions';
import { fileDiff } from '../install/plan';
import { namingChange, type ListChange } from '../naming/naming-change';
import { filterOnly, limitsAfter, passing } from '../naming/tool-filter';

export interface PlanDeps {
  registry: RegistryPort;
  rules: AgentRules;
  writer: ConfigWriter;
  env: Readonly<Record<string, string | undefined>>;
}

export interface PlanInput {
  picks?: readonly string[];
  targetTokens?: number;
  contextWindow?: number;
}

/** What apply writes: one file, the text it had when previewed and the text after. */
export interface PlannedWrite {
  target: WriteTarget;
  path: string;
  base: FileSnapshot;
  after: string;
  servers: string[];
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

/** The facts per server tool under the catalogue's agent (made-up tools are the agent's own: never suggested). */
export function planTools(cat: Catalog, denied: ReadonlyMap<string, string>): PlanTool[] {
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
  patch: ToolFilterPatch;
  /** CTX-2: written deferred by the agent's own field (a picked `defer`). */
  defer: boolean;
  change: ListChange | null;
}

async function serverPlan(core: ApiCore, writer: ConfigWriter, sel: Selection, serverId: string, drop: ReadonlySet<string>, defer: boolean): Promise<ServerPlan> {
  const server = core.findServer(serverId);
  const target = { profile: sel.profile, layer: server.layer, workspace: sel.workspace };
  const fields = toolFilterFields(sel.profile);
  const none = (blocked: Blocked): ServerPlan => ({ id: serverId, server, blocked, target, patch: {}, defer: false, change: null });
  if (!fields.length) return none('unsupported');
  if (!server.trusted) return none('untrusted');
  const file = await writer.resolve(target);
  if (!file.ok || file.value.readOnly !== null) return none('read_only');
  const raw = await core.pool().rawTools(serverId);
  if (raw.length === 0) return none('not_connected');
  const limits = server.spec?.limits ?? {};
  const on = new Set(passing(server.name, raw, filterOnly(limits)).map((t) => t.name));
  const wanted = new Set([...on].filter((n) => !drop.has(n)));
  const patch = drop.size ? toolFilterPatch(sel.profile, server.entry, raw.map((t) => t.name), wanted) : {};
  return { id: serverId, server, blocked: null, target, patch, defer, change: { raw, before: passing(server.name, raw, limits), after: passing(server.name, raw, limitsAfter(sel.profile, server, patch)), ...(defer ? { deferAfter: true } : {}) } };
}

/** The servers' patches gathered per file, each file's text after them and its diff. */
async function plannedFiles(writer: ConfigWriter, profile: Profile, plans: readonly ServerPlan[]): Promise<{ files: PlanFile[]; writes: PlannedWrite[] }> {
  const byLayer = new Map<string, ServerPlan[]>();
  for (const s of plans) {
    if (s.blocked || (!Object.keys(s.patch).length && !s.defer)) continue;
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
    const ops: ServerOp[] = group.flatMap((s): ServerOp[] => [
      ...(Object.keys(s.patch).length ? [{ op: 'tools' as const, name: s.server.name, patch: s.patch }] : []),
      ...(s.defer ? [{ op: 'defer' as const, name: s.server.name }] : []),
    ]);
    const after = applyServerOps(snap.value.text, profile, ops, dialectValidator, resolved.value.container);
    const base = { path: resolved.value.path, layer: target.layer, hash: snap.value.hash, servers };
    if (!after.ok || after.value === null) {
      files.push({ ...base, diff: [], refusal: after.ok ? { code: 'empty', message: 'nothing to write' } : { code: after.error.code, message: after.error.message } });
      continue;
    }
    files.push({ ...base, diff: fileDiff(profile, snap.value.text, after.value, resolved.value.container), refusal: null });
    writes.push({ target, path: resolved.value.path, base: snap.value, after: after.value, servers });
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
  const sim = await deps.rules.simulate(cat);
  const denied = new Map(sim.tools.filter((t) => t.decision === 'deny' && t.rule).map((t) => [t.name, t.rule!.rule]));
  const facts = profileFacts(p);
  const contextWindow = input.contextWindow ?? DEFAULT_CONTEXT_WINDOW;
  const deferral = planDeferral(facts, contextWindow);
  const { suggestions } = suggest(planTools(cat, denied), { ...(input.picks ? { picks: input.picks } : {}), ...(input.targetTokens !== undefined ? { targetTokens: input.targetTokens } : {}), ...(deferral ? { deferral } : {}) });

  const dropBy = new Map<string, Set<string>>();
  const deferred = new Set<string>();
  for (const s of suggestions) {
    const set = dropBy.get(s.serverId) ?? new Set<string>();
    if (s.picked && s.kind === 'defer') deferred.add(s.serverId);
    else if (s.picked) set.add(s.tool);
    dropBy.set(s.serverId, set);
  }
  const plans = await Promise.all([...dropBy].map(([id, drop]) => serverPlan(core, deps.writer, sel, id, drop, deferred.has(id))));
  const blocked = new Map(plans.map((s) => [s.id, s.blocked]));
  const changes = new Map(plans.filter((s) => s.change).map((s) => [s.id, s.change!]));
  const { files, writes } = await plannedFiles(deps.writer, p, plans);
  const change = namingChange(p, parts, reg, changes);
  const opts = { contextWindow, env: deps.env };
  const offered = (c: typeof change.before) => c.offered.get(p) ?? [];
  return {
    view: {
      profile: p,
      fields: [...toolFilterFields(p)],
      suggestions: suggestions.map((s) => ({ ...s, blocked: blocked.get(s.serverId) ?? null })),
      before: limitStanding(facts, offered(change.before), opts),
      after: limitStanding(facts, offered(change.after), opts),
      upFront: { before: upFront(offered(change.before)), after: upFront(offered(change.after)) },
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
