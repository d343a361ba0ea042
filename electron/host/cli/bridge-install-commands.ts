// BRIDGE-4 on the command line: `bridge install SERVER --agent A` puts the bridge line in the
// agent's file in place of the entry (or adds it), `bridge uninstall` puts back what was there.
// The one-word `bridge` (the bridge itself) lives in the runtime's area.
import { LayerKindSchema, type LayerKind } from '../../../shared/schemas/server';
import type { AppContract, BridgeErrorCode } from '../../../shared/contract';
import type { RpcError } from '../../../shared/errors';
import { err, ok } from '../../../shared/result';
import type { MethodInput, MethodOutput } from '../../../shared/rpc';
import { type BridgeError, unknownServer } from '../../services/bridge/install';
import type { WriteErrorCode } from '../../services/config/writer';
import { askHint } from './ask-agents';
import { answer, withPanelClient } from './panel-call';
import { type Command, type CommandContext, optString, printJson, profileOption, UsageError, UserError, workspaceOption } from './command';

const options = { agent: { type: 'string' }, layer: { type: 'string' }, workspace: { type: 'string' }, verbose: { type: 'boolean' } } as const;

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

/**
 * A refusal of bridges.install / bridges.uninstall as the installer words it: its own code and
 * params (the handler's `data.reason`, `data.params`), or the writer's refusal (`data.detail`:
 * toSharedError) as `write`.
 */
function bridgeError(e: Pick<RpcError, 'message' | 'data'>): BridgeError {
  const d = e.data;
  if (d?.params !== undefined) return { code: d.reason as BridgeErrorCode, message: e.message, params: Object.fromEntries(Object.entries(d.params).map(([k, v]) => [k, String(v)])) };
  const write = { code: d?.reason as WriteErrorCode, message: e.message, ...(d?.text ? { text: d.text } : {}), ...(d?.detail !== undefined ? { data: d.detail } : {}) };
  return { code: 'write', message: e.message, params: {}, write };
}

/** One line on stderr (exit 1); with --json the error document on stdout too. */
function refuse(ctx: CommandContext, error: BridgeError): never {
  if (ctx.opts.json) printJson(ctx, { ok: false, error });
  throw new UserError(error.code === 'write' && error.write ? `${error.write.code}: ${error.message}` : `${error.code}: ${error.message}`);
}

type Request = ReturnType<typeof request>;

/**
 * bridges.install / bridges.uninstall (issue 36 item 3): the running panel's handlers when it shows
 * this agent and workspace (its rows show the line when the CLI returns), else the same in this
 * process. The entry is the agent's server of that name.
 */
async function act<M extends 'bridges.install' | 'bridges.uninstall'>(ctx: CommandContext, method: M, req: Request): Promise<MethodOutput<AppContract, M>> {
  const r = await withPanelClient(ctx, req.profile, async (client) => {
    const { servers } = answer(await client.call('servers.list', {}));
    const row = servers.find((s) => s.name === req.server);
    if (!row) return err(unknownServer(req.profile, req.server));
    const done = await client.call(method, { id: row.id, ...(req.layer ? { layer: req.layer } : {}) } as MethodInput<AppContract, M>);
    if (done.ok) return ok(done.value as MethodOutput<AppContract, M>);
    // What is not a refusal of this install (an engine that is not there) is the command's error.
    if (done.error.data?.reason === undefined) throw new UserError(done.error.message);
    return err(bridgeError(done.error));
  });
  if (!r.ok) refuse(ctx, r.error);
  return r.value;
}

/** Both verbs: the same request, a refusal said the same way, then the verb's own line. */
function verb<M extends 'bridges.install' | 'bridges.uninstall'>(name: 'install' | 'uninstall', summary: string, method: M, say: (server: string, v: MethodOutput<AppContract, M>) => string): Command {
  return {
    name: `bridge ${name}`,
    summary,
    usage: `bridge ${name} SERVER --agent AGENT [--layer user|project|project-local] [--workspace DIR] [--json] [--verbose]`,
    takesArguments: true,
    options,
    async run(ctx) {
      const req = request(ctx);
      const value = await act(ctx, method, req);
      if (ctx.opts.json) return printJson(ctx, { ok: true, server: req.server, agent: req.profile, ...value });
      ctx.stdout(say(req.server, value) + askHint([req.profile], req.workspace, ctx.cwd));
    },
  };
}

const install = verb('install', "Put the bridge line in an agent's file in place of a server's entry (kept for bridge uninstall)", 'bridges.install', (server, v) =>
  v.changed ? `${server}: ${v.replaced ? 'replaced' : 'added'} in ${v.path} (${v.layer})\n  ${JSON.stringify(v.line)}\n` : `${server}: already goes through the bridge in ${v.path}\n`,
);

const HOW = { exact: 'restored exactly', entry: 'entry restored, your other edits kept', removed: 'bridge line removed' } as const;
const uninstall = verb('uninstall', 'Put back the entry bridge install replaced (byte for byte when the file is otherwise unchanged)', 'bridges.uninstall', (server, v) => `${server}: ${HOW[v.restored]}${v.carried ? ` (kept from the bridge line: ${v.carried.join(', ')})` : ''} in ${v.path} (${v.layer})\n`);

/** Commands of this area: bridge install, bridge uninstall. */
export const bridgeInstallCommands: Command[] = [install, uninstall];
