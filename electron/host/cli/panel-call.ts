// The CLI as a formatter over the panel's dispatch: the running panel's, through its socket
// (read commands, issue 22), or one composed engine for the run (the same wiring as the panel,
// selection = --profile / --workspace). Either way the contract methods go through the same
// dispatcher (inputs validated there) and the contract's client (answers checked, as the page's
// are: issue 36 item 3), and a failed call is a user error.
import type { RunShare } from '../../services/api/run-share';
import type { Result } from '../../../shared/result';
import { contract, type AppContract, type ServerRow, type ServersView } from '../../../shared/contract';
import { createClient, type Bridge, type MethodInput, type MethodName, type MethodOutput } from '../../../shared/rpc';
import type { Services } from '../../services/compose';
import { inProcessClient } from '../in-process-client';
import { PROFILES, type Profile } from '../../../shared/schemas/server';
import { panelDataDir } from '../../services/paths';
import { openDataFolder } from '../../services/own-folder';
import { ONE_SHOT_SETTLE_MS, settled } from '../settled';
import { type CommandContext, UserError, workspaceOption } from './command';

export type PanelCall = <M extends MethodName<AppContract>>(method: M, input: MethodInput<AppContract, M>) => Promise<MethodOutput<AppContract, M>>;

/** Where a read command's answer came from (`source` in its --json; issue 22 item 5). */
export type AnswerSource = 'panel' | 'cache' | 'live' | 'given';

/** Text output's last line: where the answer came from (the --json carries `source`). */
export function sourceLine(source: AnswerSource): string {
  if (source === 'panel') return '(answered by the running panel)\n';
  if (source === 'cache') return '(no panel running: servers answered from their cached tool lists where the entry is unchanged; --refresh reconnects)\n';
  return '';
}

/**
 * The profile's server called `name` (or with that id) as the servers view lists it, with the
 * view; `inProfile`: the refusal names the profile (the connection commands have said so).
 */
export async function serverRowOf(call: PanelCall, name: string, inProfile = false): Promise<{ view: ServersView; row: ServerRow }> {
  const view = await call('servers.list', {});
  const { servers } = view;
  const row = servers.find((s) => s.name === name) ?? servers.find((s) => s.id === name);
  if (!row) throw new UserError(`no server "${name}"${inProfile ? ` in profile ${view.profile}` : ''}; known: ${servers.map((s) => s.name).join(', ') || '(none)'}`);
  return { view, row };
}

/** The id of the profile's server called `name` (or with that id), as the servers view lists it. */
export async function serverIdOf(call: PanelCall, name: string): Promise<string> {
  return (await serverRowOf(call, name)).row.id;
}

/** A contract call's value; its refusal is the command's user error (its words, exit 1). */
export function answer<T>(r: Result<T, { message: string }>): T {
  if (!r.ok) throw new UserError(r.error.message);
  return r.value;
}

/** Every call through the contract's client (answers checked against the contract); a failed call is a user error. */
export const asCall =
  (client: Bridge<AppContract>): PanelCall =>
  async (method, input) =>
    answer(await client.call(method, input));

/** The panel's dispatch in this process, as the CLI (issue 36 item 3: the CLI names itself). */
const inProcess = (services: Services): PanelCall => asCall(inProcessClient(services, 'cli'));

/**
 * The running panel, when one answers on its socket for this profile and workspace: a probe
 * call settles there (CONN-3) and proves the selection matches; anything else is null. `profile`
 * null: a command that is no agent's (`trust`), answered by a panel showing this workspace
 * whichever agent it shows (its refusal names the agent; the second probe proves the workspace).
 */
async function runningPanel(ctx: CommandContext, want: { profile: Profile | null; workspace: string }, otherwise = 'answering from the cached tool lists'): Promise<{ client: Bridge<AppContract>; close(): void } | null> {
  const log = ctx.opts.verbose ? (l: string) => ctx.stderr(`${l}\n`) : undefined;
  const { connectPanel, isSelectionConflict, shownSelection, socketTransport } = await import('../local-socket/connect');
  // SEC-8: the data folder is the user's (repaired and said, or refused) before its socket is tried.
  const dataDir = openDataFolder(panelDataDir(ctx.env));
  const open = async (profile: Profile) => {
    const client = await connectPanel({ dataDir, selection: { profile, workspace: want.workspace }, ...(log ? { log } : {}) });
    if (!client) return null;
    const panel = createClient(contract, socketTransport(client));
    return { client, panel, probe: await panel.call('app.info', {}) };
  };
  // No agent of its own: ask as the first one; a panel showing another says which (`shown`).
  let asked = await open(want.profile ?? PROFILES[0]!);
  const shown = asked && want.profile === null ? shownSelection(asked.probe) : null;
  if (asked && shown) {
    asked.client.close();
    asked = await open(shown.profile);
  }
  if (!asked) return null;
  const { client, panel, probe } = asked;
  if (!probe.ok) {
    client.close();
    if (!isSelectionConflict(probe)) log?.(`the running panel did not answer: ${probe.error.message}`);
    else log?.(`${probe.error.message}; ${otherwise}`);
    return null;
  }
  log?.(`answered by the running panel (${client.path})`);
  return { client: panel, close: () => client.close() };
}

