// AGENT-8: the agent's own word on its servers beside the panel's, per entry. The panel reads
// each entry as the agent reads it (its profile); the agent's CLI lists what it makes of them.
// Either may be wrong: this says where they differ, in codes the CLI and the page word.
import { z } from 'zod';
import { agentRuns, type AgentServer } from './agent-cli';
import { ProfileSchema, type EffectiveServer } from '../schemas/server';

/** What each side says an entry does: runs, is switched off or blocked, or waits for an approval. */
export const RunStateSchema = z.enum(['runs', 'off', 'pending', 'error']);
export type RunState = z.infer<typeof RunStateSchema>;

export const EntryVerdictSchema = z.enum([
  'agrees',
  'missing_in_agent', // the panel reads an entry the agent does not list
  'only_in_agent', // the agent lists a server the panel does not read (a plugin's, an extension's)
  'state', // both list it; one says it runs, the other not
  'target', // both list it; the command line or the URL differs
]);
export type EntryVerdict = z.infer<typeof EntryVerdictSchema>;

const Side = z.object({ state: RunStateSchema, target: z.string().nullable() });

export const EntryComparisonSchema = z.object({
  name: z.string(),
  verdict: EntryVerdictSchema,
  panel: Side.nullable(),
  /** `detail`: the agent's own words for the state. */
  agent: Side.extend({ detail: z.string() }).nullable(),
});
export type EntryComparison = z.infer<typeof EntryComparisonSchema>;

export const AgentAnswerSchema = z.object({
  profile: ProfileSchema,
  agent: z.string(),
  workspace: z.string(),
  /** The exact command line that ran. */
  command: z.array(z.string()),
  version: z.string(),
  /** When the agent answered (ms since the epoch). */
  at: z.number(),
  startsServers: z.boolean(),
  entries: z.array(EntryComparisonSchema),
});
export type AgentAnswer = z.infer<typeof AgentAnswerSchema>;

type PanelEntry = Pick<EffectiveServer, 'name' | 'layer' | 'enabled' | 'trusted' | 'error' | 'entry' | 'spec' | 'contributedBy'>;

function panelState(s: PanelEntry): RunState {
  if (s.error) return 'error';
  if (!s.enabled) return 'off';
  return s.trusted ? 'runs' : 'pending';
}

function agentState(s: AgentServer): RunState {
  if (s.state === 'pending') return 'pending';
  return agentRuns(s) ? 'runs' : 'off';
}

/** The command lines (as written, and as the panel resolved it) or URLs one entry may print as. */
function panelTargets(s: PanelEntry): string[] {
  const e = s.entry;
  const out = new Set<string>();
  const line = (command: unknown, args: unknown) => {
    if (Array.isArray(command)) out.add(command.map(String).join(' ')); // OpenCode: one array
    else if (typeof command === 'string') out.add([command, ...(Array.isArray(args) ? args.map(String) : [])].join(' '));
  };
  line(e.command, e.args);
  if (s.spec?.command) line(s.spec.command, s.spec.args);
  for (const url of [e.url, e.httpUrl, e.serverUrl, s.spec?.url]) if (typeof url === 'string') out.add(url);
  return [...out];
}

function agentTarget(s: AgentServer): string | null {
  if (s.url) return s.url;
  if (s.command !== undefined) return [s.command, ...(s.args ?? [])].join(' ');
  return s.commandLine ?? null;
}

const sameTarget = (a: string, b: string) => a.trim().replace(/\/$/, '') === b.trim().replace(/\/$/, '');

/** Each entry the panel reads for this agent, and each server the agent lists, compared by name. */
export function compareWithAgent(panel: readonly PanelEntry[], agent: readonly AgentServer[]): EntryComparison[] {
  const listed = new Map(agent.map((s) => [s.name, s]));
  // Session servers ("try without saving") are the panel's own: no agent reads them.
  const out: EntryComparison[] = panel.filter((p) => p.layer !== 'session').map((p) => {
    const targets = panelTargets(p);
    const mine = { state: panelState(p), target: targets[0] ?? null };
    const theirs = listed.get(p.name);
    listed.delete(p.name);
    // A switched-off plugin's servers are not listed at all (Claude Code 2.1.332): off on both sides.
    if (!theirs) return { name: p.name, verdict: p.contributedBy && mine.state === 'off' ? 'agrees' : 'missing_in_agent', panel: mine, agent: null };
    const said = { state: agentState(theirs), target: agentTarget(theirs), detail: theirs.detail };
    // A config error the agent still lists is its word against ours: a state difference.
    const verdict: EntryVerdict = said.state !== mine.state ? 'state' : said.target !== null && targets.length > 0 && !targets.some((t) => sameTarget(t, said.target!)) ? 'target' : 'agrees';
    return { name: p.name, verdict, panel: mine, agent: said };
  });
  for (const s of listed.values()) out.push({ name: s.name, verdict: 'only_in_agent', panel: null, agent: { state: agentState(s), target: agentTarget(s), detail: s.detail } });
  return out;
}
