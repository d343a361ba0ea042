// One shared engine per CLI run (keychain opened once), the same wiring the panel uses, so a
// `login` here is honoured by `status`, `tools` and `call`, and keychain-held variables count.
// The full engine (pool, OAuth broker, MCP SDK) loads only when a command asks for it;
// commands that connect nothing take the config engine alone (the start-up budget).
import type { Engine } from '../../services/compose';
import type { ConfigEngine } from '../../services/config-engine';
import type { CommandContext } from './command';

const engines = new WeakMap<CommandContext, Promise<Engine>>();
const configEngines = new WeakMap<CommandContext, Promise<ConfigEngine>>();

export function engineFor(ctx: CommandContext): Promise<Engine> {
  let e = engines.get(ctx);
  if (!e) {
    e = import('../../services/compose').then(({ createEngine }) => createEngine({ env: ctx.env, cwd: ctx.cwd }));
    engines.set(ctx, e);
  }
  return e;
}

/** Launch environment, keychain and config engine: for commands that start no server. */
export function configEngineFor(ctx: CommandContext): Promise<ConfigEngine> {
  let e = configEngines.get(ctx);
  if (!e) {
    e = import('../../services/config-engine').then(({ createConfigEngine }) => createConfigEngine({ env: ctx.env, cwd: ctx.cwd }));
    configEngines.set(ctx, e);
  }
  return e;
}
