// AUTH on the command line: `login SERVER`, `logout SERVER`, `auth status`. Secrets go to the
// OS keychain; when none is reachable the commands say so plainly (AUTH-5). A login belongs to
// the server URL, so it serves (and a logout ends) every profile's entries for that URL.
import { PROFILES, type ConnectionSpec, type Profile } from '../../../shared/schemas/server';
import type { KeychainStatus } from '../../../shared/contract';
import { engineFor } from './engine';
import { redactEntry } from '../../services/api/redact';
import { LoginService, PlatformOpener, PrintOpener, serverIdentity } from '../../services/auth';
import { tokenAwareLogins } from '../../services/auth/oauth-offered';
import { type Command, type CommandContext, UsageError, UserError, optString, printJson, profileOption, workspaceOption } from './command';
import { answer, withEachPanelClient, withPanelClient } from './panel-call';

const scopeOptions = { profile: { type: 'string' }, workspace: { type: 'string' } } as const;

function profilesOpt(ctx: CommandContext): Profile[] {
  const one = profileOption(ctx, null);
  return one ? [one] : [...PROFILES];
}

/**
 * The one place the CLI asks the config engine for servers.
 * Remote servers only: stdio servers have nothing to log in to.
 */
export async function remoteSpecs(ctx: CommandContext, untrusted?: string[]): Promise<ConnectionSpec[]> {
  const { config } = await engineFor(ctx);
  const workspace = workspaceOption(ctx);
  const out: ConnectionSpec[] = [];
  for (const profile of profilesOpt(ctx)) {
    const view = await config.load(profile, workspace);
    for (const s of view.servers) {
      if (!s.spec || s.spec.transport === 'stdio' || !s.spec.url) continue;
      // SEC-5: an untrusted workspace's server is never contacted, not even to log in.
      if (s.trusted) out.push(s.spec);
      else untrusted?.push(s.name);
    }
  }
  return out;
}

async function findSpec(ctx: CommandContext): Promise<ConnectionSpec> {
  const name = ctx.args[0];
  if (!name || ctx.args.length > 1) throw new UsageError('give exactly one SERVER name');
  const untrusted: string[] = [];
  const matches = (await remoteSpecs(ctx, untrusted)).filter((s) => s.name === name);
  if (matches.length === 0 && untrusted.includes(name)) {
    throw new UserError(`"${name}" comes from a project layer of a workspace that is not trusted; review it, then run \`mcp-panel trust --workspace DIR\``);
  }
  if (matches.length === 0) throw new UserError(`no remote (http/sse) server named "${name}" in ${optString(ctx, 'profile') ?? 'any profile'}`);
  // One login per URL: entries of one name in several profiles need a choice only when their URLs differ.
  if (new Set(matches.map((m) => serverIdentity(m))).size > 1) throw new UserError(`"${name}" exists in ${matches.map((m) => m.profile).join(' and ')} with different URLs: choose one with --profile`);
  return matches[0]!;
}

/** A URL as resolved may carry `user:pass@` or `?api_key=`: printed masked, as the panel shows it. */
function redactUrl(url: string | undefined): string {
  return url === undefined ? '' : String(redactEntry({ url }).url);
}

function keychainLine(s: Pick<KeychainStatus, 'available'> & Partial<Pick<KeychainStatus, 'reason' | 'fix'>>): string {
  return s.available ? '' : `Keychain not available: ${s.reason}.\n  Fix: ${s.fix ?? 'start a Secret Service'}\n  Tokens are kept in memory for this run only; you will need to log in again next time.\n`;
}

async function services(ctx: CommandContext) {
  const { broker } = await engineFor(ctx);
  return { store: broker.store, logins: tokenAwareLogins(new LoginService({ broker }), broker) };
}

