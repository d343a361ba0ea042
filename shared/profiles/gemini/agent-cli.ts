// Gemini CLI's `gemini mcp list` (text, on stderr; checked on 0.61.0; packages/cli/src/commands/mcp/list.ts):
//   [Warning: MCP servers are configured but disabled because this folder is untrusted. …]
//   Configured MCP servers:
//   GLYPH NAME[ (from EXTENSION)]: DESCRIPTION (stdio|http|sse) - Connected|Connecting|Disconnected|Disabled|Blocked
// DESCRIPTION: "command args…" for stdio, the URL otherwise. It has no `mcp get` and names no scope.
import { type AgentCli, forVersion, stripAnsi, type AgentServer, type AgentState } from '../agent-cli';

const STATES: Record<string, AgentState> = { Connected: 'connected', Connecting: 'unknown', Disconnected: 'failed', Disabled: 'disabled', Blocked: 'blocked' };

export interface GeminiList {
  servers: AgentServer[];
  /** Its warning that the folder is untrusted (user-level servers suppressed too). */
  folderUntrusted: boolean;
}

/** One `GLYPH NAME: DESCRIPTION (transport) - STATUS` line per server: Gemini CLI's, and its fork Qwen Code's. */
export function parseGeminiStyleLines(text: string, states: Record<string, AgentState>): AgentServer[] {
  const servers: AgentServer[] = [];
  for (const line of text.split('\n')) {
    const m = /^\S+ ([^\s:]+)(?: \(from [^)]*\))?: (.*) \((stdio|http|sse)\) - (\w[\w ]*)$/u.exec(line);
    if (!m) continue;
    const [name, desc, transport, status] = [m[1]!, m[2]!, m[3]! as 'stdio' | 'http' | 'sse', m[4]!];
    servers.push({ name, transport, ...(transport === 'stdio' ? { commandLine: desc.trim() } : { url: desc }), state: states[status] ?? 'unknown', detail: status });
  }
  return servers;
}

function parseList061(output: string): GeminiList {
  const text = stripAnsi(output);
  return { servers: parseGeminiStyleLines(text, STATES), folderUntrusted: /disabled because this folder is untrusted/.test(text) };
}

export const parseGeminiList = (output: string, version: string) => forVersion('gemini', version, { '0.61': parseList061 })(output);

/** AGENT-8: how the panel asks this agent for its own view of its servers (its list connects to every server it would start (a health check)). */
export const cli: AgentCli = { bin: 'gemini', list: ['mcp', 'list'], startsServers: true, stream: 'both', parse: (output: string, version: string) => parseGeminiList(output, version).servers };
