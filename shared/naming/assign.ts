// NAME-1…NAME-4: the names one profile's agent would give a set of servers' tools, with
// every collision and who won. Plain inputs, so it works on hand-given lists and on the
// connection engine's discovered tools alike.
import { profileFacts } from '../profiles';
import type { ProfileFacts } from '../profiles/types';
import type { Profile, ServerStateKind, ToolSource } from '../schemas/server';
import { emptyRegistry, type RegistryData } from '../profiles/minimax/registry';
import { minimaxNames } from '../profiles/minimax/claims';
import { kindOf, ref, refNamed } from './refs';

export interface NamingServerInput {
  /** Stable identity (config engine's ConnectionSpec.id); never the public name. */
  serverId: string;
  /** The public name used in tool names (minara: the effective `id`). */
  serverName: string;
  source?: ToolSource;
  /** A plugin server's plugin, where known (MiniMax's registry key names it). */
  plugin?: string;
  /** The entry as written, where known (Kimi decides from it whether a 401 is needs-auth). */
  entry?: Record<string, unknown>;
  /** What the server took to become ready for the panel (connect + first list, ms): Kimi's claim order. */
  readyMs?: number;
  tools: readonly { name: string }[];
  state?: ServerStateKind;
  /** minara `subagent` set (NAME-3). */
  subagent?: boolean;
  /** kimi `deferred: true` (DISC-3). */
  deferred?: boolean;
  /**
   * CONN-3: the agents that get no tools from this server this turn (it answered the panel later
   * than their discovery budget): its tools claim no name, and collide with nothing, for them.
   */
  missesTurn?: readonly Profile[];
}

export type CollisionKind = 'same_server' | 'other_server';

export interface ToolRef {
  source: ToolSource;
  serverId: string;
  serverName: string;
  tool: string;
}

export interface NamedTool extends ToolRef {
  /** The name the agent shows; null when dropped or wrapped by a subagent. */
  name: string | null;
  dropped: boolean;
  /** `authenticate` (kimi needs-auth) or `query` (minara subagent): not a server tool. */
  synthetic: 'authenticate' | 'query' | null;
  /** minara subagent: the one tool that wraps this one. */
  wrappedBy: string | null;
  /** Who holds the name this tool wanted (it was dropped or suffixed). */
  collidesWith: (ToolRef & { kind: CollisionKind; name: string }) | null;
  /** DISC-3: kimi `deferred` servers and all minara tools (`defer_loading`). */
  deferred: boolean;
  /** NAME-4: the permission key differs from the raw tool name in more than the prefix. */
  differsFromRaw: boolean;
  /** NAME-4: longer than the model API takes, and the agent sends it anyway (Claude Code: a 400). */
  tooLong: boolean;
  /** CONN-3: not registered this turn (the server missed the agent's discovery budget). */
  late: boolean;
  /** The agent refuses the server's or tool's name (MiniMax: control characters, no room for a suffix): left out. */
  refused: string | null;
}

export interface Collision {
  name: string;
  kind: CollisionKind;
  winner: ToolRef;
  loser: ToolRef;
  resolution: 'dropped' | 'suffixed';
  /** The loser's final name (minimax suffix), null when dropped. */
  assigned: string | null;
}

/** NAME-2: the event kimi emits for a dropped tool (shape of McpToolCollision, seed 002). */
export interface ToolNameCollisionEvent {
  type: 'MCP_TOOL_NAME_COLLISION';
  qualified: string;
  serverName: string;
  toolName: string;
  collidesWith: { kind: 'same_server'; toolName: string } | { kind: 'other_server'; serverName: string; toolName: string };
}

export interface NamingReport {
  profile: Profile;
  tools: NamedTool[];
  collisions: Collision[];
  events: ToolNameCollisionEvent[];
  /** minimax only: the registry after these claims (persist it if it changed). */
  registry: RegistryData | null;
  registryChanged: boolean;
}

export interface AssignOptions {
  /** minimax: the registry to claim against (default: a fresh one). */
  registry?: RegistryData;
}

