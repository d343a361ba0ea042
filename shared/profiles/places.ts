// Where agents keep their files, as pure path arithmetic over the OS asked for (AgentIo's
// PathApi): the pieces several agents' files modules share.
import type { LayerLocation, PathApi } from './loading';

export const userFile = (path: string): LayerLocation => ({ layer: 'user', path, writable: true, needsTrust: false });

/** A project layer's file, confined to `root` (the workspace): a link out of it is neither read nor written (issue 21 F9). */
export const projectFile = (path: string, root: string): LayerLocation => ({ layer: 'project', path, writable: true, needsTrust: true, confineTo: root });

/**
 * Where desktop apps keep settings: macOS ~/Library/Application Support, Windows %APPDATA%
 * (else ~\AppData\Roaming), Linux $XDG_CONFIG_HOME (else ~/.config).
 */
export function appDataDir(home: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform | undefined, p: PathApi): string {
  if (platform === 'darwin') return p.join(home, 'Library', 'Application Support');
  if (platform === 'win32') return env.APPDATA || p.join(home, 'AppData', 'Roaming');
  return env.XDG_CONFIG_HOME || p.join(home, '.config');
}

/** `new` unless only `legacy` exists (seed 001 fallbacks); the other spelling is an alternate. */
export async function withLegacy(preferred: string, legacy: string, exists: (p: string) => Promise<boolean>): Promise<{ path: string; preferredPath?: string; alternates: string[] }> {
  if (!(await exists(preferred)) && (await exists(legacy))) return { path: legacy, preferredPath: preferred, alternates: [preferred] };
  return { path: preferred, alternates: [legacy] };
}

export { isRecord } from '../is-record';
import { isRecord } from '../is-record';

/** AGENT-9: the servers a plugin's file holds, under `mcpServers` or at its top (Claude Code's and Codex's plugins). */
export function pluginServersOf(v: unknown): Record<string, Record<string, unknown>> {
  const obj = isRecord(v) && isRecord(v.mcpServers) ? v.mcpServers : v;
  if (!isRecord(obj)) return {};
  return Object.fromEntries(Object.entries(obj).filter((e): e is [string, Record<string, unknown>] => isRecord(e[1])));
}
