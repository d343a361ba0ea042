// bench:plan's machine (issue 39 item 4): one person's HOME with the same MCP servers in every
// agent's user file, written in each agent's own spelling (test/helpers/agent-files.ts), and the
// dead weight people really carry: server-everything configured twice under two names (copied
// from another agent's file), two GitHub-like servers that offer the same search tools, and each
// agent's own rules refusing the destructive tools in that agent's own rule file.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { CanonicalEntry } from '../../shared/install/canonical';
import { profileFacts } from '../../shared/profiles';
import { composeName } from '../../shared/profiles/gemini/rules';
import type { Profile } from '../../shared/schemas/server';
import { ConfigService } from '../../electron/services/config/config-service';
import { engineProfile, resolveLayerPaths } from '../../electron/services/config/profiles';
import { writeAgentFiles } from '../../test/helpers/agent-files';
import { startEverythingHttp } from '../../test/helpers/everything';
import { bundleFixtures, EVERYTHING, fixture } from '../../test/helpers/fixtures';
import { startHttpFixture } from '../../test/helpers/panel-home';
import { full } from '../short';

/** The agents with a filter field of their own, then the two that have none (the plan can only say); the short run keeps Kimi, the one that defers a server by its own field. */
export const AGENTS: readonly Profile[] = full(['codex', 'gemini', 'qwen', 'copilot', 'kimi', 'minara', 'goose', 'antigravity', 'claude-code', 'minimax'], ['codex', 'gemini', 'kimi', 'claude-code']);

/** A server by its fixture (null: server-everything, the registry's reference server) and its arguments after the transport. */
interface Spec {
  fixture: string | null;
  args?: string[];
}
/** A many-tools server: `shared` tools named `tool_i` with the same definition on every such server, the rest `<prefix>tool_i`. */
const many = (count: number, prefix: string, shared: number, variant?: string): Spec => ({
  fixture: 'many-tools',
  args: ['--count', String(count), '--prefix', prefix, '--shared', String(shared), ...(variant ? ['--variant', variant] : [])],
});
const SPECS: Readonly<Record<string, Spec>> = full<Record<string, Spec>>(
  {
    everything: { fixture: null },
    // The same reference server again under the name another agent's file gave it.
    everything2: { fixture: null },
    echo: { fixture: 'echo' },
    legacy: { fixture: 'v1-full' },
    v2: { fixture: 'v2' },
    // Two GitHub-like servers (github.com and an Enterprise one) whose first 12 search tools are the same definitions.
    github: many(60, 'gh_', 12),
    ghe: many(60, 'ghe_', 12),
    jira: many(40, 'jira_', 0, ' (jira)'),
  },
  { everything: { fixture: null }, everything2: { fixture: null }, echo: { fixture: 'echo' }, github: many(15, 'gh_', 5), ghe: many(15, 'ghe_', 5) },
);
const script = (s: Spec) => (s.fixture === null ? EVERYTHING : fixture(`test/fixtures/servers/${s.fixture}.mjs`));
export const SERVERS: Readonly<Record<string, CanonicalEntry>> = Object.fromEntries(
  Object.entries(SPECS).map(([name, s]) => [name, { transport: 'stdio', command: process.execPath, args: [script(s), 'stdio', ...(s.args ?? [])], enabled: true }]),
);

/** The same servers over streamable HTTP, for an agent that takes no stdio server (Minara); both everything names share one process, as a copied URL does. */
async function httpServers(): Promise<{ servers: Record<string, CanonicalEntry>; stop(): Promise<void> }> {
  const everything = await startEverythingHttp();
  const started = await Promise.all(Object.values(SPECS).map((s) => (s.fixture === null ? null : startHttpFixture(s.fixture, s.args))));
  const urls = Object.keys(SPECS).map((_, i) => started[i]?.url ?? everything.url);
  return {
    servers: Object.fromEntries(Object.keys(SPECS).map((name, i) => [name, { transport: 'http', url: urls[i]!, enabled: true }])),
    stop: async () => void (await Promise.all([everything.stop(), ...started.map((s) => s?.stop())])),
  };
}

const range = (prefix: string, from: number, to: number) => Array.from({ length: to - from }, (_, i) => `${prefix}tool_${from + i}`);
/** The destructive tools the person's rules refuse, on the server they were first configured under (the copies are not covered). */
export const DENIED: ReadonlyArray<readonly [string, string]> = (
  [
    ...['get-env', 'gzip-file-as-resource', 'toggle-simulated-logging', 'toggle-subscriber-updates'].map((t) => ['everything', t]),
    ['echo', 'env'],
    ...full(range('gh_', 54, 60), range('gh_', 12, 15)).map((t) => ['github', t]),
    ...range('jira_', 35, 40).map((t) => ['jira', t]),
  ] as Array<[string, string]>
).filter(([s]) => s in SERVERS);