/** One row, built field by field (an object spread per row was measurable over 10,000). */
function row(server: NamingServerInput, tool: string, deferred: boolean, name: string | null, synthetic: NamedTool['synthetic'] = null, wrappedBy: string | null = null): NamedTool {
  return {
    serverId: server.serverId,
    serverName: server.serverName,
    source: server.source ?? 'configured',
    tool,
    name,
    dropped: false,
    synthetic,
    wrappedBy,
    collidesWith: null,
    deferred,
    differsFromRaw: false,
    tooLong: false,
    late: false,
    refused: null,
  };
}

/**
 * NAME-4: which names say something other than `<prefix><server><sep><raw tool>`, and which are
 * longer than the model API takes. Rows come server by server, so the expected head is built
 * once per server, not once per tool (10,000 tools × every agent, issue 44).
 */
function markNames(rows: NamedTool[], { prefix, sep, limit }: ProfileFacts['naming']): void {
  const raw = prefix === '' && sep === '';
  const tooLong = limit && !limit.enforced ? limit.max : Infinity;
  let server: string | null = null;
  let head = '';
  for (const row of rows) {
    const name = row.name;
    if (!name) continue;
    if (name.length > tooLong) row.tooLong = true;
    if (row.synthetic) continue;
    if (raw) {
      row.differsFromRaw = name !== row.tool;
      continue;
    }
    if (row.serverName !== server) [server, head] = [row.serverName, prefix + row.serverName + sep];
    row.differsFromRaw = !(name.length === head.length + row.tool.length && name.startsWith(head) && name.endsWith(row.tool));
  }
}

/** Lay out the rows the agent would show, before names are given (input order). */
function layout(facts: ProfileFacts, servers: readonly NamingServerInput[]): NamedTool[] {
  const rows: NamedTool[] = [];
  const synthetic: NamedTool[] = [];
  const { authTool, subagentTool } = facts.naming;
  for (const s of servers) {
    // Asked once per server, not once per tool (issue 44: 10,000 tools × every agent).
    const deferred = facts.deferral(s).deferred;
    if (s.missesTurn?.includes(facts.id)) {
      // CONN-3: no tools from it this turn, so no names (and no collisions) either.
      for (const t of s.tools) rows.push(Object.assign(row(s, t.name, deferred, null), { late: true }));
    } else if (authTool && s.state === 'needs-auth') {
      // seed 002: the synthetic tool takes the place of the server's tools; Kimi 2.1.0 offers it
      // only for an entry with no static credentials, and marks the others failed (no tools).
      for (const t of s.tools) rows.push(row(s, t.name, deferred, null));
      if (!s.entry || !facts.naming.authToolFor || facts.naming.authToolFor(s.entry)) synthetic.push(row(s, 'authenticate', deferred, authTool(s.serverName), 'authenticate'));
    } else if (subagentTool && s.subagent) {
      const query = subagentTool(s.serverName);
      for (const t of s.tools) rows.push(row(s, t.name, deferred, null, null, query));
      synthetic.push(row(s, 'query', deferred, query, 'query'));
    } else {
      for (const t of s.tools) rows.push(row(s, t.name, deferred, ''));
    }
  }
  for (const t of synthetic) rows.push(t);
  return rows;
}

/**
 * kimi / minara: first claimant wins, the loser is dropped (NAME-2); `last`: the last one does
 * (Gemini). `ready`: servers claim in the order they finished connecting (Kimi), else as given.
 */
