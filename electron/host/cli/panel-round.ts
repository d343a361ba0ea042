// `tools` and `status` without --refresh (issue 22 item 5): the discovery round those commands
// print, read through contract calls from the running panel (its socket) or, with no panel,
// from the servers' cached tool lists. The shape is the pool's own DiscoveryRound, so the
// commands format one thing whichever way it came. What the selected agent makes of each server
// (its verdict, a turn it misses) is the engine's, read from the same answers (agent-view/).
import { performance } from 'node:perf_hooks';
import type { ToolDef } from '../../../shared/schemas/server';
import type { Finding } from '../../../shared/trust/finding';
import type { AgentVerdict } from '../../../shared/schemas/agent-view';
import type { MissedTurn } from '../../services/agent-view/turn';
import type { DiscoveryRound, ToolDiff } from '../../services/connections/types';
import { discoveryResult } from '../../services/connections/discovery';
import type { Profile } from '../../../shared/schemas/server';
import type { CommandContext } from './command';
import type { AgentStandingRow } from '../../../shared/contract';
import { type AnswerSource, type PanelCall, withPanel } from './panel-call';

export interface ReadRound {
  round: DiscoveryRound;
  /** Per server id: can the selected agent use it as written (servers.list's rows). */
  agents: Map<string, AgentVerdict>;
  /** Per server id: CONN-3, the selected agent gets none of its tools this turn (tools.list). */
  missedTurns: Map<string, MissedTurn>;
  /** Per server id: CONN-11, the poisoning checks' findings on its current list (none: absent). */
  findings: Map<string, Finding[]>;
}

/** servers.list for the states and verdicts; tools.definitions for the definitions, diffs and missed turns. */
export async function roundFrom(call: PanelCall, only?: (name: string) => boolean): Promise<ReadRound> {
  const t0 = performance.now();
  // Two calls in flight on one socket. The definitions come in one answer, unnamed: tools.list
  // (every tool named under every agent's scheme, with the collisions) and one tools.describe
  // per tool were 262 answers for 18 servers, each validated, redacted and written alone.
  const [{ servers }, listed] = await Promise.all([call('servers.list', {}), call('tools.definitions', {})]);
  const rows = servers.filter((s) => !only || only(s.name));
  const wanted = new Set(rows.map((r) => r.id));
  const defs = new Map<string, ToolDef[]>();
  for (const d of listed.tools) {
    if (!wanted.has(d.serverId)) continue;
    const def: ToolDef = { name: d.tool, inputSchema: d.inputSchema };
    if (d.title !== null) def.title = d.title;
    if (d.description !== '') def.description = d.description;
    if (d.outputSchema !== null) def.outputSchema = d.outputSchema;
    if (d.annotations !== null) def.annotations = d.annotations;
    const list = defs.get(d.serverId);
    if (list) list.push(def);
    else defs.set(d.serverId, [def]);
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
  const findings = new Map(listed.servers.flatMap((s) => (wanted.has(s.id) && s.findings ? [[s.id, s.findings] as const] : [])));
  return { round, agents, missedTurns, findings };
}

/**
 * The round for this profile and workspace from the running panel, else the cached lists; with
 * --refresh, connected here. `limits` (status, CTX-1): also where the profile's offered tools stand
 * against its limits, from the same answering engine, at `contextWindow` (default the contract's).
 */
export function readRound(ctx: CommandContext, profile: Profile, only?: (name: string) => boolean, opts: RoundOptions = {}): Promise<RoundAnswer> {
  return withPanel(ctx, { profile, live: true, reads: true }, (call, source) => roundWithLimits(call, source, profile, only, opts));
}

interface RoundOptions {
  limits?: boolean;
  contextWindow?: number;
}
export type RoundAnswer = ReadRound & { source: AnswerSource; limits?: AgentStandingRow };

/** The round as `call` answers it for `profile`, with where its tools stand against its limits when asked. */
export async function roundWithLimits(call: PanelCall, source: AnswerSource, profile: Profile, only?: (name: string) => boolean, opts: RoundOptions = {}): Promise<RoundAnswer> {
  const [round, limits] = await Promise.all([roundFrom(call, only), opts.limits ? call('tools.limits', { agents: [profile], ...(opts.contextWindow ? { contextWindow: opts.contextWindow } : {}) }) : null]);
  const mine = limits?.limits.find((l) => l.profile === profile);
  return { ...round, source, ...(mine ? { limits: mine } : {}) };
}
