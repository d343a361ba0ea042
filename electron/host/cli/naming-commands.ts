// NAME / PERM / DISC on the command line: names, collisions, simulate, disclosure, search. Each
// calls the contract method the panel calls (tools.list, permissions.simulate, disclosure.plan,
// disclosure.search) and only formats the answer. Hand-given tools (--tools FILE, or stdin for
// names/collisions) go in as the method's `catalog`; without them the running servers answer.
import type { CatalogInput, CollisionRow, ToolsView } from '../../../shared/contract';
import type { Profile } from '../../../shared/schemas/server';
import { profileFacts } from '../../../shared/profiles';
import { translate, translateCode } from '../../../shared/i18n';
import { InputError, catalogOf, parseJsonText, readJsonFile, toolsFile, type ToolsFile } from '../../services/naming/inputs';
import { NameRegistryStore, RegistryFileError } from '../../services/naming/registry-store';
import { type Command, type CommandContext, optInt, optString, printJson, requireString, UsageError, UserError, profileOption } from './command';
import { type AnswerSource, type PanelCall, withPanel } from './panel-call';
import { rulesFor } from '../../services/agent-view/registry';
import { issueSentence } from '../../../shared/i18n/agent-view';

async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof InputError || err instanceof RegistryFileError) throw new UserError(err.message);
    throw err;
  }
}

/** All of stdin, or null when it is a terminal or empty. */
async function readStdin(): Promise<string | null> {
  if (process.stdin.isTTY) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text.trim() === '' ? null : text;
}

/** --tools FILE, else (names, collisions) stdin, else null: the running servers' tools. */
async function givenTools(ctx: CommandContext, stdin: boolean): Promise<{ file: ToolsFile; where: string } | null> {
  const path = optString(ctx, 'tools');
  if (path !== undefined) return { file: toolsFile(await readJsonFile(path)), where: path };
  const text = stdin ? await readStdin() : null;
  return text === null ? null : { file: toolsFile(parseJsonText(text, 'stdin')), where: 'stdin' };
}

type Given = Awaited<ReturnType<typeof givenTools>>;
type CatalogArgs = { catalog?: CatalogInput['catalog']; registry?: CatalogInput['registry'] };

/**
 * The catalog part of a call. `--registry FILE`: minimax names against FILE instead of the
 * agent's registry; with `claim`, the catalog's names are also claimed in FILE (and persisted)
 * as the agent does at start (NAME-1).
 */
async function catalogArgs(ctx: CommandContext, call: PanelCall, given: Given, profile: Profile, claim: boolean): Promise<CatalogArgs> {
  const args: CatalogArgs = given ? { catalog: catalogOf(given.file, given.where) as CatalogArgs['catalog'] } : {};
  const path = optString(ctx, 'registry');
  if (path === undefined) return args;
  const store = new NameRegistryStore({ file: path });
  args.registry = await store.read();
  if (!claim || profileFacts(profile).naming.collisions !== 'registry') return args;
  const view = await call('tools.list', args);
  await store.assign(
    view.servers.map((s) => ({ serverId: s.id, serverName: s.name, source: s.source, state: s.state, tools: view.tools.filter((t) => t.serverId === s.id).map((t) => ({ name: t.tool })) })),
  );
  // Named against the registry the claim started from: same names, and who they collided with.
  return args;
}

/** names / collisions: the tools.list answer, in the order the tools were given. */
async function toolsView(ctx: CommandContext, profile: Profile, opts: { claim: boolean; warnings: boolean; agents?: Profile[]; only?: 'warned' }): Promise<ToolsView & { source: AnswerSource }> {
  const given = await givenTools(ctx, true);
  return withPanel(ctx, { profile, live: given === null, reads: true }, async (call, source) => {
    const args = await catalogArgs(ctx, call, given, profile, opts.claim);
    // Neither command prints CONN-11 findings or CTX-1 limits (`tools`, `status` and the Tools view do): not worked out for them.
    const view = await call('tools.list', { ...args, warnings: opts.warnings, findings: false, limits: false, ...(opts.agents ? { agents: opts.agents } : {}), ...(opts.only ? { only: opts.only } : {}) });
    if (!args.catalog) return { ...view, source };
    const order = new Map(args.catalog.map((r, i) => [JSON.stringify([r.server, r.tool]), i] as const).reverse());
    // Each row's place looked up once, not twice per comparison (10,000 rows with --all-names).
    const at = new Map(view.tools.map((t) => [t, order.get(JSON.stringify([t.serverName, t.tool])) ?? Infinity]));
    return { ...view, tools: [...view.tools].sort((a, b) => at.get(a)! - at.get(b)!), source };
  });
}

