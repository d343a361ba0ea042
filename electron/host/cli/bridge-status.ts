// BRIDGE-4: the bridges running now, as `mcp-panel status` shows them (text and --json).
import type { LiveBridge } from '../../../shared/schemas/bridge';
import { listLiveBridges } from '../../services/bridge/live-list';
import { panelDataDir } from '../../services/paths';

function age(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** One line per bridge: agent process, server (and profile), since, calls, last error. */
export function liveBridgeLines(bridges: readonly LiveBridge[], now: number): string[] {
  if (bridges.length === 0) return ['bridges: none running'];
  return [
    `bridges: ${bridges.length} running`,
    ...bridges.map((b) => {
      const agent = `${b.agentName ?? 'pid'} ${b.agentPid}`;
      const where = b.profile ? `${b.server} (${b.profile})` : b.server;
      const err = b.lastError ? `  last error: ${b.lastError}` : '';
      return `  ${agent.padEnd(20)} ${where.padEnd(28)} since ${new Date(b.since).toISOString()} (${age(now - b.since)})  ${b.calls} call${b.calls === 1 ? '' : 's'}${err}`;
    }),
  ];
}

export function liveBridgesFor(env: NodeJS.ProcessEnv): Promise<LiveBridge[]> {
  return listLiveBridges(panelDataDir(env));
}
