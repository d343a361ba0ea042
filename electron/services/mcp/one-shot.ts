// A bare remote client for one-shot callers that need no pool (the conformance client's
// non-interactive grants, its elicitation and reconnect scenarios): connect, a few requests,
// close. Everything else connects through openSession.
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { RawCallResult } from './types';

export interface OneShotOptions {
  authProvider?: OAuthClientProvider;
  headers?: Record<string, string>;
  capabilities?: Record<string, unknown>;
  /** Answers elicitation/create (the SDK applies the schema's defaults when asked to). */
  onElicit?: (params: Record<string, unknown>) => Promise<{ action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> }>;
}

export interface OneShotClient {
  listTools(): Promise<string[]>;
  callTool(name: string, args?: Record<string, unknown>): Promise<RawCallResult>;
  close(): Promise<void>;
}

export async function connectOneShot(url: string, o: OneShotOptions = {}): Promise<OneShotClient> {
  const client = new Client({ name: 'mcp-panel', version: '0.1.0' }, { capabilities: o.capabilities ?? {} });
  const onElicit = o.onElicit;
  if (onElicit) client.setRequestHandler(ElicitRequestSchema, (req) => onElicit(req.params as Record<string, unknown>));
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    ...(o.authProvider ? { authProvider: o.authProvider } : {}),
    ...(o.headers ? { requestInit: { headers: o.headers } } : {}),
  });
  await client.connect(transport);
  return {
    listTools: async () => (await client.listTools()).tools.map((t) => t.name),
    callTool: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as RawCallResult,
    close: () => client.close(),
  };
}
