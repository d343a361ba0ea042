// The connection engine on the command line: `tools`, `call`, `logs`, `tools accept`. Each run
// loads the profile's config, connects the servers it needs with a fresh pool (discovery settles:
// there is no next round), prints, and disposes the pool (every child reaped) before exiting.
import { type EffectiveServer, type EffectiveView } from '../../../shared/schemas/server';
// Types only at the top: `tools` answered by the running panel loads no connection engine.
import type { ConnectionPool, DiscoveryRound } from '../../services/connections';
import { engineFor } from './engine';
import { type Asked, cliInputHandler, unansweredLines } from './call-inputs';
import type { PoolOptions } from '../../services/connections/types';

type InputPort = NonNullable<PoolOptions['serverInput']>;
import { asCall, serverRowOf, sourceLine, withPanelClient } from './panel-call';
import { ONE_SHOT_SETTLE_MS } from '../settled';
import { poolInput, type LiveState, serverId } from '../../services/config/status';
import { describeReason } from '../../../shared/i18n/reasons';
import { issueSentence } from '../../../shared/i18n/agent-view';
import { findingLine } from './findings';
import { type Command, type CommandContext, UsageError, UserError, optString, printJson, profileOption, workspaceOption } from './command';

const common = {
  profile: { type: 'string' },
  workspace: { type: 'string' },
  verbose: { type: 'boolean' },
} as const;

/** The servers of a profile as the config engine sees them (CFG-1 … CFG-6). */
export async function loadView(ctx: CommandContext): Promise<EffectiveView> {
  const profile = profileOption(ctx, 'minimax');
  const workspace = workspaceOption(ctx);
  return (await engineFor(ctx)).config.load(profile, workspace);
}


export { ONE_SHOT_SETTLE_MS };

/** The discovery every one-shot command runs: settled, not one budgeted round. */
export function discoverOnce(pool: ConnectionPool, ids?: string[]): Promise<DiscoveryRound> {
  return pool.discover({ settleWithinMs: ONE_SHOT_SETTLE_MS, ...(ids ? { ids } : {}) });
}

/** A pool holding the view's servers: runnable ones as specs, the rest as plain disabled records. */
export async function poolForView(view: EffectiveView, ctx: CommandContext, extra: { serverInput?: InputPort } = {}): Promise<ConnectionPool> {
  const { jsonLineLogger } = await import('../../services/connections');
  const pool = (await engineFor(ctx)).createPool({
    workspace: view.workspace,
    ...extra,
    ...(ctx.opts.verbose ? { logger: jsonLineLogger(ctx.stderr) } : {}),
  });
  const { specs, disabled } = poolInput(view);
  pool.setServers(specs, { disabled });
  return pool;
}

/** Per server id: the live state, tool count, connect time and error `status` prints. */
export function liveStatesOf(round: DiscoveryRound): Map<string, LiveState> {
  return new Map(
    round.servers.map((s) => {
      const up = s.state.kind === 'connected';
      const { kind, code, params, reason } = s.state;
      const era = s.state.kind === 'connected' ? { era: s.state.era ?? null, protocolVersion: s.state.protocolVersion ?? null } : {};
      const live: LiveState = { state: kind, code, ...(params ? { params } : {}), reason, toolCount: up ? s.tools.length : null, connectMs: up ? s.connectMs : null, error: s.error, ...era };
      return [s.id, live];
    }),
  );
}

function findServer(view: EffectiveView, name: string): EffectiveServer {
  const s = view.servers.find((x) => x.name === name) ?? view.servers.find((x) => x.spec?.id === name);
  if (!s) throw new UserError(`no server "${name}" in profile ${view.profile}; known: ${view.servers.map((x) => x.name).join(', ') || '(none)'}`);
  return s;
}

/** Runs `fn` with a pool and always disposes it, also on Ctrl-C. */
async function withPool<T>(view: EffectiveView, ctx: CommandContext, fn: (pool: ConnectionPool) => Promise<T>, extra: { serverInput?: InputPort } = {}): Promise<T> {
  const pool = await poolForView(view, ctx, extra);
  const stop = ctx.interrupted.then(() => pool.dispose());
  try {
    return await fn(pool);
  } finally {
    await pool.dispose();
    void stop;
  }
}

