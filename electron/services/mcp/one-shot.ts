// A bare remote client for one-shot callers that need no pool (the conformance client's
// non-interactive grants and its single-purpose scenarios): connect, a few requests, close.
// Everything the panel itself does connects through openSession.
import { Client, type OAuthClientProvider, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { DiscoverResultSchema } from '@modelcontextprotocol/core';
import { MODERN_VERSION } from './eras';
import type { PromptResult, RawCallResult, ReadResult, ResourcePage } from './types';

type ElicitContent = Record<string, string | number | boolean | string[]>;

export interface OneShotOptions {
  authProvider?: OAuthClientProvider;
  headers?: Record<string, string>;
  capabilities?: Record<string, unknown>;
  /** PROTO-1: `auto` negotiates (server/discover, legacy fallback); default legacy. */
  era?: 'legacy' | 'auto';
  /**
   * The server is known to speak 2026-07-28 with these capabilities (a verdict from elsewhere,
   * as a gateway keeps one): connect without the probe.
   */
  knownModern?: { capabilities: Record<string, unknown>; serverInfo?: { name: string; version: string } };
  /** Answers elicitation/create (legacy requests and modern input_required alike). */
  onElicit?: (params: Record<string, unknown>) => Promise<{ action: 'accept' | 'decline' | 'cancel'; content?: ElicitContent }>;
}

export interface OneShotClient {
  /** Every tool's name and input schema, as the server sent it (PROTO-4: nothing rewritten). */
  listTools(): Promise<Array<{ name: string; inputSchema: Record<string, unknown> }>>;
  callTool(name: string, args?: Record<string, unknown>): Promise<RawCallResult>;
  listResources(): Promise<ResourcePage>;
  readResource(uri: string): Promise<ReadResult>;
  listPrompts(): Promise<Array<{ name: string }>>;
  getPrompt(name: string, args?: Record<string, string>): Promise<PromptResult>;
  close(): Promise<void>;
}

export async function connectOneShot(url: string, o: OneShotOptions = {}): Promise<OneShotClient> {
  const modern = o.era === 'auto' || o.knownModern !== undefined;
  const client = new Client({ name: 'mcp-panel', version: '0.1.0' }, { capabilities: o.capabilities ?? {}, ...(modern ? { versionNegotiation: { mode: 'auto' as const } } : {}) });
  const onElicit = o.onElicit;
  if (onElicit) client.setRequestHandler('elicitation/create', (req) => onElicit(req.params as Record<string, unknown>));
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    ...(o.authProvider ? { authProvider: o.authProvider } : {}),
    ...(o.headers ? { requestInit: { headers: o.headers } } : {}),
  });
  const known = o.knownModern;
  const prior = known
    ? {
        kind: 'modern' as const,
        // Validated as the wire shape it stands for (core's schema), so a bad verdict fails here.
        discover: DiscoverResultSchema.parse({
          supportedVersions: [MODERN_VERSION],
          capabilities: known.capabilities,
          ...(known.serverInfo ? { _meta: { 'io.modelcontextprotocol/serverInfo': known.serverInfo } } : {}),
        }),
      }
    : undefined;
  await client.connect(transport, prior ? { prior } : undefined);
  return {
    listTools: async () => (await client.listTools()).tools.map((t) => ({ name: t.name, inputSchema: t.inputSchema as Record<string, unknown> })),
    callTool: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as RawCallResult,
    listResources: async () => (await client.listResources()) as ResourcePage,
    readResource: async (uri) => (await client.readResource({ uri })) as ReadResult,
    listPrompts: async () => (await client.listPrompts()).prompts.map((p) => ({ name: p.name })),
    getPrompt: async (name, args) => (await client.getPrompt({ name, ...(args ? { arguments: args } : {}) })) as PromptResult,
    close: () => client.close(),
  };
}
