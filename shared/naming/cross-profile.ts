// NAME-4: the same tools under each agent's scheme side by side, with a warning wherever
// an agent would show (and match permission rules against) something other than the raw
// tool name.
import { profileFacts } from '../profiles';
import type { NamingWarning } from '../schemas/notes';
import { PROFILES, type Profile } from '../schemas/server';
import { namingOf, noNames, type NamedTool, type NamingReport, type NamingServerInput } from './assign';
import type { RegistryData } from '../profiles/minimax/registry';

export interface CrossProfileRow {
  serverId: string;
  serverName: string;
  tool: string;
  /** The name each agent named here gives the tool (null: it does not show it); the other agents are absent. */
  names: Partial<Record<Profile, string | null>>;
  warnings: NamingWarning[];
  /** The pair's last listing: row `at` of every report. */
  at: number;
}

// UI-9: a warning is a code and params (schemas/notes.ts); `naming.warn.<code>` says it.
export type { NamingWarning };

export interface CrossProfileView {
  rows: CrossProfileRow[];
  reports: Record<Profile, NamingReport>;
}

function describe(profile: Profile, t: NamedTool): NamingWarning | null {
  if (t.dropped && t.collidesWith) {
    return { code: 'dropped', params: { profile, name: t.collidesWith.name, owner: `${t.collidesWith.serverName}/${t.collidesWith.tool}` } };
  }
  if (t.wrappedBy) return { code: 'wrapped', params: { profile, by: t.wrappedBy } };
  if (t.late) return { code: 'late', params: { profile } };
  if (t.refused !== null) return { code: 'refused', params: { profile, reason: t.refused } };
  if (t.name === null) return { code: 'needs-auth', params: { profile } };
  if (t.tooLong) return { code: 'too-long', params: { profile, name: t.name, length: String(t.name.length), max: String(profileFacts(profile).naming.limit?.max ?? '') } };
  if (t.collidesWith) return { code: 'renamed', params: { profile, name: t.name, taken: t.collidesWith.name } };
  if (t.differsFromRaw) return { code: 'differs', params: { profile, name: t.name, raw: t.tool } };
  return null;
}

function same(a: NamingWarning, b: NamingWarning): boolean {
  if (a.code !== b.code) return false;
  const ka = Object.keys(a.params);
  return ka.length === Object.keys(b.params).length && ka.every((k) => a.params[k] === b.params[k]);
}

/**
 * `agents`: the agents to name the tools for (the detected ones and the selected one: a person
 * with no Cline on the machine gets no warnings about Cline's names); the others' names are null.
 * `warned`: rows only for the tools some agent has something to say about (`collisions`: a few
 * hundred rows of 10,000, issue 44).
 */
export function crossProfileView(servers: readonly NamingServerInput[], registry?: RegistryData, agents: readonly Profile[] = PROFILES, only?: 'warned'): CrossProfileView {
  const named = PROFILES.filter((p) => agents.includes(p));
  const nameFor = namingOf(servers);
  // NAME-1: only a registry scheme claims against the registry given.
  const reports = Object.fromEntries(
    PROFILES.map((p) => [p, named.includes(p) ? nameFor(p, registry && profileFacts(p).naming.collisions === 'registry' ? { registry } : {}) : noNames(p)]),
  ) as Record<Profile, NamingReport>;
  const list = named.map((p) => reports[p]);
  // A tool a server lists twice is one row: the listings of one (server, tool) pair meet in a run
  // of servers with the same id (a server's rows are together; one with no tools breaks no run).
  const runOf: number[] = [];
  let run = -1;
  let last: string | null = null;
  for (const s of servers) {
    if (s.tools.length && s.serverId !== last) [last, run] = [s.serverId, run + 1];
    runOf.push(run);
  }
  const loud = only === 'warned' ? loudPairs(servers, list, runOf) : null;
  // Every report lays out the servers' tools first, server by server in the order given, and its
  // made-up tools after them (naming.ts): row i is the same (server, tool) in every report. So each
  // row is built once and filled from every report at the same position, with no key per tool per
  // agent, and an agent's row object only where it has something to say (issue 44: 10,000 tools ×
  // 17 agents).
  const rows: CrossProfileRow[] = [];
  // Names for the agents named only: a row of 10,000 does not carry seventeen nulls (issue 44).
  const blank = Object.fromEntries(named.map((p) => [p, null])) as Partial<Record<Profile, string | null>>;
  let seen = new Map<string, CrossProfileRow>();
  let i = -1;
  for (let k = 0; k < (named.length ? servers.length : 0); k++) {
    const s = servers[k]!;
    if (k === 0 || runOf[k] !== runOf[k - 1]) seen = new Map();
    const wanted = loud ? loud.get(runOf[k]!) : null;
    if (loud && !wanted) {
      i += s.tools.length;
      continue;
    }
    for (const t of s.tools) {
      i++;
      if (wanted && !wanted.has(t.name)) continue;
      let row = seen.get(t.name);
      if (!row) {
        row = { serverId: s.serverId, serverName: s.serverName, tool: t.name, names: { ...blank }, warnings: [], at: i };
        seen.set(t.name, row);
        rows.push(row);
      }
      row.at = i;
      for (let j = 0; j < named.length; j++) {
        const report = list[j]!;
        // A repeated (server, tool) row keeps the first claimant's name.
        row.names[named[j]!] ??= report.names[i] ?? null;
        if (report.quiet(i)) continue;
        const warning = describe(named[j]!, report.rowAt(i));
        if (warning && !row.warnings.some((w) => same(w, warning))) row.warnings.push(warning);
      }
    }
  }
  return { rows, reports };
}

/** The tools of each run some agent says something about, by name. */
function loudPairs(servers: readonly NamingServerInput[], list: readonly NamingReport[], runOf: readonly number[]): Map<number, Set<string>> {
  const loud = new Map<number, Set<string>>();
  let i = 0;
  for (let k = 0; k < servers.length; k++) {
    for (const t of servers[k]!.tools) {
      let quiet = true;
      for (let j = 0; j < list.length && quiet; j++) quiet = list[j]!.quiet(i);
      i++;
      if (quiet) continue;
      const set = loud.get(runOf[k]!);
      if (set) set.add(t.name);
      else loud.set(runOf[k]!, new Set([t.name]));
    }
  }
  return loud;
}
