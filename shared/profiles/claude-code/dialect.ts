// What Claude Code itself skips in an entry its scope's file otherwise reads (AGENT-2, issue 42).
// Taken from Claude Code 2.1.332's own `claude mcp list` diagnostics (closed source; the agent
// contract suite, test/agents/claude-code.contract.test.ts, runs the same check on the real CLI):
//   mcpServers.x: Skipped — MCP server "x" has a "url" but no "type"; add "type": "http" (or "sse" / "ws") to this entry
//   mcpServers.x: Skipped — unknown MCP server type "streamableHttp" for server "x"
// It takes `stdio` (the default), `http`, `streamable-http`, `sse`, `ws` and its IDE types.
import type { AgentRefusal } from '../types';

const TYPES = new Set(['stdio', 'http', 'streamable-http', 'sse', 'ws', 'sse-ide', 'ws-ide']);

export function claudeCodeCheck(name: string, entry: unknown): AgentRefusal | null {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return null;
  const e = entry as Record<string, unknown>;
  if (e.type === undefined && typeof e.url === 'string' && e.command === undefined) {
    return { reason: `MCP server "${name}" has a "url" but no "type"; add "type": "http" (or "sse" / "ws") to this entry`, set: { field: 'type', value: 'http' } };
  }
  if (typeof e.type === 'string' && !TYPES.has(e.type)) {
    const fix = typeof e.url === 'string' ? '; write "type": "http" (or "sse")' : '';
    return { reason: `unknown MCP server type "${e.type}" for server "${name}"${fix}`, ...(fix ? { set: { field: 'type', value: 'http' } } : {}) };
  }
  return null;
}
