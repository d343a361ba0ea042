// CONN-8 on the command line: `tools enable|disable SERVER TOOL…` runs the tools view's own
// preview and save (tools.previewToolFilter / tools.setToolFilter): the names that disappear or
// appear, the collisions resolved or created and the context budget are printed before the
// agent's file is written (through the writer, comments and order kept); `--dry-run` stops there.
import { DEFAULT_CONTEXT_WINDOW, type ToolFilterPreview } from '../../../shared/contract';
import { pickLocale, translator, type Translator } from '../../../shared/i18n';
import { type Command, type CommandContext, optInt, printJson, profileOption, UsageError, UserError } from './command';
import { serverIdOf, withPanel } from './panel-call';

/** `written`: the file was written (after the save); otherwise a dry run, which never says "Written". */
function printEffect(ctx: CommandContext, t: Translator, p: ToolFilterPreview, contextWindow: number, written: boolean): void {
  const pct = (n: number) => t.percent(n / contextWindow);
  const colon = t.locale === 'zh' ? '：' : ':';
  const section = (title: string, lines: string[]) => {
    if (lines.length > 0) ctx.stdout(`${title}${colon}\n${lines.map((l) => `  ${l}\n`).join('')}`);
  };
  section(t('tools.filter.disappear'), p.disappear.map((n) => `${n.name}  (${n.serverName}/${n.tool})`));
  section(t('tools.filter.appear'), p.appear.map((n) => `${n.name}  (${n.serverName}/${n.tool})`));
  const collision = (c: ToolFilterPreview['resolved'][number]) => `${c.name}  (${c.winner.serverName}/${c.winner.tool} ↔ ${c.loser.serverName}/${c.loser.tool})`;
  section(t('tools.filter.resolved'), p.resolved.map(collision));
  section(t('tools.filter.created'), p.created.map(collision));
  ctx.stdout(`${t('tools.filter.budget', { before: t.number(p.tokens.before), after: t.number(p.tokens.after), pctBefore: pct(p.tokens.before), pctAfter: pct(p.tokens.after), window: t.number(contextWindow) })}\n`);
  if (!p.path) return;
  ctx.stdout(`${t(written ? 'tools.filter.written' : 'tools.filter.dryRun', { path: p.path })}\n`);
  for (const [field, list] of Object.entries(p.patch)) ctx.stdout(`  ${field}: ${list === null ? '-' : JSON.stringify(list)}\n`);
  for (const [key, value] of p.map) ctx.stdout(`  ${p.fields[0] ?? ''}.${key}: ${value === null ? '-' : String(value)}\n`);
}

function switchCommand(on: boolean): Command {
  const verb = on ? 'enable' : 'disable';
  return {
    name: `tools ${verb}`,
    summary: on
      ? 'Turn tools of a server back on in the agent\'s file (kimi enabledTools/disabledTools, minara include, OpenCode tools), showing the effect on names, collisions and context first'
      : 'Turn tools of a server off in the agent\'s file (kimi disabledTools/enabledTools, minara include, OpenCode tools), showing the effect on names, collisions and context first',
    usage: `tools ${verb} SERVER TOOL... [--profile P] [--workspace DIR] [--dry-run] [--context-window N] [--json]`,
    takesArguments: true,
    options: { profile: { type: 'string' }, workspace: { type: 'string' }, 'dry-run': { type: 'boolean' }, 'context-window': { type: 'string' } },
    async run(ctx) {
      const [server, ...tools] = ctx.args;
      if (!server || tools.length === 0) throw new UsageError(`tools ${verb} takes a SERVER and at least one TOOL`);
      const contextWindow = optInt(ctx, 'context-window') ?? DEFAULT_CONTEXT_WINDOW;
      if (contextWindow <= 0) throw new UsageError('--context-window must be a positive number of tokens');
      const profile = profileOption(ctx);
      const t = translator(pickLocale([ctx.env.LC_ALL, ctx.env.LC_MESSAGES, ctx.env.LANG]));
      // Live: the switches are over the tools the server offers now.
      return withPanel(ctx, { profile, live: true }, async (call) => {
        const serverId = await serverIdOf(call, server);
        const now = await call('tools.previewToolFilter', { serverId });
        if (now.blocked) throw new UserError(t(`tools.filter.blocked.${now.blocked}`, { profile, layer: t(`layer.${now.layer}`) }));
        const offered = new Set(now.tools.map((x) => x.name));
        const unknown = tools.filter((x) => !offered.has(x));
        if (unknown.length > 0) throw new UserError(`${server} offers no tool ${unknown.map((x) => `"${x}"`).join(', ')}; it offers: ${[...offered].join(', ')}`);
        const enabled = new Set(now.tools.filter((x) => x.enabled).map((x) => x.name));
        for (const x of tools) {
          if (on) enabled.add(x);
          else enabled.delete(x);
        }
        const preview = await call('tools.previewToolFilter', { serverId, enabled: [...enabled] });
        const changed = Object.keys(preview.patch).length > 0 || preview.map.length > 0;
        const saved = changed && !ctx.opts['dry-run'] ? await call('tools.setToolFilter', { serverId, enabled: [...enabled], baseHash: preview.hash }) : null;
        if (ctx.opts.json) return printJson(ctx, { server, profile, enabled: [...enabled], preview, saved });
        if (!changed) return void ctx.stdout(`${t('tools.filter.noChange')}\n`);
        printEffect(ctx, t, preview, contextWindow, saved !== null);
        if (saved) ctx.stdout(`${t('tools.filter.saved', { path: saved.path })}\n`);
      });
    },
  };
}

export const toolFilterCommands: Command[] = [switchCommand(false), switchCommand(true)];
