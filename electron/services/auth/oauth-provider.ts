// AUTH-1: the SDK's OAuthClientProvider, backed by the SecretStore. The SDK's `auth()` drives
// discovery, registration, PKCE and the code exchange; this class only keeps what it is given
// (in the keychain) and decides what "redirect the user" means in this process:
//  - interactive (a login in progress): hand the URL to the login's browser opener;
//  - passive (the connection pool connecting in the background): never open a browser, just
//    remember that a login is needed so the server shows `needs-auth`.
import { randomBytes } from 'node:crypto';
import { UnauthorizedError, type OAuthClientProvider, type OAuthDiscoveryState, type OAuthClientInformationMixed, type OAuthClientMetadata, type OAuthTokens } from '../mcp/oauth';
import { secretAccount, type SecretStore } from './secret-store';
import { readSecret, writeSecret } from './stored';

/** A client the user registered by hand with the authorization server. */
export interface PreRegisteredClient {
  client_id: string;
  client_secret?: string;
}

/** Loopback redirect used when no listener runs (passive mode); any port is valid per RFC 8252. */
export const DEFAULT_LOOPBACK_REDIRECT = 'http://127.0.0.1/callback';

export interface PanelOAuthProviderOptions {
  identity: string;
  store: SecretStore;
  /** Where valid tokens come from (the broker refreshes them before expiry, AUTH-3). */
  tokens: () => Promise<OAuthTokens | undefined>;
  saveTokens: (tokens: OAuthTokens) => Promise<void>;
  /** Interactive: the loopback listener's URI. Passive: omitted. */
  redirectUrl?: string;
  /** Interactive: the state the listener will insist on. */
  state?: string;
  /** Called with the authorization URL. */
  onRedirect: (url: URL) => void | Promise<void>;
  /** Passive (background connect): no registration without a person; see clientInformation(). */
  passive?: boolean;
  /** Passive: tell the owner a login is needed before anything was registered. */
  onLoginNeeded?: () => void;
  clientName?: string;
  /** Fallback scope when neither the challenge nor the PRM names one. */
  scope?: string;
  preRegistered?: PreRegisteredClient;
  /** SEP-991 client ID metadata document (HTTPS URL); used when the AS supports it. */
  clientMetadataUrl?: string;
}

export class PanelOAuthProvider implements OAuthClientProvider {
  readonly clientMetadataUrl: string | undefined;
  private discovery: OAuthDiscoveryState | undefined;
  /** The last authorization URL the SDK asked us to visit (passive mode: why we need a login). */
  lastAuthorizationUrl: URL | undefined;

  constructor(private readonly o: PanelOAuthProviderOptions) {
    this.clientMetadataUrl = o.clientMetadataUrl;
  }

  get identity(): string {
    return this.o.identity;
  }

  get redirectUrl(): string {
    return this.o.redirectUrl ?? DEFAULT_LOOPBACK_REDIRECT;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.o.clientName ?? 'MCP Panel',
      redirect_uris: [this.redirectUrl],
      // AUTH-1: ask for refresh tokens so the user does not log in every hour.
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: this.o.preRegistered?.client_secret ? 'client_secret_basic' : 'none',
      ...(this.o.scope ? { scope: this.o.scope } : {}),
    };
  }

  state(): string {
    // Interactive logins fix the state up front so the listener can check it strictly.
    return this.o.state ?? randomBytes(24).toString('base64url');
  }

  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    if (this.o.preRegistered) return { ...this.o.preRegistered };
    const stored = await readSecret(this.o.store, this.o.identity, 'client');
    if (!stored && this.o.passive) {
      // A background connect cannot finish a login, so registering now would only leave an
      // unused client (with a redirect URI for no listener) behind: stop here as a 401.
      this.o.onLoginNeeded?.();
      throw new UnauthorizedError('login required');
    }
    return stored;
  }

  async saveClientInformation(info: OAuthClientInformationMixed): Promise<void> {
    // Pre-registered credentials come from config; only registrations are kept (and reused).
    if (this.o.preRegistered && info.client_id === this.o.preRegistered.client_id) return;
    await writeSecret(this.o.store, this.o.identity, 'client', info);
  }

  async tokens(): Promise<OAuthTokens | undefined> {
    // The broker alone refreshes (single-flight, AUTH-3). Hiding the refresh token from the
    // SDK keeps `auth()` from posting a rotating refresh token a second time on a 401, and
    // makes a 403 insufficient_scope go to a new authorization (step-up) instead of a
    // refresh that cannot widen the scope.
    const t = await this.o.tokens();
    if (!t) return undefined;
    const { refresh_token: _hidden, ...rest } = t;
    return rest;
  }

  saveTokens(tokens: OAuthTokens): Promise<void> {
    return this.o.saveTokens(tokens);
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    this.lastAuthorizationUrl = url;
    await this.o.onRedirect(url);
  }

  async saveCodeVerifier(verifier: string): Promise<void> {
    // BRIDGE-3: a passive provider never finishes a login, and the verifier is one keychain item
    // per server: writing it here would replace the one a login in another process waits on.
    if (this.o.passive) return;
    await writeSecret(this.o.store, this.o.identity, 'verifier', { verifier });
  }

  async codeVerifier(): Promise<string> {
    const v = await readSecret(this.o.store, this.o.identity, 'verifier');
    if (!v?.verifier) throw new Error('no PKCE code verifier stored for this login (was the login started in another process?)');
    return v.verifier;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    const kinds = scope === 'all' ? (['client', 'tokens', 'verifier', 'discovery'] as const) : ([scope] as const);
    for (const k of kinds) {
      if (k === 'discovery') this.discovery = undefined;
      await this.o.store.delete(secretAccount(this.o.identity, k));
    }
  }

  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    this.discovery = state;
    await writeSecret(this.o.store, this.o.identity, 'discovery', state);
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    this.discovery ??= await readSecret(this.o.store, this.o.identity, 'discovery');
    return this.discovery;
  }
}