const tools: Command = {
  name: 'tools',
  summary: 'Every tool (server, raw name, description, input schema): from the running panel, else the cached lists; --refresh reconnects',
  usage: 'tools [--server NAME] [--profile P] [--workspace DIR] [--refresh] [--json]',
  options: { ...common, server: { type: 'string' }, refresh: { type: 'boolean' } },
  async run(ctx) {
    const only = optString(ctx, 'server');
    const profile = profileOption(ctx, 'minimax');
    // The running panel, else the cached lists, else (--refresh) connected here: one answer
    // through the contract either way, the agent's missed turns included (agent-view/turn.ts).
    const { round, source, agents, missedTurns, findings } = await (await import('./panel-round')).readRound(ctx, profile, only ? (n) => n === only : undefined);
    if (only && round.servers.length === 0) {
      const known = (await loadView(ctx)).servers.map((x) => x.name);
      throw new UserError(`no server "${only}" in profile ${profile}; known: ${known.join(', ') || '(none)'}`);
    }
    const servers = round.servers;
    // CONN-11: each tool with its poisoning findings, each server with all of its own.
    // A tool without findings has no `findings` key (the list stays as it was for clean servers).
    const toolFindings = (id: string, tool: string) => {
      const f = (findings.get(id) ?? []).filter((x) => x.tool === tool);
      return f.length ? { findings: f } : {};
    };
    const list = servers.flatMap((s) => s.tools.map((t) => ({ server: s.name, name: t.name, description: t.description ?? null, inputSchema: t.inputSchema, ...toolFindings(s.id, t.name) })));
    // CONN-3: the panel waited for every server; the agent does not. Say whose tools it gets none of this turn.
    const turn = (id: string) => {
      const late = missedTurns.get(id);
      return late ? { ...late, text: issueSentence('en', { code: late.turns === 'session' ? 'slow_session' : 'slow', params: { agent: agents.get(id)?.agent ?? profile, ...late } }) } : null;
    };
    const summary = servers.map((s) => ({ server: s.name, state: s.state.kind, toolCount: s.tools.length, connectMs: s.connectMs, error: s.error, snapshotDiff: s.snapshotDiff, missedTurn: turn(s.id), findings: findings.get(s.id) ?? [] }));
    if (ctx.opts.json) printJson(ctx, { tools: list, servers: summary, initialLoadDurationMs: round.initialLoadDurationMs, source });
    else {
      for (const s of summary) {
        ctx.stdout(`${s.server}  ${s.state}${s.error ? `: ${s.error}` : ''}  (${s.toolCount} tools)\n`);
        if (s.missedTurn) ctx.stdout(`  ! ${s.missedTurn.text}\n`);
        for (const t of list.filter((x) => x.server === s.server)) {
          ctx.stdout(`  ${t.name}${t.description ? ` — ${t.description.split('\n')[0]}` : ''}\n`);
          for (const f of t.findings ?? []) ctx.stdout(`    ! ${findingLine(f)}\n`);
        }
        if (s.snapshotDiff) ctx.stdout(`  ! tools changed since accepted: +${s.snapshotDiff.added.length} -${s.snapshotDiff.removed.length} ~${s.snapshotDiff.changed.length} (run \`tools accept ${s.server}\`)\n`);
      }
      ctx.stdout(sourceLine(source));
    }
    if (only && servers[0]?.state.kind !== 'connected') return 1;
    return 0;
  },
};

const toolsAccept: Command = {
  name: 'tools accept',
  summary: "Accept a server's current tool list as the trusted snapshot (CONN-11)",
  usage: 'tools accept SERVER [--profile P] [--workspace DIR] [--json] [--verbose]',
  takesArguments: true,
  options: common,
  async run(ctx) {
    const name = ctx.args[0];
    if (!name || ctx.args.length > 1) throw new UsageError('tools accept takes exactly one SERVER');
    // tools.acceptSnapshot (issue 36 item 3): a running panel's rows stop flagging the change at once;
    // with none, the handler connects a server never listed once, so there is a list to accept.
    const { view, row, accepted } = await withPanelClient(ctx, profileOption(ctx, 'minimax'), async (client) => {
      const call = asCall(client);
      const found = await serverRowOf(call, name, true);
      return { ...found, accepted: await call('tools.acceptSnapshot', { id: found.row.id }) };
    });
    const { sha, previous = null, appliesTo = [] } = accepted;
    if (sha === null) throw new UserError(`could not discover the tools of "${name}"; see \`tools --server ${name}\``);
    if (ctx.opts.json) return printJson(ctx, { server: name, id: row.id, accepted: sha, previous, appliesTo });
    ctx.stdout(previous === sha ? `${name}: already accepted (${sha.slice(0, 12)})\n` : `${name}: accepted ${sha.slice(0, 12)}\n`);
    // Issue 38 item 1: the approval is the server's, for every entry that runs it.
    const others = appliesTo.filter((e) => e.name !== name || e.profile !== view.profile);
    if (others.length) ctx.stdout(`  also for every other entry running it: ${others.map((e) => `${e.name} (${e.profile})`).join(', ')}\n`);
  },
};

function parseArgsJson(ctx: CommandContext): Record<string, unknown> {
  return parseJsonObject(optString(ctx, 'args') ?? '{}', '--args');
}

