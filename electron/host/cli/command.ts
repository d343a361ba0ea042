// The CLI's small framework: each area registers commands in its own file; cli.ts only
// dispatches. Exit codes: 0 success, 1 user error (one line on stderr), 2 usage error.
import type { ParseArgsConfig } from 'node:util';

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;

export interface CommandContext {
  /** Positionals after the command words. */
  args: string[];
  opts: Record<string, string | boolean | string[] | undefined>;
  env: NodeJS.ProcessEnv;
  cwd: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Resolves when the user interrupts (Ctrl-C); long-running commands stop on it. */
  interrupted: Promise<void>;
}

export interface Command {
  /** One or two words: `status`, `server add`, `auth status`. */
  name: string;
  summary: string;
  usage: string;
  options?: OptionSpec;
  run(ctx: CommandContext): Promise<number | void>;
}

/** A mistake the user can fix (bad file, unknown server): exit 1 with the message. */
export class UserError extends Error {
  constructor(message: string, readonly exitCode = 1) {
    super(message);
  }
}

/** The command line itself is wrong: exit 2. */
export class UsageError extends Error {}

export function printJson(ctx: CommandContext, value: unknown): void {
  ctx.stdout(JSON.stringify(value, null, 2) + '\n');
}

export function optString(ctx: CommandContext, key: string): string | undefined {
  const v = ctx.opts[key];
  if (v === undefined || typeof v === 'boolean') return undefined;
  return Array.isArray(v) ? v[v.length - 1] : v;
}

export function requireString(ctx: CommandContext, key: string): string {
  const v = optString(ctx, key);
  if (v === undefined) throw new UsageError(`--${key} is required`);
  return v;
}

export function optInt(ctx: CommandContext, key: string): number | undefined {
  const v = optString(ctx, key);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n)) throw new UsageError(`--${key} must be a whole number, got "${v}"`);
  return n;
}
