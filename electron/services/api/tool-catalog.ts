// The discovered tools of the selection, named under every scheme (NAME-4) with their token
// cost (DISC-1): one builder shared by tools.list, permissions.simulate and the disclosure
// methods, so the three views can never disagree about a name.
import { SUMMARY_MAX, type CollisionRow, type ToolDetail, type ToolRow, type ToolsView } from '../../../shared/contract';
import { crossProfileView, type NamingWarning } from '../../../shared/naming/cross-profile';
import { collisionCause } from '../../../shared/naming/collision-cause';
import type { Collision, NamingServerInput } from '../../../shared/naming/assign';
import { estimateTokens } from '../../../shared/disclosure/plan';
import type { Finding } from '../../../shared/trust/finding';
import { PROFILES, type Profile, type ToolDef } from '../../../shared/schemas/server';
import { profileFacts } from '../../../shared/profiles';
import type { RegistryData } from '../../../shared/profiles/minimax/registry';
import type { ApiCore } from './core';
import type { RegistryPort } from './ports';
import { isRunnable, rowTiming, serverId } from './rows';
import { AGENT_PROFILES, rulesFor } from '../agent-view/registry';
import { missedTurn } from '../agent-view/turn';
import type { OfferedTool } from '../../../shared/context/limits';
import type { NamedTool } from '../../../shared/naming/assign';
import { listFindings, type ServerList } from './tool-findings';

export interface Catalog {
  /** What tools.list answers, but for `limits` (they depend on the host's environment: tools.ts). */
  view: Omit<ToolsView, 'limits'>;
  /** CTX-1: per agent named, the tools it is actually offered (named, not dropped, late or refused). */
  readonly offered: Map<Profile, OfferedTool[]>;
  /** `offered` for one agent, less the tools it gives a name in `hidden` (those its own deny rules keep from the model). */
  offeredTo(p: Profile, hidden: ReadonlySet<string>): OfferedTool[];
  /** Full definitions by `serverId\u0000tool` (for search, disclosure and tools.describe). */
  defs: Map<string, ToolDef>;
  /** NAME-4 warnings by `serverId\u0000tool` (shown by tools.describe, not shipped per row). */
  warnings: Map<string, NamingWarning[]>;
}

export const defKey = (serverId: string, tool: string) => `${serverId}\u0000${tool}`;

// DISC-1 estimates serialise the whole definition: the pool hands back the same definition
// objects until the server's list changes, so each is estimated once, not on every tools.list
// (twice per tool before: server total and row).
const tokenCache = new WeakMap<ToolDef, number>();
export function tokensOf(def: ToolDef): number {
  let n = tokenCache.get(def);
  if (n === undefined) tokenCache.set(def, (n = estimateTokens(def)));
  return n;
}

/** UI-3 list text: the description's first line, cut to SUMMARY_MAX characters. */
export function summarize(description: string | undefined): string {
  const line = (description ?? '').trimStart().split('\n', 1)[0]!.trimEnd();
  return line.length <= SUMMARY_MAX ? line : `${line.slice(0, SUMMARY_MAX - 1)}…`;
}

/** The definition as the server sent it, in the contract's shape (tools.describe, tools.definitions). */
export function definitionOf(def: ToolDef): Pick<ToolDetail, 'title' | 'description' | 'inputSchema' | 'outputSchema' | 'annotations'> {
  return { title: def.title ?? null, description: def.description ?? '', inputSchema: def.inputSchema, outputSchema: def.outputSchema ?? null, annotations: def.annotations ?? null };
}

/** UI-3 detail of one tool: the definition as the server sent it, plus its naming warnings. */
export function describeTool(serverId: string, serverName: string, def: ToolDef, warnings: NamingWarning[]): ToolDetail {
  return { serverId, serverName, tool: def.name, ...definitionOf(def), warnings, tokens: tokensOf(def) };
}

/** NAME-1/2: who wins a name and why, in words the user can act on (the profile's collision rule). */
export function whyWon(profile: Profile, c: Collision): string {
  const who = `${c.winner.serverName}/${c.winner.tool}`;
  const loser = `${c.loser.serverName}/${c.loser.tool}`;
  const { naming } = profileFacts(profile);
  if (naming.collisions === 'registry') {
    return c.resolution === 'suffixed'
      ? `${who} holds ${c.name} in the name registry (a name once given stays its owner's; new claims: unchanged names first, then configured > official plugin > local plugin, then by key); ${loser} gets ${c.assigned ?? 'a suffix'}`
      : `${who} holds ${c.name}; ${loser} was dropped`;
  }
  if (naming.collisionEvent) return `${profile} keeps the first claimant (${who}, ${naming.order === 'ready' ? 'the first to finish connecting' : 'first in configuration order'}); ${loser} is dropped with MCP_TOOL_NAME_COLLISION`;
  if (naming.collisions === 'server-prefix') return c.resolution === 'suffixed' ? `${profile} shows the name both share as <server>_<name> for each: ${who} and ${loser} (${c.assigned ?? ''})` : `${profile} keeps the last of ${c.name} (${who}); ${loser} is replaced`;
  if (naming.collisions === 'last-wins') return `${profile} keeps the last registration (${who}, later in configuration order); ${loser} is replaced`;
  return `${profile} keeps the first claimant in configuration order (${who}); ${loser} is dropped`;
}

