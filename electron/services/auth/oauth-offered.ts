// AUTH-1: a 401 is not always an OAuth login. When a server answers 401 and publishes neither
// protected-resource nor authorization-server metadata, there is nothing to log in to: it wants
// a token the entry does not carry. The SDK's discovery on that 401 (the pool's connect, or a
// login attempt) is kept beside the login's secrets; this reads it, and turns a login that
// failed there into the answer that says what to do ("this server wants a token: …").
import type { AuthDemand } from '../../../shared/schemas/agent-view';
import type { ConnectionSpec, ServerStateKind } from '../../../shared/schemas/server';
import type { LoginOptions, LoginOutcome, LoginService } from './login-service';
import { hasStaticCredentials } from './static-credentials';
import { readSecret } from './stored';
import type { TokenBroker } from './token-broker';

type Broker = Pick<TokenBroker, 'prepare' | 'facts' | 'store'>;

/** Does the server offer an OAuth login? null until a discovery ran against it. */
export async function offersOAuth(broker: Broker, spec: Pick<ConnectionSpec, 'url'>): Promise<boolean | null> {
  const discovery = await readSecret(broker.store, await broker.prepare(spec), 'discovery');
  if (!discovery) return null;
  return !!(discovery.authorizationServerMetadata || discovery.resourceMetadata);
}

/** What the server asks of a client, from what the panel saw (`state`) and holds (tokens, discovery). */
export async function authDemand(broker: Broker, spec: ConnectionSpec, state: ServerStateKind | null): Promise<AuthDemand> {
  if (spec.transport === 'stdio' || !spec.url) return 'none';
  if (hasStaticCredentials(spec)) return 'static';
  // Connected on a token the panel's login holds (in the keychain, or still in memory after a logout elsewhere): the server wants an OAuth login.
  const facts = await broker.facts(await broker.prepare(spec));
  if (facts.tokenStored || facts.tokenHeld) return 'oauth';
  if (state === 'needs-auth') return (await offersOAuth(broker, spec)) === false ? 'token' : 'oauth';
  return state === 'connected' ? 'none' : 'unknown';
}

export const NO_OAUTH_REASON = 'this server wants a token, not a login: it answered 401 and publishes no OAuth metadata, so there is no login page to open. Put the token in the entry (a header such as Authorization: Bearer ${VAR}, or the agent’s token variable field), or keep it in the keychain with `mcp-panel secrets set` and use the bridge';

/** A login service whose failure on a server without OAuth says so, instead of an empty reason. */
export function tokenAwareLogins(logins: LoginService, broker: Broker): Pick<LoginService, 'login' | 'status' | 'logout'> {
  const login = async (spec: ConnectionSpec, opts: LoginOptions): Promise<LoginOutcome> => {
    const out = await logins.login(spec, { ...opts, onEvent: (e) => (e.type === 'failed' ? undefined : opts.onEvent?.(e)) });
    const final: LoginOutcome = out.type === 'failed' && out.code === 'error' && (await offersOAuth(broker, spec).catch(() => null)) === false ? { type: 'failed', code: 'no-oauth', reason: NO_OAUTH_REASON } : out;
    if (final.type === 'failed') opts.onEvent?.(final);
    return final;
  };
  return { login, status: (spec, connection) => logins.status(spec, connection), logout: (spec) => logins.logout(spec) };
}