/**
 * Runs `work` against the panel's dispatch for this profile and workspace. `live`: the catalog
 * comes from the running servers (discovery settles first); otherwise no server is started.
 * `reads`: a read command (issue 22 item 5): the running panel answers when one runs, else the
 * servers' cached tool lists (only servers without one start); `--refresh` reconnects all.
 */
export async function withPanel<T>(
  ctx: CommandContext,
  /** `profile` null: a command whose answer is no agent's (plan --undo, --list): the engine picks as the panel does (CFG-12). */
  opts: { profile: Profile | null; live: boolean; reads?: boolean },
  work: (call: PanelCall, source: AnswerSource) => Promise<T>,
): Promise<T> {
  const workspace = workspaceOption(ctx);
  const fast = opts.live && !!opts.reads && !ctx.opts.refresh;
  if (fast && opts.profile) {
    const panel = await runningPanel(ctx, { profile: opts.profile, workspace });
    if (panel) {
      try {
        return await work(asCall(panel.client), 'panel');
      } finally {
        panel.close();
      }
    }
  }
  const services = await oneShotEngine(ctx, workspace, opts.profile, opts.live ? { settleWithinMs: ONE_SHOT_SETTLE_MS, cached: fast } : false);
  try {
    if (opts.live) await settled(services.api, ONE_SHOT_SETTLE_MS);
    return await work(
      inProcess(services),
      !opts.live ? 'given' : fast ? 'cache' : 'live',
    );
  } finally {
    await services.dispose();
  }
}

/** Who answered a contract call: the running panel over its socket, or its handlers in this process. */
export type Answerer = 'panel' | 'here';

/**
 * A command that is a contract call (issue 36 item 3: config writes, trust, install records): the
 * running panel's handlers when it shows this profile and workspace (its read model has the change
 * when the call returns), else the same handlers in an engine for the run that starts no server.
 * `work` gets the client itself, so a refusal keeps its code and data for the command's words, and
 * who answers (`here`: a server it needs is not running, it may start it through the handlers,
 * with methods the panel's socket does not serve). `profile` null: a command that is no agent's
 * (`trust`, `uninstall`, `across`). `workspace`: the folder the command is about, when it names
 * one otherwise than by --workspace (`trust DIR`).
 */
export async function withPanelClient<T>(ctx: CommandContext, profile: Profile | null, work: (client: Bridge<AppContract>, answerer: Answerer) => Promise<T>, workspace = workspaceOption(ctx)): Promise<T> {
  const [out] = await withEachPanelClient(ctx, [profile], work, workspace);
  return out as T;
}

/**
 * withPanelClient once per agent (`auth status` over every agent): the running panel for the
 * agent it shows, the others through one engine for the run that starts no server, each agent
 * selected in turn rather than an engine composed per agent.
 */
export async function withEachPanelClient<T, P extends Profile | null>(
  ctx: CommandContext,
  profiles: readonly P[],
  work: (client: Bridge<AppContract>, answerer: Answerer, profile: P) => Promise<T>,
  workspace = workspaceOption(ctx),
): Promise<T[]> {
  let services: Services | null = null;
  try {
    const out: T[] = [];
    for (const profile of profiles) {
      const panel = await runningPanel(ctx, { profile, workspace }, "answering through the panel's handlers in this process");
      if (panel) {
        try {
          out.push(await work(panel.client, 'panel', profile));
        } finally {
          panel.close();
        }
        continue;
      }
      // The engine opens on the first agent asked here: selecting it again would only load it again.
      if (!services) services = await oneShotEngine(ctx, workspace, profile, false);
      else if (profile && services.api.selection().profile !== profile) await inProcess(services)('profiles.select', { profile, workspace });
      out.push(await work(inProcessClient(services, 'cli'), 'here', profile));
    }
    return out;
  } finally {
    await services?.dispose();
  }
}

async function oneShotEngine(ctx: CommandContext, workspace: string, profile: Profile | null, discovery: false | { settleWithinMs: number; cached?: boolean; share?: RunShare }) {
  // Not at the top: the panel's answer above needs none of the engine.
  const [{ startServices }, { appVersion }] = await Promise.all([import('../../services/compose'), import('../web/build')]);
  return startServices({
    host: 'cli',
    env: ctx.env,
    cwd: ctx.cwd,
    version: appVersion(),
    ...(profile ? { profile } : {}),
    workspace,
    pickFolder: null,
    discovery,
    oneShot: true,
  });
}

/**
 * Issue 44 item 1: several agents' servers discovered in one run (`status --all-agents
 * --refresh`) on one engine, each agent selected in turn: a server an earlier agent's entry
 * started answers every later entry that runs the same thing (`share`), so each distinct server
 * starts once.
 */
export async function withEachAgent<T>(ctx: CommandContext, profiles: readonly Profile[], share: RunShare, work: (profile: Profile, call: PanelCall) => Promise<T>): Promise<T[]> {
  const workspace = workspaceOption(ctx);
  if (profiles.length === 0) return [];
  const services = await oneShotEngine(ctx, workspace, profiles[0]!, { settleWithinMs: ONE_SHOT_SETTLE_MS, share });
  const call = inProcess(services);
  try {
    const out: T[] = [];
    for (const [i, profile] of profiles.entries()) {
      // The engine opened on the first agent: selecting it again would only load it again.
      if (i > 0) await call('profiles.select', { profile, workspace });
      await settled(services.api, ONE_SHOT_SETTLE_MS);
      out.push(await work(profile, call));
    }
    return out;
  } finally {
    await services.dispose();
  }
}
