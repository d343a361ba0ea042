// Reading side of the configuration engine on the command line: status, check, profiles,
// trust. Writing commands live in config-write-commands.ts.
import { resolve } from 'node:path';
import { ConfigService } from '../../services/config/config-service';
import { buildStatus, serverId, type LiveState } from '../../services/config/status';
import { answer, sourceLine, withPanelClient } from './panel-call';
import { configEngineFor } from './engine';
import type { ConfigEngine } from '../../services/config-engine';
import { CHECK_DIALECTS, checkFile, type CheckDialect } from '../../services/config/check';
import { detectProfiles } from '../../services/config/detect';
import { homeDir } from '../../services/paths';
import { PROFILES, type EffectiveServer, type EffectiveView, type Profile } from '../../../shared/schemas/server';
import type { AgentVerdict } from '../../../shared/schemas/agent-view';
import { agentLines } from './agent-lines';
import { profileFacts } from '../../../shared/profiles';
import { issueSentence } from '../../../shared/i18n/agent-view';
import { findingLine } from './findings';
import { type AgentRound, declaredLine, statusRounds } from './status-rounds';
import { type Command, type CommandContext, UsageError, optString, printJson, requireString, profileOption, workspaceOption } from './command';

function service(ctx: CommandContext): ConfigService {
  return new ConfigService({ env: ctx.env, cwd: ctx.cwd });
}

/** CFG-12, as the panel opens: an explicit --profile, else the first agent installed here, else minimax. */
/** The agents found on this machine, in the order the panel lists profiles. */
async function detectedProfiles(ctx: CommandContext): Promise<Profile[]> {
  const agents = await detectProfiles(homeDir(ctx.env), ctx.env);
  return PROFILES.filter((p) => agents.some((a) => a.detected && a.profile === p));
}

async function statusProfile(ctx: CommandContext): Promise<Profile> {
  const asked = profileOption(ctx, null);
  if (asked) return asked;
  const agents = await detectProfiles(homeDir(ctx.env), ctx.env);
  return PROFILES.find((p) => agents.some((a) => a.detected && a.profile === p)) ?? 'minimax';
}

/** The verdict of each entry as written, without a connection (agent-view/: the same rules). */
async function entryVerdicts(ctx: CommandContext, engine: ConfigEngine, view: EffectiveView): Promise<(s: EffectiveServer) => AgentVerdict> {
  const { AgentFacts } = await import('../../services/agent-view/facts');
  const facts = new AgentFacts({ env: ctx.env, heldVariables: (p) => engine.configSecrets.variableNames(p) });
  await facts.loaded(view);
  return (s) => facts.verdict(view, s, serverId(s), null, null);
}

/** One profile's status: its layers and servers, each with its live state and the agent's verdict. */
async function statusOf(ctx: CommandContext, engine: ConfigEngine, view: EffectiveView, round: AgentRound) {
  // CONN-3: the live state of each server, with the agent's verdict on it (agent-view/, built
  // into the rows by the engine that answered; null with --no-connect).
  const { answer } = round;
  let live: Map<string, LiveState> | null = null;
  if (answer) {
    const { liveStatesOf } = await import('./connection-commands');
    live = liveStatesOf(answer.round);
  }
  const [agents, source, limits, findings] = answer ? [answer.agents, answer.source, answer.limits ?? null, answer.findings] : [null, null, null, null];
  // What the entry alone decides (off, broken, the agent's own, a prompt only the agent can ask) is
  // said from the entry, with its words; the rest from the live round.
  const liveOf = (s: EffectiveServer) => (s.trusted && s.enabled && !s.error && !s.agentOwn && !s.inputs ? live?.get(serverId(s)) : undefined);
  // --no-connect (or an entry the answering engine did not list): the same verdict on the entry
  // alone, nothing started and nothing asked of a server; the keychain's names still count.
  const offline = !agents || view.servers.some((s) => !agents.has(serverId(s))) ? await entryVerdicts(ctx, engine, view) : null;
  const built = buildStatus(view, liveOf, (s) => agents?.get(serverId(s)) ?? offline?.(s));
  // AUTH-1: a 401 without OAuth metadata is no login to make: its line says it wants a token.
  const token = (s: (typeof built.servers)[number]) => s.agent?.issues.find((i) => i.code === 'token_required');
  // CONN-11: each server's poisoning findings on its current list (none without a live answer).
  const withFindings = (s: (typeof built.servers)[number]) => ({ ...s, findings: (s.id !== null ? findings?.get(s.id) : undefined) ?? [] });
  // AGENT-6: a list taken by a connection that declared more than this agent does.
  const specs = new Map(view.servers.map((s) => [s.name, s.spec]));
  const declared = (s: (typeof built.servers)[number]) => {
    const spec = specs.get(s.name);
    const d = spec && s.state === 'connected' ? round.declaredFor(spec) : undefined;
    return d !== undefined ? { listedDeclaring: d } : {};
  };
  const report = { ...built, servers: built.servers.map((s) => ({ ...withFindings(token(s) ? { ...s, error: issueSentence('en', token(s)!) } : s), ...declared(s) })), limits };
  // Issue 44: what each server is, whichever agent lists it, so the sum over agents counts it once.
  const { identityOf } = await import('../../services/install/across');
  const { canonicalOf } = await import('../../../shared/install/canonical');
  const identities = new Map(view.servers.map((s) => [s.name, (() => { const c = canonicalOf(view.profile, s.entry); return c ? identityOf(c) : null; })()]));
  return { report, source, identities };
}
type StatusReport = Awaited<ReturnType<typeof statusOf>>['report'];

