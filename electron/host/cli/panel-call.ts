// The CLI as a formatter over the panel's dispatch: one composed engine for the run (the same
// wiring as the panel, selection = --profile / --workspace), its contract methods called
// through the same dispatch (inputs validated there), and a failed call is a user error.
import { resolve } from 'node:path';
import type { AppContract } from '../../../shared/contract';
import type { MethodInput, MethodName, MethodOutput } from '../../../shared/rpc';
import type { Profile } from '../../../shared/schemas/server';
import { startServices, type Services } from '../../services/compose';
import { appVersion } from '../web/serve';
import { ONE_SHOT_SETTLE_MS } from './connection-commands';
import { type CommandContext, optString, UserError } from './command';

export type PanelCall = <M extends MethodName<AppContract>>(method: M, input: MethodInput<AppContract, M>) => Promise<MethodOutput<AppContract, M>>;

const CLI = { host: 'cli' } as const;

/** The id of the profile's server called `name` (or with that id), as the servers view lists it. */
export async function serverIdOf(call: PanelCall, name: string): Promise<string> {
  const { servers } = await call('servers.list', {});
  const row = servers.find((s) => s.name === name) ?? servers.find((s) => s.id === name);
  if (!row) throw new UserError(`no server "${name}"; known: ${servers.map((s) => s.name).join(', ') || '(none)'}`);
  return row.id;
}

/**
 * Until no server is still connecting (the CLI has no next round, CONN-3), or the deadline:
 * woken by the engine's own state events, not by polling.
 */
async function settled(services: Services): Promise<void> {
  const anyPending = async () => {
    const r = await services.dispatch('servers.list', {}, CLI);
    return r.ok && (r.value as MethodOutput<AppContract, 'servers.list'>).servers.some((s) => s.state.kind === 'pending');
  };
  await new Promise<void>((done) => {
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(deadline);
      off();
      done();
    };
    const check = () => void anyPending().then((pending) => pending || finish());
    const deadline = setTimeout(finish, ONE_SHOT_SETTLE_MS);
    const off = services.api.events.subscribe((event) => {
      if (event === 'servers.stateChanged' || event === 'servers.changed') check();
    });
    check();
  });
}

/**
 * Runs `work` against the panel's dispatch for this profile and workspace. `live`: the catalog
 * comes from the running servers (discovery settles first); otherwise no server is started.
 */
export async function withPanel<T>(ctx: CommandContext, opts: { profile: Profile; live: boolean }, work: (call: PanelCall) => Promise<T>): Promise<T> {
  const services = await startServices({
    host: 'web',
    env: ctx.env,
    cwd: ctx.cwd,
    version: appVersion(),
    profile: opts.profile,
    workspace: resolve(ctx.cwd, optString(ctx, 'workspace') ?? '.'),
    pickFolder: null,
    discovery: opts.live ? { settleWithinMs: ONE_SHOT_SETTLE_MS } : false,
  });
  try {
    if (opts.live) await settled(services);
    const call: PanelCall = async (method, input) => {
      const r = await services.dispatch(method, input, CLI);
      if (!r.ok) throw new UserError(r.error.message);
      return r.value as never;
    };
    return await work(call);
  } finally {
    await services.dispose();
  }
}
