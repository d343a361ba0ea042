// What the conformance client does per scenario. initialize, tools_call and every interactive
// auth/* scenario run through the panel's engine (config → pool → LoginService, see
// panel-engine.ts). elicitation and sse-retry use the SDK client directly (the pool has no
// elicitation handler hook yet); the non-interactive grants use the SDK's providers and the
// cross-app module (RFC 8693 + RFC 7523, which the SDK lacks).
import { connectOneShot } from '../../electron/services/mcp/one-shot';
import { ClientCredentialsProvider, PrivateKeyJwtProvider, type OAuthClientProvider } from '../../electron/services/mcp/oauth';
import { crossAppAccessToken } from './cross-app';
import type { EngineOptions, PanelApi } from './panel-engine';

/**
 * The panel engine (config, pool, keychain broker, login) loads only for the scenarios that use
 * it: `--suite all` starts 26 clients at once on 2 cores, and sse-retry's reconnect timing is
 * measured while the others start, so every client compiles no more than it runs.
 */
async function withPanelEngine<T>(url: string, opts: EngineOptions, body: (api: PanelApi) => Promise<T>): Promise<T> {
  return (await import('./panel-engine')).withPanelEngine(url, opts, body);
}

/** CIMD (SEP-991): the panel's client ID metadata document URL. */
export const PANEL_CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

type Ctx = Record<string, unknown>;
const str = (c: Ctx, k: string) => (typeof c[k] === 'string' ? (c[k] as string) : undefined);

/** Interactive OAuth through the whole panel engine: config → pool → login → calls. */
async function panelAuth(url: string, ctx: Ctx): Promise<void> {
  const id = str(ctx, 'client_id');
  const secret = str(ctx, 'client_secret');
  const preRegistered = id ? { client_id: id, ...(secret ? { client_secret: secret } : {}) } : undefined;
  return withPanelEngine(url, { clientMetadataUrl: PANEL_CLIENT_METADATA_URL, ...(preRegistered ? { preRegistered } : {}) }, async (p) => {
    await p.connect();
    for (const tool of await p.listTools()) await p.call(tool);
  });
}

async function nonInteractive(url: string, provider: OAuthClientProvider): Promise<void> {
  const client = await connectOneShot(url, { authProvider: provider });
  await client.listTools();
  await client.close();
}

export async function runScenario(scenario: string, url: string, ctx: Ctx): Promise<void> {
  switch (scenario) {
    case 'initialize':
      return withPanelEngine(url, {}, async (p) => {
        await p.connect();
        await p.listTools();
      });
    case 'tools_call':
      return withPanelEngine(url, {}, async (p) => {
        await p.connect();
        await p.listTools();
        await p.call('add_numbers', { a: 5, b: 3 });
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
    case 'auth/client-credentials-basic':
      return nonInteractive(url, new ClientCredentialsProvider({ clientId: str(ctx, 'client_id')!, clientSecret: str(ctx, 'client_secret')! }));
    case 'auth/client-credentials-jwt':
      return nonInteractive(
        url,
        new PrivateKeyJwtProvider({ clientId: str(ctx, 'client_id')!, privateKey: str(ctx, 'private_key_pem')!, algorithm: str(ctx, 'signing_algorithm') ?? 'ES256' }),
      );
    case 'auth/cross-app-access-complete-flow': {
      const token = await crossAppAccessToken(url, ctx);
      const client = await connectOneShot(url, { headers: { authorization: `Bearer ${token}` } });
      await client.listTools();
      await client.close();
      return;
    }
    default:
      if (scenario.startsWith('auth/')) return panelAuth(url, scenario === 'auth/pre-registration' ? ctx : {});
      throw new Error(`unknown scenario ${scenario}`);
  }
}