/** `findings: false`: the poisoning checks are skipped (a caller that shows no findings); `only`: see nameCatalog. */
export async function buildCatalog(core: ApiCore, registry: RegistryPort, agents?: () => Promise<readonly Profile[]>, findings?: false, only?: 'warned'): Promise<Catalog> {
  const parts = await liveParts(core, findings);
  // The minimax column always reads the agent's registry (a preview: nothing is claimed).
  const reg = await registry?.().catch(() => undefined);
  // Named for the agents on this machine only (issue 34: no warnings about agents it does not have).
  return nameCatalog(core.selection().profile, parts, reg, (await agents?.().catch(() => undefined)) ?? PROFILES, only);
}

/** The running servers' tools as the naming takes them (also the tool filter's "before", CONN-8). */
export async function liveParts(core: ApiCore, findings?: false): Promise<CatalogParts> {
  const view = await core.current();
  const inputs: LiveInput[] = [];
  const defs = new Map<string, ToolDef>();
  const servers: ToolsView['servers'] = [];
  const lists: ServerList[] = [];
  const skillCosts: SkillCost[] = [];
  for (const s of view.servers) {
    const id = serverId(s);
    const row = rowTiming(s, isRunnable(s) ? core.info(id) : undefined, core.clock());
    let list: ToolDef[] = [];
    if (row.state.kind === 'connected') list = await core.pool().tools(id).catch(() => []);
    for (const t of list) defs.set(`${id}\u0000${t.name}`, t);
    if (list.length) lists.push({ id, name: s.name, tools: list });
    const diff = core.pool().details(id)?.snapshotDiff ?? null;
    // CONN-3: an agent whose discovery budget this server's answer missed gets none of its tools
    // this turn; decided from the connect and first-list times the panel measured and each agent's budget.
    const discovery = { connectMs: row.connectMs, listMs: row.state.kind === 'connected' ? (row.state.listMs ?? null) : null };
    const late = (p: Profile) => (s.spec ? missedTurn(rulesFor(p), s.spec, row.state, discovery, core.budgetScale) : null);
    const missesTurn = AGENT_PROFILES.filter((p) => late(p) !== null);
    const mine = late(core.selection().profile);
    const skills = row.state.kind === 'connected' ? core.info(id)?.skills : null;
    if (skills && skills.count > 0 && row.state.kind === 'connected') skillCosts.push({ serverId: id, tokens: skills.tokens, era: row.state.era ?? 'legacy' });
    servers.push({ id, name: s.name, source: s.spec?.source ?? 'configured', state: row.state.kind, reason: row.state.reason, toolCount: list.length, tokens: list.reduce((n, t) => n + tokensOf(t), 0), diff, ...(mine ? { missedTurn: mine } : {}) });
    if (row.state.kind === 'connected' || row.state.kind === 'needs-auth') {
      // Kimi's claim order: what the server took to be ready, where the pool measured it (a
      // recorded list has no times: such servers keep configuration order, after measured ones).
      const measured = row.state.kind === 'connected' && row.state.code !== 'cached' && discovery.connectMs !== null;
      const readyMs = measured ? discovery.connectMs! + (discovery.listMs ?? 0) : undefined;
      inputs.push({ serverId: id, serverName: s.name, source: s.spec?.source ?? 'configured', tools: list, state: row.state.kind, subagent: s.subagent, deferred: s.deferred, entry: s.entry, ...(readyMs !== undefined ? { readyMs } : {}), ...(missesTurn.length ? { missesTurn } : {}) });
    } else if (s.trusted && s.spec) {
      // NAME-1: MiniMax reserves every configured server's name each turn, answering or not.
      inputs.push({ serverId: id, serverName: s.name, source: s.spec.source, tools: [], state: row.state.kind, entry: s.entry });
    }
  }
  // CONN-11: the poisoning checks of every list, shadowing judged against the others.
  const found = findings === false ? new Map<string, Finding[]>() : listFindings(lists);
  for (const srv of servers) {
    const f = found.get(srv.id);
    if (f) srv.findings = f;
  }
  return { inputs, defs, servers, skills: skillCosts };
}

