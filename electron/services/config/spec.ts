// Dialect entry → ConnectionSpec: the one place where each agent's field names and defaults
// are mapped onto what the connection engine needs (CFG-2, CONN-2, CONN-8, AUTH-4).
import { resolve } from 'node:path';
import type { ConnectionSpec, LayerKind, Profile, ToolSource, Transport } from '../../../shared/schemas/server';
import { KIMI_DEFAULTS, MINARA_DEFAULTS, type KimiMcpDefaults } from '../../../shared/schemas/dialects';
import { expansionFor } from '../../../shared/schemas/expansion';

export function sourceOf(layer: LayerKind, pluginOrigin: 'official' | 'local' = 'local'): ToolSource {
  if (layer === 'session') return 'session';
  if (layer === 'plugin') return pluginOrigin === 'official' ? 'plugin-official' : 'plugin-local';
  return 'configured';
}

/** Stable identity (NAME-1): source kind, profile and name; never the layer's file. */
export function serverId(profile: Profile, layer: LayerKind, name: string): string {
  const kind = layer === 'session' ? 'session' : layer === 'plugin' ? 'plugin' : 'configured';
  return `${kind}:${profile}:${name}`;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined);
const strArr = (v: unknown): string[] | undefined => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined);
function strRec(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!v || typeof v !== 'object' || Array.isArray(v)) return out;
  for (const k in v) {
    const x = (v as Record<string, unknown>)[k];
    if (typeof x === 'string' && Object.hasOwn(v, k)) out[k] = x;
  }
  return out;
}

export interface SpecInput {
  profile: Profile;
  layer: LayerKind;
  name: string;
  /** Validated (and, for minimax project files, expanded) entry. */
  entry: Record<string, unknown>;
  transport: Transport;
  /** Project layers: stdio cwd is the workspace root; a relative `cwd` is taken from there. */
  projectRoot?: string;
  kimiDefaults?: KimiMcpDefaults;
  pluginOrigin?: 'official' | 'local';
  /** SEC-6: `secretOwnerKey` of the entry as written. */
  secretOwner?: string;
}

export function buildSpec(input: SpecInput): ConnectionSpec {
  const { profile, layer, name, entry: e, transport } = input;
  const spec: ConnectionSpec = {
    id: serverId(profile, layer, name),
    name,
    profile,
    layer,
    source: sourceOf(layer, input.pluginOrigin),
    transport,
    args: [],
    env: {},
    headers: strRec(e.headers),
    limits: layer === 'plugin' ? { pluginCaps: true } : {},
    dropHeadersOnCrossOriginRedirect: true,
  };
  if (input.secretOwner !== undefined) spec.secretOwner = input.secretOwner;
  // CFG-3: where this agent does not expand, the engine sends `${X}` as written, as the agent would.
  if (expansionFor(profile, layer) === 'none') spec.literalVars = true;
  if (transport === 'stdio') {
    spec.command = str(e.command);
    spec.args = strArr(e.args) ?? [];
    spec.env = strRec(e.env);
    const cwd = str(e.cwd);
    if (input.projectRoot !== undefined) spec.cwd = cwd ? resolve(input.projectRoot, cwd) : input.projectRoot;
    else if (cwd) spec.cwd = cwd; // CONN-4: without one the spawner uses the home directory
  } else {
    spec.url = str(e.url);
  }
  if (profile === 'minara') {
    // Seed 001: timeoutMs 30000 and maxTools 64 by default; authTokenEnv wins over authToken.
    spec.callTimeoutMs = num(e.timeoutMs) ?? MINARA_DEFAULTS.timeoutMs;
    spec.limits = { ...spec.limits, maxTools: num(e.maxTools) ?? MINARA_DEFAULTS.maxTools };
    const include = strArr(e.include);
    if (include) spec.limits.include = include;
    const tokenEnv = str(e.authTokenEnv);
    if (tokenEnv) spec.bearerTokenEnv = tokenEnv;
    else if (str(e.authToken)) spec.bearerToken = str(e.authToken);
  } else if (profile === 'kimi') {
    const d = input.kimiDefaults ?? {};
    spec.callTimeoutMs = num(e.toolTimeoutMs) ?? num(e.timeout) ?? d.toolTimeoutMs;
    spec.startupTimeoutMs = num(e.startupTimeoutMs) ?? d.startupTimeoutMs ?? KIMI_DEFAULTS.startupTimeoutMs;
    const enabledTools = strArr(e.enabledTools);
    const disabledTools = strArr(e.disabledTools);
    if (enabledTools) spec.limits = { ...spec.limits, enabledTools };
    if (disabledTools) spec.limits = { ...spec.limits, disabledTools };
    const tokenEnv = str(e.bearerTokenEnvVar);
    if (tokenEnv) spec.bearerTokenEnv = tokenEnv;
  } else {
    // minimax: `timeout` overrides the pool's 120 s call default (CONN-2).
    spec.callTimeoutMs = num(e.timeout);
  }
  if (spec.callTimeoutMs === undefined) delete spec.callTimeoutMs;
  return spec;
}
