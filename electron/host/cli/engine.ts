// One shared engine per CLI run (keychain opened once), the same wiring the panel uses, so a
// `login` here is honoured by `status`, `tools` and `call`, and keychain-held variables count.
import { createEngine, type Engine } from '../../services/compose';
import type { CommandContext } from './command';

const engines = new WeakMap<CommandContext, Promise<Engine>>();

export function engineFor(ctx: CommandContext): Promise<Engine> {
  let e = engines.get(ctx);
  if (!e) {
    e = createEngine({ env: ctx.env, cwd: ctx.cwd });
    engines.set(ctx, e);
  }
  return e;
}
