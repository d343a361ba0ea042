// BRIDGE-4 on the command line: `bridge install SERVER --agent A` puts the bridge line in the
// agent's file in place of the entry (or adds it), `bridge uninstall` puts back what was there.
// The one-word `bridge` (the bridge itself) lives in the runtime's area.
import { LayerKindSchema, type LayerKind } from '../../../shared/schemas/server';
import { installBridge, uninstallBridge, type BridgeError, type BridgeInstallDeps, type InstallOutcome, type UninstallOutcome } from '../../services/bridge/install';
import { probeProcess, resolveBridgeCommand } from '../../services/bridge/install-command';
import { ConfigService } from '../../services/config/config-service';
import { ConfigWriter } from '../../services/config/writer';
import { panelDataDir } from '../../services/paths';
import { askHint } from './ask-agents';
import { type Command, type CommandContext, optString, printJson, profileOption, UsageError, UserError, workspaceOption } from './command';

const options = { agent: { type: 'string' }, layer: { type: 'string' }, workspace: { type: 'string' } } as const;

function request(ctx: CommandContext) {
  const server = ctx.args[0];
  if (!server || ctx.args.length > 1) throw new UsageError('exactly one SERVER is required');
  // --agent is the word the agents' users know; the parser is the one --profile uses.
  const agent = optString(ctx, 'agent');
  if (agent === undefined) throw new UsageError('--agent is required (the agent whose file holds the server: claude-code, codex, gemini, …)');
  const profile = profileOption({ ...ctx, opts: { profile: agent } });
  const rawLayer = optString(ctx, 'layer');
  let layer: LayerKind | undefined;
  if (rawLayer !== undefined) {
    const parsed = LayerKindSchema.safeParse(rawLayer);
    if (!parsed.success) throw new UsageError(`--layer must be one of ${LayerKindSchema.options.join(', ')}`);
    layer = parsed.data;
  }
  return { server, profile, workspace: workspaceOption(ctx), ...(layer ? { layer } : {}) };
}

function deps(ctx: CommandContext): BridgeInstallDeps {
  const config = new ConfigService({ env: ctx.env, cwd: ctx.cwd });
  return {
    dataDir: panelDataDir(ctx.env),
    writer: new ConfigWriter({ env: ctx.env }),
    config,
    isTrusted: (w) => config.trust.isTrusted(w),
    command: resolveBridgeCommand(probeProcess(ctx.env)),
  };
}

/** One line on stderr (exit 1); with --json the error document on stdout too. */
function refuse(ctx: CommandContext, error: BridgeError): never {
  if (ctx.opts.json) printJson(ctx, { ok: false, error });
  throw new UserError(error.code === 'write' && error.write ? `${error.write.code}: ${error.message}` : `${error.code}: ${error.message}`);
}

/** Both verbs: the same request, a refusal said the same way, then the verb's own line. */
function verb<T extends object>(name: 'install' | 'uninstall', summary: string, act: typeof installBridge | typeof uninstallBridge, say: (server: string, v: T) => string): Command {
  return {
    name: `bridge ${name}`,
    summary,
    usage: `bridge ${name} SERVER --agent AGENT [--layer user|project|project-local] [--workspace DIR] [--json]`,
    takesArguments: true,
    options,
    async run(ctx) {
      const req = request(ctx);
      const r = await act(deps(ctx), req);
      if (!r.ok) refuse(ctx, r.error);
      if (ctx.opts.json) return printJson(ctx, { ok: true, server: req.server, agent: req.profile, ...r.value });
      ctx.stdout(say(req.server, r.value as T) + askHint([req.profile], req.workspace, ctx.cwd));
    },
  };
}

const install = verb<InstallOutcome>('install', "Put the bridge line in an agent's file in place of a server's entry (kept for bridge uninstall)", installBridge, (server, v) =>
  v.changed ? `${server}: ${v.replaced ? 'replaced' : 'added'} in ${v.path} (${v.layer})\n  ${JSON.stringify(v.line)}\n` : `${server}: already goes through the bridge in ${v.path}\n`,
);

const HOW = { exact: 'restored exactly', entry: 'entry restored, your other edits kept', removed: 'bridge line removed' } as const;
const uninstall = verb<UninstallOutcome>('uninstall', 'Put back the entry bridge install replaced (byte for byte when the file is otherwise unchanged)', uninstallBridge, (server, v) => `${server}: ${HOW[v.restored]}${v.carried ? ` (kept from the bridge line: ${v.carried.join(', ')})` : ''} in ${v.path} (${v.layer})\n`);

/** Commands of this area: bridge install, bridge uninstall. */
export const bridgeInstallCommands: Command[] = [install, uninstall];
