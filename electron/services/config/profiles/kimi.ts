// CFG-1 kimi (seed 002): ~/.kimi-code/mcp.json → <git root>/.mcp.json →
// <workspace>/.kimi-code/mcp.json, later wins; project layers count only when trusted.
import { join } from 'node:path';
import { KIMI } from '../../../../shared/profiles/kimi';
import { KIMI_ENV, KimiMcpDefaultsSchema, type KimiMcpDefaults } from '../../../../shared/schemas/dialects';
import { gitRoot, kimiHome, type LayerEnv, type LayerLocation } from '../layers';
import { loadLayer } from '../layer-loader';
import { readConfigFile, type FileRead } from '../read-file';
import type { LoadContext, LoadedLayer } from '../types';
import type { EngineProfile } from './types';

function envMs(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** Global defaults: the user file's `mcp` section, then KIMI_MCP_* environment variables. */
function kimiDefaults(userRead: FileRead, env: NodeJS.ProcessEnv): KimiMcpDefaults {
  let fromFile: KimiMcpDefaults = {};
  const root = userRead.state === 'ok' ? userRead.doc.value : undefined;
  if (root && typeof root === 'object' && !Array.isArray(root) && Object.hasOwn(root, 'mcp')) {
    const parsed = KimiMcpDefaultsSchema.safeParse((root as { mcp: unknown }).mcp);
    if (parsed.success) fromFile = parsed.data;
  }
  const out: KimiMcpDefaults = {};
  const startup = envMs(env, KIMI_ENV.startupTimeoutMs) ?? fromFile.startupTimeoutMs;
  const tool = envMs(env, KIMI_ENV.toolTimeoutMs) ?? fromFile.toolTimeoutMs;
  if (startup !== undefined) out.startupTimeoutMs = startup;
  if (tool !== undefined) out.toolTimeoutMs = tool;
  return out;
}

async function layerPaths({ home, workspace }: LayerEnv): Promise<LayerLocation[]> {
  const out: LayerLocation[] = [{ layer: 'user', path: join(kimiHome(home), 'mcp.json'), writable: true, needsTrust: false }];
  if (workspace) {
    const root = (await gitRoot(workspace)) ?? workspace;
    out.push({ layer: 'project', path: join(root, '.mcp.json'), writable: true, needsTrust: true, confineTo: root });
    out.push({ layer: 'project-local', path: join(workspace, '.kimi-code', 'mcp.json'), writable: true, needsTrust: true, confineTo: workspace });
  }
  return out;
}

async function loadLayers(ctx: LoadContext): Promise<LoadedLayer[]> {
  const locations = await layerPaths(ctx);
  const reads = await Promise.all(locations.map((l) => readConfigFile(l.path, { confineTo: l.confineTo })));
  const userIdx = locations.findIndex((l) => l.layer === 'user');
  const withDefaults: LoadContext = { ...ctx, kimiDefaults: kimiDefaults(reads[userIdx] ?? { state: 'missing' }, ctx.env) };
  const trusted = ctx.workspace ? await ctx.isTrusted(ctx.workspace) : false;
  return locations.map((loc, i) => {
    const needsTrust = loc.needsTrust;
    return loadLayer(
      reads[i] ?? { state: 'missing' },
      {
        path: loc.path,
        layer: loc.layer,
        dialect: 'kimi',
        trusted: !needsTrust || trusted,
        projectRoot: needsTrust && ctx.workspace ? ctx.workspace : undefined,
      },
      withDefaults,
    );
  });
}

/** Session and plugin servers get the same global defaults as the files. */
async function memoryContext(ctx: LoadContext): Promise<LoadContext> {
  const user = (await layerPaths(ctx)).find((l) => l.layer === 'user');
  const read = user ? await readConfigFile(user.path) : ({ state: 'missing' } as const);
  return { ...ctx, kimiDefaults: kimiDefaults(read, ctx.env) };
}

export const KIMI_ENGINE: EngineProfile = {
  facts: KIMI,
  layerPaths,
  loadLayers,
  memoryContext,
  detection: (home) => ({ marker: kimiHome(home), configFiles: [join(kimiHome(home), 'mcp.json')] }),
};
