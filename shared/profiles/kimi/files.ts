// CFG-1 kimi (seed 002): ~/.kimi-code/mcp.json → <git root>/.mcp.json →
// <workspace>/.kimi-code/mcp.json, later wins; project layers count only when trusted.
import type { AgentDefaults } from '../fields';
import type { AgentFiles, LayerLocation, LayerEnv, PathApi } from '../loading';
import { isRecord } from '../places';
import { KIMI_DEFAULTS, KIMI_ENV, KimiMcpDefaultsSchema } from './dialect';

export const kimiHome = (home: string, p: PathApi) => p.join(home, KIMI_DEFAULTS.dataDir);

function envMs(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

export const KIMI_FILES: AgentFiles = {
  async layers({ home, workspace }: LayerEnv, io) {
    const p = io.path;
    const out: LayerLocation[] = [{ layer: 'user', path: p.join(kimiHome(home, p), 'mcp.json'), writable: true, needsTrust: false }];
    if (workspace) {
      const root = (await io.gitRoot(workspace)) ?? workspace;
      out.push({ layer: 'project', path: p.join(root, '.mcp.json'), writable: true, needsTrust: true, confineTo: root });
      out.push({ layer: 'project-local', path: p.join(workspace, '.kimi-code', 'mcp.json'), writable: true, needsTrust: true, confineTo: workspace });
    }
    return out;
  },
  /** Global defaults: the user file's `mcp` section, then KIMI_MCP_* environment variables. */
  async defaults(ctx, io): Promise<AgentDefaults> {
    const root = await io.readValue(io.path.join(kimiHome(ctx.home, io.path), 'mcp.json'));
    const parsed = isRecord(root) && Object.hasOwn(root, 'mcp') ? KimiMcpDefaultsSchema.safeParse(root.mcp) : null;
    const fromFile = parsed?.success ? parsed.data : {};
    const out: AgentDefaults = {};
    const startup = envMs(ctx.env, KIMI_ENV.startupTimeoutMs) ?? fromFile.startupTimeoutMs;
    const tool = envMs(ctx.env, KIMI_ENV.toolTimeoutMs) ?? fromFile.toolTimeoutMs;
    if (startup !== undefined) out.startupTimeoutMs = startup;
    if (tool !== undefined) out.toolTimeoutMs = tool;
    return out;
  },
  detection: ({ home }, p) => ({ marker: kimiHome(home, p), configFiles: [p.join(kimiHome(home, p), 'mcp.json')] }),
};
