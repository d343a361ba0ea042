// AGENT-3 "Servers across agents": every detected agent's effective servers, grouped by the
// program they run (command and package, or URL origin) rather than by name, with the fields that
// differ; and the one identity of a server (identityOf) that live state is shared by.
// Values of env and headers are never compared or sent: names only (they may be secrets).
import { isDeepStrictEqual } from 'node:util';
import { canonicalOf, type CanonicalEntry } from '../../../shared/install/canonical';
import { profileFacts } from '../../../shared/profiles';
import type { AcrossCell, AcrossField, AcrossRow, AcrossView } from '../../../shared/schemas/across';
import type { EffectiveServer, Profile } from '../../../shared/schemas/server';
import type { ConfigService } from '../config/config-service';
import type { AgentServers } from '../../../shared/contract/install';
import { serverId } from '../api/rows';

const base = (s: string) => s.split(/[\\/]/).pop()!.replace(/\.(exe|cmd)$/i, '');
/** The launchers' own "do not ask" flags: `npx -y pkg` and `npx pkg` run the same thing. */
const NOISE = new Set(['-y', '--yes']);

/**
 * What a server is, whatever an agent calls it (issue 34 item 5, issue 44): the command (its file
 * name: `/usr/bin/npx` and `npx` are one), every argument, the names of its environment (values may
 * be secrets, and an entry differing only in a secret's value is another login of the same server
 * program) and its working folder; a URL by origin and path. Two entries that run one script with
 * different arguments are two servers.
 */
