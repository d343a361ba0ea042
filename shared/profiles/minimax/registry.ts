// NAME-1: the minimax name registry as a pure allocator. The file, its lock and atomic
// write live in electron/services/naming/registry-store.ts; this is the decision logic,
// shared so the renderer can preview names from a registry snapshot.
//
// Seed 000 (name-registry.ts:51): "Never derives identity from a public name. Removed
// identities retain their assignments so a new source cannot inherit a name."
import { z } from 'zod';
import { ToolSourceSchema, type ToolSource } from '../../schemas/server';
import { minimaxBaseNamer, minimaxSuffixed } from './naming';

export const RegistryToolSchema = z.object({ name: z.string(), base: z.string() });
export const RegistryIdentitySchema = z.object({
  source: ToolSourceSchema,
  serverId: z.string(),
  serverName: z.string(),
  tools: z.record(z.string(), RegistryToolSchema),
  /** Names this identity held under an older server name: still reserved, never reused. */
  retired: z.array(z.string()).default([]),
});
export const RegistryDataSchema = z.object({
  version: z.literal(1),
  identities: z.record(z.string(), RegistryIdentitySchema),
});
export type RegistryData = z.infer<typeof RegistryDataSchema>;
export type RegistryIdentity = z.infer<typeof RegistryIdentitySchema>;

export function emptyRegistry(): RegistryData {
  return { version: 1, identities: {} };
}

/** A structured identity (source + server id), never the public name. */
export function identityKey(source: ToolSource, serverId: string): string {
  switch (source) {
    case 'configured':
      return JSON.stringify(['configured', serverId]);
    case 'session':
      return JSON.stringify(['session', serverId]);
    case 'plugin-official':
      return JSON.stringify(['plugin', 'OFFICIAL', serverId]);
    case 'plugin-local':
      return JSON.stringify(['plugin', 'LOCAL', serverId]);
  }
}

/**
 * Seed 000 (name-registry.ts:246): configured > official plugin > everything else. Session
 * servers are part of minimax's merged mcpServers file view, so they rank with configured.
 */
export function sourcePriority(source: ToolSource): number {
  if (source === 'configured' || source === 'session') return 0;
  if (source === 'plugin-official') return 1;
  return 2;
}

export interface RegistryClaim {
  serverId: string;
  serverName: string;
  source: ToolSource;
  tool: string;
}

export interface ClaimHolder {
  identity: string;
  source: ToolSource;
  serverId: string;
  serverName: string;
  tool: string;
}

export interface ClaimResult {
  name: string;
  base: string;
  /** Set when the base name was already held: who holds it (this claim got a suffix). */
  suffixedBecause: ClaimHolder | null;
}

export interface AllocationResult {
  registry: RegistryData;
  /** One per claim, in claim order. */
  results: ClaimResult[];
  changed: boolean;
}

/**
 * Give every claim a name. Known (identity, tool) pairs keep theirs; new ones are taken in
 * source-priority order (stable), so a fresh registry orders configured > official > local,
 * and get `_2`, `_3`… when the base is held by anyone, including removed identities.
 */
export function allocateMinimaxNames(current: RegistryData, claims: readonly RegistryClaim[]): AllocationResult {
  // Copy on write: only identities that change are cloned, the input stays untouched.
  const registry: RegistryData = { version: 1, identities: { ...current.identities } };
  const cloned = new Set<string>();
  // Who holds a name: a holder from the registry, or (a number) the index of a claim of
  // this batch, turned into a ClaimHolder only when someone collides with it.
  const owners = new Map<string, ClaimHolder | number>();
  for (const [identity, entry] of Object.entries(registry.identities)) {
    for (const [tool, t] of Object.entries(entry.tools)) owners.set(t.name, { identity, source: entry.source, serverId: entry.serverId, serverName: entry.serverName, tool });
    for (const name of entry.retired) owners.set(name, { identity, source: entry.source, serverId: entry.serverId, serverName: entry.serverName, tool: '' });
  }
  const n = claims.length;
  const identities: string[] = new Array<string>(n);
  const bases: string[] = new Array<string>(n);
  // Claims come server by server: reuse the previous claim's identity key and server part.
  let last: RegistryClaim | undefined;
  let lastKey = '';
  let namerFor: string | null = null;
  let namer: (tool: string) => string = (tool) => tool;
  for (let i = 0; i < n; i++) {
    const c = claims[i]!;
    if (!last || last.source !== c.source || last.serverId !== c.serverId) [last, lastKey] = [c, identityKey(c.source, c.serverId)];
    if (c.serverName !== namerFor) [namerFor, namer] = [c.serverName, minimaxBaseNamer(c.serverName)];
    identities[i] = lastKey;
    bases[i] = namer(c.tool);
  }
  const holderOf = (owner: ClaimHolder | number): ClaimHolder => {
    if (typeof owner !== 'number') return owner;
    const c = claims[owner]!;
    return { identity: identities[owner]!, source: c.source, serverId: c.serverId, serverName: c.serverName, tool: c.tool };
  };
  const results: (ClaimResult | undefined)[] = new Array<ClaimResult | undefined>(n);
  // NAME-1: new claims are taken in source-priority order, stable (configured > official >
  // local on a fresh registry): one bucket per priority, each in claim order.
  const pending: number[][] = [[], [], []];
  let changed = false;

  for (let i = 0; i < n; i++) {
    const claim = claims[i]!;
    const known = registry.identities[identities[i]!]?.tools[claim.tool];
    if (known && known.base === bases[i]) results[i] = { name: known.name, base: bases[i]!, suffixedBecause: null };
    else pending[sourcePriority(claim.source)]!.push(i);
  }

  // Consecutive claims mostly share an identity: its (cloned or new) entry is kept at hand.
  let entryFor: string | null = null;
  let entry: RegistryIdentity = { source: 'configured', serverId: '', serverName: '', tools: {}, retired: [] }; // replaced at the first claim
  for (const bucket of pending) for (const i of bucket) {
    const claim = claims[i]!;
    const identity = identities[i]!;
    const base = bases[i]!;
    if (identity !== entryFor) {
      entryFor = identity;
      const current = registry.identities[identity];
      if (!current) {
        entry = { source: claim.source, serverId: claim.serverId, serverName: claim.serverName, tools: {}, retired: [] };
        registry.identities[identity] = entry;
        cloned.add(identity);
      } else if (!cloned.has(identity)) {
        entry = { ...current, tools: { ...current.tools }, retired: [...current.retired] };
        registry.identities[identity] = entry;
        cloned.add(identity);
      } else entry = current;
    }
    const again = entry.tools[claim.tool];
    if (again && again.base === base) {
      // The same (identity, tool) claimed twice in one batch: same name.
      results[i] = { name: again.name, base, suffixedBecause: null };
      continue;
    }
    // The server's public name changed: the old name stays reserved for this identity.
    if (again) entry.retired.push(again.name);
    entry.serverName = claim.serverName;
    const holder = owners.get(base);
    let name = base;
    // The base itself is free when nobody holds it (one hash lookup fewer per claim).
    if (holder !== undefined) for (let k = 2; owners.has(name); k++) name = minimaxSuffixed(base, k);
    entry.tools[claim.tool] = { name, base };
    owners.set(name, i);
    results[i] = { name, base, suffixedBecause: holder !== undefined && name !== base ? holderOf(holder) : null };
    changed = true;
  }
  return { registry, results: results as ClaimResult[], changed };
}
