// What `mcp-panel` answers from the command list alone: --version, help, and a missing or
// unknown command. The built bin answers these without loading the CLI bundle
// (electron/host/cli-bin.ts): reading and deserialising it would triple `help`'s start.
import { appVersion } from '../web/build';
import type { CommandIndexEntry } from './commands';

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

/** The exit code when answered here, else the command to run; the list is only read when needed (from source it loads every area). */
export async function frontDoor(argv: string[], commandIndex: () => Promise<CommandIndexEntry[]>): Promise<{ code: number } | { entry: CommandIndexEntry; rest: string[] }> {
  if (argv[0] === '--version' || argv[0] === '-v') {
    process.stdout.write(`${appVersion()}\n`);
    return { code: 0 };
  }
  const commands = await commandIndex();
  const found = findCommand(commands, argv);
  const asked = argv[0] === 'help' || argv[0] === '--help' || argv[0] === '-h';
  if (found && !asked) return found;
  // Asked for: stdout, exit 0. An unknown command: said first, then the same list on stderr, exit 2.
  if (!asked) process.stderr.write(argv.length === 0 ? 'error: no command given\n\n' : `error: unknown command "${argv[0]}"\n\n`);
  (asked ? process.stdout : process.stderr).write(help(commands) + '\n');
  return { code: asked ? 0 : 2 };
}
