// CONN-8 for an agent whose per-tool switch is a map at the top of its files (ProfileFacts.toolMap:
// OpenCode's `tools`): each server's spec carries, per file the agent reads, the keys that may match
// its tools, so the connection engine leaves out what the agent leaves out (connections/limits.ts)
// and a change to a key of one server's tools reconnects that server only.
import type { EffectiveServer } from '../../../shared/schemas/server';
import type { LoadedLayer } from '../../../shared/profiles/loading';
import type { ProfileFacts } from '../../../shared/profiles/types';

/** The files the agent reads: its own, trusted, not refused as a whole (CFG-10, AGENT-2). */
const readByAgent = (facts: ProfileFacts, l: LoadedLayer) => facts.fileLayers.includes(l.info.layer) && l.info.state === 'ok' && !l.agentSkips && l.agentRefuses === undefined;

export function applyToolMaps(facts: ProfileFacts, layers: readonly LoadedLayer[], servers: readonly EffectiveServer[]): void {
  const map = facts.toolMap;
  if (!map) return;
  const files = layers.filter((l) => readByAgent(facts, l));
  for (const s of servers) {
    if (!s.spec) continue;
    const mine = files.map((l) => ({ layer: l.info.layer, entries: (l.toolMap ?? []).filter(([key]) => map.reaches(key, s.name)) }));
    // Every file the agent reads, in order, once any key may match: a write lands in its place.
    if (mine.some((l) => l.entries.length)) s.spec.limits = { ...s.spec.limits, toolMap: { profile: facts.id, layers: mine } };
  }
}
