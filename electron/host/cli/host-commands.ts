// `serve`: the panel in a browser (SEC-2), and `api`: any contract method from the shell.
import { createInterface } from 'node:readline';
import { contract } from '../../../shared/contract';

import { startServices } from '../../services/compose';
import { appVersion, serve } from '../web/serve';
import { optInt, optString, printJson, type Command, UsageError, UserError, profileOption } from './command';
import { redactStrings } from './output';

const serveCommand: Command = {
  name: 'serve',
  summary: 'Serve the panel to a browser on 127.0.0.1 (prints a one-time link; each line on stdin prints another)',
  usage: 'serve [--port N] [--profile minimax|kimi|minara] [--workspace DIR] [--open] [--json]',
  options: { port: { type: 'string' }, profile: { type: 'string' }, workspace: { type: 'string' }, open: { type: 'boolean' }, verbose: { type: 'boolean' } },
  async run(ctx) {
    const port = optInt(ctx, 'port');
    if (port !== undefined && (port < 0 || port > 65535)) throw new UsageError('--port must be 0…65535');
    const served = await serve({
      env: ctx.env,
      cwd: ctx.cwd,
      port,
      profile: profileOption(ctx, null),
      // The folder the command was run from, as `status` and the agents themselves do; its
      // project layers stay inert until it is trusted (SEC-5).
      workspace: optString(ctx, 'workspace') ?? ctx.cwd,
      logger: ctx.opts.verbose ? (l) => ctx.stderr(l + '\n') : undefined,
    }).catch((err: unknown) => {
      throw new UserError(`could not start the web host: ${err instanceof Error ? err.message : String(err)}`);
    });
    const { host, services } = served;
    // The link is the one credential a command prints on purpose: past the redaction, never past the escaping.
    const credential = ctx.stdoutCredential ?? ctx.stdout;
    if (ctx.opts.json) credential(JSON.stringify({ url: host.url, origin: host.origin, port: host.port, selection: JSON.parse(JSON.stringify(services.selection, redactStrings)) as unknown }, null, 2) + '\n');
    else credential(`MCP Panel: ${host.url}\n(the link works once; press Enter for another)\n`);
    // Each link works once (SEC-2). Another browser (or a test's fresh browser context) asks
    // for a new one with a line on stdin: only whoever holds this process's stdin can. (Not a
    // signal: Node's default SIGUSR1 action opens the inspector, and `tsx` does not pass it on.)
    const lines = createInterface({ input: process.stdin, terminal: false });
    lines.on('line', () => {
      const url = host.mintUrl();
      credential(ctx.opts.json ? JSON.stringify({ url }) + '\n' : `MCP Panel: ${url}\n`);
    });
    if (ctx.opts.open && !(await served.openInBrowser())) ctx.stderr('No browser was started: open the link printed above (it works once).\n');
    await Promise.race([ctx.interrupted, new Promise<void>((r) => process.once('SIGTERM', () => r()))]);
    lines.close();
    process.stdin.destroy();
    await served.close();
    return 0;
  },
};

const apiCommand: Command = {
  name: 'api',
  summary: `Call one contract method in-process (${Object.keys(contract.methods).join(', ')})`,
  usage: "api <method> ['<json input>'] [--profile P] [--workspace DIR]",
  takesArguments: true,
  options: { profile: { type: 'string' }, workspace: { type: 'string' } },
  async run(ctx) {
    const [method, raw] = ctx.args;
    if (!method) throw new UsageError('which method?');
    let input: unknown = {};
    try {
      input = raw ? JSON.parse(raw) : {};
    } catch {
      throw new UsageError('the input must be JSON');
    }
    const services = await startServices({ host: 'cli', env: ctx.env, cwd: ctx.cwd, version: appVersion(), profile: profileOption(ctx, null), workspace: optString(ctx, 'workspace') ?? null, pickFolder: null, oneShot: true });
    try {
      const result = await services.dispatch(method, input, { host: 'cli' });
      printJson(ctx, result);
      return result.ok ? 0 : 1;
    } finally {
      await services.dispose();
    }
  },
};

export const hostCommands: Command[] = [serveCommand, apiCommand];
