// The SDK's OAuth client pieces the auth services build on (AUTH-1, AUTH-3, PROTO-5): the
// provider interface the token broker implements, the flow (`auth`: discovery, registration
// with application_type, PKCE, RFC 9207 iss and RFC 8414 issuer checks, step-up with the union
// of scopes), the refresh and the helpers. The auth services import them from here only.
import { AuthorizationServerMismatchError, InsecureTokenEndpointError, IssuerMismatchError, OAuthError } from '@modelcontextprotocol/client';

export {
  auth,
  ClientCredentialsProvider,
  discoverAuthorizationServerMetadata,
  discoverOAuthProtectedResourceMetadata,
  extractWWWAuthenticateParams,
  PrivateKeyJwtProvider,
  refreshAuthorization,
  selectClientAuthMethod,
  UnauthorizedError,
  type FetchLike,
  type OAuthClientInformationMixed,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type OAuthTokens,
} from '@modelcontextprotocol/client';

/** The OAuth error code (`invalid_grant`, `temporarily_unavailable`, …) an SDK OAuth error carries. */
export function oauthErrorCode(e: unknown): string | undefined {
  if (e instanceof OAuthError) return String(e.code);
  const c = (e as { errorCode?: unknown } | null)?.errorCode;
  return typeof c === 'string' ? c : undefined;
}

/**
 * PROTO-5: the SDK's refusals that deserve their own reason in the login view and the CLI
 * (mix-up protection: RFC 9207 `iss` and RFC 8414 §3.3 metadata issuer; SEP-2207 TLS).
 */
export function loginRefusal(e: unknown): 'issuer-mismatch' | 'insecure-endpoint' | undefined {
  if (e instanceof IssuerMismatchError || e instanceof AuthorizationServerMismatchError) return 'issuer-mismatch';
  if (e instanceof InsecureTokenEndpointError) return 'insecure-endpoint';
  return undefined;
}
