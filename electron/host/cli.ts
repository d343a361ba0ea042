#!/usr/bin/env node
// The CLI front door: every view of the panel has a command here (`--json` for scripts).
import { realpathSync } from 'node:fs';
import nodeModule from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { CommandContext } from './cli/command';
import { type CommandIndexEntry, loadCommand, readCommandIndex } from './cli/commands';
import { invocationDir } from './invocation-dir';
import { appVersion } from './web/build';

/** Baked in by scripts/build-node.mjs (esbuild `define`); absent when run from source. */
declare const __MCP_PANEL_COMMANDS__: CommandIndexEntry[] | undefined;

function commandIndex(): Promise<CommandIndexEntry[]> {
  return typeof __MCP_PANEL_COMMANDS__ !== 'undefined' ? Promise.resolve(__MCP_PANEL_COMMANDS__) : readCommandIndex();
}

const common = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function findCommand(commands: CommandIndexEntry[], argv: string[]): { entry: CommandIndexEntry; rest: string[] } | undefined {
  const two = argv.slice(0, 2).join(' ');
  const byTwo = commands.find((c) => c.name === two);
  if (byTwo) return { entry: byTwo, rest: argv.slice(2) };
  const byOne = commands.find((c) => c.name === argv[0]);
  return byOne ? { entry: byOne, rest: argv.slice(1) } : undefined;
}

function help(commands: CommandIndexEntry[]): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    'mcp-panel: the MCP servers of your coding agents, from the command line',
    '',
    'usage: mcp-panel <command> [options]      (from a checkout: npm run --silent cli -- <command>)',
    '',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Every command takes --json for a single JSON document on stdout; mcp-panel --version prints the version.',
  ].join('\n');
}

export async function main(argv: string[], env = process.env): Promise<number> {
  if (argv[0] === '--version' || argv[0] === '-v') {
    process.stdout.write(`${appVersion()}\n`);
    return 0;
  }
  const commands = await commandIndex();
  const found = findCommand(commands, argv);
  const asked = argv[0] === 'help' || argv[0] === '--help' || argv[0] === '-h';
  if (!found || asked) {
    // Asked for: stdout, exit 0. An unknown command: said first, then the same list on stderr, exit 2.
    if (!asked) process.stderr.write(argv.length === 0 ? 'error: no command given\n\n' : `error: unknown command "${argv[0]}"\n\n`);
    (asked ? process.stdout : process.stderr).write(help(commands) + '\n');
    return asked ? 0 : 2;
  }
  const { entry, rest } = found;
  const cmd = await loadCommand(entry);
  // Not at the top: command.ts brings zod (the --profile schema), which `help` does not need.
  const { UsageError, UserError } = await import('./cli/command');
  const { cliWriters } = await import('./cli/output');
  // The one print boundary (issue 21 F3/F4): every line below, the errors included.
  // void: `return ctx.stdout(…)` in a command must not hand write()'s `true` to process.exit.
  const io = cliWriters(rest.includes('--json'), (t) => void process.stdout.write(t), (t) => void process.stderr.write(t));
  let interrupt!: () => void;
  const interrupted = new Promise<void>((r) => (interrupt = r));
  process.once('SIGINT', () => interrupt());
  // SIGTERM/SIGHUP: commands that watch `interrupted` stop cleanly; the rest get a short grace,
  // then the exit hook ends every server process group we started (SEC-7: no orphans).
  for (const [sig, code] of [['SIGTERM', 143], ['SIGHUP', 129]] as const) {
    process.once(sig, () => {
      interrupt();
      setTimeout(() => process.exit(code), 2_000).unref();
    });
  }
  try {
    const parsed = parseArgs({ args: rest, options: { ...common, ...cmd.options }, allowPositionals: true, strict: true });
    if (parsed.values.help) {
      process.stdout.write(`usage: ${cmd.usage}\n\n${cmd.summary}\n`);
      return 0;
    }
    const ctx: CommandContext = {
      args: parsed.positionals,
      opts: parsed.values as CommandContext['opts'],
      env,
      cwd: invocationDir(env),
      stdout: io.stdout,
      stderr: io.stderr,
      stdoutCredential: io.stdoutCredential,
      interrupted,
    };
    const code = await cmd.run(ctx);
    return typeof code === 'number' ? code : 0;
  } catch (err) {
    if (err instanceof UserError) {
      io.stderr(`error: ${err.message}\n`);
      return err.exitCode;
    }
    const usage = err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    if (usage) {
      io.stderr(`error: ${(err as Error).message}\nusage: ${cmd.usage}\n`);
      return 2;
    }
    io.stderr(`internal error: ${(err as Error).stack ?? String(err)}\n`);
    return 1;
  }
}

/** Executed directly (tsx, node, or the installed `mcp-panel` link to the built file), not imported by tests. */
function isEntry(): boolean {
  try {
    return !!process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntry()) {
  // Node ≥ 22.1 keeps the compiled code of the chunks a command loads (in the OS temp folder),
  // so the next start skips compiling them; on Node 20 the function does not exist.
  (nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();
  // A pipe to a slow reader (`| jq`) takes a large --json in pieces: exit once stdout and
  // stderr have handed everything over, not while the rest is still queued (it would be lost).
  const exit = (code: number) => process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
  main(process.argv.slice(2)).then(exit, (err) => {
    process.stderr.write(String(err) + '\n');
    exit(1);
  });
}
