import { Client, StreamableHTTPClientTransport, type OAuthClientProvider } from '@modelcontextprotocol/client';
import { ConnectionSpecSchema, type ConnectionSpec } from '../../../shared/schemas/server';

export function httpSpec(url: string, id = 'remote'): ConnectionSpec {
  return ConnectionSpecSchema.parse({ id, name: id, profile: 'minimax', layer: 'user', source: 'configured', transport: 'http', url });
}

/** Stand-in for the connection pool until it exists: the SDK client with our provider. */
export async function callWhoami(url: string, authProvider: OAuthClientProvider | undefined): Promise<string> {
  const client = new Client({ name: 'auth-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url), authProvider ? { authProvider } : {});
  try {
    await client.connect(transport);
    const r = await client.callTool({ name: 'whoami', arguments: {} });
    const first = (r.content as Array<{ type: string; text?: string }>)[0];
    return first?.text ?? '';
  } finally {
    await client.close().catch(() => undefined);
  }
}
