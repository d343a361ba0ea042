// The connection engine on the command line: `tools`, `call`, `logs`, `tools accept`. Each run
// loads the profile's config, connects the servers it needs with a fresh pool (discovery settles:
// there is no next round), prints, and disposes the pool (every child reaped) before exiting.
import { resolve } from 'node:path';
import { type EffectiveServer, type EffectiveView } from '../../../shared/schemas/server';
import { ConnectionPool, SnapshotStore, jsonLineLogger, type DiscoveryRound } from '../../services/connections';
import { panelDataDir } from '../../services/paths';
import { engineFor } from './engine';
import { type Asked, cliInputHandler, unansweredLines } from './call-inputs';
import type { PoolOptions } from '../../services/connections/types';

type InputPort = NonNullable<PoolOptions['serverInput']>;
import { configState, poolInput, type LiveState, serverId } from '../../services/config/status';
import { describeReason } from '../../../shared/i18n/reasons';
import { type Command, type CommandContext, UsageError, UserError, optString, printJson, profileOption } from './command';

const common = {
  profile: { type: 'string' },
  workspace: { type: 'string' },
  verbose: { type: 'boolean' },
} as const;

/** The servers of a profile as the config engine sees them (CFG-1 … CFG-6). */
export async function loadView(ctx: CommandContext): Promise<EffectiveView> {
  const profile = profileOption(ctx, 'minimax');
  const workspace = resolve(ctx.cwd, optString(ctx, 'workspace') ?? '.');
  return (await engineFor(ctx)).config.load(profile, workspace);
}


/**
 * A one-shot command has no next discovery round (CONN-3): a server that misses its budget is
 * waited for until it answers or fails for its own reason (each attempt is bounded by its own
 * startup timeout: kimi's, else the pool's 30 s); this caps the command as a whole.
 */
export const ONE_SHOT_SETTLE_MS = 60_000;

/** The discovery every one-shot command runs: settled, not one budgeted round. */
export function discoverOnce(pool: ConnectionPool, ids?: string[]): Promise<DiscoveryRound> {
  return pool.discover({ settleWithinMs: ONE_SHOT_SETTLE_MS, ...(ids ? { ids } : {}) });
}

/** A pool holding the view's servers: runnable ones as specs, the rest as plain disabled records. */
export async function poolForView(view: EffectiveView, ctx: CommandContext, extra: { serverInput?: InputPort } = {}): Promise<ConnectionPool> {
  const pool = (await engineFor(ctx)).createPool({
    workspace: view.workspace,
    ...extra,
    ...(ctx.opts.verbose ? { logger: jsonLineLogger(ctx.stderr) } : {}),
  });
  const { specs, disabled } = poolInput(view);
  pool.setServers(specs, { disabled });
  return pool;
}

/**
 * `status --json` without `--no-connect` (config-commands.ts): a settled discovery over the
 * view, answering per server name its live state, tool count, connect time and error.
 */
export async function connectView(
  view: EffectiveView,
  ctx: CommandContext,
): Promise<{ round: DiscoveryRound; byId: Map<string, LiveState> }> {
  const pool = await poolForView(view, ctx);
  try {
    const round = await discoverOnce(pool);
    const byId = new Map(
      round.servers.map((s) => {
        const up = s.state.kind === 'connected';
        const { kind, code, params, reason } = s.state;
        const era = s.state.kind === 'connected' ? { era: s.state.era ?? null, protocolVersion: s.state.protocolVersion ?? null } : {};
        const live: LiveState = { state: kind, code, ...(params ? { params } : {}), reason, toolCount: up ? s.tools.length : null, connectMs: up ? s.connectMs : null, error: s.error, ...era };
        return [s.id, live];
      }),
    );
    return { round, byId };
  } finally {
    await pool.dispose();
  }
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
  summary: 'Connect and list every tool (server, raw name, description, input schema)',
  usage: 'tools [--server NAME] [--profile P] [--workspace DIR] [--json]',
  options: { ...common, server: { type: 'string' } },
  async run(ctx) {
    const view = await loadView(ctx);
    const only = optString(ctx, 'server');
    const target = only ? findServer(view, only) : null;
    return withPool(view, ctx, async (pool) => {
      const round = await discoverOnce(pool, target?.spec ? [target.spec.id] : undefined);
      const servers = round.servers.filter((s) => !target || s.name === target.name);
      const list = servers.flatMap((s) => s.tools.map((t) => ({ server: s.name, name: t.name, description: t.description ?? null, inputSchema: t.inputSchema })));
      const summary = servers.map((s) => ({ server: s.name, state: s.state.kind, toolCount: s.tools.length, connectMs: s.connectMs, error: s.error, snapshotDiff: s.snapshotDiff }));
      if (ctx.opts.json) printJson(ctx, { tools: list, servers: summary, initialLoadDurationMs: round.initialLoadDurationMs });
      else {
        for (const s of summary) {
          ctx.stdout(`${s.server}  ${s.state}${s.error ? `: ${s.error}` : ''}  (${s.toolCount} tools)\n`);
          for (const t of list.filter((x) => x.server === s.server)) ctx.stdout(`  ${t.name}${t.description ? ` — ${t.description.split('\n')[0]}` : ''}\n`);
          if (s.snapshotDiff) ctx.stdout(`  ! tools changed since accepted: +${s.snapshotDiff.added.length} -${s.snapshotDiff.removed.length} ~${s.snapshotDiff.changed.length} (run \`tools accept ${s.server}\`)\n`);
        }
      }
      if (target && servers[0]?.state.kind !== 'connected') return 1;
      return 0;
    });
  },
};