/** CTX-1 in words; its catalogue loads only when some agent's tools were listed. */
async function limitsLineOf(report: StatusReport): Promise<string | null> {
  if (!report.limits) return null;
  const { standingLine } = await import('../../../shared/i18n/limits');
  return standingLine('en', profileFacts(report.profile).label, report.limits);
}

function statusLines(report: StatusReport, limitsLine: string | null): string[] {
  const lines = [`${report.profile} · ${report.workspace ?? '(no workspace)'}`, ''];
  for (const l of report.layers) lines.push(`  ${l.layer.padEnd(13)} ${l.state.padEnd(9)} ${l.path}${l.error ? `  (${l.error})` : ''}`);
  lines.push('');
  for (const s of report.servers) {
    const shadow = s.shadows.length ? `  shadows ${s.shadows.map((x) => x.layer).join(', ')}` : '';
    const era = s.protocolVersion ? `  MCP ${s.protocolVersion} (${s.era})` : '';
    // A list answered from the cache was not connected for: no time to show.
    const tools = s.toolCount !== null ? `  ${s.toolCount} tools${s.code === 'cached' ? ' (kept list)' : ` in ${Math.round(s.connectMs ?? 0)} ms`}${era}` : '';
    lines.push(`  ${s.name.padEnd(24)} ${s.layer.padEnd(13)} ${(s.transport ?? '?').padEnd(6)} ${s.state}${s.error ? `: ${s.error}` : ''}${tools}${shadow}`);
    // AGENT-9: read-only here; the agent's own plugin commands change it.
    if (s.contributedBy) lines.push(`      ${s.contributedBy.kind === 'discovery' ? `discovered in ${s.contributedBy.name}'s file` : `from ${s.contributedBy.kind} "${s.contributedBy.name}"`} (${s.path}): read-only here`);
    if (s.listedDeclaring !== undefined) lines.push(declaredLine(report.profile, s.listedDeclaring));
    if (s.agent) lines.push(...agentLines(s.agent, { server: s.name, layer: s.layer, profile: report.profile, workspace: report.workspace }));
    for (const f of s.findings) lines.push(`      ! ${f.tool}: ${findingLine(f)}`);
  }
  if (report.servers.length === 0) lines.push('  (no servers)');
  if (limitsLine) lines.push('', `  ${limitsLine}`);
  for (const p of report.problems) lines.push(`  ${p.severity}: ${p.path}${p.pointer ? ` ${p.pointer}` : ''}: ${p.message}`);
  return lines;
}

/** UI-8's sum over agents, from their status reports (the tray's own model, so both say the same): distinct servers and tools (issue 44). */
async function summaryOf(results: ReadonlyArray<{ report: StatusReport; identities: Map<string, string | null> }>) {
  // Only --all-agents needs the tray's model and its messages: not loaded for a plain status.
  const { trayAgentsModel } = await import('../../../shared/tray');
  const reports = results.map((r) => r.report);
  const groups = results.map(({ report: r, identities }) => ({
    agent: profileFacts(r.profile).label,
    servers: r.servers.map((s) => ({ id: `${r.profile}\u0000${s.name}`, name: s.name, state: s.state, toolCount: s.toolCount, identity: identities.get(s.name) ?? null })),
    limits: r.limits,
  }));
  const m = trayAgentsModel(groups);
  // Per agent where asked (--json): each agent's own count of entries and tools as it lists them.
  const perAgent = Object.fromEntries(reports.map((r) => [r.profile, { servers: r.servers.length, tools: r.servers.reduce((n, s) => n + (s.state === 'connected' ? (s.toolCount ?? 0) : 0), 0) }]));
  return { agents: reports.length, ...m.counts, perAgent, line: m.tooltip.split('\n')[0]!, overLimits: m.overLimits };
}

const status: Command = {
  name: 'status',
  summary: 'Every server of a profile (or, with --all-agents, of every detected agent): layer, file, transport, state, errors, shadowed entries',
  usage: 'status [--profile PROFILE | --all-agents] [--workspace DIR] [--no-connect | --refresh [--exact]] [--context-window N] [--json]   (--all-agents --refresh starts each distinct server once, declaring what all its agents declare; --exact: once per declaration, AGENT-6)',
  options: { profile: { type: 'string' }, 'all-agents': { type: 'boolean' }, workspace: { type: 'string' }, 'no-connect': { type: 'boolean' }, refresh: { type: 'boolean' }, verbose: { type: 'boolean' }, 'context-window': { type: 'string' }, exact: { type: 'boolean' } },
  async run(ctx) {
    const noConnect = !!ctx.opts['no-connect'];
    const all = !!ctx.opts['all-agents'];
    if (all && optString(ctx, 'profile') !== undefined) throw new UsageError('--all-agents and --profile exclude each other');
    if (ctx.opts.exact && !(all && ctx.opts.refresh)) throw new UsageError('--exact goes with --all-agents --refresh (one connection per server and declaration)');
    // The config engine alone here (no pool, no SDK, no OAuth code is even loaded): the live side
    // comes through the contract, like every read command's.
    const engine = await configEngineFor(ctx);
    const profiles = all ? await detectedProfiles(ctx) : [await statusProfile(ctx)];
    const views = await Promise.all(profiles.map((p) => engine.config.load(p, workspaceOption(ctx))));
    const rounds = await statusRounds(ctx, views, noConnect);
    const results = [];
    for (const [i, view] of views.entries()) results.push(await statusOf(ctx, engine, view, rounds[i]!));
    // BRIDGE-4: the bridges agents run now, whatever the profile.
    const { liveBridgesFor, liveBridgeLines } = await import('./bridge-status');
    const bridges = await liveBridgesFor(ctx.env);
    if (!all) {
      const { report, source } = results[0]!;
      if (ctx.opts.json) return printJson(ctx, { ...report, bridges, ...(source ? { source } : {}) });
      ctx.stdout([...statusLines(report, await limitsLineOf(report)), '', ...liveBridgeLines(bridges, Date.now())].join('\n') + '\n');
      if (source) ctx.stdout(sourceLine(source));
      return;
    }
    const summary = await summaryOf(results);
    if (ctx.opts.json) return printJson(ctx, { summary, agents: results.map((r) => ({ ...r.report, ...(r.source ? { source: r.source } : {}) })), bridges });
    const lines = [summary.line, ...summary.overLimits, ''];
    for (const r of results) lines.push(`${profileFacts(r.report.profile).label}`, ...statusLines(r.report, await limitsLineOf(r.report)).map((l) => (l ? `  ${l}` : l)), '');
    ctx.stdout([...lines, ...liveBridgeLines(bridges, Date.now())].join('\n') + '\n');
  },
};

const check: Command = {
  name: 'check',
  summary: 'Validate one config file against an agent dialect (plugin dialects: CFG-11 rules)',
  usage: `check FILE --dialect ${CHECK_DIALECTS.join('|')} [--json]   (exit 1 when the file has an error)`,
  takesArguments: true,
  options: { dialect: { type: 'string' } },
  async run(ctx) {
    const file = ctx.args[0];
    if (!file || ctx.args.length > 1) throw new UsageError('check takes exactly one FILE');
    const dialect = requireString(ctx, 'dialect');
    if (!(CHECK_DIALECTS as readonly string[]).includes(dialect)) throw new UsageError(`--dialect must be one of ${CHECK_DIALECTS.join(', ')}`);
    const result = await checkFile(resolve(ctx.cwd, file), dialect as CheckDialect, ctx.env);
    if (ctx.opts.json) printJson(ctx, { ok: result.ok, servers: result.servers, problems: result.problems });
    else {
      for (const s of result.servers) ctx.stdout(`  ${s.error ? '✗' : '✓'} ${s.name} (${s.transport ?? '?'})${s.error ? `: ${s.error}` : ''}\n`);
      for (const p of result.problems) ctx.stdout(`  ${p.severity}: ${p.pointer || '(file)'}${p.line ? ` [${p.line}:${p.column}]` : ''}: ${p.message}\n`);
      ctx.stdout(result.ok ? 'ok\n' : 'problems found\n');
    }
    if (!result.parsed) {
      const first = result.problems[0];
      ctx.stderr(`error: ${file}: ${first?.message ?? "cannot be read"}\n`);
      return 1;
    }
    // A script's `check && deploy` must stop on an error-level problem, not only on a parse failure.
    const errors = result.problems.filter((p) => p.severity === 'error').length;
    if (errors > 0) {
      ctx.stderr(`error: ${file}: ${errors} error${errors > 1 ? 's' : ''} (see "problems" ${ctx.opts.json ? 'in the JSON document' : 'above'})\n`);
      return 1;
    }
    return 0;
  },
};

const profiles: Command = {
  name: 'profiles',
  summary: 'Which agents are installed here (CFG-12) and where their MCP config lives',
  usage: 'profiles [--json]',
  async run(ctx) {
    const agents = await detectProfiles(homeDir(ctx.env), ctx.env);
    const open = agents.find((a) => a.detected && a.profile)?.profile ?? null;
    if (ctx.opts.json) return printJson(ctx, { agents, defaultProfile: open });
    for (const a of agents) ctx.stdout(`  ${a.detected ? '●' : '○'} ${a.agent.padEnd(15)} ${a.marker}${a.profile ? '' : '  (import source)'}\n`);
  },
};

const trust: Command = {
  name: 'trust',
  summary: "Trust a workspace (by its real path) so its project layers may start servers, in every profile (CFG-10); --revoke undoes it",
  usage: 'trust [DIR | --workspace DIR] [--revoke] [--list] [--json] [--verbose]',
  takesArguments: true,
  options: { workspace: { type: 'string' }, revoke: { type: 'boolean' }, list: { type: 'boolean' }, verbose: { type: 'boolean' } },
  async run(ctx) {
    if (ctx.opts.list) {
      const list = await service(ctx).trust.list();
      if (ctx.opts.json) return printJson(ctx, { trusted: list });
      for (const t of list) ctx.stdout(`  ${t.workspace}  (since ${t.trustedAt})\n`);
      return;
    }
    const ws = trustTarget(ctx);
    const trusted = !ctx.opts.revoke;
    // Issue 36 item 3: the handler's write, so a panel showing this workspace starts (or stops) its project servers at once.
    const r = await withPanelClient(ctx, null, async (client) => answer(await client.call('workspace.trust', { workspace: ws, trusted })), ws);
    if (!trusted) {
      if (ctx.opts.json) return printJson(ctx, { workspace: r.workspace, trusted: false, changed: r.changed });
      ctx.stdout(r.changed ? `no longer trusted: ${ws}\n` : `was not trusted: ${ws}\n`);
      return;
    }
    if (ctx.opts.json) return printJson(ctx, { workspace: r.workspace, trusted: true, trustedAt: r.trustedAt, file: r.file });
    ctx.stdout(`trusted: ${r.workspace}\n`);
  },
};

/**
 * CFG-10: the folder `trust` writes about. `trust ~/proj` names it as an argument too: an argument
 * left unread would trust the folder the command was run from instead, the one mistake a trust
 * command must not make.
 */
function trustTarget(ctx: CommandContext): string {
  if (ctx.args.length > 1) throw new UsageError(`trust takes one folder, not ${ctx.args.length}: ${ctx.args.join(' ')}`);
  const [dir] = ctx.args;
  if (dir === undefined) return workspaceOption(ctx);
  const named = resolve(ctx.cwd, dir);
  if (optString(ctx, 'workspace') !== undefined && workspaceOption(ctx) !== named) throw new UsageError(`trust names two folders (${named} and --workspace ${workspaceOption(ctx)}): give one`);
  return named;
}

export const configCommands: Command[] = [status, check, profiles, trust];
