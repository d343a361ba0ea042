// CFG-1/CFG-6: layers merge by name, later (higher) layers win; every effective server
// lists the entries it shadows, nearest first.
import type { EffectiveServer } from '../../../shared/schemas/server';
import type { LayerServer, LoadedLayer } from '../../../shared/profiles/loading';

export interface MergeOptions {
  /** Minara skips invalid entries ("記錄後跳過"), so a broken override leaves the lower one in force. */
  invalidYields: boolean;
}

function toEffective(s: LayerServer, shadows: LayerServer[]): EffectiveServer {
  return {
    name: s.name,
    layer: s.layer,
    path: s.path,
    pointer: s.pointer,
    transport: s.transport,
    enabled: s.enabled,
    ...(s.switchedOff ? { switchedOff: s.switchedOff } : {}),
    error: s.error,
    ...(s.errorNote ? { errorNote: s.errorNote } : {}),
    shadows: shadows.map((x) => ({ layer: x.layer, path: x.path })),
    deferred: s.deferred,
    subagent: s.subagent,
    trusted: s.trusted,
    ...(s.agentTrusted !== undefined ? { agentTrusted: s.agentTrusted } : {}),
    ...(s.agentRefusal ? { agentRefusal: s.agentRefusal } : {}),
    ...(s.agentOwn ? { agentOwn: s.agentOwn } : {}),
    ...(s.inputs ? { inputs: s.inputs } : {}),
    ...(s.contributedBy ? { contributedBy: s.contributedBy } : {}),
    entry: s.entry,
    spec: s.spec,
  };
}

/**
 * `layers` lowest precedence first. Servers of untrusted layers (CFG-10) take no part in the
 * merge, since the agent does not read them; they are listed after the effective ones.
 */
export function mergeLayers(layers: readonly LoadedLayer[], opts: MergeOptions): EffectiveServer[] {
  const won = new Map<string, { winner: LayerServer; shadows: LayerServer[] }>();
  const untrusted: LayerServer[] = [];
  for (const layer of layers) {
    for (const s of layer.servers) {
      if (!s.trusted) {
        untrusted.push(s);
        continue;
      }
      const prev = won.get(s.name);
      if (!prev) {
        won.set(s.name, { winner: s, shadows: [] });
      } else if (opts.invalidYields && !s.valid && prev.winner.valid) {
        continue; // reported as a problem by the loader; the valid lower entry stays in force
      } else {
        won.set(s.name, { winner: s, shadows: [prev.winner, ...prev.shadows] });
      }
    }
  }
  return [...[...won.values()].map((w) => toEffective(w.winner, w.shadows)), ...untrusted.map((s) => toEffective(s, []))];
}
