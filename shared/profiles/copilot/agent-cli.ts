// GitHub Copilot CLI's `copilot mcp list --json` (checked on 1.0.102): { mcpServers: { NAME: entry
// + source ("user" | "workspace" | "plugin" | "builtin"), sourcePath (a workspace file), enabled } },
// the entry as written (variables unexpanded). Warnings (a skipped file or entry) go to stderr. Its
// list connects to nothing, so a server is `enabled` or `disabled`, never connected.
import { type AgentCli, forVersion, type AgentServer } from '../agent-cli';
import { isRecord } from '../../is-record';

export interface CopilotServer extends AgentServer {
  /** Its `source`: user, workspace, plugin, builtin. */
  source: string;
  sourcePath?: string;
  entry: Record<string, unknown>;
}

const SCOPES: Record<string, string> = { user: 'user', workspace: 'project' };

function parseList10(stdout: string): CopilotServer[] {
  const doc: unknown = JSON.parse(stdout);
  const servers = isRecord(doc) && isRecord(doc.mcpServers) ? doc.mcpServers : {};
  return Object.entries(servers).flatMap(([name, raw]) => {
    if (!isRecord(raw)) return [];
    const { source, sourcePath, enabled, ...entry } = raw;
    const type = entry.type === 'local' || entry.type === undefined ? (typeof entry.url === 'string' ? 'http' : 'stdio') : entry.type;
    const transport = type === 'stdio' || type === 'http' || type === 'sse' ? type : undefined;
    return [
      {
        name,
        source: String(source),
        ...(typeof sourcePath === 'string' ? { sourcePath } : {}),
        ...(SCOPES[String(source)] ? { scope: SCOPES[String(source)] } : {}),
        ...(transport ? { transport } : {}),
        ...(typeof entry.command === 'string' ? { command: entry.command, args: Array.isArray(entry.args) ? entry.args.map(String) : [] } : {}),
        ...(typeof entry.url === 'string' ? { url: entry.url } : {}),
        state: enabled === false ? 'disabled' : 'enabled',
        detail: enabled === false ? 'disabled' : 'enabled',
        entry,
      },
    ];
  });
}

export const parseCopilotList = (stdout: string, version: string) => forVersion('copilot', version, { '1.0': parseList10 })(stdout);

/** AGENT-8: how the panel asks this agent for its own view of its servers (its list connects to nothing). */
export const cli: AgentCli = { bin: 'copilot', list: ['mcp', 'list', '--json'], startsServers: false, stream: 'stdout', parse: parseCopilotList };
