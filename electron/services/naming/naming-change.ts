// What changing the tool lists of some servers does to one agent's names (NAME-4), collisions
// and context budget (DISC-1): the catalogue named before and after. One comparison for the
// per-tool switch of one server (CONN-8) and the context plan over many (CTX-2).
import type { CollisionRow } from '../../../shared/contract';
import type { RegistryData } from '../../../shared/profiles/minimax/registry';
import type { Profile, ToolDef } from '../../../shared/schemas/server';
import { defKey, nameCatalog, type Catalog, type CatalogParts, type LiveInput } from '../api/tool-catalog';

/** One server's list as the agent gets it now and after the change; `raw` is everything it offers. */
export interface ListChange {
  raw: readonly ToolDef[];
  before: ToolDef[];
  after: ToolDef[];
  /** CTX-2: after the change the agent defers the server (its own field written). */
  deferAfter?: boolean;
}

export type NameRef = { name: string; serverName: string; tool: string };

export interface NamingChange {
  before: Catalog;
  after: Catalog;
  disappear: NameRef[];
  appear: NameRef[];
  resolved: CollisionRow[];
  created: CollisionRow[];
  tokens: { before: number; after: number };
}

/** The parts with each changed server's tools replaced (its full definitions kept for naming). */
function withLists(parts: CatalogParts, changes: ReadonlyMap<string, ListChange>, side: 'before' | 'after'): CatalogParts {
  const defs = new Map(parts.defs);
  for (const [id, c] of changes) for (const t of c.raw) defs.set(defKey(id, t.name), t);
  const changed = (i: LiveInput, c: ListChange): LiveInput => ({ ...i, tools: c[side], ...(side === 'after' && c.deferAfter ? { deferred: true } : {}) });
  return { ...parts, defs, inputs: parts.inputs.map((i) => (changes.has(i.serverId) ? changed(i, changes.get(i.serverId)!) : i)) };
}

function named(c: Catalog) {
  const p = c.view.profile;
  const names = new Map<string, NameRef>();
  let tokens = 0;
  for (const r of c.view.tools) {
    const name = r.names[p];
    if (name === null || name === undefined) continue;
    names.set(`${name}\u0000${r.serverId}\u0000${r.tool}`, { name, serverName: r.serverName, tool: r.tool });
    tokens += r.tokens;
  }
  const collisions = new Map(c.view.collisions.filter((x) => x.profile === p).map((x) => [[x.name, x.winner.serverId, x.winner.tool, x.loser.serverId, x.loser.tool].join('\u0000'), x]));
  return { names, tokens, collisions };
}

const minus = <T>(a: Map<string, T>, b: Map<string, T>): T[] => [...a].filter(([k]) => !b.has(k)).map(([, v]) => v);

/** Named for `profile` alone: the other agents' names do not change what this one shows. */
export function namingChange(profile: Profile, parts: CatalogParts, reg: RegistryData | undefined, changes: ReadonlyMap<string, ListChange>): NamingChange {
  const before = nameCatalog(profile, withLists(parts, changes, 'before'), reg, [profile]);
  const after = nameCatalog(profile, withLists(parts, changes, 'after'), reg, [profile]);
  const b = named(before);
  const a = named(after);
  return {
    before,
    after,
    disappear: minus(b.names, a.names),
    appear: minus(a.names, b.names),
    resolved: minus(b.collisions, a.collisions),
    created: minus(a.collisions, b.collisions),
    tokens: { before: b.tokens, after: a.tokens },
  };
}
