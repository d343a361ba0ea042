// NAME / PERM / DISC on the command line: names, collisions, simulate, disclosure, search.
// Every command takes hand-given tools (stdin or --tools FILE); without them it asks the
// connection engine through discoveredTools().
import { type Profile, type ServerStateKind, type ToolDef, type ToolSource } from '../../../shared/schemas/server';
import { assignNames, type NamedTool, type NamingReport, type NamingServerInput } from '../../../shared/naming/assign';
import { crossProfileView } from '../../../shared/naming/cross-profile';
import type { RegistryData } from '../../../shared/naming/minimax-registry';
import { DecisionSchema } from '../../../shared/permissions/rules';
import { simulate } from '../../../shared/permissions/simulate';
import { resolveDisclosureOptions } from '../../../shared/disclosure/options';
import { planDisclosure, type DisclosureToolInput } from '../../../shared/disclosure/plan';
import { ToolSearchIndex } from '../../../shared/disclosure/search';
import { InputError, parseJsonText, parseNameRows, parseQualifiedTools, parseRules, parseToolNames, qualifiedDefinitions, readJsonFile, rowsToServers } from '../../services/naming/inputs';
import { minimaxRegistryPath, NameRegistryStore, RegistryFileError } from '../../services/naming/registry-store';
import { resolve } from 'node:path';
import { engineFor } from './engine';
import { discoverOnce, poolForView } from './connection-commands';
import { type Command, type CommandContext, optInt, optString, printJson, requireString, UsageError, UserError, profileOption } from './command';

/** A server as the connection engine discovers it (pool.discover()), with full tool definitions. */
export interface DiscoveredServer extends NamingServerInput {
  source: ToolSource;
  state?: ServerStateKind;
  tools: ToolDef[];
}

/** The connection engine's discovered tools: one discovery round over the profile's servers. */
export async function discoveredTools(ctx: CommandContext, profile: Profile, workspace: string): Promise<DiscoveredServer[]> {
  const view = await (await engineFor(ctx)).config.load(profile, resolve(ctx.cwd, workspace));
  const pool = await poolForView(view, ctx);
  try {
    const round = await discoverOnce(pool);
    const byId = new Map(view.servers.flatMap((s) => (s.spec ? [[s.spec.id, s] as const] : [])));
    return round.servers.map((r) => {
      const s = byId.get(r.id);
      return {
        serverId: r.id,
        serverName: r.name,
        source: s?.spec?.source ?? 'configured',
        state: r.state.kind,
        subagent: s?.subagent ?? false,
        deferred: s?.deferred ?? false,
        tools: r.tools,
      };
    });
  } finally {
    await pool.dispose();
  }
}

async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof InputError || err instanceof RegistryFileError) throw new UserError(err.message);
    throw err;
  }
}

const workspaceOf = (ctx: CommandContext): string => optString(ctx, 'workspace') ?? ctx.cwd;

/** All of stdin, or null when it is a terminal or empty. */
async function readStdin(): Promise<string | null> {
  if (process.stdin.isTTY) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text.trim() === '' ? null : text;
}

/** names / collisions input: --tools FILE, else stdin, else discovered tools. */
async function nameInput(ctx: CommandContext, profile: Profile): Promise<{ servers: NamingServerInput[]; locate: (r: NamingReport) => NamedTool[] }> {
  const file = optString(ctx, 'tools');
  const raw = file !== undefined ? await readJsonFile(file) : await readStdin().then((t) => (t === null ? null : parseJsonText(t, 'stdin')));
  if (raw !== null) return rowsToServers(parseNameRows(raw, file ?? 'stdin'));
  const servers = await discoveredTools(ctx, profile, workspaceOf(ctx));
  return { servers, locate: (r) => r.tools };
}

/** minimax names: --registry FILE claims and persists; otherwise a read-only preview of the agent's registry. */
async function minimaxReport(ctx: CommandContext, servers: readonly NamingServerInput[]): Promise<NamingReport> {
  const file = optString(ctx, 'registry');
  if (file !== undefined) return new NameRegistryStore({ file }).assign(servers);
  const registry: RegistryData = await new NameRegistryStore({ file: minimaxRegistryPath(ctx.env) }).read();
  return assignNames('minimax', servers, { registry });
}

const reportFor = (ctx: CommandContext, profile: Profile, servers: readonly NamingServerInput[]): Promise<NamingReport> =>
  profile === 'minimax' ? minimaxReport(ctx, servers) : Promise.resolve(assignNames(profile, servers));

function nameRow(t: NamedTool): Record<string, unknown> {
  const row: Record<string, unknown> = {
    server: t.serverName,
    tool: t.tool,
    name: t.name,
    dropped: t.dropped,
    collidesWith: t.collidesWith ? { server: t.collidesWith.serverName, tool: t.collidesWith.tool, name: t.collidesWith.name, kind: t.collidesWith.kind } : null,
  };
  if (t.synthetic) row.synthetic = t.synthetic;
  if (t.wrappedBy) row.wrappedBy = t.wrappedBy;
  if (t.deferred) row.deferred = true;
  return row;
}