function firstClaimWins(all: NamedTool[], namer: (serverName: string) => (tool: string) => string, last = false, ready?: ReadonlyMap<string, number>, none = false): Pick<NamingReport, 'collisions' | 'events'> {
  let rows = last ? [...all].reverse() : all;
  if (ready && ready.size > 0) {
    // A stable sort by server: a server not measured (hand-given) keeps its place after the measured ones.
    const at = (r: NamedTool) => ready.get(`${r.source}\u0000${r.serverId}`) ?? Infinity;
    rows = rows.map((r, i) => ({ r, i, t: at(r) })).sort((a, b) => a.t - b.t || a.i - b.i).map((x) => x.r);
  }
  const holders = new Map<string, NamedTool>();
  const collisions: Collision[] = [];
  const events: ToolNameCollisionEvent[] = [];
  // Rows come server by server: the server part of the name is worked out once per server.
  let namedFor: string | null = null;
  let nameOf: (tool: string) => string = (tool) => tool;
  for (const row of rows) {
    if (row.name === null) continue; // needs-auth / wrapped tools are not registered
    if (!row.synthetic && row.serverName !== namedFor) [namedFor, nameOf] = [row.serverName, namer(row.serverName)];
    const name = row.synthetic ? row.name : nameOf(row.tool);
    const winner = holders.get(name);
    if (!winner) {
      holders.set(name, row);
      row.name = name;
      continue;
    }
    const kind = kindOf(winner, row);
    row.name = null;
    row.dropped = true;
    row.collidesWith = refNamed(winner, kind, name);
    collisions.push({ name, kind, winner: ref(winner), loser: ref(row), resolution: 'dropped', assigned: null });
    events.push({
      type: 'MCP_TOOL_NAME_COLLISION',
      qualified: name,
      serverName: row.serverName,
      toolName: row.tool,
      collidesWith: kind === 'same_server' ? { kind, toolName: winner.tool } : { kind, serverName: winner.serverName, toolName: winner.tool },
    });
  }
  // `all-dropped` (Copilot CLI 1.0.102): the first claimant loses the name too.
  if (none) {
    for (const c of collisions) {
      const first = holders.get(c.name);
      if (!first || first.dropped) continue;
      first.dropped = true;
      first.name = null;
      first.collidesWith = refNamed(c.loser, c.kind, c.name);
    }
  }
  return { collisions, events };
}

/**
 * Zed (thread.rs `enabled_tools`): every holder of a name two tools share is shown as
 * `clash(server, tool)`; if those names meet again, the later tool replaces the earlier.
 */
function serverPrefixed(all: NamedTool[], facts: ProfileFacts): Pick<NamingReport, 'collisions' | 'events'> {
  const { namer, clashName } = facts.naming;
  const clash = clashName ?? ((server: string, tool: string) => `${server}_${tool}`);
  const holders = new Map<string, NamedTool[]>();
  for (const row of all) {
    if (row.name === null) continue;
    row.name = row.synthetic ? row.name : namer(row.serverName)(row.tool);
    const list = holders.get(row.name);
    if (list) list.push(row);
    else holders.set(row.name, [row]);
  }
  const collisions: Collision[] = [];
  for (const [name, list] of holders) {
    if (list.length < 2) continue;
    const first = list[0]!;
    for (const row of list) {
      row.name = clash(row.serverName, row.tool);
      const other = row === first ? list[1]! : first;
      row.collidesWith = refNamed(other, kindOf(other, row), name);
      if (row !== first) collisions.push({ name, kind: kindOf(first, row), winner: ref(first), loser: ref(row), resolution: 'suffixed', assigned: row.name });
    }
  }
  // Names that still meet: Zed's map keeps the last insert.
  const final = new Map<string, NamedTool>();
  for (const row of all) {
    if (row.name === null) continue;
    const earlier = final.get(row.name);
    final.set(row.name, row);
    if (!earlier) continue;
    const kind = kindOf(row, earlier);
    earlier.dropped = true;
    earlier.collidesWith = refNamed(row, kind, row.name);
    collisions.push({ name: row.name, kind, winner: ref(row), loser: ref(earlier), resolution: 'dropped', assigned: null });
    earlier.name = null;
  }
  return { collisions, events: [] };
}

export function assignNames(profile: Profile, servers: readonly NamingServerInput[], options: AssignOptions = {}): NamingReport {
  const facts = profileFacts(profile);
  const rows = layout(facts, servers);
  let report: Pick<NamingReport, 'collisions' | 'events'>;
  let registry: RegistryData | null = null;
  let registryChanged = false;

  if (facts.naming.collisions === 'registry') {
    const alloc = minimaxNames(rows, servers, options.registry ?? emptyRegistry());
    report = { collisions: alloc.collisions, events: [] };
    registry = alloc.registry;
    registryChanged = alloc.changed;
  } else if (facts.naming.collisions === 'server-prefix') {
    report = serverPrefixed(rows, facts);
  } else {
    const ready = facts.naming.order === 'ready' ? new Map(servers.flatMap((s) => (s.readyMs !== undefined ? [[`${s.source ?? 'configured'}\u0000${s.serverId}`, s.readyMs] as const] : []))) : undefined;
    report = firstClaimWins(rows, facts.naming.namer, facts.naming.collisions === 'last-wins', ready, facts.naming.collisions === 'all-dropped');
  }
  markNames(rows, facts.naming);

  return { profile, tools: rows, ...report, registry, registryChanged };
}
