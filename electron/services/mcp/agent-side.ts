// The bridge's side toward the agent (BRIDGE-1): the agent started us, so we are a stdio MCP
// server on our own stdin/stdout. Loaded on demand: a bridge start is what an agent waits for.
import type { Transport } from '@modelcontextprotocol/client';

export async function agentStdioTransport(): Promise<Transport> {
  const { StdioServerTransport } = await import('@modelcontextprotocol/server/stdio');
  return new StdioServerTransport() as unknown as Transport;
}
