// `tools` and `status` without --refresh (issue 22 item 5): the discovery round those commands
// print, read through contract calls from the running panel (its socket) or, with no panel,
// from the servers' cached tool lists. The shape is the pool's own DiscoveryRound, so the
// commands format one thing whichever way it came.
import { performance } from 'node:perf_hooks';
import type { ToolDef } from '../../../shared/schemas/server';
import type { DiscoveryRound, ToolDiff } from '../../services/connections/types';
import { discoveryResult } from '../../services/connections/discovery';
import type { Profile } from '../../../shared/schemas/server';
import type { CommandContext } from './command';
import { type AnswerSource, type PanelCall, withPanel } from './panel-call';

/** servers.list for the states, tools.list for the ids and diffs, tools.describe for each definition. */
export async function roundFrom(call: PanelCall, only?: (name: string) => boolean): Promise<DiscoveryRound> {
  const t0 = performance.now();
  const [{ servers }, listed] = await Promise.all([call('servers.list', {}), call('tools.list', {})]);
  const rows = servers.filter((s) => !only || only(s.name));
  const wanted = new Set(rows.map((r) => r.id));
  // Sent all at once: one socket, answered in order of arrival.
  const details = await Promise.all(listed.tools.filter((t) => wanted.has(t.serverId)).map((t) => call('tools.describe', { serverId: t.serverId, tool: t.tool })));
  const defs = new Map<string, ToolDef[]>();
  for (const d of details) {
    const def: ToolDef = { name: d.tool, inputSchema: d.inputSchema };
    if (d.title !== null) def.title = d.title;
    if (d.description !== '') def.description = d.description;
    if (d.outputSchema !== null) def.outputSchema = d.outputSchema;
    if (d.annotations !== null) def.annotations = d.annotations;
    defs.set(d.serverId, [...(defs.get(d.serverId) ?? []), def]);
  }
  // The contract's diff is the pool's ToolDiff with `fields` as plain strings.
  const diffs = new Map(listed.servers.map((s) => [s.id, s.diff]));
  return {
    initialLoadDurationMs: Math.round(performance.now() - t0),
    servers: rows.map((r) =>
      discoveryResult({ id: r.id, name: r.name, state: r.state, tools: defs.get(r.id) ?? [], connectMs: r.connectMs, lastError: r.lastError, snapshotDiff: (diffs.get(r.id) ?? null) as ToolDiff | null }, true),
    ),
  };
}

/** The round for this profile and workspace from the running panel, else the cached lists. */
export function readRound(ctx: CommandContext, profile: Profile, only?: (name: string) => boolean): Promise<{ round: DiscoveryRound; source: AnswerSource }> {
  return withPanel(ctx, { profile, live: true, reads: true }, async (call, source) => ({ round: await roundFrom(call, only), source }));
}
