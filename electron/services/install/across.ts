// AGENT-3 "Servers across agents": every detected agent's effective servers, grouped by what
// they run (command and package, or URL origin) rather than by name, with the fields that differ.
// Values of env and headers are never compared or sent: names only (they may be secrets).
import { isDeepStrictEqual } from 'node:util';
import { canonicalOf, type CanonicalEntry } from '../../../shared/install/canonical';
import { profileFacts } from '../../../shared/profiles';
import type { AcrossCell, AcrossField, AcrossRow, AcrossView } from '../../../shared/schemas/across';
import type { EffectiveServer, Profile } from '../../../shared/schemas/server';
import type { ConfigService } from '../config/config-service';
import type { AgentServers } from '../../../shared/contract/install';
import { serverId } from '../api/rows';

const base = (s: string) => s.split(/[\\/]/).pop()!.replace(/\.(exe|cmd|mjs|js)$/i, '');

/** `npx -y @scope/pkg@1.2 --x` → `npx @scope/pkg`; a URL → its origin. */
export function identityOf(c: CanonicalEntry): string | null {
  if (c.transport === 'stdio') {
    if (!c.command) return null;
    const pkg = (c.args ?? []).find((a) => !a.startsWith('-'));
    return `${base(c.command)} ${pkg ? pkg.replace(/(.)@[^/@]*$/, '$1').replace(/==.*$/, '') : ''}`.trim();
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
  const rows = new Map<string, Map<Profile, AcrossCell>>();
  for (const p of profiles) {
    const view = await config.load(p, workspace);
    for (const s of view.servers) {
      const c = canonicalOf(p, s.entry);
      const id = c && identityOf(c);
      if (!c || !id) continue;
      const row = rows.get(id) ?? new Map<Profile, AcrossCell>();
      if (!row.has(p)) row.set(p, cellOf(s, c));
      rows.set(id, row);
    }
  }
  const out: AcrossRow[] = [...rows].map(([identity, row]) => {
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
  const byIdentity = new Map<string, string>();
  for (const s of mine.servers) {
    const id = identityOfServer(selected, s);
    if (id && s.enabled && !byIdentity.has(id)) byIdentity.set(id, serverId(s));
  }
  const agents: AgentServers['agents'] = [];
  for (const p of others) {
    const view = await config.load(p, workspace);
    const servers = view.servers.map((s) => {
      const id = identityOfServer(p, s);
      return { name: s.name, enabled: s.enabled && s.trusted && !s.error, sharedWith: (id && byIdentity.get(id)) ?? null };
    });
    agents.push({ profile: p, agent: profileFacts(p).label, servers });
  }
  return { agents };
}
