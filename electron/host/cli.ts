#!/usr/bin/env node
// The CLI front door: every view of the panel has a command here (`--json` for scripts).
import { realpathSync } from 'node:fs';
import nodeModule from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { CommandContext } from './cli/command';
import { type CommandIndexEntry, loadCommand, readCommandIndex } from './cli/commands';
import { frontDoor } from './cli/front-door';
import { compileCacheDir } from './code-cache';
import { invocationDir } from './invocation-dir';

/** Baked in by scripts/build-node.mjs (esbuild `define`); absent when run from source. */
declare const __MCP_PANEL_COMMANDS__: CommandIndexEntry[] | undefined;

function commandIndex(): Promise<CommandIndexEntry[]> {
  return typeof __MCP_PANEL_COMMANDS__ !== 'undefined' ? Promise.resolve(__MCP_PANEL_COMMANDS__) : readCommandIndex();
}

const common = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function main(argv: string[], env = process.env): Promise<number> {
  const door = await frontDoor(argv, commandIndex);
  if ('code' in door) return door.code;
  const { entry, rest } = door;
  const cmd = await loadCommand(entry);
  // Not at the top: command.ts brings zod (the --profile schema), which `help` does not need.
  const { UsageError, UserError } = await import('./cli/command');
  const { cliWriters } = await import('./cli/output');
  // The one print boundary (issue 21 F3/F4): every line below, the errors included.
  // void: `return ctx.stdout(…)` in a command must not hand write()'s `true` to process.exit.
  const io = cliWriters(rest.includes('--json'), (t) => void process.stdout.write(t), (t) => void process.stderr.write(t));
  // SEC-8: a folder of the panel's made private again is said through the same boundary.
  (await import('../services/own-folder')).onOwnFolderRepair((line) => io.stderr(`mcp-panel: ${line}\n`));
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
    if (!cmd.takesArguments && parsed.positionals.length > 0) throw new UsageError(`${cmd.name} takes no argument, and got ${JSON.stringify(parsed.positionals[0])} (an option's value goes after its --name)`);
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
    // A refusal the services explain themselves (SEC-8: a data folder that is not the user's).
    const { AppError } = await import('../../shared/errors');
    if (err instanceof AppError && err.code === 'refused') {
      io.stderr(`error: ${err.message}\n`);
      return 1;
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

/** Executed directly (tsx, or node on the built out/cli/mcp-panel.cjs), not imported by tests nor loaded by the bin. */
function isEntry(): boolean {
  try {
    return !!process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

/**
 * What running `mcp-panel` does. The built bin (out/cli/mcp-panel.mjs, electron/host/cli-bin.ts)
 * calls it once it has loaded the bundle, which is then not the entry itself.
 */
export function runAsCommand(argv: string[]): void {
  // A pipe to a slow reader (`| jq`) takes a large --json in pieces: exit once stdout and
  // stderr have handed everything over, not while the rest is still queued (it would be lost).
  const exit = (code: number) => process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
  main(argv).then(exit, (err) => {
    process.stderr.write(String(err) + '\n');
    exit(1);
  });
}

if (isEntry()) {
  // Node ≥ 22.1 keeps the compiled code of the modules a command loads, so the next start skips
  // compiling them: only in the panel's private cache folder (SEC-8), never Node's default (the
  // shared temp folder). On Node 20 the function does not exist.
  const { enableCompileCache } = nodeModule as { enableCompileCache?: (dir?: string) => unknown };
  const dir = enableCompileCache ? compileCacheDir() : undefined;
  if (enableCompileCache && dir) enableCompileCache(dir);
  runAsCommand(process.argv.slice(2));
}
