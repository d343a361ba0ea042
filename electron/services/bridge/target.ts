// BRIDGE-1/BRIDGE-5: which remote server a bridge forwards to. `bridge <server>` reads the
// profile's config through the config engine (the same merge, `${VAR}` rules and trust store
// as the panel); `bridge --url URL` is an ad-hoc entry like mcp-remote's. An entry that is
// itself a bridge line (what `bridge install` wrote) stands for the entry it replaced, kept in
// the install records; that entry is loaded as if it were still in its file, so keychain-held
// variables bound to it (SEC-6) still reach it.
import type { Vars } from '../../../shared/i18n/core';
import type { bridgeRun } from '../../../shared/i18n/messages/bridge-run';
import { PROFILES, ConnectionSpecSchema, type ConnectionSpec, type EffectiveServer, type Profile } from '../../../shared/schemas/server';
import type { ConfigEngine } from '../config-engine';
import { panelDataDir } from '../paths';

/** Worded in the user's language by the caller's translator (the CLI prints it on stderr). */
export class BridgeTargetError extends Error {}

/** The bridge's own catalogue, in the user's language. */
export type BridgeTranslator = (key: keyof (typeof bridgeRun)['en'], vars?: Vars) => string;

export interface BridgeTarget {
  spec: ConnectionSpec;
  profile: Profile | null;
  workspace: string | null;
}

/** `bridge --url URL [--sse]`: no config entry, no keychain variables, OAuth by URL. */
export function adHocTarget(t: BridgeTranslator, url: string, sse = false): BridgeTarget {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (parsed?.protocol !== 'https:' && parsed?.protocol !== 'http:') throw new BridgeTargetError(t('bridgeRun.target.bad_url', { server: url }));
  const spec = ConnectionSpecSchema.parse({ id: 'url', name: parsed.host, profile: 'minimax', layer: 'session', source: 'configured', transport: sse ? 'sse' : 'http', url: parsed.href });
  return { spec, profile: null, workspace: null };
}

/** Does this entry start a bridge? (the install helper's rule, loaded only when the word is there at all) */
async function isBridgeLine(entry: Record<string, unknown>, profile: Profile): Promise<boolean> {
  if (!JSON.stringify(entry).includes('"bridge"')) return false;
  return (await import('./install')).isBridgeEntry(entry, profile);
}

async function originalOf(t: BridgeTranslator, engine: ConfigEngine, s: EffectiveServer, profile: Profile, workspace: string | null): Promise<EffectiveServer> {
  // Every agent's profile is loaded here, for this entry only: a `--url` bridge never needs them.
  const [{ findInstall }, { readText, loadLayer }, { profileFacts }] = await Promise.all([import('./install-records'), import('../config/layer-loader'), import('../../../shared/profiles')]);
  const rec = await findInstall({ profile, server: s.name, file: s.path, dataDir: panelDataDir(engine.config.env) });
  if (!rec || rec.originalValue === undefined) {
    throw new BridgeTargetError(t('bridgeRun.target.no_original', { server: s.name, path: s.path, command: `mcp-panel bridge uninstall ${s.name} --profile ${profile}` }));
  }
  const { config, configSecrets } = engine;
  const hostVariables = await configSecrets.variableNames(profile);
  const layer = loadLayer(
    readText(JSON.stringify({ [profileFacts(profile).serversKey]: { [s.name]: rec.originalValue } }), rec.file),
    { path: rec.file, layer: rec.layer, dialect: profile, hostVariables, trusted: s.trusted, writable: false },
    { profile, env: config.env, home: config.home, cwd: config.cwd, workspace, panelDataDir: config.panelDataDir, isTrusted: (w) => config.trust.isTrusted(w) },
  );
  const found = layer.servers.find((x) => x.name === s.name);
  if (!found) throw new BridgeTargetError(t('bridgeRun.target.unusable', { server: s.name, detail: layer.problems[0]?.message ?? '?' }));
  return { ...s, transport: found.transport, error: found.error, entry: found.entry, spec: found.spec };
}

/**
 * The entry named `server` in `profile` (or in the one profile that has it). Refuses an
 * untrusted workspace's entry (SEC-5/BRIDGE-5) and anything that is not a usable remote; a local
 * (stdio) server only when the bridge filters its tools (`local`: CTX-2 for an agent without a
 * filter field of its own), since an agent starts a local server as well as the bridge would.
 */
export async function resolveTarget(t: BridgeTranslator, engine: ConfigEngine, server: string, profile: Profile | null, workspaceArg: string | null, local = false): Promise<BridgeTarget> {
  const workspace = engine.config.resolveWorkspace(workspaceArg);
  const found: Array<{ profile: Profile; s: EffectiveServer }> = [];
  for (const p of profile ? [profile] : PROFILES) {
    const view = await engine.config.load(p, workspace);
    const s = view.servers.find((x) => x.name === server);
    if (s) found.push({ profile: p, s });
  }
  if (found.length === 0) throw new BridgeTargetError(t('bridgeRun.target.not_found', { server, where: `${profile ?? t('bridgeRun.target.anyProfile')}${workspace ? ` (${workspace})` : ''}` }));
  if (found.length > 1) throw new BridgeTargetError(t('bridgeRun.target.ambiguous', { server, profiles: found.map((f) => f.profile).join(', ') }));
  const { profile: p } = found[0]!;
  let s = found[0]!.s;
  if (!s.trusted) throw new BridgeTargetError(t('bridgeRun.target.untrusted', { server, path: s.path }));
  if (await isBridgeLine(s.entry, p)) s = await originalOf(t, engine, s, p, workspace);
  if (s.spec?.transport === 'stdio') {
    if (!local) throw new BridgeTargetError(t('bridgeRun.target.not_remote', { server }));
    if (!s.spec.command || s.error) throw new BridgeTargetError(t('bridgeRun.target.unusable', { server, detail: s.error ?? '?' }));
    return { spec: s.spec, profile: p, workspace };
  }
  if (!s.spec?.url || s.error) throw new BridgeTargetError(t('bridgeRun.target.unusable', { server, detail: s.error ?? '?' }));
  return { spec: s.spec, profile: p, workspace };
}
