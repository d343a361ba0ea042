// OpenCode's `opencode mcp list` (text; checked on 1.18.33, packages/opencode/src/cli/cmd/mcp.ts):
//   ●  GLYPH NAME STATUS            STATUS: connected | disabled | failed | needs authentication |
//   │      [error line…]                    needs client registration | not initialized
//   │      DESCRIPTION              "command args…" for a local server, the URL for a remote one
// It has no `mcp get` and names no scope.
import { type AgentCli, forVersion, stripAnsi, type AgentServer, type AgentState } from '../agent-cli';

const STATES: Record<string, AgentState> = { connected: 'connected', disabled: 'disabled', failed: 'failed', 'needs authentication': 'needs-auth', 'needs client registration': 'needs-auth' };

function parseList118(output: string): AgentServer[] {
  const out: AgentServer[] = [];
  let current: { name: string; status: string; lines: string[] } | null = null;
  const flush = () => {
    if (!current) return;
    const desc = current.lines.at(-1) ?? '';
    const remote = /^https?:\/\//.test(desc);
    const status = current.status.replace(/ \(OAuth\)$/, '');
    out.push({ name: current.name, ...(remote ? { url: desc, transport: 'http' as const } : { commandLine: desc, transport: 'stdio' as const }), state: STATES[status] ?? 'unknown', detail: [current.status, ...current.lines.slice(0, -1)].join(': ') });
    current = null;
  };
  for (const raw of stripAnsi(output).split('\n')) {
    const head = /^\u25cf\s+\S+\s+(\S+)\s+(.+?)\s*$/u.exec(raw);
    if (head) {
      flush();
      current = { name: head[1]!, status: head[2]!, lines: [] };
      continue;
    }
    const more = /^\u2502\s+(\S.*?)\s*$/u.exec(raw);
    if (more && current) current.lines.push(more[1]!);
    else if (/^[\u2502\u2514]\s*$/u.test(raw) || raw.startsWith('\u2514')) flush();
  }
  flush();
  return out;
}

export const parseOpenCodeList = (output: string, version: string) => forVersion('opencode', version, { '1.18': parseList118 })(output);

/** AGENT-8: how the panel asks this agent for its own view of its servers (its list connects to every server with its session client). */
export const cli: AgentCli = { bin: 'opencode', list: ['mcp', 'list'], startsServers: true, stream: 'both', parse: parseOpenCodeList };