/** SKILL-1: one connected server's skills, what an agent that loads them keeps in context, and the era it was reached in. */
export interface SkillCost {
  serverId: string;
  tokens: number;
  era: 'legacy' | 'modern';
}

/** A server as the naming takes it, with its full definitions in the server's order. */
export type LiveInput = Omit<NamingServerInput, 'tools'> & { tools: readonly ToolDef[] };

/** What the catalog names: the servers taking part, their definitions, the per-server rows. */
export interface CatalogParts {
  inputs: LiveInput[];
  defs: Map<string, ToolDef>;
  servers: ToolsView['servers'];
  /** SKILL-1: connected servers' skills (absent: none known, e.g. hand-given tools). */
  skills?: SkillCost[];
}

/**
 * NAME-4 over gathered parts (live or hand-given): one naming for every view. `only: 'warned'`:
 * rows for the tools some agent has something to say about (`collisions`).
 */
export function nameCatalog(profile: Profile, parts: CatalogParts, reg: RegistryData | undefined, agents: readonly Profile[] = PROFILES, only?: 'warned'): Catalog {
  const { inputs, defs, servers } = parts;
  const named = PROFILES.filter((p) => p === profile || agents.includes(p));
  const cross = crossProfileView(inputs, reg, named, only);
  // AGENT-9: a plugin's server is its own agent's alone: no other agent names it or collides with it.
  const pluginIds = new Set(inputs.filter((i) => i.source === 'plugin-local' || i.source === 'plugin-official').map((i) => i.serverId));
  // Every row here: a tool warned of with the plugins' servers may be quiet without them.
  const others = pluginIds.size > 0 ? crossProfileView(inputs.filter((i) => !pluginIds.has(i.serverId)), reg, named) : cross;
  const reportOf = (p: Profile) => (p === profile ? cross : others).reports[p];
  const otherNames = pluginIds.size > 0 ? new Map(others.rows.map((r) => [defKey(r.serverId, r.tool), r.names])) : null;
  const mine = cross.reports[profile];
  const warnings = new Map<string, NamingWarning[]>();
  const findings = findingsByTool(servers);
  const rows: ToolRow[] = [];
  for (const r of cross.rows) {
    const key = defKey(r.serverId, r.tool);
    const def = defs.get(key);
    if (!def) continue;
    // The pair's last listing, as a lookup by key gave it.
    const t = mine.rowAt(r.at);
    warnings.set(key, r.warnings);
    rows.push({
      serverId: r.serverId,
      serverName: r.serverName,
      tool: r.tool,
      summary: summarize(def.description),
      names: pluginIds.size === 0 ? r.names : pluginIds.has(r.serverId) ? { [profile]: r.names[profile] ?? null } : { ...(otherNames?.get(key) ?? r.names), [profile]: r.names[profile] ?? null },
      tokens: tokensOf(def),
      deferred: t.deferred,
      collidesWith: t.collidesWith ? { serverId: t.collidesWith.serverId, serverName: t.collidesWith.serverName, tool: t.collidesWith.tool, name: t.collidesWith.name, kind: t.collidesWith.kind } : null,
      dropped: t.dropped,
      ...(t.late ? { late: true } : {}),
      ...(findings.has(key) ? { findings: findings.get(key)! } : {}),
    });
  }
  // The tools the agent makes up (seed 002 authenticate, seed 001 query): in its list, with no
  // definition from any server (their cost is the agent's, not counted here).
  for (const t of mine.madeRows()) {
    if (t.name === null) continue;
    const names: ToolRow['names'] = { [profile]: t.name };
    rows.push({ serverId: t.serverId, serverName: t.serverName, tool: t.tool, summary: '', names, tokens: 0, deferred: t.deferred, collidesWith: null, dropped: false, synthetic: t.synthetic ?? undefined });
  }
  const collisions: CollisionRow[] = PROFILES.flatMap((p) =>
    reportOf(p).collisions.map((c) => ({
      profile: p,
      name: c.name,
      kind: c.kind,
      winner: { serverId: c.winner.serverId, serverName: c.winner.serverName, tool: c.winner.tool },
      loser: { serverId: c.loser.serverId, serverName: c.loser.serverName, tool: c.loser.tool },
      resolution: c.resolution,
      assigned: c.assigned,
      why: whyWon(p, c),
      cause: collisionCause(p, c),
    })),
  );
  // Worked out when first read: names and collisions (tools.list with `limits: false`) never ask.
  let offered: Catalog['offered'] | null = null;
  let tokensAt: ReturnType<typeof definitionTokens> | null = null;
  const offerTo = (p: Profile, hidden: ReadonlySet<string>) => [...offeredTools(reportOf(p).tools, (tokensAt ??= definitionTokens(defs)), hidden), ...offeredSkills(p, parts)];
  const none = new Set<string>();
  return {
    view: { profile, servers, tools: rows, collisions, agents: named },
    get offered() {
      return (offered ??= new Map(named.map((p): [Profile, OfferedTool[]] => [p, offerTo(p, none)])));
    },
    offeredTo(p, hidden) {
      return hidden.size ? offerTo(p, hidden) : (this.offered.get(p) ?? []);
    },
    defs,
    warnings,
  };
}