/** NAME-2: the event kimi logs when it drops the loser of a collision. */
function collisionEvent(c: CollisionRow) {
  return {
    type: 'MCP_TOOL_NAME_COLLISION' as const,
    qualified: c.name,
    serverName: c.loser.serverName,
    toolName: c.loser.tool,
    collidesWith: c.kind === 'same_server' ? { kind: c.kind, toolName: c.winner.tool } : { kind: c.kind, serverName: c.winner.serverName, toolName: c.winner.tool },
  };
}

const collisionsOf = (view: ToolsView, p: Profile) => {
  const collisions = view.collisions.filter((c) => c.profile === p);
  return { collisions, events: profileFacts(p).naming.collisionEvent ? collisions.map(collisionEvent) : [] };
};

// --refresh: reconnect every server instead of asking the running panel or the cached lists.
const catalogOptions = { profile: { type: 'string' }, tools: { type: 'string' }, workspace: { type: 'string' }, registry: { type: 'string' }, refresh: { type: 'boolean' }, verbose: { type: 'boolean' } } as const;

const names: Command = {
  name: 'names',
  summary: 'Tool names an agent would show (NAME-1…3): --tools FILE or stdin, else the running servers',
  usage: 'names --profile minimax|kimi|minara [--tools FILE | < tools.json] [--registry FILE] [--workspace DIR] [--refresh] [--json]',
  options: catalogOptions,
  run: (ctx) =>
    guard(async () => {
      const profile = profileOption(ctx);
      // One agent's names: the others' are not worked out (issue 44: 10,000 tools × every agent).
      const view = await toolsView(ctx, profile, { claim: true, warnings: true, agents: [profile] });
      // NAME-4 / issue 34: a name this agent's model API refuses (Claude Code sends one over 64 as it is) is said beside it.
      const refusedBy = (t: ToolsView['tools'][number]) => (t.warnings ?? []).find((w) => w.params.profile === profile && (w.code === 'too-long' || w.code === 'refused'));
      // CONN-3: why a server's tools are not the agent's this turn, in the catalogue's English.
      const missed = new Map(view.servers.filter((s) => s.missedTurn).map((s) => [s.id, issueSentence('en', { code: s.missedTurn!.turns === 'session' ? 'slow_session' : 'slow', params: { agent: rulesFor(profile).agent, ...s.missedTurn! } })]));
      const rows = view.tools.map((t) => ({
        server: t.serverName,
        tool: t.tool,
        name: t.names[profile],
        dropped: t.dropped,
        collidesWith: t.collidesWith ? { server: t.collidesWith.serverName, tool: t.collidesWith.tool, name: t.collidesWith.name, kind: t.collidesWith.kind } : null,
        ...(t.deferred ? { deferred: true } : {}),
        // A tool the agent makes up: kimi's authenticate (needs-auth), minara's query (subagent).
        ...(t.synthetic ? { synthetic: t.synthetic } : {}),
        ...(t.late ? { notThisTurn: missed.get(t.serverId) ?? translate('en', 'naming.warn.late', { profile }) } : {}),
        ...(refusedBy(t) ? { refused: translateCode('en', 'naming.warn', refusedBy(t)!) } : {}),
      }));
      if (ctx.opts.json) return printJson(ctx, rows);
      for (const r of rows) {
        const shown = r.name ?? (r.dropped ? 'DROPPED' : r.notThisTurn ? `(not this turn: ${r.notThisTurn})` : '(not shown)');
        ctx.stdout(`${r.server}/${r.tool} → ${shown}${r.synthetic ? `  (made up by ${rulesFor(profile).agent})` : ''}${r.refused ? `  REFUSED: ${r.refused}` : ''}\n`);
      }
    }),
};

const collisions: Command = {
  name: 'collisions',
  summary: 'Name collisions per profile, or every scheme side by side (NAME-4)',
  usage: 'collisions [--profile PROFILE|all] [--tools FILE | < tools.json] [--registry FILE] [--workspace DIR] [--refresh] [--all-names] [--json]',
  options: { ...catalogOptions, 'all-names': { type: 'boolean' } },
  run: (ctx) =>
    guard(async () => {
      const all = (optString(ctx, 'profile') ?? 'all') === 'all';
      const profile: Profile = all ? 'minimax' : profileOption(ctx);
      // Issue 44: what was asked, proportionate: the tools with a warning, every name only with
      // --all-names; one agent's collisions name that agent's tools only.
      const allNames = !!ctx.opts['all-names'];
      const view = await toolsView(ctx, profile, { claim: false, warnings: true, ...(all ? {} : { agents: [profile] }), ...(allNames ? {} : { only: 'warned' as const }) });
      // One agent's collisions say that agent's warnings only; all: the agents named (the detected ones).
      const mine = (w: { params: Record<string, string> }) => all || w.params.profile === profile;
      const warned = view.tools.map((t) => ({ server: t.serverName, tool: t.tool, names: t.names, warnings: (t.warnings ?? []).filter(mine).map((w) => translateCode('en', 'naming.warn', w)) }));
      const named = view.agents;
      if (!all) {
        const out = { profile, ...collisionsOf(view, profile), warnings: warned.flatMap((t) => t.warnings), source: view.source };
        if (ctx.opts.json) return printJson(ctx, out);
        for (const c of out.collisions) ctx.stdout(`${c.name}: ${c.why}\n`);
        for (const w of out.warnings) ctx.stdout(`warning: ${w}\n`);
        return;
      }
      const shown = allNames ? warned : warned.filter((t) => t.warnings.length > 0);
      const out = { profiles: Object.fromEntries(named.map((p) => [p, collisionsOf(view, p)])), tools: shown, source: view.source };
      if (ctx.opts.json) return printJson(ctx, out);
      for (const r of shown) ctx.stdout(`${r.server}/${r.tool}: ${named.map((p) => `${p} ${r.names[p] ?? '-'}`).join(' · ')}${r.warnings.length ? `\n  ${r.warnings.join('\n  ')}` : ''}\n`);
    }),
};

