// BRIDGE-1…3, BRIDGE-5: one bridge process, wired from the engine's own pieces — the config
// engine finds the entry, the keychain store and TokenBroker hold its OAuth tokens (with the
// machine-wide refresh lock), KeychainConfigSecrets supplies keychain-held header variables,
// LoginService + the platform opener run the one login. No connection pool, no API: a bridge
// starts in the time an agent waits for a stdio server.
//
// BRIDGE-3, while a login is needed: the bridge holds the agent's `initialize` (does not answer
// it) until the login — its own or a sibling's — has ended. Answering first would mean
// inventing the server's capabilities and an empty tool list that the agent then caches; a held
// initialize only looks like a slow start, and a failed login answers it with an error that
// says how to log in.
import { join } from 'node:path';
import type { McpTransport as Transport } from '../mcp';
import { catalogueTranslator, pickLocale } from '../../../shared/i18n/core';
import { bridgeRun } from '../../../shared/i18n/messages/bridge-run';
import type { Profile } from '../../../shared/schemas/server';
import type { SecretStore } from '../auth/secret-store';
import { panelDataDir } from '../paths';
import { openDataFolder } from '../own-folder';
import { redactText } from '../../../shared/secrets/secret-text';
import { urlSecrets } from '../../../shared/secrets/secret-values';
import { headerValueSecrets } from '../../../shared/secrets/text-rules';
import { bridgeCounters } from './counters';
import { startLiveRecord } from './live';
import { runProxy, type Retry } from './proxy';
import { adHocTarget, resolveTarget, type BridgeTarget } from './target';
import { filteredAgentSide } from './tool-filter';

export interface BridgeRunOptions {
  server?: string;
  url?: string;
  sse?: boolean;
  profile: Profile | null;
  workspace: string | null;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** The keychain, already opened; the bridge opens its own without it. */
  store?: SecretStore;
  /** CTX-2: tools the agent is neither shown nor let call (`--hide-tools`). */
  hideTools?: ReadonlySet<string>;
  /** stderr only: stdout is the protocol. Never given a secret. */
  log: (line: string) => void;
  interrupted: Promise<void>;
}

/**
 * SEC-2, issue 21 F3: the one text redaction for everything the bridge says (stderr, the error
 * an agent reads into its model's context, the live record), with this entry's own secrets
 * (URL user info and secret parameters, secret-bearing header values, keychain-held values)
 * masked wherever they appear, and the URL itself shown as its origin.
 */
function redactorFor(url: string, headers: Record<string, string>, injected: Record<string, string>): (text: string) => string {
  const known = [...urlSecrets(url), ...Object.entries(headers).flatMap(([k, v]) => headerValueSecrets(k, v)), ...Object.values(injected)];
  const origin = new URL(url).origin;
  return (text) => redactText(text.split(url).join(origin), known);
}

