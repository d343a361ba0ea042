// Claude Code's `claude mcp list` and `claude mcp get NAME` (text only; checked on 2.1.332).
//   list:  NAME: DESCRIPTION - ✔ Connected | ✘ Failed to connect — … | ⏸ Pending approval (…) |
//          ⊘ Disabled for this project (…) | ⚠ Needs authentication
//          DESCRIPTION: "command args…" for stdio, "URL (HTTP)" / "URL (SSE)" for remote servers
//   get:   NAME:\n  Scope: Local config (…) | User config (…) | Project config (…)\n  Status: …
//          \n  Type: stdio|http|sse\n  Command: …\n  Args: …\n  URL: …
import { type AgentCli, forVersion, stripAnsi, type AgentServer, type AgentState } from '../agent-cli';

function stateOf(text: string): AgentState {
  if (/^\u2714|Connected/.test(text)) return 'connected';
  if (/Pending approval/.test(text)) return 'pending';
  if (/Disabled/.test(text)) return 'disabled';
  if (/Needs authentication/i.test(text)) return 'needs-auth';
  if (/^\u2718|Failed/.test(text)) return 'failed';
  return 'unknown';
}

const SCOPES: Record<string, string> = { 'Local config': 'project-local', 'User config': 'user', 'Project config': 'project' };

function parseList21(output: string): AgentServer[] {
  const out: AgentServer[] = [];
  for (const line of stripAnsi(output).split('\n')) {
    // A plugin's server is listed as `plugin:<plugin>:<server>` (AGENT-9).
    const m = /^((?:plugin:[^\s:]+:)?[A-Za-z0-9_.-]+): (.*) - ([\u2714\u2718\u23f8\u2298\u26a0\u25b3!].*)$/u.exec(line);
    if (!m) continue;
    const [name, desc, status] = [m[1]!, m[2]!, m[3]!];
    const remote = /^(\S+) \((HTTP|SSE|WS)\)$/.exec(desc);
    out.push({
      name,
      ...(remote ? { url: remote[1]!, transport: remote[2]!.toLowerCase() as 'http' | 'sse' | 'ws' } : { commandLine: desc, transport: 'stdio' as const }),
      state: stateOf(status),
      detail: status,
    });
  }
  return out;
}

function parseGet21(output: string): AgentServer {
  const lines = stripAnsi(output).split('\n');
  const name = /^(\S+):$/.exec(lines[0] ?? '')?.[1];
  if (!name) throw new Error(`claude mcp get: no server in ${JSON.stringify(output)}`);
  const field = (key: string) => lines.map((l) => new RegExp(`^  ${key}: ?(.*)$`).exec(l)?.[1]).find((v) => v !== undefined);
  const scope = field('Scope') ?? '';
  const status = field('Status') ?? '';
  const type = field('Type');
  const args = field('Args');
  return {
    name,
    scope: Object.entries(SCOPES).find(([k]) => scope.startsWith(k))?.[1] ?? scope,
    ...(type ? { transport: type as AgentServer['transport'] } : {}),
    ...(field('Command') !== undefined ? { command: field('Command')!, args: args ? args.split(' ') : [] } : {}),
    ...(field('URL') !== undefined ? { url: field('URL')! } : {}),
    state: stateOf(status),
    detail: status,
  };
}

export const parseClaudeList = (output: string, version: string) => forVersion('claude-code', version, { '2.1': parseList21 })(output);
export const parseClaudeGet = (output: string, version: string) => forVersion('claude-code', version, { '2.1': parseGet21 })(output);

/** AGENT-8: how the panel asks this agent for its own view of its servers (its list checks each server's health: it starts every stdio server it lists). */
export const cli: AgentCli = { bin: 'claude', list: ['mcp', 'list'], startsServers: true, stream: 'both', parse: parseClaudeList };
