#!/usr/bin/env node
// The CLI front door: every view of the panel has a command here (`--json` for scripts).
import { parseArgs } from 'node:util';
import { type Command, type CommandContext, UsageError, UserError } from './cli/command';
import { commands } from './cli/commands';
import { invocationDir } from './invocation-dir';

const common = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function findCommand(argv: string[]): { cmd: Command; rest: string[] } | undefined {
  const two = argv.slice(0, 2).join(' ');
  const byTwo = commands.find((c) => c.name === two);
  if (byTwo) return { cmd: byTwo, rest: argv.slice(2) };
  const byOne = commands.find((c) => c.name === argv[0]);
  return byOne ? { cmd: byOne, rest: argv.slice(1) } : undefined;
}

function help(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    'mcp-panel: the MCP servers of your coding agents, from the command line',
    '',
    'usage: npm run --silent cli -- <command> [options]',
    '',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Every command takes --json for a single JSON document on stdout.',
  ].join('\n');
}

export async function main(argv: string[], env = process.env): Promise<number> {
  const found = findCommand(argv);
  if (!found || argv[0] === 'help' || argv[0] === '--help') {
    (found ? process.stdout : process.stderr).write(help() + '\n');
    return found || argv[0] === 'help' || argv[0] === '--help' ? 0 : 2;
  }
  const { cmd, rest } = found;
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
      stdout: (t) => process.stdout.write(t),
      stderr: (t) => process.stderr.write(t),
      interrupted,
    };
    return (await cmd.run(ctx)) ?? 0;
  } catch (err) {
    if (err instanceof UserError) {
      process.stderr.write(`error: ${err.message}\n`);
      return err.exitCode;
    }
    const usage = err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    if (usage) {
      process.stderr.write(`error: ${(err as Error).message}\nusage: ${cmd.usage}\n`);
      return 2;
    }
    process.stderr.write(`internal error: ${(err as Error).stack ?? String(err)}\n`);
    return 1;
  }
}

// Run when executed directly (tsx or node), not when imported by tests.
if (process.argv[1] && /cli\.(ts|js|mjs)$/.test(process.argv[1])) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      process.stderr.write(String(err) + '\n');
      process.exit(1);
    },
  );
}