function parseJsonObject(raw: string, flag: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (err) {
    throw new UsageError(`${flag} is not valid JSON: ${(err as Error).message}`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new UsageError(`${flag} must be a JSON object`);
  return value as Record<string, unknown>;
}

const call: Command = {
  name: 'call',
  summary: 'Call one tool and print the converted result (exit 1 when isError)',
  usage: "call SERVER TOOL [--args '{\"k\":1}'] [--input '{\"field\":\"…\"}'] [--open-urls] [--reply TEXT] [--timeout MS] [--profile P] [--workspace DIR] [--json]",
  takesArguments: true,
  options: { ...common, args: { type: 'string' }, timeout: { type: 'string' }, input: { type: 'string' }, 'open-urls': { type: 'boolean' }, reply: { type: 'string' } },
  async run(ctx) {
    const [name, tool] = ctx.args;
    if (!name || !tool || ctx.args.length > 2) throw new UsageError('call takes SERVER and TOOL');
    const args = parseArgsJson(ctx);
    const timeout = optString(ctx, 'timeout');
    const view = await loadView(ctx);
    const server = findServer(view, name);
    const id = serverId(server);
    // PROTO-3: what the tool asks mid-call is answered from the command line, or declined and said.
    const asked: Asked[] = [];
    const reply = optString(ctx, 'reply');
    const inputs = { ...(ctx.opts.input !== undefined ? { input: parseJsonObject(optString(ctx, 'input')!, '--input') as Record<string, string> } : {}), ...(reply !== undefined ? { reply } : {}), openUrls: !!ctx.opts['open-urls'] };
    const opener = async () => new (await import('../../services/auth/opener')).PlatformOpener((l) => ctx.stderr(l));
    const serverInput = cliInputHandler(inputs, opener, asked);
    const result = await withPool(view, ctx, (pool) => pool.callTool(id, tool, args, timeout ? { timeoutMs: Number(timeout) } : {}), { serverInput: (_spec, req) => serverInput(req) });
    const unanswered = unansweredLines(asked);
    if (ctx.opts.json) printJson(ctx, unanswered.length ? { ...result, inputNeeded: asked.filter((a) => !a.answered).map((a) => a.req) } : result);
    else
      for (const part of result.content) {
        if (part.type === 'text') ctx.stdout(part.text + '\n');
        else if (part.type === 'resource_link') ctx.stdout(`[link ${part.uri}]\n`);
        else if (part.type === 'resource') ctx.stdout(`[resource ${part.resource.uri}]\n`);
        else ctx.stdout(`[${part.type} ${part.mimeType}, ${part.data.length} base64 chars]\n`);
      }
    for (const line of unanswered) ctx.stderr(line + '\n');
    return result.isError || unanswered.length ? 1 : 0;
  },
};

const logs: Command = {
  name: 'logs',
  summary: "A server's stderr tail, or its JSON-RPC traffic (--traffic): the running panel's connection, else one made here",
  usage: 'logs SERVER [--traffic] [--profile P] [--workspace DIR] [--json] [--verbose]',
  takesArguments: true,
  options: { ...common, traffic: { type: 'boolean' } },
  async run(ctx) {
    const name = ctx.args[0];
    if (!name || ctx.args.length > 1) throw new UsageError('logs takes exactly one SERVER');
    // logs.get (issue 36 item 3): the running panel's connection when one runs; with none, the
    // CLI owns no long-lived connection: this run's session (connect + tools/list) is shown.
    const { row, log } = await withPanelClient(
      ctx,
      profileOption(ctx, 'minimax'),
      async (client, answerer) => {
        const call = asCall(client);
        const { row: found } = await serverRowOf(call, name, true);
        if (answerer === 'here' && found.runnable) await call('servers.reconnect', { id: found.id });
        return { row: found, log: await call('logs.get', { id: found.id }) };
      },
    );
    const state = log.state ?? row.state;
    const lastError = log.lastError === undefined ? row.lastError : log.lastError;
    if (ctx.opts.json) {
      // The pool's rows as they were: a row without a method has no `method` key.
      const traffic = log.traffic.map(({ method, ...t }) => (method === null ? t : { ...t, method }));
      printJson(ctx, ctx.opts.traffic ? { server: name, state: state.kind, traffic } : { server: name, state: state.kind, lastError, stderr: log.stderr });
      return;
    }
    if (ctx.opts.traffic) for (const t of log.traffic) ctx.stdout(`${new Date(t.at).toISOString()} ${t.dir === 'out' ? '→' : '←'} ${t.text}\n`);
    else for (const line of log.stderr) ctx.stdout(line + '\n');
    // A server that never got as far as a message would print nothing: say why instead.
    if (state.kind === 'failed' || state.kind === 'needs-auth') ctx.stderr(`${name} ${state.kind}: ${describeReason('en', state)}\n`);
    else if (!ctx.opts.traffic && lastError) ctx.stderr(`last error: ${lastError}\n`);
  },
};

/** Commands of this area: tools, tools accept, call, logs. */
export const connectionCommands: Command[] = [toolsAccept, tools, call, logs];