const login: Command = {
  name: 'login',
  summary: 'Log in to an OAuth-protected server (opens the browser, waits for the callback)',
  usage: 'login SERVER [--profile P] [--workspace DIR] [--no-browser] [--json]',
  takesArguments: true,
  options: { ...scopeOptions, 'no-browser': { type: 'boolean' } },
  async run(ctx) {
    const spec = await findSpec(ctx);
    const { store, logins } = await services(ctx);
    const json = !!ctx.opts.json;
    const say = json ? ctx.stderr : ctx.stdout; // with --json stdout holds one document only
    say(keychainLine(await store.status()));
    const opener = ctx.opts['no-browser'] ? new PrintOpener(say) : new PlatformOpener(say);
    const ac = new AbortController();
    void ctx.interrupted.then(() => ac.abort());
    const out = await logins.login(spec, {
      opener,
      signal: ac.signal,
      onEvent: (e) => {
        if (e.type === 'discovering') say(`Discovering how ${e.server} authorizes…\n`);
        else if (e.type === 'waiting-for-browser') say(`Waiting for the browser to come back to ${e.redirectUri} (15 minutes at most)…\n`);
        else if (e.type === 'exchanging') say('Exchanging the code for tokens…\n');
      },
    });
    if (json) printJson(ctx, { server: spec.name, profile: spec.profile, ...out });
    if (out.type === 'failed') throw new UserError(`login to ${spec.name} failed: ${out.reason}`);
    if (!json) {
      const where = out.keychain ? 'tokens are in the OS keychain' : 'tokens are kept for this run only';
      say(`Logged in to ${spec.name}${out.scopes.length ? ` (scopes: ${out.scopes.join(' ')})` : ''}; ${where}. The login serves every profile's entries for ${redactUrl(spec.url)}.\n`);
    }
  },
};

const logout: Command = {
  name: 'logout',
  summary: "Revoke (where supported) and delete the stored login of a server's URL, for every profile",
  usage: 'logout SERVER [--profile P] [--workspace DIR] [--json] [--verbose]',
  takesArguments: true,
  options: { ...scopeOptions, verbose: { type: 'boolean' } },
  async run(ctx) {
    const spec = await findSpec(ctx);
    // auth.logout (issue 36 item 3): a running panel showing the entry's agent drops the login at once (its servers of that URL reconnect).
    const out = await withPanelClient(ctx, spec.profile, async (client) => answer(await client.call('auth.logout', { id: spec.id })));
    const r = { server: spec.name, url: out.url, revoked: out.revoked, removed: out.removed, ...(out.revokeError ? { revokeError: out.revokeError } : {}) };
    if (ctx.opts.json) return printJson(ctx, r);
    ctx.stdout(
      `Logged out of ${spec.name} (${redactUrl(r.url)}) for every profile: ${r.removed} stored item(s) deleted${r.revoked ? ', tokens revoked at the server' : ''}${r.revokeError ? ` (revocation failed: ${r.revokeError})` : ''}.\n`,
    );
  },
};

const status: Command = {
  name: 'auth status',
  summary: 'Login state of every remote server (never shows a secret)',
  usage: 'auth status [--profile P] [--workspace DIR] [--json] [--verbose]',
  options: { ...scopeOptions, verbose: { type: 'boolean' } },
  async run(ctx) {
    // auth.list (issue 36 item 3), per agent: the running panel for the one it shows, the handlers
    // here for the rest; both read the shared keychain, so a login or logout made by any process
    // is seen, and the panel's connections add "needs no login" / "needs login" to what it says.
    const answers = await withEachPanelClient(ctx, profilesOpt(ctx), async (client, _answerer, profile) => {
      const [view, auth] = await Promise.all([client.call('servers.list', {}), client.call('auth.list', {})]);
      // Remote servers only (stdio ones have nothing to log in to); SEC-5: an untrusted workspace's are never asked about.
      const remote = new Set(answer(view).servers.filter((s) => s.trusted && s.transport !== 'stdio').map((s) => s.id));
      const { servers, keychain } = answer(auth);
      const rows = servers.filter((r) => r.url !== null && remote.has(r.id)).map(({ name, state, tokenStored, expiresAt, scopes, issuer, lastRefresh }) => ({ profile, server: name, state, tokenStored, expiresAt, scopes, issuer, lastRefresh }));
      return { keychain, rows };
    });
    // As the store says it: a field it has nothing for is left out, not null.
    const keychain = Object.fromEntries(Object.entries(answers[0]!.keychain).filter(([, v]) => v !== null)) as Pick<KeychainStatus, 'available' | 'backend'> & Partial<KeychainStatus>;
    const rows = answers.flatMap((a) => a.rows);
    if (ctx.opts.json) return printJson(ctx, { keychain, servers: rows });
    ctx.stdout(keychainLine(keychain));
    if (rows.length === 0) ctx.stdout('No remote servers configured.\n');
    for (const r of rows) {
      const extra = [r.expiresAt && `expires ${r.expiresAt}`, r.scopes.length && `scopes ${r.scopes.join(' ')}`, r.issuer && `issuer ${r.issuer}`].filter(Boolean).join(', ');
      ctx.stdout(`${r.profile}/${r.server}: ${r.state}${extra ? ` (${extra})` : ''}\n`);
    }
  },
};

/** Commands of this area: login, logout, auth status. */
export const authCommands: Command[] = [login, logout, status];
