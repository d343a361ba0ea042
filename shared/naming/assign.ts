// NAME-1…NAME-4: the names one profile's agent would give a set of servers' tools, with
// every collision and who won. Plain inputs, so it works on hand-given lists and on the
// connection engine's discovered tools alike.
import { profileFacts } from '../profiles';
import type { ProfileFacts } from '../profiles/types';
import type { Profile, ServerStateKind, ToolSource } from '../schemas/server';
import { emptyRegistry, type RegistryData } from '../profiles/minimax/registry';
import { minimaxNames } from '../profiles/minimax/claims';
import { zedNames } from '../profiles/zed/clash';
import { refNamed } from './refs';
import { DIFFERS, DROPPED, Naming, positionsOf, TOO_LONG, type Positions } from './naming';

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
  /** Built when first read (naming.ts): a caller that needs a few rows asks `rowAt`. */
  readonly tools: NamedTool[];
  collisions: Collision[];
  events: ToolNameCollisionEvent[];
  /** minimax only: the registry after these claims (persist it if it changed). */
  registry: RegistryData | null;
  registryChanged: boolean;
  /** Row i's name (null: not shown), without building the row. */
  readonly names: readonly (string | null)[];
  /** Row i says nothing a warning would: named as the scheme names it, nothing dropped, renamed, cut or refused. */
  quiet(i: number): boolean;
  rowAt(i: number): NamedTool;
  /** The tools the agent makes up (after the servers' tools). */
  madeRows(): NamedTool[];
}

export interface AssignOptions {
  /** minimax: the registry to claim against (default: a fresh one). */
  registry?: RegistryData;
}

/**
 * NAME-4: which names say something other than `<prefix><server><sep><raw tool>`, and which are
 * longer than the model API takes. Short loops over plain values, the same for every agent: each
 * agent's naming facts have their own shape, and a loop reading them deopts once per agent.
 */
function markNames(n: Naming, { prefix, sep, limit }: ProfileFacts['naming']): void {
  if (limit && !limit.enforced) markTooLong(n, limit.max);
  if (prefix === '' && sep === '') markRaw(n);
  else markHeads(n, prefix, sep);
}

function markTooLong(n: Naming, max: number): void {
  for (let i = 0; i < n.size; i++) {
    const name = n.names[i];
    if (name && name.length > max) n.flags[i]! |= TOO_LONG;
  }
}

function markRaw(n: Naming): void {
  const { count, tool } = n.at;
  for (let i = 0; i < count; i++) {
    const name = n.names[i];
    if (name && name !== tool[i]) n.flags[i]! |= DIFFERS;
  }
}

/** Rows come server by server, so the expected head is built once per server, not once per tool. */
function markHeads(n: Naming, prefix: string, sep: string): void {
  const { count, tool, server: serverAt } = n.at;
  let server = -1;
  let head = '';
  for (let i = 0; i < count; i++) {
    const name = n.names[i];
    if (!name) continue;
    const t = tool[i]!;
    if (serverAt[i] !== server) [server, head] = [serverAt[i]!, prefix + n.servers[serverAt[i]!]!.serverName + sep];
    if (!(name.length === head.length + t.length && name.startsWith(head) && name.endsWith(t))) n.flags[i]! |= DIFFERS;
  }
}

/** Lay out the rows the agent would show, before names are given: servers' tools in input order, then the made-up ones. */
function layout(facts: ProfileFacts, servers: readonly NamingServerInput[], at: Positions): Naming {
  const made: Naming['made'][number][] = [];
  const { authTool, subagentTool } = facts.naming;
  const late: number[] = [];
  const wrapped: [number, string][] = [];
  const blank: number[] = [];
  servers.forEach((s, k) => {
    if (s.missesTurn?.includes(facts.id)) {
      // CONN-3: no tools from it this turn, so no names (and no collisions) either.
      late.push(k);
    } else if (authTool && s.state === 'needs-auth') {
      // seed 002: the synthetic tool takes the place of the server's tools; Kimi 2.1.0 offers it
      // only for an entry with no static credentials, and marks the others failed (no tools).
      blank.push(k);
      if (!s.entry || !facts.naming.authToolFor || facts.naming.authToolFor(s.entry)) made.push({ server: k, tool: 'authenticate', name: authTool(s.serverName) });
    } else if (subagentTool && s.subagent) {
      const query = subagentTool(s.serverName);
      wrapped.push([k, query]);
      made.push({ server: k, tool: 'query', name: query });
    }
  });
  const n = new Naming(facts.id, servers, at, made);
  // Asked once per server, not once per tool (issue 44: 10,000 tools × every agent).
  servers.forEach((s, k) => (n.deferred[k] = facts.deferral(s).deferred));
  for (const k of late) n.late[k] = true;
  for (const [k, query] of wrapped) n.wrappedBy[k] = query;
  if (late.length + wrapped.length + blank.length > 0) {
    for (let i = 0; i < at.count; i++) {
      const k = at.server[i]!;
      if (n.late[k] || n.wrappedBy[k] !== null || blank.includes(k)) n.names[i] = null;
    }
  }
  return n;
}

