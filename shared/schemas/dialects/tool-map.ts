// CONN-8 where the agent's per-tool switch is a map at the top of its files (ProfileFacts.toolMap:
// OpenCode's `tools`) rather than a field of the entry: which tools the files' maps turn off, and
// the smallest writes into one file's map after which the agent lets exactly the wanted tools
// through. The agent's own rules (how files merge, how a key matches) are its profile's.
import { profileFacts } from '../../profiles';
import type { ToolMapEntry, ToolMapFacts } from '../../profiles/types';
import type { LayerKind, ToolLimits } from '../server';

export type ToolMapLayers = NonNullable<ToolLimits['toolMap']>['layers'];

/**
 * Writes into one file's map, in order: a key removed (null), or the key made the map's last with
 * this value (the agent reads the last matching key, so a written key comes after the globs).
 */
export type ToolMapPatch = Array<[key: string, value: boolean | null]>;

/** `entries` with the patch applied, as the writer leaves the file's map. */
export function patchedMap(entries: readonly ToolMapEntry[], patch: ToolMapPatch): ToolMapEntry[] {
  let out = [...entries];
  for (const [key, value] of patch) {
    out = out.filter(([k]) => k !== key);
    if (value !== null) out.push([key, value]);
  }
  return out;
}

/** The layers with `at`'s map patched (a layer the agent reads with no map yet is added last). */
export function patchedLayers(layers: ToolMapLayers, at: LayerKind, patch: ToolMapPatch): ToolMapLayers {
  const has = layers.some((l) => l.layer === at);
  return [...layers, ...(has ? [] : [{ layer: at, entries: [] }])].map((l) => (l.layer === at ? { ...l, entries: patchedMap(l.entries, patch) } : l));
}

/** Which tools of `server` the layers' maps turn off, merged as the agent merges them. */
export function mapOff(facts: ToolMapFacts, layers: ToolMapLayers, server: string): (tool: string) => boolean {
  const merged = facts.merge(layers.map((l) => l.entries));
  return (tool) => facts.off(merged, server, tool);
}

/** The limits' map as the agent's profile reads it; null where there is none. */
export function limitsMapOff(limits: ToolLimits, server: string): ((tool: string) => boolean) | null {
  const map = limits.toolMap;
  const facts = map ? profileFacts(map.profile).toolMap : undefined;
  return map && facts ? mapOff(facts, map.layers, server) : null;
}

/**
 * The smallest writes into the `at` layer's map after which exactly `enabled` of `offered` pass:
 * for each tool in the wrong state, removing its own key where that alone puts it right (undoing
 * an earlier switch), else its key written last with the wanted value. A higher file's key can
 * still outrank the write; the caller's preview applies the patched maps and shows that.
 */
export function toolMapPatch(facts: ToolMapFacts, layers: ToolMapLayers, at: LayerKind, server: string, offered: readonly string[], enabled: ReadonlySet<string>): ToolMapPatch {
  const patch: ToolMapPatch = [];
  const own = new Set((layers.find((l) => l.layer === at)?.entries ?? []).map(([k]) => k));
  const offNow = (tool: string) => mapOff(facts, patchedLayers(layers, at, patch), server)(tool);
  for (const tool of offered) {
    const want = enabled.has(tool);
    if (offNow(tool) !== want) continue;
    const key = facts.keyOf(server, tool);
    if (own.has(key)) {
      patch.push([key, null]);
      if (offNow(tool) !== want) continue;
      patch.pop();
    }
    patch.push([key, want]);
  }
  return patch;
}
