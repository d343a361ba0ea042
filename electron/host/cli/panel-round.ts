// `tools` and `status` without --refresh (issue 22 item 5): the discovery round those commands
// print, read through contract calls from the running panel (its socket) or, with no panel,
// from the servers' cached tool lists. The shape is the pool's own DiscoveryRound, so the
// commands format one thing whichever way it came. What the selected agent makes of each server
// (its verdict, a turn it misses) is the engine's, read from the same answers (agent-view/).
import { performance } from 'node:perf_hooks';
import type { ToolDef } from '../../../shared/schemas/server';
import type { AgentVerdict } from '../../../shared/schemas/agent-view';
import type { MissedTurn } from '../../services/agent-view/turn';
import type { DiscoveryRound, ToolDiff } from '../../services/connections/types';
import { discoveryResult } from '../../services/connections/discovery';
import type { Profile } from '../../../shared/schemas/server';
import type { CommandContext } from './command';
import { type AnswerSource, type PanelCall, withPanel } from './panel-call';

export interface ReadRound {
  round: DiscoveryRound;
  /** Per server id: can the selected agent use it as written (servers.list's rows). */
  agents: Map<string, AgentVerdict>;
  /** Per server id: CONN-3, the selected agent gets none of its tools this turn (tools.list). */
  missedTurns: Map<string, MissedTurn>;
}

/** servers.list for the states and verdicts, tools.list for the ids, diffs and missed turns, tools.describe for each definition. */
export async function roundFrom(call: PanelCall, only?: (name: string) => boolean): Promise<ReadRound> {
  const t0 = performance.now();
  const [{ servers }, listed] = await Promise.all([call('servers.list', {}), call('tools.list', {})]);
  const rows = servers.filter((s) => !only || only(s.name));
  const wanted = new Set(rows.map((r) => r.id));
  // Sent all at once: one socket, answered in order of arrival. A synthetic row (the agent's own
  // authenticate/query tool) is not one the server defines, so there is nothing to describe.
  const details = await Promise.all(listed.tools.filter((t) => wanted.has(t.serverId) && !t.synthetic).map((t) => call('tools.describe', { serverId: t.serverId, tool: t.tool })));
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
  const round: DiscoveryRound = {
    initialLoadDurationMs: Math.round(performance.now() - t0),
    servers: rows.map((r) =>
      discoveryResult({ id: r.id, name: r.name, state: r.state, tools: defs.get(r.id) ?? [], connectMs: r.connectMs, lastError: r.lastError, snapshotDiff: (diffs.get(r.id) ?? null) as ToolDiff | null }, true),
    ),
  };
  const agents = new Map(rows.flatMap((r) => (r.agent ? [[r.id, r.agent] as const] : [])));
  const missedTurns = new Map(listed.servers.flatMap((s) => (wanted.has(s.id) && s.missedTurn ? [[s.id, s.missedTurn] as const] : [])));
  return { round, agents, missedTurns };
}

/** The round for this profile and workspace from the running panel, else the cached lists; with --refresh, connected here. */
export function readRound(ctx: CommandContext, profile: Profile, only?: (name: string) => boolean): Promise<ReadRound & { source: AnswerSource }> {
  return withPanel(ctx, { profile, live: true, reads: true }, async (call, source) => ({ ...(await roundFrom(call, only)), source }));
}