const simulateCmd: Command = {
  name: 'simulate',
  summary: 'What permission rules decide for each tool, and which rules never match or are shadowed (PERM-4); without --rules, the rules of the agent\'s own files',
  usage: 'simulate --profile PROFILE [--rules FILE] [--tools FILE] [--default ask|allow|deny] [--registry FILE] [--workspace DIR] [--refresh] [--json]',
  options: { ...catalogOptions, rules: { type: 'string' }, default: { type: 'string' } },
  run: (ctx) =>
    guard(async () => {
      const profile = profileOption(ctx);
      const rulesFile = optString(ctx, 'rules');
      // No --rules: the host reads the rules from the profile's files (trusted layers only).
      const rules = rulesFile === undefined ? {} : { rules: await readJsonFile(rulesFile) };
      const given = await givenTools(ctx, false);
      const sim = await withPanel(ctx, { profile, live: given === null, reads: true }, async (call) => {
        // PERM-4: a list of qualified names is simulated as typed; anything else is named first.
        const tools = given?.file.kind === 'named' ? { tools: given.file.items.map((i) => i.name) } : await catalogArgs(ctx, call, given, profile, true);
        return call('permissions.simulate', { ...rules, defaultDecision: optString(ctx, 'default') as never, ...tools });
      });
      // UI-9: the host sends codes; the CLI says them in the catalogue's English.
      const say = (n: { code: string; params?: Record<string, string | number> }) => translateCode('en', 'perm.note', n);
      const label = (r: { list: string; index: number; rule: string }) => `${r.list} #${r.index + 1} "${r.rule}"`;
      const warnings = sim.rules.flatMap((r) => {
        const lines = [...r.notes.map(say), ...(r.unmatchable ? [say(r.unmatchable)] : []), ...(r.shadowedBy ? [translate('en', 'perm.shadowed', { by: label(r.shadowedBy) })] : [])];
        return lines.map((w) => `${label(r)}${r.source ? ` (${r.source.layer} ${r.source.path})` : ''}: ${w}`);
      });
      const out = {
        tools: sim.tools.map((t) => ({ name: t.name, decision: t.decision, rule: t.rule, ...(t.note ? { note: say(t.note) } : {}) })),
        rules: sim.rules.map((r) => ({
          list: r.list,
          index: r.index,
          rule: r.rule,
          matches: r.matches,
          neverMatches: r.neverMatches,
          shadowedBy: r.shadowedBy,
          unmatchable: r.unmatchable ? say(r.unmatchable) : null,
          ...(r.source ? { source: r.source } : {}),
        })),
        warnings,
        // How the panel reads this agent's rules and what it does not simulate.
        ...(profileFacts(profile).rules.note ? { profileNote: say(profileFacts(profile).rules.note!) } : {}),
      };
      if (ctx.opts.json) return printJson(ctx, out);
      if (out.profileNote) ctx.stdout(`note: ${out.profileNote}\n`);
      for (const t of sim.tools) ctx.stdout(`${t.decision.padEnd(5)} ${t.name}  ${t.rule ? label(t.rule) : '(default)'}\n`);
      for (const w of warnings) ctx.stdout(`warning: ${w}\n`);
    }),
};

/** disclosure / search: the profile (minimax by default, as the panel's picker), the catalog and the options config. */
async function disclosureCall<T>(ctx: CommandContext, work: (call: PanelCall, args: CatalogArgs & { config?: Record<string, unknown> }) => Promise<T>): Promise<T & { source: AnswerSource }> {
  const profile = profileOption(ctx, 'minimax');
  const configFile = optString(ctx, 'config');
  const config = configFile !== undefined ? ((await readJsonFile(configFile)) as Record<string, unknown>) : undefined;
  const given = await givenTools(ctx, false);
  return withPanel(ctx, { profile, live: given === null, reads: true }, async (call, source) => ({
    ...(await work(call, { ...(await catalogArgs(ctx, call, given, profile, true)), ...(config !== undefined ? { config } : {}) })),
    source,
  }));
}

