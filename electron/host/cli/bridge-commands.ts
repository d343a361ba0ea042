// BRIDGE-1: `mcp-panel bridge <server>` / `mcp-panel bridge --url URL`, the stdio MCP server an
// agent starts instead of reaching a remote server itself. stdout is the protocol: everything
// this command says goes to stderr. (`bridge install` / `bridge uninstall` live in their own
// area; two-word commands win in the dispatcher.)
import { setFlagsFromString } from 'node:v8';
import { type Command, UsageError, UserError, optString, profileOption } from './command';

/** A bridge has answered its agent's initialize well within this (bench:bridge: ~0.2 s). */
const SETTLED_MS = 1_000;

const bridge: Command = {
  name: 'bridge',
  summary: 'Serve a remote server to an agent over stdio, with the credentials the panel holds (one login and one token refresh for every agent process)',
  usage: 'mcp-panel bridge SERVER [--profile P] [--workspace DIR] [--hide-tools T1,T2] | mcp-panel bridge --url URL [--sse] [--hide-tools T1,T2]',
  takesArguments: true,
  options: { profile: { type: 'string' }, workspace: { type: 'string' }, url: { type: 'string' }, sse: { type: 'boolean' }, 'hide-tools': { type: 'string' } },
  async run(ctx) {
    const url = optString(ctx, 'url');
    const server = ctx.args[0];
    if (url ? ctx.args.length > 0 : ctx.args.length !== 1) throw new UsageError('give exactly one SERVER name, or --url URL');
    if (ctx.opts.sse && !url) throw new UsageError('--sse goes with --url (a configured entry says its own transport)');
    // Issue 40, a bridge's private memory: V8 grows the young generation up to 32 MB under a
    // steady stream of small allocations (every proxied message), and those pages stay resident
    // for the bridge's life. A bridge keeps little alive, so once it has started its young
    // generation keeps the size it has (a scavenge of a nearly empty space is short). Not from
    // the first line: the start allocates a lot at once, and a small young generation then costs
    // it ~100 ms of collections. V8 reads the flag at each resize, so it can be set here.
    setTimeout(() => setFlagsFromString('--semi-space-growth-factor=1'), SETTLED_MS).unref();
    // keytar (a native addon) loads before the bridge's modules, so its first keychain round
    // trips can run on the thread pool while those load: an agent waits for this start.
    const store = await (await import('../../services/auth/keytar-store')).openSecretStore({ env: ctx.env });
    const [{ runBridge }, { BridgeTargetError }, { hiddenTools }] = await Promise.all([import('../../services/bridge/run'), import('../../services/bridge/target'), import('../../services/bridge/tool-filter')]);
    try {
      await runBridge({
        ...(url ? { url, sse: ctx.opts.sse === true } : { server }),
        profile: profileOption(ctx, null),
        workspace: optString(ctx, 'workspace') ?? null,
        // CTX-2: the context plan's filter for an agent with no filter field of its own.
        hideTools: hiddenTools(optString(ctx, 'hide-tools')),
        env: ctx.env,
        cwd: ctx.cwd,
        store,
        log: (line) => ctx.stderr(`mcp-panel bridge: ${line}\n`),
        interrupted: ctx.interrupted,
      });
    } catch (e) {
      if (e instanceof BridgeTargetError) throw new UserError(e.message);
      throw e;
    }
  },
};

export const bridgeCommands: Command[] = [bridge];
