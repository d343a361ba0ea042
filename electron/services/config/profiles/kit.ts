// What the engine halves of the agents beyond the seeds share (AGENT-1): per-OS folders (the
// path module of the OS asked for, so a Windows layout resolves the same on any host), and the
// one loader for "these files, lowest precedence first, project layers only when trusted".
import { posix, win32 } from 'node:path';
import { profileFacts } from '../../../../shared/profiles';
import type { Profile } from '../../../../shared/schemas/server';
import type { LayerLocation } from '../layers';
import { hostVariables, loadLayer } from '../layer-loader';
import { readConfigFile } from '../read-file';
import type { LoadContext, LoadedLayer } from '../types';

export function pathsFor(platform: NodeJS.Platform = process.platform): typeof posix {
  return platform === 'win32' ? win32 : posix;
}

/**
 * Where desktop apps keep settings: macOS ~/Library/Application Support, Windows %APPDATA%
 * (else ~\AppData\Roaming), Linux $XDG_CONFIG_HOME (else ~/.config).
 */
export function appDataDir(home: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): string {
  const p = pathsFor(platform);
  if (platform === 'darwin') return p.join(home, 'Library', 'Application Support');
  if (platform === 'win32') return env.APPDATA || p.join(home, 'AppData', 'Roaming');
  return env.XDG_CONFIG_HOME || p.join(home, '.config');
}

export const userFile = (path: string): LayerLocation => ({ layer: 'user', path, writable: true, needsTrust: false });
/** A project layer's file, confined to `root` (the workspace): a link out of it is neither read nor written (issue 21 F9). */
export const projectFile = (path: string, root: string): LayerLocation => ({ layer: 'project', path, writable: true, needsTrust: true, confineTo: root });

/** Why the agent itself will not use a project layer, or null (Codex's trusted projects, Gemini's folder trust). */
export type AgentLayerTrust = (ctx: LoadContext, loc: LayerLocation) => Promise<string | null>;

export interface LoadOptions {
  agentTrust?: AgentLayerTrust;
  /** Per server of a layer: why the agent has not approved it (Claude Code), or null. */
  serverTrust?: (ctx: LoadContext, loc: LayerLocation) => Promise<((name: string) => string | null) | undefined>;
}

/**
 * Every file layer of `profile`, as the seeds load theirs: bounded reads, the panel's own trust
 * for project layers (SEC-5: an untrusted workspace starts nothing), and on top the agent's
 * own rule, which can only take servers away.
 */
export async function loadFiles(profile: Profile, locations: readonly LayerLocation[], ctx: LoadContext, opts: LoadOptions = {}): Promise<LoadedLayer[]> {
  const facts = profileFacts(profile);
  const panelTrusted = ctx.workspace ? await ctx.isTrusted(ctx.workspace) : false;
  // CFG-4: a project file must stay inside its workspace (a link out of it is void).
  const reads = await Promise.all(locations.map((l) => readConfigFile(l.path, { format: facts.format, ...(l.confineTo ? { confineTo: l.confineTo } : {}) })));
  const expands = locations.some((l, i) => reads[i]?.state === 'ok' && facts.expansion(l.layer) !== 'none');
  const host = expands ? await hostVariables(ctx) : { vars: undefined, problem: null };
  const out: LoadedLayer[] = [];
  for (const [i, loc] of locations.entries()) {
    const refusal = loc.needsTrust && opts.agentTrust ? await opts.agentTrust(ctx, loc) : null;
    const serverTrust = loc.needsTrust && opts.serverTrust ? await opts.serverTrust(ctx, loc) : undefined;
    const layer = loadLayer(
      reads[i] ?? { state: 'missing' },
      {
        path: loc.path,
        layer: loc.layer,
        dialect: profile,
        trusted: (!loc.needsTrust || panelTrusted) && refusal === null,
        projectRoot: loc.needsTrust && ctx.workspace ? ctx.workspace : undefined,
        writable: loc.writable,
        hostVariables: host.vars,
        ...(loc.container ? { container: loc.container } : {}),
        ...(serverTrust ? { serverTrust } : {}),
      },
      ctx,
    );
    if (refusal) layer.problems.push({ path: loc.path, pointer: '', message: refusal, severity: 'warning' });
    if (host.problem && reads[i]?.state === 'ok') layer.problems.push({ path: loc.path, pointer: '', ...host.problem, severity: 'warning' });
    out.push(layer);
  }
  return out;
}