/**
 * A definition's estimate by server and raw name, each looked up once: offeredTools asks for
 * every tool once per agent named, and a key string built per tool per agent was most of its
 * time at 10,000 tools × 17 agents (issue 44).
 */
function definitionTokens(defs: CatalogParts['defs']): (serverId: string, tool: string) => number {
  const byServer = new Map<string, Map<string, number>>();
  return (serverId, tool) => {
    let server = byServer.get(serverId);
    if (!server) byServer.set(serverId, (server = new Map()));
    let n = server.get(tool);
    if (n === undefined) {
      const def = defs.get(defKey(serverId, tool));
      server.set(tool, (n = def ? tokensOf(def) : 0));
    }
    return n;
  };
}

/**
 * CTX-1: what one agent's model is offered: the tools its naming kept (a made-up tool counts, at
 * no definition cost) but for those named in `hidden`, each with its estimate, the agent's own
 * deferral mark and its source.
 */
function offeredTools(tools: readonly NamedTool[], tokensAt: (serverId: string, tool: string) => number, hidden: ReadonlySet<string>): OfferedTool[] {
  const out: OfferedTool[] = [];
  for (const t of tools) {
    if (t.name === null || t.dropped || t.late || t.refused !== null || hidden.has(t.name)) continue;
    out.push({ tokens: t.synthetic ? 0 : tokensAt(t.serverId, t.tool), deferred: t.deferred, source: t.source });
  }
  return out;
}

/**
 * SKILL-1: an agent that loads MCP skills (its profile's `mcpSkills`) keeps each server's skill
 * names and descriptions in context, over the connections it loads them on: one entry per server.
 */
function offeredSkills(p: Profile, { skills = [] }: CatalogParts): OfferedTool[] {
  const loads = profileFacts(p).mcpSkills;
  if (!loads) return [];
  return skills.filter((k) => loads.era === 'any' || k.era === 'modern').map((k) => ({ tokens: k.tokens, skill: true as const }));
}

/** CONN-11: each server's findings by `serverId\u0000tool` (a row and tools.describe show a tool's own). */
export function findingsByTool(servers: ToolsView['servers']): Map<string, Finding[]> {
  const out = new Map<string, Finding[]>();
  for (const s of servers) {
    for (const f of s.findings ?? []) {
      const key = defKey(s.id, f.tool);
      const l = out.get(key);
      if (l) l.push(f);
      else out.set(key, [f]);
    }
  }
  return out;
}

/** The last catalog built, shared by the tools, permissions and disclosure handlers. */
export interface CatalogCache {
  build(): Promise<Catalog>;
  /** NAME-1: the agent's own minimax registry, read (never written), for hand-given tools too. */
  registry: RegistryPort;
  /** tools.describe reads naming warnings here instead of renaming every tool again (≈0.3 s for 10,000 tools). */
  last(): Catalog | null;
  /** The agents the tools are named for: the detected ones (the selected one is always named). */
  agents(): Promise<readonly Profile[]>;
}

/** `agents`: the detected agents (the selected one is always named). */
export function catalogCache(core: ApiCore, registry: RegistryPort, agents?: () => Promise<readonly Profile[]>): CatalogCache {
  let last: Catalog | null = null;
  return {
    build: async () => (last = await buildCatalog(core, registry, agents)),
    registry: () => registry().catch(() => undefined),
    last: () => last,
    agents: async () => (await agents?.().catch(() => undefined)) ?? PROFILES,
  };
}

/** Each listed tool with the name `profile` (default the selected one) gives it (unnamed ones left out). */
export function qualified(c: Catalog, profile: Profile = c.view.profile): { row: ToolRow; name: string }[] {
  return c.view.tools.map((t) => ({ row: t, name: t.names[profile] ?? null })).filter((x): x is { row: ToolRow; name: string } => x.name !== null);
}