const toolsAccept: Command = {
  name: 'tools accept',
  summary: "Accept a server's current tool list as the trusted snapshot (CONN-11)",
  usage: 'tools accept SERVER [--profile P] [--workspace DIR] [--json]',
  options: common,
  async run(ctx) {
    const name = ctx.args[0];
    if (!name || ctx.args.length > 1) throw new UsageError('tools accept takes exactly one SERVER');
    const view = await loadView(ctx);
    const server = findServer(view, name);
    if (!server.spec) throw new UserError(`server "${name}" cannot run: ${configState(server).error ?? describeReason('en', { code: 'disabled_in_config', reason: '' })}`);
    const id = server.spec.id;
    const store = new SnapshotStore(panelDataDir(ctx.env));
    let before = await store.status(id);
    if (!before) {
      // Never discovered here: connect once so there is a list to accept.
      await withPool(view, ctx, (pool) => discoverOnce(pool, [id]));
      store.reload();
      before = await store.status(id);
    }
    if (!before) throw new UserError(`could not discover the tools of "${name}"; see \`tools --server ${name}\``);
    const sha = await store.accept(id);
    if (ctx.opts.json) printJson(ctx, { server: name, id, accepted: sha, previous: before.accepted });
    else ctx.stdout(before.accepted === sha ? `${name}: already accepted (${sha?.slice(0, 12)})\n` : `${name}: accepted ${sha?.slice(0, 12)}\n`);
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
  summary: "Connect a server and print its stderr tail, or its JSON-RPC traffic (--traffic)",
  usage: 'logs SERVER [--traffic] [--profile P] [--workspace DIR] [--json]',
  options: { ...common, traffic: { type: 'boolean' } },
  async run(ctx) {
    const name = ctx.args[0];
    if (!name || ctx.args.length > 1) throw new UsageError('logs takes exactly one SERVER');
    const view = await loadView(ctx);
    const server = findServer(view, name);
    const id = serverId(server);
    // The CLI owns no long-lived connection: this run's session (connect + tools/list) is shown.
    const info = await withPool(view, ctx, async (pool) => {
      await discoverOnce(pool, [id]);
      return pool.info(id);
    });
    if (!info) throw new UserError(`server "${name}" is not known to the pool`);
    if (ctx.opts.json) {
      printJson(ctx, ctx.opts.traffic ? { server: name, state: info.state.kind, traffic: info.traffic } : { server: name, state: info.state.kind, lastError: info.lastError, stderr: info.stderrTail });
      return;
    }
    if (ctx.opts.traffic) for (const t of info.traffic) ctx.stdout(`${new Date(t.at).toISOString()} ${t.dir === 'out' ? '→' : '←'} ${t.text}\n`);
    else {
      for (const line of info.stderrTail) ctx.stdout(line + '\n');
      if (info.lastError) ctx.stderr(`last error: ${info.lastError}\n`);
    }
  },
};

/** Commands of this area: tools, tools accept, call, logs. */
export const connectionCommands: Command[] = [toolsAccept, tools, call, logs];