const toolsOption = { tools: { type: 'string' }, workspace: { type: 'string' } } as const;

const names: Command = {
  name: 'names',
  summary: 'Tool names an agent would show (NAME-1…3): [{server, tool, source?}] on stdin or --tools FILE',
  usage: 'names --profile minimax|kimi|minara [--tools FILE | < rows.json] [--registry FILE] [--json]',
  options: { profile: { type: 'string' }, registry: { type: 'string' }, ...toolsOption },
  run: (ctx) =>
    guard(async () => {
      const profile = profileOption(ctx);
      const { servers, locate } = await nameInput(ctx, profile);
      const rows = locate(await reportFor(ctx, profile, servers)).map(nameRow);
      if (ctx.opts.json) return printJson(ctx, rows);
      for (const r of rows) ctx.stdout(`${String(r.server)}/${String(r.tool)} → ${r.name === null ? (r.dropped ? 'DROPPED' : '(not shown)') : String(r.name)}\n`);
    }),
};

const collisions: Command = {
  name: 'collisions',
  summary: 'Name collisions per profile, or every scheme side by side (NAME-4)',
  usage: 'collisions [--profile minimax|kimi|minara|all] [--tools FILE | < rows.json] [--json]',
  options: { profile: { type: 'string' }, registry: { type: 'string' }, ...toolsOption },
  run: (ctx) =>
    guard(async () => {
      const which = optString(ctx, 'profile') ?? 'all';
      if (which !== 'all') {
        const profile = profileOption(ctx);
        const { servers } = await nameInput(ctx, profile);
        const r = await reportFor(ctx, profile, servers);
        const warnings = r.tools.filter((t) => t.differsFromRaw).map((t) => `${t.name} differs from the raw tool name "${t.tool}" of ${t.serverName}`);
        const out = { profile, collisions: r.collisions, events: r.events, warnings };
        if (ctx.opts.json) return printJson(ctx, out);
        for (const c of r.collisions) ctx.stdout(`${c.name}: ${c.winner.serverName}/${c.winner.tool} wins over ${c.loser.serverName}/${c.loser.tool} (${c.kind}, ${c.resolution}${c.assigned ? ` → ${c.assigned}` : ''})\n`);
        for (const w of warnings) ctx.stdout(`warning: ${w}\n`);
        return;
      }
      const { servers } = await nameInput(ctx, 'minimax');
      const registryFile = optString(ctx, 'registry');
      const registry = await new NameRegistryStore({ file: registryFile ?? minimaxRegistryPath(ctx.env) }).read();
      const view = crossProfileView(servers, registry);
      const out = {
        profiles: Object.fromEntries(Object.entries(view.reports).map(([p, r]) => [p, { collisions: r.collisions, events: r.events }])),
        tools: view.rows.map((r) => ({ server: r.serverName, tool: r.tool, names: r.names, warnings: r.warnings })),
      };
      if (ctx.opts.json) return printJson(ctx, out);
      for (const r of view.rows) ctx.stdout(`${r.serverName}/${r.tool}: minimax ${r.names.minimax ?? '-'} · kimi ${r.names.kimi ?? '-'} · minara ${r.names.minara ?? '-'}${r.warnings.length ? `\n  ${r.warnings.join('\n  ')}` : ''}\n`);
    }),
};

async function qualifiedNames(ctx: CommandContext, profile: Profile): Promise<string[]> {
  const file = optString(ctx, 'tools');
  if (file !== undefined) return parseToolNames(await readJsonFile(file), file);
  const servers = await discoveredTools(ctx, profile, workspaceOf(ctx));
  return (await reportFor(ctx, profile, servers)).tools.flatMap((t) => (t.name ? [t.name] : []));
}

const simulateCmd: Command = {
  name: 'simulate',
  summary: 'What permission rules decide for each tool, and which rules never match or are shadowed (PERM-4)',
  usage: 'simulate --profile minimax|kimi|minara --rules FILE [--tools FILE] [--default ask|allow|deny] [--json]',
  options: { profile: { type: 'string' }, rules: { type: 'string' }, default: { type: 'string' }, registry: { type: 'string' }, ...toolsOption },
  run: (ctx) =>
    guard(async () => {
      const profile = profileOption(ctx);
      const rulesFile = requireString(ctx, 'rules');
      const d = DecisionSchema.safeParse(optString(ctx, 'default') ?? 'ask');
      if (!d.success) throw new UsageError('--default must be ask, allow or deny');
      const rules = parseRules(await readJsonFile(rulesFile), rulesFile);
      const sim = simulate({ profile, rules, tools: await qualifiedNames(ctx, profile), defaultDecision: d.data });
      const out = {
        tools: sim.tools.map((t) => ({ name: t.name, decision: t.decision, rule: t.rule, ...(t.note ? { note: t.note } : {}) })),
        rules: sim.rules.map((r) => ({ list: r.list, index: r.index, rule: r.rule, matches: r.matches, neverMatches: r.neverMatches, shadowedBy: r.shadowedBy, unmatchable: r.unmatchable })),
        warnings: sim.warnings,
      };
      if (ctx.opts.json) return printJson(ctx, out);
      for (const t of sim.tools) ctx.stdout(`${t.decision.padEnd(5)} ${t.name}  ${t.rule ? `${t.rule.list}[${t.rule.index}] ${t.rule.rule}` : '(default)'}\n`);
      for (const w of sim.warnings) ctx.stdout(`warning: ${w}\n`);
    }),
};

