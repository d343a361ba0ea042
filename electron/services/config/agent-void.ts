// An agent that refuses all of its file servers over one bad entry or file (ProfileFacts
// invalidEntryVoidsAll; Kimi Code, see shared/profiles/kimi/profile.ts), or over a file it refuses
// as a whole by its text (LoadedLayer agentRefuses: OpenCode 1.18.33's `{file:…}` that is not
// there, which makes its whole config invalid): the first such file or entry, and every
// server that then never loads for it. The panel keeps its own per-entry view (CFG-5) and still
// runs the good entries; the verdict says the agent will not.
import type { EffectiveServer, Problem } from '../../../shared/schemas/server';
import type { LayerServer, LoadedLayer } from '../../../shared/profiles/loading';
import type { ProfileFacts } from '../../../shared/profiles/types';

export type AgentVoid = NonNullable<EffectiveServer['agentVoid']>;

/** The first file (lowest layer first) the agent reads that it refuses, and where. */
export function refusedFile(layers: readonly LoadedLayer[], facts: Pick<ProfileFacts, 'fileLayers' | 'agentCheck'>): AgentVoid | null {
  // Where the agent's own check is known, it decides what the agent refuses; else the entry schema is the agent's.
  const refuses = (s: LayerServer) => (facts.agentCheck ? s.agentRefusal !== undefined : !s.valid);
  for (const l of layers) {
    if (!facts.fileLayers.includes(l.info.layer) || l.agentSkips) continue;
    if (l.info.state === 'invalid' || l.info.state === 'void') return { path: l.info.path, pointer: '', reason: l.info.error ?? 'the file cannot be read' };
    if (l.agentRefuses) return { path: l.info.path, pointer: '', reason: l.agentRefuses };
    const bad = l.servers.find(refuses);
    if (bad) return { path: bad.path, pointer: bad.pointer, reason: bad.agentRefusal?.reason ?? bad.error ?? 'an entry its schema refuses' };
  }
  return null;
}

/** Marks the file and plugin servers the agent will not load, and says so once for the view. */
export function applyAgentVoid(facts: ProfileFacts, layers: readonly LoadedLayer[], servers: EffectiveServer[]): Problem | null {
  if (!facts.invalidEntryVoidsAll) {
    // A file the agent refuses as a whole stops its whole config (OpenCode: "Configuration is
    // invalid"): every file server is void for it; the file's own problem already says why.
    const whole = layers.find((l) => l.agentRefuses !== undefined && !l.agentSkips && facts.fileLayers.includes(l.info.layer));
    if (whole?.agentRefuses) for (const s of servers) if (s.layer !== 'session') s.agentVoid = { path: whole.info.path, pointer: '', reason: whole.agentRefuses };
    return null;
  }
  const refused = refusedFile(layers, facts);
  if (!refused) return null;
  // Session servers (ACP session/new) are an overlay of their own and still connect.
  for (const s of servers) if (s.layer !== 'session') s.agentVoid = refused;
  return { path: refused.path, pointer: refused.pointer, message: `${facts.label} loads none of its MCP servers (from any file or plugin) while ${refused.path}${refused.pointer ? ` ${refused.pointer}` : ''} holds what it refuses: ${refused.reason}`, severity: 'error' };
}
