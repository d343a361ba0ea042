// AUTH-3 logout, first half: RFC 7009 revocation where the authorization server advertises it.
// Best effort: a failure is reported, and the secrets are deleted whatever happens.
import { selectClientAuthMethod, type OAuthDiscoveryState, type OAuthClientInformationMixed, type OAuthTokens, type FetchLike } from '../mcp/oauth';

export async function revokeTokens(
  fetchFn: FetchLike,
  tokens: OAuthTokens,
  client: OAuthClientInformationMixed,
  discovery: OAuthDiscoveryState | undefined,
): Promise<{ revoked: boolean; revokeError?: string }> {
  // OIDC-shaped metadata types lack the RFC 7009 fields; read them as plain data.
  const md = discovery?.authorizationServerMetadata as
    | { revocation_endpoint?: string; revocation_endpoint_auth_methods_supported?: string[]; token_endpoint_auth_methods_supported?: string[] }
    | undefined;
  const endpoint = md?.revocation_endpoint;
  if (!endpoint) return { revoked: false };
  const supported = md?.revocation_endpoint_auth_methods_supported ?? md?.token_endpoint_auth_methods_supported ?? [];
  const method = selectClientAuthMethod(client, supported);
  let revoked = false;
  try {
    for (const [token, hint] of [
      [tokens.refresh_token, 'refresh_token'],
      [tokens.access_token, 'access_token'],
    ] as const) {
      if (!token) continue;
      const headers = new Headers({ 'content-type': 'application/x-www-form-urlencoded' });
      const body = new URLSearchParams({ token, token_type_hint: hint, client_id: client.client_id });
      if (method === 'client_secret_basic' && client.client_secret) {
        headers.set('authorization', `Basic ${Buffer.from(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret)}`).toString('base64')}`);
      } else if (method === 'client_secret_post' && client.client_secret) {
        body.set('client_secret', client.client_secret);
      }
      const res = await fetchFn(endpoint, { method: 'POST', headers, body });
      if (!res.ok) throw new Error(`revocation endpoint answered ${res.status}`);
      revoked = true;
    }
    return { revoked };
  } catch (e) {
    return { revoked, revokeError: e instanceof Error ? e.message : String(e) };
  }
}
