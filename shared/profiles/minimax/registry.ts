// NAME-1: MiniMax Code's name registry `<dataDir>/mcp-runtime-names.json` as a pure allocator
// over its own format. The file, its lock and atomic write are electron/services/naming/
// registry-store.ts. Ported from packages/agent-modules/mcp/src/runtime/name-registry.ts
// (shivbera18/rig@e48101b1; seed 000 cites its :51 and :246, which match) so the panel reads a
// real MiniMax file and never writes one MiniMax's parseState would refuse:
// - `{"version":1,"servers":[{key, raw, segment, tools:[{raw, segment}]}]}`;
// - identity keys: `["configured", <merged mcpServers key>]` (user, project and ACP session
//   servers alike) and `["plugin", <source>, <plugin>, <server>]`; tools by raw name;
// - an identity that ever held a segment always gets that segment back, and no segment is ever
//   freed ("Removed identities retain their assignments so a new source cannot inherit a name");
// - new claims of one batch: sorted by key, then unchanged ("natural") names first, then
//   configured > official plugin > other, then key; a taken base gets the first free `_2`, `_3`…
//   on the segment cut to leave room for the suffix.
// Seed 000's "later arrivals get `_2`" is not what the code does: there is no arrival order.
import { z } from 'zod';
import type { ToolSource } from '../../schemas/server';
import { MINIMAX_MAX_NAME, MINIMAX_MAX_SERVER, MINIMAX_NAME_OVERHEAD, minimaxToolRoom, normalizeMinimaxSegment, shortenMinimaxSegment, type SegmentKind } from './naming';

/** validSegment (name-registry.ts:45-48). */
const SEGMENT = /^[A-Za-z0-9-]+(?:_[A-Za-z0-9-]+)*$/;
const validSegment = (v: string): boolean => SEGMENT.test(v) && /[A-Za-z0-9]/.test(v);

const ToolAssignmentSchema = z.looseObject({ raw: z.string(), segment: z.string() });
const ServerAssignmentSchema = z.looseObject({ key: z.string(), raw: z.string(), segment: z.string(), tools: z.array(ToolAssignmentSchema) });

/** parseState (name-registry.ts:200-236): what MiniMax accepts, and nothing else. */
export const RegistryDataSchema = z
  .looseObject({ version: z.literal(1), servers: z.array(ServerAssignmentSchema) })
  .superRefine((state, ctx) => {
    const keys = new Set<string>();
    const segments = new Set<string>();
    state.servers.forEach((entry, i) => {
      const bad = (message: string, path: (string | number)[] = []): void => void ctx.addIssue({ code: 'custom', path: ['servers', i, ...path], message });
      if (!validSegment(entry.segment) || entry.segment.length > MINIMAX_MAX_SERVER) bad(`server segment "${entry.segment}" is not one MiniMax gives`, ['segment']);
      if (keys.has(entry.key)) bad(`key ${entry.key} is listed twice`, ['key']);
      if (segments.has(entry.segment)) bad(`segment "${entry.segment}" is held twice`, ['segment']);
      keys.add(entry.key);
      segments.add(entry.segment);
      const raws = new Set<string>();
      const tools = new Set<string>();
      entry.tools.forEach((tool, j) => {
        if (!validSegment(tool.segment) || tool.segment.length + entry.segment.length + MINIMAX_NAME_OVERHEAD > MINIMAX_MAX_NAME) bad(`tool segment "${tool.segment}" is not one MiniMax gives`, ['tools', j, 'segment']);
        if (raws.has(tool.raw) || tools.has(tool.segment)) bad(`tool "${tool.raw}" is listed twice`, ['tools', j]);
        raws.add(tool.raw);
        tools.add(tool.segment);
      });
    });
  });

export type RegistryData = z.infer<typeof RegistryDataSchema>;
export type ServerAssignment = RegistryData['servers'][number];

export function emptyRegistry(): RegistryData {
  return { version: 1, servers: [] };
}

/** configuredMcpNameKey (name-registry.ts:239-241). */
export const configuredKey = (server: string): string => JSON.stringify(['configured', server]);
/** pluginMcpNameKey (name-registry.ts:242-244). */
export const pluginKey = (source: string, plugin: string, server: string): string => JSON.stringify(['plugin', source, plugin, server]);

/**
 * The identity of one of the panel's servers in MiniMax's registry. Configured and session
 * servers are their merged mcpServers key (native-tool-projection.ts:10-28); a plugin's is its
 * 4-part key, where the panel knows the plugin's name only when it is given (else the server's)
 * and a local plugin's source label not at all (`LOCAL` stands for it).
 */
export function minimaxServerKey(source: ToolSource | undefined, serverName: string, plugin?: string): string {
  if (source === 'plugin-official') return pluginKey('OFFICIAL', plugin ?? serverName, serverName);
  if (source === 'plugin-local') return pluginKey('LOCAL', plugin ?? serverName, serverName);
  return configuredKey(serverName);
}

/** The panel's source of a registry key (a holder the file remembers). */
export function sourceOfKey(key: string): ToolSource {
  const p = sourcePriority(key);
  return p === 0 ? 'configured' : p === 1 ? 'plugin-official' : 'plugin-local';
}

/** sourcePriority (name-registry.ts:246-258): configured 0, official plugin 1, everything else (tools too) 2. */
export function sourcePriority(key: string): number {
  if (key.charCodeAt(0) !== 91 /* [ */) return 2;
  try {
    const identity: unknown = JSON.parse(key);
    if (Array.isArray(identity)) {
      if (identity[0] === 'configured') return 0;
      if (identity[0] === 'plugin' && identity[1] === 'OFFICIAL') return 1;
    }
  } catch {
    /* Tool keys are original names, not structured server identities. */
  }
  return 2;
}

