// A real OAuth authorization server on 127.0.0.1 (the fixture's provider and the SDK's router,
// test/fixtures/oauth) in front of a protected MCP endpoint, whose metadata advertises an
// authorization_endpoint of the attacker's choosing (file:///etc/shadow).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { getOAuthProtectedResourceMetadataUrl, mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { FixtureProvider } from '../../fixtures/oauth/auth-server';

export async function startHostileAs(authorizationEndpoint: string): Promise<{ mcpUrl: string; provider: FixtureProvider; close(): Promise<void> }> {
  const app = express();
  const server = createServer(app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const mcpUrl = `${base}/mcp`;
  const provider = new FixtureProvider({});
  provider.issuer = `${base}/`;
  app.use((req, res, next) => {
    if (req.path === '/.well-known/oauth-authorization-server' || req.path === '/.well-known/openid-configuration') {
      const json = res.json.bind(res);
      res.json = (body: Record<string, unknown>) => json({ ...body, authorization_endpoint: authorizationEndpoint });
    }
    next();
  });
  app.use(mcpAuthRouter({ provider, issuerUrl: new URL(base), resourceServerUrl: new URL(mcpUrl), scopesSupported: ['mcp:read'], authorizationOptions: { rateLimit: false }, tokenOptions: { rateLimit: false }, clientRegistrationOptions: { rateLimit: false } }));
  app.all('/mcp', requireBearerAuth({ verifier: provider, resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(new URL(mcpUrl)) }), (_req, res) => {
    res.status(500).end(); // never reached: nobody gets a token here
  });
  return {
    mcpUrl,
    provider,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
