// The SDK's OAuth client pieces the auth services build on (AUTH-1, AUTH-3): the provider
// interface the token broker implements, the flow (`auth`), the refresh and the helpers. The
// auth services import them from here only, so which SDK line provides them is decided here.
export {
  auth,
  extractWWWAuthenticateParams,
  refreshAuthorization,
  selectClientAuthMethod,
  UnauthorizedError,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
} from '@modelcontextprotocol/sdk/client/auth.js';
export type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
export type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
export { discoverAuthorizationServerMetadata, discoverOAuthProtectedResourceMetadata } from '@modelcontextprotocol/sdk/client/auth.js';
export { ClientCredentialsProvider, PrivateKeyJwtProvider } from '@modelcontextprotocol/sdk/client/auth-extensions.js';
