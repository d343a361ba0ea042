// CFG-11: servers that come from a plugin manifest are held to stricter rules than the
// user's own config (seed 000: plugin-system/mcp/config.ts, agent-plugin-reader.ts).
import { delimiter, join } from 'node:path';
import { accessSync, constants } from 'node:fs';
import { TransportTypeSchema } from '../../../shared/schemas/dialects';

export interface PluginRuleIssue {
  /** Path inside the entry, e.g. ['args', 2]. */
  path: Array<string | number>;
  message: string;
}

export interface PluginRuleOptions {
  env: NodeJS.ProcessEnv;
  /** Injectable PATH lookup (defaults to a real search of env.PATH). */
  onPath?: (command: string) => boolean;
}

const UNSUPPORTED = ['oauth', 'clientSecret', 'clientId', 'client_secret'];

export function findOnPath(command: string, env: NodeJS.ProcessEnv): boolean {
  const exts = process.platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';') : [''];
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    for (const ext of exts) {
      try {
        accessSync(join(dir, command + ext), constants.X_OK);
        return true;
      } catch {
        /* try the next */
      }
    }
  }
  return false;
}

function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127(?:\.\d{1,3}){3}$/.test(h);
}

const isAbsPath = (s: string): boolean => s.startsWith('/') || /^[A-Za-z]:[\\/]/.test(s) || s.startsWith('\\\\');

/**
 * `format: 'minimax'` is the MiniMax manifest format (explicit non-generic `type`, bare
 * command on PATH, no absolute args). Every format: remote URLs must be HTTPS except loopback,
 * and OAuth client fields are unsupported.
 */
export function validatePluginEntry(entry: unknown, opts: PluginRuleOptions, format: 'minimax' | 'minara' = 'minimax'): PluginRuleIssue[] {
  const issues: PluginRuleIssue[] = [];
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return [{ path: [], message: 'an entry must be a JSON object' }];
  const e = entry as Record<string, unknown>;
  for (const key of UNSUPPORTED) {
    if (key in e) issues.push({ path: [key], message: `"${key}" is not supported for plugin servers (no OAuth for plugins)` });
  }
  const type = e.type ?? e.transport;
  if (format === 'minimax') {
    const parsed = TransportTypeSchema.safeParse(type);
    if (type === undefined) issues.push({ path: [], message: 'plugin servers must state "type" explicitly' });
    else if (!parsed.success) issues.push({ path: ['type'], message: `unknown type ${JSON.stringify(type)}` });
    else if (parsed.data === 'http') issues.push({ path: ['type'], message: 'plugin servers must say "streamable-http" or "sse", not the generic "http"' });
    if (parsed.success && parsed.data === 'stdio') {
      const cmd = e.command;
      if (typeof cmd !== 'string' || cmd === '') issues.push({ path: ['command'], message: 'a stdio plugin server needs "command"' });
      else if (/[\\/]/.test(cmd)) issues.push({ path: ['command'], message: `"${cmd}" must be a bare executable name found on PATH, not a path` });
      else if (!(opts.onPath ?? ((c) => findOnPath(c, opts.env)))(cmd)) issues.push({ path: ['command'], message: `"${cmd}" is not found on PATH` });
      if (Array.isArray(e.args)) {
        e.args.forEach((a, i) => {
          if (typeof a === 'string' && isAbsPath(a)) issues.push({ path: ['args', i], message: `absolute path "${a}" is not allowed in plugin args` });
        });
      }
    }
  }
  if (typeof e.url === 'string') {
    let u: URL | null = null;
    try {
      u = new URL(e.url);
    } catch {
      issues.push({ path: ['url'], message: `"${e.url}" is not a valid URL` });
    }
    if (u && u.protocol !== 'https:' && !(u.protocol === 'http:' && isLoopback(u.hostname))) {
      issues.push({ path: ['url'], message: `plugin server URLs must use https (plain http only for loopback), got ${u.protocol}//${u.host}` });
    }
  }
  return issues;
}
