// NAME-4: the same tools under each agent's scheme side by side, with a warning wherever
// an agent would show (and match permission rules against) something other than the raw
// tool name.
import type { Profile } from '../schemas/server';
import { assignNames, type NamedTool, type NamingReport, type NamingServerInput } from './assign';
import type { RegistryData } from './minimax-registry';

export interface CrossProfileRow {
  serverId: string;
  serverName: string;
  tool: string;
  names: Record<Profile, string | null>;
  warnings: string[];
}

export interface CrossProfileView {
  rows: CrossProfileRow[];
  reports: Record<Profile, NamingReport>;
}

function describe(profile: Profile, t: NamedTool): string | null {
  if (t.dropped && t.collidesWith) {
    return `${profile}: dropped, "${t.collidesWith.name}" already belongs to ${t.collidesWith.serverName}/${t.collidesWith.tool}`;
  }
  if (t.wrappedBy) return `${profile}: hidden behind ${t.wrappedBy} (subagent)`;
  if (t.name === null) return `${profile}: not shown (server needs authentication)`;
  if (t.collidesWith) return `${profile}: renamed to ${t.name} because ${t.collidesWith.name} is taken`;
  if (t.differsFromRaw) return `${profile}: ${t.name} differs from the raw name "${t.tool}" (sanitised or shortened)`;
  return null;
}

export function crossProfileView(servers: readonly NamingServerInput[], registry?: RegistryData): CrossProfileView {
  const reports = {
    minimax: assignNames('minimax', servers, registry ? { registry } : {}),
    kimi: assignNames('kimi', servers),
    minara: assignNames('minara', servers),
  } satisfies Record<Profile, NamingReport>;
  const rows = new Map<string, CrossProfileRow>();
  for (const profile of ['minimax', 'kimi', 'minara'] as const) {
    for (const t of reports[profile].tools) {
      if (t.synthetic) continue;
      const key = JSON.stringify([t.serverId, t.tool]);
      let row = rows.get(key);
      if (!row) {
        row = { serverId: t.serverId, serverName: t.serverName, tool: t.tool, names: { minimax: null, kimi: null, minara: null }, warnings: [] };
        rows.set(key, row);
      }
      // A repeated (server, tool) row keeps the first claimant's name.
      if (row.names[profile] === null) row.names[profile] = t.name;
      const warning = describe(profile, t);
      if (warning && !row.warnings.includes(warning)) row.warnings.push(warning);
    }
  }
  return { rows: [...rows.values()], reports };
}
