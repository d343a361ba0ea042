// The one loader for "these files, lowest precedence first" (AGENT-4): bounded reads, the
// panel's own trust for project layers (SEC-5: an untrusted workspace starts nothing), and on
// top the agent's own rule (shared/profiles/<id>/files.ts), which can only take servers away.
import { profileFacts } from '../../../../shared/profiles';
import type { AgentFiles, LayerLocation, LoadContext, LoadedLayer, PluginServers } from '../../../../shared/profiles/loading';
import type { Profile } from '../../../../shared/schemas/server';
import { hostVariables, loadLayer, mergeEntry, readText, said } from '../layer-loader';
import { readConfigFile } from '../read-file';
import { agentIo } from './io';

/**
 * `plugins` (AGENT-9): what the agent's plugins or extensions add, as read-only layers under every
 * file, with the same host variables, switches and trust as the files (one read of each per load).
 */
export async function loadFiles(
  profile: Profile,
  locations: readonly LayerLocation[],
  ctx: LoadContext,
  files: Pick<AgentFiles, 'agentTrust' | 'serverTrust' | 'switches' | 'refusesFile'> = {},
  plugins: readonly PluginServers[] = [],
): Promise<LoadedLayer[]> {
  const facts = profileFacts(profile);
  const io = agentIo(ctx.platform);
  const panelTrusted = ctx.workspace ? await ctx.isTrusted(ctx.workspace) : false;
  // CFG-4: a project file must stay inside its workspace (a link out of it is void), and may be capped.
  const reads = await Promise.all(
    locations.map((l) => readConfigFile(l.path, { format: l.format ?? facts.format, ...(l.confineTo ? { confineTo: l.confineTo } : {}), ...(l.maxBytes ? { maxBytes: l.maxBytes } : {}) })),
  );
  const expanding = (l: LayerLocation) => facts.expansion(l.layer) !== 'none';
  const expands = locations.some((l, i) => reads[i]?.state === 'ok' && expanding(l)) || (plugins.length > 0 && facts.expansion('plugin') !== 'none');
  const host = expands ? await hostVariables(ctx) : { vars: undefined, problem: null };
  // AGENT-5: what the agent itself keeps off, outside the entries.
  const switchedOff = files.switches ? await files.switches(ctx, io) : null;
  const out: LoadedLayer[] = plugins.map((plugin) => {
    const layer = loadLayer(
      readText(JSON.stringify({ mcpServers: plugin.servers }), plugin.path),
      { path: plugin.path, layer: 'plugin', dialect: profile, container: ['mcpServers'], writable: false, hostVariables: host.vars, trusted: !plugin.fromWorkspace || panelTrusted },
      ctx,
    );
    for (const s of layer.servers) {
      s.contributedBy = { kind: plugin.kind, name: plugin.name };
      const off = s.enabled ? (plugin.off ?? switchedOff?.(s) ?? null) : null;
      if (off) Object.assign(s, { enabled: false, switchedOff: off });
    }
    return layer;
  });
  // The entries so far by name, merged, for an agent that merges a later same-name entry onto them.
  const merged = new Map<string, Record<string, unknown>>();
  for (const [i, loc] of locations.entries()) {
    const refusal = loc.needsTrust && files.agentTrust ? await files.agentTrust(ctx, loc, io) : null;
    const serverTrust = loc.needsTrust && files.serverTrust ? await files.serverTrust(ctx, loc, io) : undefined;
    const layer = loadLayer(
      reads[i] ?? { state: 'missing' },
      {
        path: loc.path,
        layer: loc.layer,
        dialect: profile,
        trusted: (!loc.needsTrust || panelTrusted) && refusal === null,
        projectRoot: loc.needsTrust && ctx.workspace ? ctx.workspace : undefined,
        writable: loc.writable,
        hostVariables: host.vars,
        ...(loc.container ? { container: loc.container } : {}),
        ...(loc.reservedNames ? { reservedNames: loc.reservedNames } : {}),
        ...(loc.serversKeyRequired ? { serversKeyRequired: true } : {}),
        ...(serverTrust ? { serverTrust } : {}),
        ...(facts.mergesSameName ? { mergeOnto: (name: string) => merged.get(name) } : {}),
      },
      ctx,
    );
    // AGENT-2: a file the agent refuses as a whole, by its text (OpenCode's `{file:…}` that is not there).
    const read = reads[i];
    const whole = read?.state === 'ok' && files.refusesFile ? await files.refusesFile(read.doc.text, loc, ctx, io) : null;
    if (whole && read?.state === 'ok') {
      const why = said(whole.code, { ...whole.params, agent: facts.shortLabel });
      layer.agentRefuses = why.message;
      layer.problems.push({ path: loc.path, pointer: '', ...read.doc.lineCol(whole.offset), ...why, severity: 'error' });
    }
    if (facts.mergesSameName && layer.info.state === 'ok') for (const s of layer.servers) merged.set(s.name, mergeEntry(merged.get(s.name) ?? {}, s.entry));
    // A file that is not there holds nothing the agent skips: no warning for it.
    if (refusal && reads[i]?.state !== 'missing') layer.problems.push({ path: loc.path, pointer: '', message: refusal, severity: 'warning' });
    if (loc.needsTrust && files.agentTrust) {
      // The agent's own answer, apart from the panel's (SEC-5): the verdict says which one is missing.
      layer.agentSkips = refusal !== null;
      for (const s of layer.servers) s.agentTrusted = refusal === null;
    }
    for (const s of switchedOff ? layer.servers : []) {
      const off = s.enabled ? switchedOff!(s) : null;
      if (off) Object.assign(s, { enabled: false, switchedOff: off });
    }
    if (host.problem && reads[i]?.state === 'ok' && expanding(loc)) layer.problems.push({ path: loc.path, pointer: '', ...host.problem, severity: 'warning' });
    out.push(layer);
  }
  return out;
}