/**
 * disclosure / search input: --tools FILE (qualified definitions), else the discovered tools
 * under the names the chosen profile gives them (minimax by default, as in the panel's picker).
 */
async function definitions(ctx: CommandContext): Promise<DisclosureToolInput[]> {
  const file = optString(ctx, 'tools');
  if (file !== undefined) return parseQualifiedTools(await readJsonFile(file), file);
  const profile = profileOption(ctx, 'minimax');
  const servers = await discoveredTools(ctx, profile, workspaceOf(ctx));
  return qualifiedDefinitions(await reportFor(ctx, profile, servers), servers);
}

async function disclosureOptions(ctx: CommandContext) {
  const configFile = optString(ctx, 'config');
  const resolved = resolveDisclosureOptions({ env: ctx.env, config: configFile !== undefined ? await readJsonFile(configFile) : undefined });
  for (const p of resolved.problems) ctx.stderr(`warning: ${p}\n`);
  return resolved;
}

const disclosure: Command = {
  name: 'disclosure',
  summary: 'Would minimax hide MCP tools behind tool_search for this model? Token cost per tool and server (DISC-1, DISC-4)',
  usage: 'disclosure --model provider/model --context-window N [--profile P] [--tools FILE] [--config FILE] [--json]',
  options: { model: { type: 'string' }, 'context-window': { type: 'string' }, config: { type: 'string' }, registry: { type: 'string' }, profile: { type: 'string' }, ...toolsOption },
  run: (ctx) =>
    guard(async () => {
      const model = requireString(ctx, 'model');
      const contextWindow = optInt(ctx, 'context-window');
      if (contextWindow === undefined || contextWindow <= 0) throw new UsageError('--context-window N is required (a positive number of tokens)');
      const { options, table } = await disclosureOptions(ctx);
      const plan = planDisclosure({ tools: await definitions(ctx), model, contextWindow, options });
      const out = {
        deferred: plan.deferred,
        estTokens: plan.estTokens,
        thresholdTokens: plan.thresholdTokens,
        reason: plan.reason,
        inline: plan.inline,
        hidden: plan.hidden,
        explanation: plan.explanation,
        totalTokens: plan.totalTokens,
        contextShare: plan.contextShare,
        perServer: plan.perServer,
        perTool: plan.perTool,
        options: table.map((o) => ({ key: o.key, env: o.env, configKey: o.configKey, default: o.default, value: o.value, origin: o.origin })),
      };
      if (ctx.opts.json) return printJson(ctx, out);
      ctx.stdout(`${plan.deferred ? 'DEFERRED' : 'inline'}: ${plan.explanation}\n`);
      for (const s of plan.perServer) ctx.stdout(`  ${s.server}: ${s.tools} tools, ~${s.tokens} tokens${s.deferrable ? '' : ' (never deferred)'}\n`);
    }),
};

const search: Command = {
  name: 'search',
  summary: 'Try a tool_search query: BM25 (keyword) or regex over names and descriptions (DISC-2)',
  usage: 'search QUERY [--regex] [--top-k N] [--profile P] [--tools FILE] [--config FILE] [--json]',
  options: { regex: { type: 'boolean' }, 'top-k': { type: 'string' }, config: { type: 'string' }, registry: { type: 'string' }, profile: { type: 'string' }, ...toolsOption },
  run: (ctx) =>
    guard(async () => {
      const query = ctx.args.join(' ');
      if (query.trim() === '') throw new UsageError('give a QUERY');
      const { options } = await disclosureOptions(ctx);
      const tools = (await definitions(ctx)).map((t) => ({ ...t.definition, name: t.name }));
      const index = new ToolSearchIndex(tools, options);
      const res = index.search(query, { mode: ctx.opts.regex ? 'regex' : 'keyword', topK: optInt(ctx, 'top-k') });
      if (!res.ok) throw new UserError(res.error.message);
      if (ctx.opts.json) return printJson(ctx, { results: res.results });
      for (const r of res.results) ctx.stdout(`${r.score.toFixed(3).padStart(8)}  ${r.name}  ${r.definition.description}\n`);
    }),
};

/** Commands of this area: names, collisions, simulate, disclosure, search. */
export const namingCommands: Command[] = [names, collisions, simulateCmd, disclosure, search];
