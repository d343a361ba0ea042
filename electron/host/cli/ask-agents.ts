// `mcp-panel agents --ask [AGENT]` (AGENT-8): the agent's own word on its servers beside the
// panel's, per entry. The command line is printed before it runs; without AGENT, every detected
// agent whose command is installed is asked.
import { ProfileSchema, type Profile } from '../../../shared/schemas/server';
import { AGENT_CLIS } from '../../../shared/profiles/agent-clis';
import type { AgentAnswer, EntryComparison } from '../../../shared/profiles/agent-answer';
import { profileFacts } from '../../../shared/profiles';
import { findOnPath } from '../../services/config/plugin-rules';
import { agentCli, askAgent } from '../../services/agents/ask';
import type { ConfigService } from '../../services/config/config-service';
import { toRpcError, type RpcError } from '../../../shared/errors';
import type { Translator } from '../../../shared/i18n';
import { sayEntry } from '../../../shared/i18n/ask';
import { type CommandContext, printJson, UsageError } from './command';

const DEFAULT_TIMEOUT_S = 60;

/** AGENT-8: after a write, the line that asks each agent written to (whose command line the panel knows) for its own word. */
export function askHint(profiles: readonly Profile[], workspace: string, cwd: string): string {
  const ws = workspace === cwd ? '' : ` --workspace ${workspace}`;
  return [...new Set(profiles)]
    .filter((p) => AGENT_CLIS[p])
    .map((p) => `  ask ${profileFacts(p).label} itself what it reads now: mcp-panel agents --ask ${p}${ws}\n`)
    .join('');
}

function wordEntry(t: Translator, agent: string, e: EntryComparison): string {
  return `  ${e.verdict === 'agrees' ? '=' : '\u2260'} ${e.name}  ${sayEntry(t, agent, e)}`;
}

/** Which agents to ask: the one named, else every detected agent whose command is on PATH. */
function targets(ctx: CommandContext, detected: Profile[]): Profile[] {
  const named = ctx.args[0];
  if (named) {
    const p = ProfileSchema.safeParse(named);
    if (!p.success) throw new UsageError(`unknown agent "${named}"; one of: ${Object.keys(AGENT_CLIS).join(', ')}`);
    return [p.data];
  }
  return detected.filter((p) => AGENT_CLIS[p] && findOnPath(AGENT_CLIS[p].bin, ctx.env));
}

export async function askAgents(ctx: CommandContext, t: Translator, config: ConfigService, workspace: string, detected: Profile[]): Promise<number> {
  const seconds = Number(ctx.opts.timeout ?? DEFAULT_TIMEOUT_S);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new UsageError('--timeout takes a number of seconds');
  const trusted = await config.trust.isTrusted(workspace);
  const answers: AgentAnswer[] = [];
  const failed: Array<{ profile: Profile; error: RpcError }> = [];
  const asked = targets(ctx, detected);
  if (asked.length === 0 && !ctx.opts.json) ctx.stdout(`${t('ask.none')}\n`);
  for (const profile of asked) {
    const label = profileFacts(profile).label;
    try {
      if (!ctx.opts.json) {
        const cli = agentCli(profile, ctx.env);
        ctx.stdout(`${t('ask.running', { agent: label, command: [cli.bin, ...cli.list].join(' ') })}${cli.startsServers ? ` ${t('ask.starts')}` : ''}\n`);
      }
      const view = await config.load(profile, workspace);
      const answer = await askAgent(view, { env: ctx.env, workspace, dataDir: config.panelDataDir, trusted, timeoutMs: seconds * 1000 });
      answers.push(answer);
      if (ctx.opts.json) continue;
      const agree = answer.entries.filter((e) => e.verdict === 'agrees').length;
      ctx.stdout(`${t('ask.answer', { agent: label, version: answer.version, agree, total: answer.entries.length })}\n`);
      for (const e of answer.entries) ctx.stdout(`${wordEntry(t, label, e)}\n`);
    } catch (err) {
      const error = toRpcError(err);
      failed.push({ profile, error });
      if (!ctx.opts.json) ctx.stderr(`${t('ask.failed', { agent: label, message: error.message })}\n`);
    }
  }
  if (ctx.opts.json) printJson(ctx, { workspace, answers, failed });
  return failed.length > 0 ? 1 : 0;
}
