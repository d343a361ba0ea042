// Cross-app access (SEP-990), which the SDK lacks: RFC 8693 token exchange of the IdP's ID
// token for an ID-JAG at the IdP, then the RFC 7523 JWT-bearer grant at the MCP server's AS.
import { discoverAuthorizationServerMetadata, discoverOAuthProtectedResourceMetadata } from '../../electron/services/mcp/oauth';

type Ctx = Record<string, unknown>;

async function form(url: string, body: Record<string, string>, headers: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...headers }, body: new URLSearchParams(body) });
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

export async function crossAppAccessToken(serverUrl: string, ctx: Ctx): Promise<string> {
  const need = (k: string) => {
    const v = ctx[k];
    if (typeof v !== 'string') throw new Error(`context lacks ${k}`);
    return v;
  };
  const prm = await discoverOAuthProtectedResourceMetadata(serverUrl);
  const asUrl = prm.authorization_servers?.[0];
  if (!asUrl) throw new Error('protected resource metadata names no authorization server');
  const md = await discoverAuthorizationServerMetadata(asUrl);
  if (!md) throw new Error(`no authorization server metadata at ${asUrl}`);
  const jag = await form(need('idp_token_endpoint'), {
    grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
    requested_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
    audience: md.issuer,
    resource: prm.resource,
    subject_token: need('idp_id_token'),
    subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
    client_id: need('idp_client_id'),
  });
  if (typeof jag.access_token !== 'string') throw new Error('token exchange returned no ID-JAG');
  const basic = Buffer.from(`${encodeURIComponent(need('client_id'))}:${encodeURIComponent(need('client_secret'))}`).toString('base64');
  const tok = await form(md.token_endpoint, { grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: jag.access_token }, { authorization: `Basic ${basic}` });
  if (typeof tok.access_token !== 'string') throw new Error('JWT-bearer grant returned no access token');
  return tok.access_token;
}