/** The order rows claim names in: as laid out, reversed (`last`), or by the time each server was ready (stable). */
function claimOrder(n: Naming, last: boolean, ready?: ReadonlyMap<string, number>): number[] {
  const size = n.size;
  const order = new Array<number>(size);
  for (let j = 0; j < size; j++) order[j] = last ? size - 1 - j : j;
  if (!ready || ready.size === 0) return order;
  // A stable sort by server: a server not measured (hand-given) keeps its place after the measured ones.
  const readyOf = n.servers.map((s) => ready.get(`${s.source ?? 'configured'}\u0000${s.serverId}`) ?? Infinity);
  return order
    .map((i, j) => ({ i, j, t: readyOf[n.serverAt(i)]! }))
    .sort((a, b) => a.t - b.t || a.j - b.j)
    .map((x) => x.i);
}

/**
 * kimi / minara: first claimant wins, the loser is dropped (NAME-2); `last`: the last one does
 * (Gemini). `ready`: servers claim in the order they finished connecting (Kimi), else as given.
 */
function firstClaimWins(n: Naming, namer: (serverName: string) => (tool: string) => string, last = false, ready?: ReadonlyMap<string, number>, none = false): void {
  nameAll(n, namer);
  const order = claimOrder(n, last, ready);
  const holders = new Map<string, number>();
  // The claims in short loops that every agent runs alike (issue 44: the naming's cost is mostly V8
  // compiling it; a loop that meets a new path in each agent is compiled again each time).
  const clashes: number[] = [];
  for (let j = 0; j < order.length; j++) {
    const i = order[j]!;
    const name = n.names[i];
    if (name === null || name === undefined) continue; // needs-auth / wrapped / late tools are not registered
    const winner = holders.get(name);
    if (winner === undefined) holders.set(name, i);
    else clashes.push(i, winner);
  }
  if (clashes.length) dropLosers(n, clashes, holders, none);
}

/** Each tool row's name before collisions; the server part worked out once per server. */
function nameAll(n: Naming, namer: (serverName: string) => (tool: string) => string): void {
  const { count, tool, server } = n.at;
  let namedFor = -1;
  let nameOf: (tool: string) => string = (t) => t;
  for (let i = 0; i < count; i++) {
    if (n.names[i] === null) continue;
    if (server[i] !== namedFor) [namedFor, nameOf] = [server[i]!, namer(n.servers[server[i]!]!.serverName)];
    n.names[i] = nameOf(tool[i]!);
  }
}

/** `clashes`: loser, winner pairs in claim order. */
function dropLosers(n: Naming, clashes: readonly number[], holders: ReadonlyMap<string, number>, none: boolean): void {
  for (let c = 0; c < clashes.length; c += 2) {
    const [i, winner] = [clashes[c]!, clashes[c + 1]!];
    const name = n.names[i]!;
    const kind = n.kindOf(winner, i);
    const w = n.refAt(winner);
    const loser = n.refAt(i);
    n.drop(i, refNamed(w, kind, name));
    n.collisions.push({ name, kind, winner: w, loser, resolution: 'dropped', assigned: null });
    n.events.push({
      type: 'MCP_TOOL_NAME_COLLISION',
      qualified: name,
      serverName: loser.serverName,
      toolName: loser.tool,
      collidesWith: kind === 'same_server' ? { kind, toolName: w.tool } : { kind, serverName: w.serverName, toolName: w.tool },
    });
  }
  // `all-dropped` (Copilot CLI 1.0.102): the first claimant loses the name too.
  if (none) {
    for (const c of n.collisions) {
      const first = holders.get(c.name);
      if (first === undefined || n.flags[first]! & DROPPED) continue;
      n.drop(first, refNamed(c.loser, c.kind, c.name));
    }
  }
}

/** The servers' tools by position, for naming them for several agents (cross-profile.ts). */
export function namingOf(servers: readonly NamingServerInput[]): (profile: Profile, options?: AssignOptions) => NamingReport {
  const at = positionsOf(servers);
  return (profile, options = {}) => {
    const facts = profileFacts(profile);
    const n = layout(facts, servers, at);
    if (facts.naming.collisions === 'registry') {
      const rows = n.rows();
      const alloc = minimaxNames(rows, servers, options.registry ?? emptyRegistry());
      n.absorb(rows);
      n.collisions = alloc.collisions;
      n.registry = alloc.registry;
      n.registryChanged = alloc.changed;
    } else if (facts.naming.collisions === 'server-prefix') {
      zedNames(n, facts.naming);
    } else {
      const ready = facts.naming.order === 'ready' ? new Map(servers.flatMap((s) => (s.readyMs !== undefined ? [[`${s.source ?? 'configured'}\u0000${s.serverId}`, s.readyMs] as const] : []))) : undefined;
      firstClaimWins(n, facts.naming.namer, facts.naming.collisions === 'last-wins', ready, facts.naming.collisions === 'all-dropped');
    }
    markNames(n, facts.naming);
    return n;
  };
}

export function assignNames(profile: Profile, servers: readonly NamingServerInput[], options: AssignOptions = {}): NamingReport {
  return namingOf(servers)(profile, options);
}

/** The naming of no tools (an agent not named). */
export function noNames(profile: Profile): NamingReport {
  return new Naming(profile, [], positionsOf([]));
}
