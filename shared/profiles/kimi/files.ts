// CFG-1 kimi as @moonshot-ai/kimi-code 2.1.0 reads its files (README.md here has the sources):
// <KIMI_CODE_HOME>/mcp.json → <git root>/.mcp.json → <cwd>/.kimi-code/mcp.json, later wins whole
// entries (app/mcpConfig/configLoader.ts, dist:109226-109262).
// - KIMI_CODE_HOME, when set and not empty, else ~/.kimi-code (dist:109028 resolveKimiHome;
//   dist:62044 and dist:302754 skip an empty value) holds every Kimi path: mcp.json, config.toml,
//   workspace-trust/.
// - The two project files are read only when Kimi itself trusts the working folder
//   (`includeProject: this.trust.isTrusted()`, dist:121826): its own record
//   `<KIMI_CODE_HOME>/workspace-trust/wd_<slug(basename)>_<sha256(cwd)[0:12]>`, for that exact
//   folder (workspaceTrust/trustRecord.ts dist:121920-121959, workdir-slug.ts dist:64355-64370).
//   The panel's own trust still decides what the panel starts (SEC-5).
// - Global timeouts: `[mcp]` in config.toml, then KIMI_MCP_STARTUP_TIMEOUT_MS /
//   KIMI_MCP_TOOL_TIMEOUT_MS when each is an integer from 1 to 2147483647 (configSection.ts,
//   dist:121521-121553; config/configService.ts resolveBinding dist:190151).
import type { AgentDefaults } from '../fields';
import type { AgentFiles, AgentIo, LayerEnv, LayerLocation, LoadContext, PathApi } from '../loading';
import { isRecord } from '../places';
import { KIMI_DEFAULTS, KIMI_ENV, KimiMcpSectionSchema, MAX_KIMI_TIMEOUT_MS } from './dialect';

/** resolveKimiHome: KIMI_CODE_HOME when it is set and not empty, else ~/.kimi-code. */
export function kimiHome(where: Pick<LayerEnv, 'env' | 'home'>, p: PathApi): string {
  const given = where.env.KIMI_CODE_HOME;
  return given ? p.resolve(given) : p.join(where.home, KIMI_DEFAULTS.dataDir);
}

/** parseTimeoutMsEnv: `Number(raw)`, kept only as an integer from 1 to 2147483647. */
export function kimiEnvMs(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= MAX_KIMI_TIMEOUT_MS ? n : undefined;
}

/** slugifyWorkDirName (workdir-slug.ts). */
function slug(name: string): string {
  const s = name.toLowerCase().replaceAll(/[^a-z0-9._-]+/g, '-').replaceAll(/^-+|-+$/g, '').slice(0, 40).replaceAll(/^-+|-+$/g, '');
  return s === '' || s === '.' || s === '..' ? 'workspace' : s;
}

/** encodeWorkDirKey: `wd_<slug of the last part>_<first 12 hex of sha256 of the path>`. */
export function kimiWorkDirKey(workDir: string, sha256Hex: (text: string) => string): string {
  const normalized = workDir.replace(/\\/g, '/').replace(/\/+$/, '');
  return `wd_${slug(normalized.split('/').pop() ?? normalized)}_${sha256Hex(normalized).slice(0, 12)}`;
}

/** canonicalWorkspaceRoot (dist:109104): resolved, `/`-separated, a Windows-shaped path lower-cased. */
function canonicalRoot(cwd: string, p: PathApi): string {
  const resolved = p.resolve(cwd).replaceAll('\\', '/');
  const shaped = /^(?:[A-Za-z]:[\\/]|\\\\|\/\/)/.test(resolved);
  const normalized = resolved.replace(/\/+$/, '');
  return (shaped ? normalized.toLowerCase() : normalized) || resolved;
}

/** readWorkspaceTrust: the canonical key's record, else the legacy (as-given) key's, exists and parses. */
export async function kimiTrusts(ctx: Pick<LoadContext, 'env' | 'home'>, cwd: string, io: AgentIo): Promise<{ trusted: boolean; record: string }> {
  const dir = io.path.join(kimiHome(ctx, io.path), 'workspace-trust');
  const record = io.path.join(dir, kimiWorkDirKey(canonicalRoot(cwd, io.path), io.sha256Hex));
  if ((await io.readValue(record, 'json')) !== undefined) return { trusted: true, record };
  const legacy = io.path.join(dir, kimiWorkDirKey(cwd, io.sha256Hex));
  return { trusted: legacy !== record && (await io.readValue(legacy, 'json')) !== undefined, record };
}

export const KIMI_FILES: AgentFiles = {
  async layers(where: LayerEnv, io) {
    const p = io.path;
    const out: LayerLocation[] = [{ layer: 'user', path: p.join(kimiHome(where, p), 'mcp.json'), writable: true, needsTrust: false }];
    const { workspace } = where;
    if (workspace) {
      const root = (await io.gitRoot(workspace)) ?? workspace;
      out.push({ layer: 'project', path: p.join(root, '.mcp.json'), writable: true, needsTrust: true, confineTo: root });
      out.push({ layer: 'project-local', path: p.join(workspace, '.kimi-code', 'mcp.json'), writable: true, needsTrust: true, confineTo: workspace });
    }
    return out;
  },
  /** Kimi's own trust of the exact working folder: without it, only the user file is read. */
  async agentTrust(ctx, _loc, io) {
    if (!ctx.workspace) return null;
    const { trusted, record } = await kimiTrusts(ctx, ctx.workspace, io);
    return trusted ? null : `Kimi Code has not trusted ${ctx.workspace} (it keeps that in ${record}): it reads only its user file there, not this project file; trust the folder when Kimi asks`;
  },
  /** `[mcp]` of config.toml (snake_case), then KIMI_MCP_*; the built-in defaults last. */
  async defaults(ctx, io): Promise<AgentDefaults> {
    const root = await io.readValue(io.path.join(kimiHome(ctx, io.path), 'config.toml'), 'toml');
    const parsed = isRecord(root) && Object.hasOwn(root, 'mcp') ? KimiMcpSectionSchema.safeParse(root.mcp) : null;
    const fromFile = parsed?.success ? parsed.data : {};
    return {
      startupTimeoutMs: kimiEnvMs(ctx.env[KIMI_ENV.startupTimeoutMs]) ?? fromFile.startup_timeout_ms ?? KIMI_DEFAULTS.startupTimeoutMs,
      toolTimeoutMs: kimiEnvMs(ctx.env[KIMI_ENV.toolTimeoutMs]) ?? fromFile.tool_timeout_ms ?? KIMI_DEFAULTS.toolTimeoutMs,
    };
  },
  dataDir: async (where, io) => kimiHome(where, io.path),
  detection: (where, p) => ({ marker: kimiHome(where, p), configFiles: [p.join(kimiHome(where, p), 'mcp.json')] }),
};
