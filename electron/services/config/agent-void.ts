// An agent that refuses all of its file servers over one bad entry (ProfileFacts
// invalidEntryVoidsAll; Kimi Code, see shared/profiles/kimi/profile.ts): the first entry it
// refuses in a file it reads, and every server that then never loads for it. The panel keeps its
// own per-entry view (CFG-5) and still runs the good entries; the verdict says the agent will not.
import type { EffectiveServer, LayerKind, Problem } from '../../../shared/schemas/server';
import type { LoadedLayer } from '../../../shared/profiles/loading';
import type { ProfileFacts } from '../../../shared/profiles/types';

export type AgentVoid = NonNullable<EffectiveServer['agentVoid']>;

/** The first file (lowest layer first) the agent reads that it refuses, and where. */
export function refusedFile(layers: readonly LoadedLayer[], fileLayers: readonly LayerKind[]): AgentVoid | null {
  for (const l of layers) {
    if (!fileLayers.includes(l.info.layer) || l.agentSkips) continue;
    if (l.info.state === 'invalid' || l.info.state === 'void') return { path: l.info.path, pointer: '', reason: l.info.error ?? 'the file cannot be read' };
    const bad = l.servers.find((s) => !s.valid);
    if (bad) return { path: bad.path, pointer: bad.pointer, reason: bad.error ?? 'an entry its schema refuses' };
  }
  return null;
}

/** Marks the file and plugin servers the agent will not load, and says so once for the view. */
export function applyAgentVoid(facts: ProfileFacts, layers: readonly LoadedLayer[], servers: EffectiveServer[]): Problem | null {
  if (!facts.invalidEntryVoidsAll) return null;
  const refused = refusedFile(layers, facts.fileLayers);
  if (!refused) return null;
  // Session servers (ACP session/new) are an overlay of their own and still connect.
  for (const s of servers) if (s.layer !== 'session') s.agentVoid = refused;
  return { path: refused.path, pointer: refused.pointer, message: `${facts.label} loads none of its MCP servers (from any file or plugin) while ${refused.path}${refused.pointer ? ` ${refused.pointer}` : ''} holds what it refuses: ${refused.reason}`, severity: 'error' };
}