/** How each agent's own rule file says "never call this" (none: the agent has no rule file the panel reads). */
const DENY_SHAPE: Partial<Record<Profile, (names: string[]) => Record<string, unknown>>> = {
  'claude-code': (deny) => ({ permissions: { deny } }), // ~/.claude/settings.json
  gemini: (exclude) => ({ tools: { exclude } }), // ~/.gemini/settings.json tools.exclude (a deny rule at priority 4.4)
  qwen: (deny) => ({ permissions: { deny } }),
  kimi: (deny) => ({ permissions: { deny } }), // the seeds' rule lists in the agent's own mcp.json
  minara: (deny) => ({ permissions: { deny } }),
  minimax: (deny) => ({ permissions: { deny } }),
};
const qualified = (p: Profile, server: string, tool: string) => (p === 'gemini' ? composeName(server, tool) : `${profileFacts(p).naming.prefix}${server}${profileFacts(p).naming.sep}${tool}`);

const merge = (into: Record<string, unknown>, add: Record<string, unknown>): Record<string, unknown> => {
  for (const [k, v] of Object.entries(add)) {
    const cur = into[k];
    into[k] = typeof v === 'object' && v && !Array.isArray(v) && typeof cur === 'object' && cur && !Array.isArray(cur) ? merge(cur as Record<string, unknown>, v as Record<string, unknown>) : v;
  }
  return into;
};
function mergeJson(path: string, add: Record<string, unknown>): void {
  const doc = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>) : {};
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(merge(doc, add), null, 2));
}

/**
 * Codex decides by annotations (shared/profiles/codex/rules.ts): run with `approval_policy =
 * "never"` (scripts, `codex exec`), a call that would ask is refused. The person approved the
 * servers they trust, left server-everything (both copies) on `auto` (its tools without
 * readOnlyHint would ask, so they are refused) and set the destructive ones to `prompt`.
 */
function codexRules(text: string): string {
  const approved = Object.keys(SERVERS).filter((s) => !s.startsWith('everything'));
  let out = text.replace(/^model = .*$/m, (m) => `${m}\napproval_policy = "never"`);
  for (const s of approved) out = out.replace(`[mcp_servers.${s}]\n`, `[mcp_servers.${s}]\ndefault_tools_approval_mode = "approve"\n`);
  const prompts = DENIED.filter(([s]) => approved.includes(s)).map(([s, t]) => `[mcp_servers.${s}.tools.${t}]\napproval_mode = "prompt"\n`);
  return `${out}\n${prompts.join('\n')}`;
}

export interface Machine {
  root: string;
  home: string;
  workspace: string;
  env: NodeJS.ProcessEnv;
  /** Per agent, the deny rules written in its own rule file (codex: by annotations, not counted here). */
  rules: Map<Profile, number>;
  codexConfig: string;
  /** Stops the HTTP servers started for Minara. */
  stop(): Promise<void>;
}

export async function makeMachine(): Promise<Machine> {
  const root = mkdtempSync(join(tmpdir(), 'bench-plan-'));
  const home = join(root, 'home');
  const workspace = join(root, 'project');
  mkdirSync(join(workspace, '.git'), { recursive: true });
  mkdirSync(home, { recursive: true });
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, USERPROFILE: home, XDG_CONFIG_HOME: join(home, '.config'), MCP_PANEL_DATA_DIR: join(root, 'panel-data') };
  for (const k of ['XDG_DATA_HOME', 'MINIMAX_DATA_DIR', 'GEMINI_CLI_TRUST_WORKSPACE', 'CODEX_HOME']) delete env[k];
  await bundleFixtures();
  const where = { env, home, workspace };
  // Minara takes remote servers only: its file lists the same servers over HTTP, started here.
  const http = AGENTS.includes('minara') ? await httpServers() : null;
  const rules = new Map<Profile, number>();
  let codexConfig = '';
  try {
    // Plain JSON where the format allows it (JSONC, YAML), so the rule files below merge by JSON.parse.
    await writeAgentFiles(where, AGENTS, (p, layer) => (layer !== 'user' ? undefined : p === 'minara' ? http!.servers : { ...SERVERS }), { layers: ['user'], jsonOnly: true });
    for (const p of AGENTS) {
      const shape = DENY_SHAPE[p];
      if (!shape) continue;
      const engine = engineProfile(p);
      const locs = engine.ruleFiles ? await engine.ruleFiles(where) : await resolveLayerPaths(p, where);
      const user = locs.find((l) => l.layer === 'user');
      if (!user) throw new Error(`${p}: no user rule file`);
      mergeJson(user.path, shape(DENIED.map(([s, t]) => qualified(p, s, t))));
      rules.set(p, DENIED.length);
    }
    codexConfig = (await resolveLayerPaths('codex', where)).find((l) => l.layer === 'user')!.path;
    if (AGENTS.includes('codex')) writeFileSync(codexConfig, codexRules(readFileSync(codexConfig, 'utf8')));
    // Gemini CLI starts nothing in a folder it does not trust; the panel's own trust (SEC-5) likewise.
    mergeJson(join(home, '.gemini', 'trustedFolders.json'), { [workspace]: 'TRUST_FOLDER' });
    await new ConfigService({ env, cwd: workspace }).trust.trust(workspace);
  } catch (err) {
    await http?.stop();
    throw err;
  }
  return { root, home, workspace, env, rules, codexConfig, stop: async () => void (await http?.stop()) };
}
