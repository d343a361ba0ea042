// CTX-2 on the command line: `plan --agent A [--target-tokens N] [--dry-run] [--json]` runs the
// tools view's own plan (plan.preview / plan.apply): each suggestion with its reason and saving,
// the files it writes as diffs, the names that change and the tokens after; `--undo ID` and
// `--list` as `install` has them.
import { DEFAULT_CONTEXT_WINDOW, type PlanView } from '../../../shared/contract';
import { blockedReason, deferCondition, planTotals, suggestionReason, suggestionSubject, targetLine } from '../../../shared/context/plan-words';
import { pickLocale, translator, type Translator } from '../../../shared/i18n';
import { profileFacts } from '../../../shared/profiles';
import type { Profile } from '../../../shared/schemas/server';
import { type Command, type CommandContext, optInt, optString, printJson, profileOption, UsageError, UserError } from './command';
import { withPanel } from './panel-call';

/** `--agent A` (the issue's spelling), or `--profile A` as every other command takes it. */
const agentOption = (ctx: CommandContext): Profile => profileOption(ctx, null, 'agent') ?? profileOption(ctx);

function printPlan(ctx: CommandContext, t: Translator, v: PlanView): void {
  const agent = profileFacts(v.profile).label;
  if (v.suggestions.length === 0) return void ctx.stdout(`${t('plan.none', { agent })}\n`);
  if (v.via === 'none') ctx.stdout(`${t('plan.noFields', { agent })}\n`);
  if (v.via === 'bridge') ctx.stdout(`${t('plan.viaBridge', { agent })}\n`);
  for (const s of v.suggestions) {
    const mark = s.picked ? '[x]' : '[ ]';
    const { name, origin } = suggestionSubject(t, s);
    const notes = [suggestionReason(t, s, agent), deferCondition(t, s, agent), blockedReason(t, s, agent)].filter((x): x is string => x !== null);
    ctx.stdout(`${mark} ${name}  (${origin})  ${t('plan.saving', { tokens: t.number(s.tokens) })}\n${notes.map((n) => `      ${n}\n`).join('')}`);
  }
  ctx.stdout(`${planTotals(t, v, agent)}\n`);
  const target = targetLine(t, v);
  if (target) ctx.stdout(`${target}\n`);
  const names = [...v.disappear.map((n) => `- ${n.name}  (${n.serverName}/${n.tool})`), ...v.appear.map((n) => `+ ${n.name}  (${n.serverName}/${n.tool})`)];
  if (names.length) ctx.stdout(`${t('plan.namesAfter')}:\n${names.map((l) => `  ${l}\n`).join('')}`);
  const writable = v.files.filter((f) => f.refusal === null);
  if (writable.length === 0) return void ctx.stdout(`${t('plan.noFiles', { agent })}\n`);
  ctx.stdout(`${t('plan.files')}:\n`);
  for (const f of v.files) {
    ctx.stdout(`  ${f.path}${f.refusal ? `: ${f.refusal.message}` : ''}\n`);
    for (const d of f.diff) ctx.stdout(`    ${d.op === 'add' ? '+' : d.op === 'del' ? '-' : ' '} ${d.text}\n`);
  }
}

const planCommand: Command = {
  name: 'plan',
  summary: "The agent's context plan: which of its tools are dead weight (denied by its own rules, offered twice, lost to a collision, a name it cannot send) and which servers it can defer to its own tool search, with the token saving, written into its own fields after a preview",
  usage: 'plan --agent A [--target-tokens N] [--pick ID]… [--workspace DIR] [--context-window N] [--dry-run] [--json]\n       plan --undo ID [--agent A] | plan --list',
  options: {
    agent: { type: 'string' },
    profile: { type: 'string' },
    workspace: { type: 'string' },
    'target-tokens': { type: 'string' },
    'context-window': { type: 'string' },
    pick: { type: 'string', multiple: true },
    'dry-run': { type: 'boolean' },
    undo: { type: 'string' },
    list: { type: 'boolean' },
  },
  async run(ctx) {
    const t = translator(pickLocale([ctx.env.LC_ALL, ctx.env.LC_MESSAGES, ctx.env.LANG]));
    const undo = optString(ctx, 'undo');
    const listing = !!ctx.opts.list;
    // An undo or the list is no agent's: the engine picks the profile as the panel does.
    const profile = undo || listing ? (profileOption(ctx, null, 'agent') ?? profileOption(ctx, null)) : agentOption(ctx);
    const targetTokens = optInt(ctx, 'target-tokens');
    const contextWindow = optInt(ctx, 'context-window') ?? DEFAULT_CONTEXT_WINDOW;
    if (targetTokens !== undefined && targetTokens < 0) throw new UsageError('--target-tokens must be a number of tokens, 0 or more');
    if (contextWindow <= 0) throw new UsageError('--context-window must be a positive number of tokens');
    const picks = Array.isArray(ctx.opts.pick) ? (ctx.opts.pick as string[]) : undefined;
    // Live for a preview (the plan is over the tools the servers offer now); undo and list start nothing.
    return withPanel(ctx, { profile, live: !undo && !listing }, async (call) => {
      if (listing) {
        const { plans } = await call('plan.list', {});
        if (ctx.opts.json) return printJson(ctx, { plans });
        if (plans.length === 0) return void ctx.stdout(`${t('plan.list.none')}\n`);
        for (const p of plans) ctx.stdout(`${p.id}  ${profileFacts(p.profile).label}  ${new Date(p.at).toISOString()}  ${p.dropped}  ${p.files.join(', ')}\n`);
        return;
      }
      if (undo) {
        const r = await call('plan.undo', { id: undo });
        if (ctx.opts.json) return printJson(ctx, r);
        for (const f of r.failed) ctx.stderr(`${f.path}: ${f.message}\n`);
        ctx.stdout(`${t('plan.undone', { id: undo, n: r.restored.length })}\n`);
        return r.failed.length ? 1 : 0;
      }
      const input = { ...(picks ? { picks } : {}), ...(targetTokens !== undefined ? { targetTokens } : {}), contextWindow };
      const view = await call('plan.preview', input);
      const writes = view.files.some((f) => f.refusal === null);
      const applied = writes && !ctx.opts['dry-run'] ? await call('plan.apply', { ...input, baseHashes: Object.fromEntries(view.files.map((f) => [f.path, f.hash])) }) : null;
      if (ctx.opts.json) return printJson(ctx, { plan: view, applied });
      printPlan(ctx, t, view);
      if (!applied) return void (writes ? ctx.stdout(`${t('plan.dryRun')}\n`) : undefined);
      for (const f of applied.failed) ctx.stderr(`${f.path}: ${f.message}\n`);
      if (applied.id) ctx.stdout(`${t('plan.written', { n: applied.written.length, id: applied.id })}\n`);
      if (applied.failed.length) throw new UserError(`${applied.failed.length} of ${view.files.length} files were not written`);
    });
  },
};

export const planCommands: Command[] = [planCommand];
