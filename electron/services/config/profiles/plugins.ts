// AGENT-9: what an agent's plugins or extensions add (shared/profiles/<id>/ `plugins`), loaded as
// read-only layers under the agent's own files: the same dialect rules, the same switches of the
// agent's own, and the panel's trust where only the workspace's files switched the plugin on.
import { profileFacts } from '../../../../shared/profiles';
import type { AgentFiles, LoadContext, LoadedLayer } from '../../../../shared/profiles/loading';
import type { Profile } from '../../../../shared/schemas/server';
import { hostVariables, loadLayer, readText } from '../layer-loader';
import { agentIo } from './io';

export async function loadPlugins(profile: Profile, ctx: LoadContext, files: Pick<AgentFiles, 'plugins' | 'switches'>): Promise<LoadedLayer[]> {
  if (!files.plugins) return [];
  const io = agentIo(ctx.platform);
  const found = await files.plugins(ctx, io);
  if (found.length === 0) return [];
  const host = profileFacts(profile).expansion('plugin') !== 'none' ? await hostVariables(ctx) : { vars: undefined };
  const switchedOff = files.switches ? await files.switches(ctx, io) : null;
  const panelTrusted = ctx.workspace ? await ctx.isTrusted(ctx.workspace) : false;
  return found.map((plugin) => {
    const read = readText(JSON.stringify({ mcpServers: plugin.servers }), plugin.path);
    const layer = loadLayer(
      read,
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
}
