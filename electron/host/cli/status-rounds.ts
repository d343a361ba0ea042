// `status`'s live side for each agent asked: the running panel's answer, else the cached tool
// lists (issue 22), and with --refresh one discovery round for this run. Several agents with
// --refresh (issue 44 item 1) share one engine and one process per distinct server.
import { poolInput } from '../../services/config/status';
import type { DeclaredCapabilities } from '../../../shared/profiles/types';
import { profileFacts } from '../../../shared/profiles';
import type { ConnectionSpec, EffectiveView, Profile } from '../../../shared/schemas/server';
import { type CommandContext, optInt, UsageError } from './command';
import { withEachAgent } from './panel-call';
import { readRound, roundWithLimits, type RoundAnswer } from './panel-round';

export interface AgentRound {
  answer: RoundAnswer | null;
  /**
   * AGENT-6 where one process answered agents that declare different things: what the
   * connection declared when it is more than this agent declares (null: it declared the same).
   */
  declaredFor(spec: ConnectionSpec): DeclaredCapabilities | null | undefined;
}

const same = () => undefined;

export async function statusRounds(ctx: CommandContext, views: readonly EffectiveView[], noConnect: boolean): Promise<AgentRound[]> {
  if (noConnect) return views.map(() => ({ answer: null, declaredFor: same }));
  const contextWindow = optInt(ctx, 'context-window');
  if (contextWindow !== undefined && contextWindow <= 0) throw new UsageError('--context-window N must be a positive number of tokens');
  const opts = { limits: true, ...(contextWindow ? { contextWindow } : {}) };
  if (views.length > 1 && ctx.opts.refresh) {
    const { planShare } = await import('../../services/api/run-share');
    const share = planShare(views.flatMap((v) => poolInput(v).specs), { exact: !!ctx.opts.exact });
    const answers = await withEachAgent(ctx, views.map((v) => v.profile), share, (profile, call) => roundWithLimits(call, 'live', profile, undefined, opts));
    return answers.map((answer) => ({ answer, declaredFor: (spec: ConnectionSpec) => share.listedAs(spec) }));
  }
  const out: AgentRound[] = [];
  for (const v of views) out.push({ answer: await readRound(ctx, v.profile, undefined, opts), declaredFor: same });
  return out;
}

/** What a client declaration holds, in words (null: the panel's own full set, as for an agent nobody documents). */
export function declarationWords(d: DeclaredCapabilities | null): string {
  if (d === null) return 'roots, sampling and elicitation';
  const names = Object.keys(d);
  return names.length ? names.join(', ') : 'no client capabilities';
}

/** The line under a server listed for this agent by a connection that declared more than the agent does. */
export function declaredLine(profile: Profile, declared: DeclaredCapabilities | null): string {
  const own = profileFacts(profile).clientCapabilities;
  return `      listed declaring ${declarationWords(declared)} (one process for every agent that lists it); ${profileFacts(profile).label} declares ${declarationWords(own)}, and the server may offer it fewer tools (--exact: a connection per declaration)`;
}