export function identityOf(c: CanonicalEntry): string | null {
  if (c.transport === 'stdio') {
    if (!c.command) return null;
    const args = (c.args ?? []).filter((a) => !NOISE.has(a));
    const env = Object.keys(c.env ?? {}).sort();
    // Read as a command line (shown in Across agents), quoted where a word would be ambiguous.
    const words = [base(c.command), ...args].map((w) => (w === '' || /[\s"'\\]/.test(w) ? JSON.stringify(w) : w));
    return [words.join(' '), env.length ? `env ${env.join(',')}` : '', c.cwd ? `in ${JSON.stringify(c.cwd)}` : ''].filter(Boolean).join(' · ');
  }
  try {
    const u = new URL(c.url ?? '');
    return `${u.origin}${u.pathname.replace(/\/+$/, '')}`;
  } catch {
    return null;
  }
}

/**
 * What a person calls "the same server" when comparing agents (AGENT-3): the program, `npx -y
 * @scope/pkg@1.2 --x` → `npx @scope/pkg`; a URL → its origin. Entries of one program with
 * other arguments, variables or versions are one row of Across agents, with what differs.
 */
function programOf(c: CanonicalEntry): string | null {
  if (c.transport === 'stdio') {
    if (!c.command) return null;
    const pkg = (c.args ?? []).find((a) => !a.startsWith('-'));
    return `${base(c.command).replace(/\.(mjs|js)$/i, '')} ${pkg ? pkg.replace(/(.)@[^/@]*$/, '$1').replace(/==.*$/, '') : ''}`.trim();
  }
  try {
    return new URL(c.url ?? '').origin;
  } catch {
    return null;
  }
}

function cellOf(s: EffectiveServer, c: CanonicalEntry): AcrossCell {
  return {
    name: s.name,
    layer: s.layer,
    path: s.path,
    transport: c.transport,
    command: c.command ?? null,
    args: c.args ?? [],
    url: c.url ?? null,
    envNames: Object.keys(c.env ?? {}).sort(),
    headerNames: Object.keys(c.headers ?? {}).sort(),
    enabled: s.enabled && c.enabled,
    enabledTools: c.enabledTools ?? null,
    disabledTools: c.disabledTools ?? null,
  };
}

const FIELDS: Record<AcrossField, (c: AcrossCell) => unknown> = {
  transport: (c) => c.transport,
  command: (c) => c.command,
  args: (c) => c.args,
  url: (c) => c.url,
  env: (c) => c.envNames,
  headers: (c) => c.headerNames,
  enabled: (c) => c.enabled,
  tools: (c) => [c.enabledTools, c.disabledTools],
};

export function differingFields(cells: readonly AcrossCell[]): AcrossField[] {
  const [first, ...rest] = cells;
  if (!first) return [];
  return (Object.keys(FIELDS) as AcrossField[]).filter((f) => rest.some((c) => !isDeepStrictEqual(FIELDS[f](c), FIELDS[f](first))));
}

export async function acrossAgents(config: ConfigService, profiles: readonly Profile[], workspace: string | null): Promise<AcrossView> {
  // Per program, its rows: each row holds at most one entry of each agent. An agent's entry joins
  // the row holding the same server (identityOf), else one with its name, else the first without
  // an entry of that agent; never dropped: a second entry of the same program gets a row of its own.
  const groups = new Map<string, Array<{ identity: string; cells: Map<Profile, AcrossCell>; ids: Set<string> }>>();
  for (const p of profiles) {
    const view = await config.load(p, workspace);
    for (const s of view.servers) {
      const c = canonicalOf(p, s.entry);
      const program = c && programOf(c);
      const id = c && identityOf(c);
      if (!c || !program || !id) continue;
      const rows = groups.get(program) ?? [];
      groups.set(program, rows);
      const free = rows.filter((r) => !r.cells.has(p));
      let row = free.find((r) => r.ids.has(id)) ?? free.find((r) => [...r.cells.values()].some((x) => x.name === s.name)) ?? free[0];
      if (!row) rows.push((row = { identity: rows.length === 0 ? program : `${program} (${rows.length + 1})`, cells: new Map(), ids: new Set() }));
      row.cells.set(p, cellOf(s, c));
      row.ids.add(id);
    }
  }
  const out: AcrossRow[] = [...groups.values()].flat().map(({ identity, cells: row }) => {
    const cells = [...row.values()];
    const names = cells.map((c) => c.name);
    const name = names.sort((a, b) => names.filter((n) => n === b).length - names.filter((n) => n === a).length)[0]!;
    return { identity, name, cells: profiles.map((profile) => ({ profile, cell: row.get(profile) ?? null })), differs: differingFields(cells) };
  });
  out.sort((a, b) => a.name.localeCompare(b.name));
  return { agents: profiles.map((profile) => ({ profile, agent: profileFacts(profile).label })), rows: out };
}

/** The identity of an effective server (what it runs), or null. */
const identityOfServer = (p: Profile, s: EffectiveServer): string | null => {
  const c = canonicalOf(p, s.entry);
  return c ? identityOf(c) : null;
};

/**
 * Issue 24 item 4: the other detected agents' servers, each tied to the selected agent's server
 * that runs the same thing (its live state is theirs); the panel starts none of them.
 */
export async function agentServers(config: ConfigService, selected: Profile, others: readonly Profile[], workspace: string | null): Promise<AgentServers> {
  const mine = await config.load(selected, workspace);
  // AGENT-6: a server lists its tools for what the client declares, so only an agent declaring what
  // the selected one declares gets what the panel saw.
  const declares = (p: Profile) => profileFacts(p).clientCapabilities;
  const byIdentity = new Map<string, string>();
  const identities: Record<string, string | null> = {};
  for (const s of mine.servers) {
    const id = identityOfServer(selected, s);
    identities[serverId(s)] = id;
    if (id && s.enabled && !byIdentity.has(id)) byIdentity.set(id, serverId(s));
  }
  const agents: AgentServers['agents'] = [];
  for (const p of others) {
    const view = await config.load(p, workspace);
    const same = isDeepStrictEqual(declares(p), declares(selected));
    const servers = view.servers.map((s) => {
      const identity = identityOfServer(p, s);
      const id = same ? identity : null;
      return { name: s.name, enabled: s.enabled && s.trusted && !s.error, sharedWith: (id && byIdentity.get(id)) ?? null, identity };
    });
    agents.push({ profile: p, agent: profileFacts(p).label, servers });
  }
  return { selected: identities, agents };
}
