// The CLI's small framework: each area registers commands in its own file; cli.ts only
// dispatches. Exit codes: 0 success, 1 user error (one line on stderr), 2 usage error.
import { resolve } from 'node:path';
import type { ParseArgsConfig } from 'node:util';
import { ProfileSchema, type Profile } from '../../../shared/schemas/server';
import { redactStrings } from './output';

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;

export interface CommandContext {
  /** Positionals after the command words. */
  args: string[];
  opts: Record<string, string | boolean | string[] | undefined>;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Human text is redacted and its control characters escaped here (output.ts); `--json` goes through printJson. */
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** A credential the user asked for (`serve`'s link): printed unmasked, still escaped (default: stdout). */
  stdoutCredential?: (text: string) => void;
  /** Resolves when the user interrupts (Ctrl-C); long-running commands stop on it. */
  interrupted: Promise<void>;
}

export interface Command {
  /** One or two words: `status`, `server add`, `auth status`. */
  name: string;
  summary: string;
  usage: string;
  /**
   * It reads arguments after its name (and says itself how many it takes). A command without it
   * refuses any: an argument it would leave unread names something the person meant (`trust ~/proj`
   * once trusted the folder it ran from).
   */
  takesArguments?: true;
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

/** One JSON document on stdout, every string in it through the one redaction (output.ts). */
export function printJson(ctx: CommandContext, value: unknown): void {
  ctx.stdout(JSON.stringify(value, redactStrings, 2) + '\n');
}

export function optString(ctx: CommandContext, key: string): string | undefined {
  const v = ctx.opts[key];
  if (v === undefined || typeof v === 'boolean') return undefined;
  return Array.isArray(v) ? v[v.length - 1] : v;
}

/** Every value of a repeatable option (`--set a --set b`), in order. */
/** --workspace DIR, else the current directory (as the agents themselves do), absolute. */
export function workspaceOption(ctx: CommandContext): string {
  return resolve(ctx.cwd, optString(ctx, 'workspace') ?? '.');
}

export function optStrings(ctx: CommandContext, key: string): string[] {
  const v = ctx.opts[key];
  if (v === undefined || typeof v === 'boolean') return [];
  return Array.isArray(v) ? v : [v];
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

/**
 * The one `--profile` parser. `fallback`: the profile when the option is absent (`null`
 * returns null, for commands that then pick one themselves); without it the option is required.
 * `key`: the option's name where a command calls it otherwise (`plan --agent`).
 */
export function profileOption(ctx: CommandContext, fallback?: undefined, key?: string): Profile;
export function profileOption(ctx: CommandContext, fallback: Profile, key?: string): Profile;
export function profileOption(ctx: CommandContext, fallback: null, key?: string): Profile | null;
export function profileOption(ctx: CommandContext, fallback?: Profile | null, key = 'profile'): Profile | null {
  const raw = optString(ctx, key);
  if (raw === undefined) {
    if (fallback === undefined) throw new UsageError(`--${key} is required (${ProfileSchema.options.join(', ')})`);
    return fallback;
  }
  const p = ProfileSchema.safeParse(raw);
  if (!p.success) throw new UsageError(`--${key} must be one of ${ProfileSchema.options.join(', ')}, got "${raw}"`);
  return p.data;
}
