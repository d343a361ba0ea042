// What the conformance client does per scenario. Whatever the panel itself does (connect with
// the era negotiated, list, call, every interactive auth/* login, schema preservation) runs
// through the panel's engine (config → pool → LoginService, panel-engine.ts). Scenarios that
// test one client capability the panel's pool does not drive headless (elicitation defaults,
// multi-round-trip state, the SEP-2243 header mocks, the SSE reconnect, non-interactive
// grants) use the seam's one-shot client (electron/services/mcp/one-shot.ts).
import { connectOneShot } from '../../electron/services/mcp/one-shot';
import { ClientCredentialsProvider, PrivateKeyJwtProvider, type OAuthClientProvider } from '../../electron/services/mcp/oauth';
import { crossAppAccessToken } from './cross-app';
import type { EngineOptions, PanelApi } from './panel-engine';

/**
 * The panel engine (config, pool, keychain broker, login) loads only for the scenarios that use
 * it: a revision's requirements start every client at once on 2 cores, so each compiles no
 * more than it runs.
 */
async function withPanelEngine<T>(url: string, opts: EngineOptions, body: (api: PanelApi) => Promise<T>): Promise<T> {
  return (await import('./panel-engine')).withPanelEngine(url, opts, body);
}

/** CIMD (SEP-991): the panel's client ID metadata document URL. */
export const PANEL_CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

type Ctx = Record<string, unknown>;
const str = (c: Ctx, k: string) => (typeof c[k] === 'string' ? (c[k] as string) : undefined);

/**
 * The SEP-2243 and SEP-2322 mocks implement only the methods under test: they answer neither
 * `server/discover` nor a modern `initialize`. Their revision is 2026-07-28 by definition, so
 * the client connects on that known verdict, as the panel does from a cached one (PROTO-1).
 */
const MOCK_MODERN = { capabilities: { tools: { listChanged: true }, resources: {}, prompts: {} }, serverInfo: { name: 'conformance-mock', version: '1' } };

/** Interactive OAuth through the whole panel engine: config → pool → login → calls. */
async function panelAuth(url: string, ctx: Ctx): Promise<void> {
  const id = str(ctx, 'client_id');
  const secret = str(ctx, 'client_secret');
  const preRegistered = id ? { client_id: id, ...(secret ? { client_secret: secret } : {}) } : undefined;
  return withPanelEngine(url, { clientMetadataUrl: PANEL_CLIENT_METADATA_URL, ...(preRegistered ? { preRegistered } : {}) }, async (p) => {
    await p.connect();
    for (const tool of await p.listTools()) await p.call(tool.name);
  });
}

async function nonInteractive(url: string, provider: OAuthClientProvider): Promise<void> {
  const client = await connectOneShot(url, { authProvider: provider, era: 'auto' });
  await client.listTools();
  await client.close();
}

function toolCalls(ctx: Ctx): Array<{ name: string; arguments: Record<string, unknown> }> {
  return Array.isArray(ctx.toolCalls) ? (ctx.toolCalls as Array<{ name: string; arguments: Record<string, unknown> }>) : [];
}

export async function runScenario(scenario: string, url: string, ctx: Ctx): Promise<void> {
  switch (scenario) {
    case 'initialize':
    case 'request-metadata':
    case 'json-schema-ref-no-deref':
      // Connect (era negotiated; a -32022 retried with a version both speak) and list.
      return withPanelEngine(url, {}, async (p) => {
        await p.connect();
        await p.listTools();
      });
    case 'tools_call':
      return withPanelEngine(url, {}, async (p) => {
        await p.connect();
        if ((await p.listTools()).some((t) => t.name === 'add_numbers')) await p.call('add_numbers', { a: 5, b: 3 });
      });
    case 'json-schema-2020-12-preservation':
      // PROTO-4: the schema the panel lists is the schema the server sent.
      return withPanelEngine(url, {}, async (p) => {
        await p.connect();
        const focal = (await p.listTools()).find((t) => t.name === 'json_schema_2020_12_tool');
        if (!focal) throw new Error('json_schema_2020_12_tool not advertised');
        await p.call('json_schema_echo', { schema: focal.inputSchema });
      });
    case 'elicitation-sep1034-client-defaults': {
      // SEP-1034: the SDK fills in schema defaults when the form capability asks for it.
      const client = await connectOneShot(url, { capabilities: { elicitation: { form: { applyDefaults: true } } }, onElicit: async () => ({ action: 'accept', content: {} }) });
      await client.callTool('test_client_elicitation_defaults');
      await client.close();
      return;
    }
    case 'sse-retry': {
      const client = await connectOneShot(url);
      await client.callTool('test_reconnection');
      await client.close();
      return;
    }
    case 'sep-2322-client-request-state': {
      // input_required answered, state echoed byte-exact, fresh ids: the SDK's driver.
      const client = await connectOneShot(url, { knownModern: MOCK_MODERN, capabilities: { elicitation: {} }, onElicit: async () => ({ action: 'accept', content: { confirmed: true } }) });
      for (const tool of ['test_mrtr_echo_state', 'test_mrtr_no_state', 'test_mrtr_unrelated']) await client.callTool(tool);
      // A result without resultType is a protocol violation: refused locally, never retried.
      await client.callTool('test_mrtr_no_result_type').catch(() => undefined);
      await client.close();
      return;
    }
    case 'http-standard-headers': {
      const client = await connectOneShot(url, { knownModern: MOCK_MODERN });
      const [tool] = await client.listTools();
      if (tool) await client.callTool(tool.name);
      const [resource] = (await client.listResources()).resources;
      if (resource) await client.readResource(resource.uri);
      const [prompt] = await client.listPrompts();
      if (prompt) await client.getPrompt(prompt.name, {});
      await client.close();
      return;
    }
    case 'http-custom-headers': {
      // PROTO-4: x-mcp-header arguments mirrored into Mcp-Param-* headers (listed first).
      const client = await connectOneShot(url, { knownModern: MOCK_MODERN });
      await client.listTools();
      for (const call of toolCalls(ctx)) await client.callTool(call.name, call.arguments);
      await client.close();
      return;
    }
    case 'http-invalid-tool-headers': {
      // Tools whose x-mcp-header annotations break the rules are left out of the list.
      const client = await connectOneShot(url, { knownModern: MOCK_MODERN });
      for (const tool of await client.listTools()) await client.callTool(tool.name, { region: 'us-west1' }).catch(() => undefined);
      await client.close();
      return;
    }
    case 'auth/client-credentials-basic':
      return nonInteractive(url, new ClientCredentialsProvider({ clientId: str(ctx, 'client_id')!, clientSecret: str(ctx, 'client_secret')! }));
    case 'auth/client-credentials-jwt':
      return nonInteractive(
        url,
        new PrivateKeyJwtProvider({ clientId: str(ctx, 'client_id')!, privateKey: str(ctx, 'private_key_pem')!, algorithm: str(ctx, 'signing_algorithm') ?? 'ES256' }),
      );
    case 'auth/cross-app-access-complete-flow':
    case 'auth/enterprise-managed-authorization': {
      const token = await crossAppAccessToken(url, ctx);
      const client = await connectOneShot(url, { headers: { authorization: `Bearer ${token}` }, era: 'auto' });
      await client.listTools();
      await client.close();
      return;
    }
    default:
      if (scenario.startsWith('auth/')) return panelAuth(url, scenario === 'auth/pre-registration' ? ctx : {});
      throw new Error(`unknown scenario ${scenario}`);
  }
}
