// Dialect entry → ConnectionSpec: the fields every agent shares are mapped here, the agent's
// own (timeouts, tool limits, token variables) by its profile (shared/profiles/<agent>.ts
// `connection`), onto what the connection engine needs (CFG-2, CONN-2, CONN-8, AUTH-4).
import { resolve } from 'node:path';
import type { ConnectionSpec, LayerKind, Profile, ToolSource, Transport } from '../../../shared/schemas/server';
import type { AgentDefaults } from '../../../shared/profiles/fields';
import { expansionFor } from '../../../shared/schemas/expansion';
import { profileFacts } from '../../../shared/profiles';
import { str, strArr } from '../../../shared/profiles/fields';

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
  agentDefaults?: AgentDefaults;
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
    // CFG-11's caps are MiniMax's rule for its plugins (the in-memory plugin layer), not other agents'.
    limits: layer === 'plugin' && input.pluginOrigin ? { pluginCaps: true } : {},
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
  // The agent's own fields (timeouts, tool limits, token variable), as its profile maps them.
  const extras = profileFacts(profile).connection(e, input.agentDefaults ?? {});
  if (extras.callTimeoutMs !== undefined) spec.callTimeoutMs = extras.callTimeoutMs;
  if (extras.startupTimeoutMs !== undefined) spec.startupTimeoutMs = extras.startupTimeoutMs;
  if (extras.limits) spec.limits = { ...spec.limits, ...extras.limits };
  if (extras.bearerTokenEnv !== undefined) spec.bearerTokenEnv = extras.bearerTokenEnv;
  if (extras.bearerToken !== undefined) spec.bearerToken = extras.bearerToken;
  if (extras.literalVars === false) delete spec.literalVars;
  if (spec.callTimeoutMs === undefined) delete spec.callTimeoutMs;
  return spec;
}