const disclosure: Command = {
  name: 'disclosure',
  summary: 'Would minimax hide MCP tools behind tool_search for this model? Token cost per tool and server (DISC-1, DISC-4)',
  usage: 'disclosure --model provider/model --context-window N [--profile P] [--tools FILE] [--config FILE] [--registry FILE] [--workspace DIR] [--refresh] [--json]',
  options: { ...catalogOptions, model: { type: 'string' }, 'context-window': { type: 'string' }, config: { type: 'string' } },
  run: (ctx) =>
    guard(async () => {
      const model = requireString(ctx, 'model');
      const contextWindow = optInt(ctx, 'context-window');
      if (contextWindow === undefined || contextWindow <= 0) throw new UsageError('--context-window N is required (a positive number of tokens)');
      const plan = await disclosureCall(ctx, (call, args) => call('disclosure.plan', { ...args, model, contextWindow }));
      for (const p of plan.problems ?? []) ctx.stderr(`warning: ${p}\n`);
      const { deferred, estTokens, thresholdTokens, reason, inline, hidden, explanation, totalTokens, contextShare, perServer, perTool } = plan;
      const out = { deferred, estTokens, thresholdTokens, reason, inline, hidden, explanation, totalTokens, contextShare, perServer, perTool, profileNote: plan.profileNote, options: plan.optionTable, configFile: plan.configFile ?? null, edits: plan.edits ?? [], source: plan.source };
      if (ctx.opts.json) return printJson(ctx, out);
      ctx.stdout(`${deferred ? 'DEFERRED' : 'inline'}: ${explanation}\n`);
      if (plan.profileNote) ctx.stdout(`${plan.profileNote}\n`);
      for (const s of perServer) ctx.stdout(`  ${s.server}: ${s.tools} tools, ~${s.tokens} tokens${s.deferrable ? '' : ' (never deferred)'}\n`);
      // DISC-1: where each deciding option comes from, and the edit that changes the verdict.
      if (plan.profileNoteCode === null || plan.profileNoteCode === undefined) {
        for (const o of (plan.optionTable ?? []).filter((x) => ['modelWhitelist', 'thresholdPct', 'enabled', 'minDeferCount'].includes(x.key))) {
          const from = o.origin === 'env' ? `from ${o.env}` : o.origin === 'config' ? `from ${o.configKey} in ${o.file ?? 'the config'}` : `default; set ${o.configKey}${plan.configFile ? ` in ${plan.configFile}` : ''} or ${o.env}`;
          ctx.stdout(`  ${o.key} = ${JSON.stringify(o.value)} (${from})\n`);
        }
      }
      for (const e of plan.edits ?? []) {
        const yaml = e.yaml.trimEnd().split('\n').map((l) => `    ${l}`).join('\n');
        ctx.stdout(`to change it: add to ${e.file ?? 'the agent\'s config'}:\n${yaml}\n  or set ${e.env}${e.envSet ? ' (the environment sets it now, and wins over the file)' : ''}\n`);
      }
    }),
};

const search: Command = {
  name: 'search',
  summary: 'Try a tool_search query: BM25 (keyword) or regex over names and descriptions (DISC-2)',
  usage: 'search QUERY [--regex] [--top-k N] [--profile P] [--tools FILE] [--config FILE] [--registry FILE] [--workspace DIR] [--refresh] [--json]',
  takesArguments: true,
  options: { ...catalogOptions, regex: { type: 'boolean' }, 'top-k': { type: 'string' }, config: { type: 'string' } },
  run: (ctx) =>
    guard(async () => {
      const query = ctx.args.join(' ');
      if (query.trim() === '') throw new UsageError('give a QUERY');
      const topK = optInt(ctx, 'top-k');
      const res = await disclosureCall(ctx, (call, args) => call('disclosure.search', { ...args, query, mode: ctx.opts.regex ? 'regex' : 'keyword', ...(topK !== undefined ? { topK } : {}) }));
      if (!res.ok) throw new UserError(res.error?.message ?? 'the search failed');
      if (ctx.opts.json) return printJson(ctx, { mode: res.mode, results: res.results, source: res.source });
      for (const r of res.results) ctx.stdout(`${r.score.toFixed(3).padStart(8)}  ${r.name}  ${r.description}\n`);
    }),
};

/** Commands of this area: names, collisions, simulate, disclosure, search. */
export const namingCommands: Command[] = [names, collisions, simulateCmd, disclosure, search];