export interface Assignments {
  /** key → segment (servers) or raw → `mcp__<server>__<tool>` (tools). */
  names: Map<string, string>;
  /** key → why MiniMax gives it no name (a refused name, no room for a suffix). */
  errors: Map<string, string>;
  /** key → the segment it wanted, for the claims that did not get it (a collision). */
  wanted: Map<string, string>;
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

interface Pending {
  key: string;
  base: string;
  natural: boolean;
  priority: number;
}

/**
 * allocate (name-registry.ts:143-197), plus which claims did not get the segment they wanted.
 * `keys` may repeat; `nameOf` gives a key's raw name (a tool's key is its name).
 */
function allocate(keys: readonly string[], nameOf: (key: string) => string, existing: ReadonlyMap<string, string>, kind: SegmentKind, max: number): Assignments {
  const names = new Map<string, string>();
  const errors = new Map<string, string>();
  const wanted = new Map<string, string>();
  const used = new Set(existing.values());
  const pending: Pending[] = [];
  // Deduplicated, then in UTF-16 code unit order: Array#sort's own order for strings.
  for (const key of [...new Set(keys)].sort()) {
    const saved = existing.get(key);
    if (saved) {
      names.set(key, saved);
      continue;
    }
    const name = nameOf(key);
    try {
      const base = shortenMinimaxSegment(normalizeMinimaxSegment(name, kind), max, kind);
      pending.push({ key, base, natural: base === name, priority: sourcePriority(key) });
    } catch (err) {
      errors.set(key, err instanceof Error ? err.message : 'Invalid MCP name');
    }
  }
  pending.sort((a, b) => Number(b.natural) - Number(a.natural) || a.priority - b.priority || compare(a.key, b.key));
  const conflicts: Pending[] = [];
  for (const entry of pending) {
    if (used.has(entry.base)) conflicts.push(entry);
    else {
      used.add(entry.base);
      names.set(entry.key, entry.base);
    }
  }
  for (const { key, base } of conflicts) {
    wanted.set(key, base);
    for (let n = 2; ; n++) {
      const suffix = `_${n}`;
      if (suffix.length >= max) {
        errors.set(key, `MCP ${kind} name has no room for a collision suffix`);
        break;
      }
      const candidate = `${shortenMinimaxSegment(base, max - suffix.length, kind)}${suffix}`;
      if (!used.has(candidate)) {
        used.add(candidate);
        names.set(key, candidate);
        break;
      }
    }
  }
  return { names, errors, wanted };
}

const same = (key: string): string => key;

/**
 * McpNameRegistry over a snapshot, copy on write: the given data is never changed; `data` is
 * the state after the claims and `changed` says whether a write is due.
 */
export class MinimaxRegistry {
  private state: RegistryData;
  private readonly byKey: Map<string, ServerAssignment>;
  private copied = false;
  /** Entries this instance made or copied: changed in place. */
  private readonly owned = new WeakSet<ServerAssignment>();
  changed = false;

  constructor(current: RegistryData = emptyRegistry()) {
    this.state = current;
    this.byKey = new Map(current.servers.map((s) => [s.key, s]));
  }

  get data(): RegistryData {
    return this.state;
  }

  /** Who holds a server segment (a server of this batch or one the file remembers). */
  serverHolding(segment: string): ServerAssignment | undefined {
    return this.state.servers.find((s) => s.segment === segment);
  }

  server(key: string): ServerAssignment | undefined {
    return this.byKey.get(key);
  }

  /** assignServers (name-registry.ts:58-78). */
  assignServers(candidates: readonly { key: string; name: string }[]): Assignments {
    const raw = new Map<string, string>();
    for (const c of candidates) if (!raw.has(c.key)) raw.set(c.key, c.name);
    const result = allocate([...raw.keys()], (key) => raw.get(key)!, new Map(this.state.servers.map((s) => [s.key, s.segment])), 'server', MINIMAX_MAX_SERVER);
    for (const c of candidates) {
      const segment = result.names.get(c.key);
      if (!segment || this.byKey.has(c.key)) continue;
      const entry: ServerAssignment = { key: c.key, raw: c.name, segment, tools: [] };
      this.write().servers.push(entry);
      this.byKey.set(c.key, entry);
      this.owned.add(entry);
    }
    return result;
  }

  /** assignTools (name-registry.ts:80-105): names are `mcp__<server segment>__<tool segment>`. */
  assignTools(serverKey: string, rawNames: readonly string[]): Assignments {
    let server = this.byKey.get(serverKey);
    if (!server) throw new Error('MCP server name has not been allocated');
    const result = allocate(rawNames, same, new Map(server.tools.map((t) => [t.raw, t.segment])), 'tool', minimaxToolRoom(server.segment));
    const known = new Set(server.tools.map((t) => t.raw));
    for (const raw of rawNames) {
      const segment = result.names.get(raw);
      if (!segment || known.has(raw)) continue;
      server = this.ownServer(server);
      server.tools.push({ raw, segment });
      known.add(raw);
    }
    const prefix = `mcp__${server.segment}__`;
    for (const [raw, segment] of result.names) result.names.set(raw, prefix + segment);
    return result;
  }

  private write(): RegistryData {
    if (!this.copied) {
      this.state = { ...this.state, servers: [...this.state.servers] };
      this.copied = true;
    }
    this.changed = true;
    return this.state;
  }

  /** The server's entry, copied once before its first change (the snapshot stays as it was). */
  private ownServer(server: ServerAssignment): ServerAssignment {
    if (this.owned.has(server)) return server;
    const copy = { ...server, tools: [...server.tools] };
    const list = this.write().servers;
    list[list.indexOf(server)] = copy;
    this.byKey.set(copy.key, copy);
    this.owned.add(copy);
    return copy;
  }
}