export async function runBridge(o: BridgeRunOptions): Promise<void> {
  // This catalogue only: a bridge start is what an agent waits for (bench:bridge).
  const t = catalogueTranslator(bridgeRun, pickLocale([o.env.LC_ALL, o.env.LC_MESSAGES, o.env.LANG]));
  // SEC-8: the data folder (bridge records, locks, the live record) is the user's alone.
  const dataDir = openDataFolder(panelDataDir(o.env));
  const hidden = o.hideTools ?? new Set<string>();
  let target: BridgeTarget;
  let store: SecretStore;
  let injected: Record<string, string> = {};
  if (o.url) {
    target = adHocTarget(t, o.url, o.sse);
    store = o.store ?? (await (await import('../auth/keytar-store')).openSecretStore({ env: o.env }));
  } else {
    const { createConfigEngine } = await import('../config-engine');
    const engine = await createConfigEngine({ env: o.env, cwd: o.cwd, ...(o.store ? { store: o.store } : {}) });
    target = await resolveTarget(t, engine, o.server ?? '', o.profile, o.workspace, hidden.size > 0);
    store = engine.store;
    // CFG-8/SEC-6: keychain-held variables of exactly this entry, into headers only (never argv/env).
    injected = await engine.configSecrets.envFor(target.spec);
  }
  const { spec } = target;
  if (spec.transport === 'stdio') {
    const { runLocalBridge } = await import('./run-local');
    return runLocalBridge({ ...target, injected, hidden, dataDir, env: o.env, t, log: o.log, interrupted: o.interrupted });
  }
  const url = spec.url!;
  let redact = redactorFor(url, {}, injected);
  const log = (line: string) => o.log(redact(line));

  const [{ TokenBroker }, { hasStaticCredentials }, { resolveHeaders }] = await Promise.all([
    import('../auth/token-broker'),
    import('../auth/static-credentials'),
    import('../connections/expand'),
  ]);
  const lockDir = join(dataDir, 'locks');
  const broker = new TokenBroker({ store, lockDir, log });
  const headers = resolveHeaders(spec, { ...o.env, ...injected });
  redact = redactorFor(url, headers, injected);
  // The access token last handed to the transport: what a 401 refused.
  let sent: string | undefined;
  const authProvider = hasStaticCredentials(spec) ? undefined : broker.provider(spec, { onTokensRead: (t) => (sent = t?.access_token) });
  // Adopting old secrets reads the keychain (D-Bus round trips): it runs while the SDK's
  // transports load.
  const prepared = broker.prepare(spec);
  const [{ agentStdioTransport }, { remoteTransport }, { connectIfModern }] = await Promise.all([import('../mcp/agent-side'), import('../mcp/transports'), import('../mcp/gateway')]);
  const identity = await prepared;

  const connect = async (): Promise<Transport> => {
    // BRIDGE-5: a redirect is followed only within the entry's origin; any other is an error,
    // so neither tokens nor headers leave it.
    const t = remoteTransport(spec, { headers, redirects: 'same-origin', ...(authProvider ? { authProvider, onChallenge: (c) => broker.noteChallenge(spec, c) } : {}) });
    await t.start();
    return t;
  };

  // PROTO-6: a 2026-07-28 server gets the agent's 2025 session translated (mcp/gateway.ts).
  const translate = (init: { params?: unknown } | object) =>
    connectIfModern({
      url,
      sse: spec.transport === 'sse',
      headers,
      ...(authProvider ? { authProvider, onChallenge: (c: { status: number; scope?: string; resourceMetadataUrl?: string }) => broker.noteChallenge(spec, c) } : {}),
      agentCapabilities: (((init as { params?: { capabilities?: unknown } }).params?.capabilities ?? {}) as Record<string, unknown>),
    });

  // One login per URL: with --url, any configured entry of that URL logs it in (login takes names).
  const loginCommand = o.url ? 'mcp-panel login SERVER' : `mcp-panel login ${spec.name}${target.profile ? ` --profile ${target.profile}` : ''}`;
  let pending: Promise<Retry> | undefined;
  const unauthorized = (): Promise<Retry> =>
    (pending ??= (async (): Promise<Retry> => {
      if (!authProvider) return { retry: false, message: t('bridgeRun.refused_credentials', { server: spec.name }) };
      const rejected = sent;
      // Refused before we thought it expired, or a sibling already replaced it: a refresh (under
      // the machine-wide lock, so at most one) or a re-read is enough; no login.
      const now = rejected ? (await broker.refreshRejected(identity, rejected))?.access_token : (broker.forget(identity), (await broker.validTokens(identity))?.access_token);
      if (now && now !== rejected) return { retry: true };
      const [{ loginOnce }, { LoginService }, { PlatformOpener }] = await Promise.all([import('../auth/login-once'), import('../auth/login-service'), import('../auth/opener')]);
      const r = await loginOnce(spec, { broker, logins: new LoginService({ broker }), opener: new PlatformOpener((l) => o.log(l.trimEnd())), lockDir, staleAccessToken: rejected });
      return r.ok ? { retry: true } : { retry: false, message: t('bridgeRun.login_needed', { server: spec.name, reason: redact(r.reason), command: loginCommand }) };
    })().finally(() => {
      pending = undefined;
    }));

  const counters = bridgeCounters(startLiveRecord(dataDir, { server: spec.name, profile: target.profile, workspace: target.workspace, origin: new URL(url).origin }), dataDir, { profile: target.profile, server: spec.name }, log);
  const local = filteredAgentSide(await agentStdioTransport(), hidden, (tool) => t('bridgeRun.hidden_tool', { tool }));
  try {
    await Promise.race([
      runProxy({ local, connect, translate, unauthorized, log, unreachable: (detail) => t('bridgeRun.unreachable', { detail: redact(detail) }), onRequest: (method) => counters.onRequest(method), onError: (m) => (counters.live.error(redact(m)), log(m)) }),
      o.interrupted.then(() => local.close()),
    ]);
  } finally {
    await counters.close();
  }
}
