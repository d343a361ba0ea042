// AGENT-3 on the command line: `install NAME --agents a,b,…` shows per agent the file diff, the
// tool names it will show (and reject), what it cannot express and the bridge line offered, then
// writes each through the config writer; `install --undo ID` (or `uninstall ID`) puts every file
// back. The words come from the same catalogue as the page (shared/i18n/messages/install.ts).
import { resolve } from 'node:path';
import { pickLocale, translator, type MessageKey, type Translator } from '../../../shared/i18n';
import { PROFILES, ProfileSchema, type LayerKind, type Profile } from '../../../shared/schemas/server';
import type { InstallPreview, InstallTarget } from '../../../shared/schemas/install';
import { ConfigService } from '../../services/config/config-service';
import { detectProfiles } from '../../services/config/detect';
import { profileFacts } from '../../../shared/profiles';
import { createInstallService, KeychainUnavailableError, type InstallService } from '../../services/install/service';
import { findSource, fromFile, fromProfile, InstallSourceError, type ResolvedSource } from '../../services/install/source';
import type { KeychainConfigSecrets } from '../../services/auth/config-secrets';
import { type Command, type CommandContext, optString, optStrings, printJson, UsageError, UserError, workspaceOption } from './command';
import { configEngineFor } from './engine';
import { sourceFromRegistry } from './registry-install';
import { askAgents, askHint } from './ask-agents';
import { answer, withPanelClient } from './panel-call';

const localeOf = (ctx: CommandContext): Translator => translator(pickLocale([ctx.env.LC_ALL, ctx.env.LC_MESSAGES, ctx.env.LANG]));

function services(ctx: CommandContext, secrets?: KeychainConfigSecrets, config = new ConfigService({ env: ctx.env, cwd: ctx.cwd })): { config: ConfigService; svc: InstallService } {
  return { config, svc: createInstallService({ env: ctx.env, config, ...(secrets ? { secrets } : {}) }) };
}

/** REG-2: the keychain, when the install has secrets to keep (a memory store would lose them with this command); the service says when it is not available. */
async function keychainFor(ctx: CommandContext, source: ResolvedSource): Promise<KeychainConfigSecrets | undefined> {
  return Object.keys(source.secrets ?? {}).length === 0 ? undefined : (await configEngineFor(ctx)).configSecrets;
}

/** `--agents a,b` (profile ids) or `--agent a --agent b`, `all`, or `detected` (the default: the agents found on this machine). */
async function targetsOf(ctx: CommandContext, config: ConfigService, source: ResolvedSource): Promise<Profile[]> {
  const raw = [optString(ctx, 'agents'), ...optStrings(ctx, 'agent')].filter((x) => x !== undefined).join(',') || 'detected';
  const from = source.from?.profile;
  if (raw === 'all') return PROFILES.filter((p) => p !== from);
  if (raw === 'detected') return (await detectProfiles(config.home, ctx.env)).filter((d) => d.detected && d.profile !== from).map((d) => d.profile!);
  const out: Profile[] = [];
  for (const a of raw.split(',').map((s) => s.trim()).filter(Boolean)) {
    const p = ProfileSchema.safeParse(a);
    if (!p.success) throw new UsageError(`--agents takes ${PROFILES.join(', ')}, all or detected; got "${a}"`);
    if (!out.includes(p.data)) out.push(p.data);
  }
  if (out.length === 0) throw new UsageError('--agents needs at least one agent');
  return out;
}

async function sourceOf(ctx: CommandContext, config: ConfigService, workspace: string): Promise<ResolvedSource> {
  const name = ctx.args[0];
  const file = optString(ctx, 'from-file');
  const from = optString(ctx, 'from');
  const registry = optString(ctx, 'from-registry');
  if ([file, from, registry].filter((x) => x !== undefined).length > 1) throw new UsageError('give one of --from, --from-file and --from-registry');
  if (registry) return sourceFromRegistry(ctx, registry);
  try {
    if (file) return await fromFile(resolve(ctx.cwd, file), name);
    if (!name) throw new UsageError('install takes a server NAME (or --from-file server.json)');
    if (from) {
      const p = ProfileSchema.safeParse(from);
      if (!p.success) throw new UsageError(`--from must be one of ${PROFILES.join(', ')}`);
      return await fromProfile(config, p.data, name, workspace);
    }
    return await findSource(config, name, workspace, PROFILES);
  } catch (err) {
    if (err instanceof InstallSourceError) throw new UserError(err.message);
    throw err;
  }
}

const say = (t: Translator, key: string, params: Record<string, string | number> = {}) => t(key as MessageKey, params);

function printTarget(ctx: CommandContext, t: Translator, server: string, x: InstallTarget): void {
  const head = x.refusal ? `${x.refusal.text ? say(t, x.refusal.text.key, x.refusal.text.params) : x.refusal.message}` : say(t, `install.action.${x.action}`, { server });
  ctx.stdout(`\n== ${x.agent} (${x.profile}, ${t(`layer.${x.layer}` as MessageKey)}): ${head}\n`);
  if (x.path) ctx.stdout(`   ${say(t, 'install.file', { path: x.path })}\n`);
  const blocking = x.losses.filter((l) => l.blocking);
  const known = x.losses.filter((l) => !l.blocking);
  if (blocking.length) ctx.stdout(`   ${say(t, 'install.cannot', { agent: x.agent })}\n${blocking.map((l) => `     - ${say(t, `install.loss.${l.code}`, l.params)}\n`).join('')}`);
  if (known.length) ctx.stdout(`   ${say(t, 'install.knows')}\n${known.map((l) => `     - ${say(t, `install.loss.${l.code}`, l.params)}\n`).join('')}`);
  // The line is what is written (action bridge), or an offer where the agent cannot (or may not) use the entry.
  if (x.bridge && (x.action === 'bridge' || x.losses.length > 0)) ctx.stdout(`   ${say(t, 'install.bridgeOffer')}: ${[x.bridge.command, ...x.bridge.args].join(' ')}\n`);
  if (x.tools) {
    ctx.stdout(`   ${say(t, 'install.names', { agent: x.agent })}\n`);
    for (const n of x.tools) {
      if (n.rejected === 'too_long') ctx.stdout(`     ! ${say(t, 'install.name.too_long', { name: n.name ?? n.tool, n: (n.name ?? '').length, agent: x.agent })}\n`);
      else if (n.rejected === 'collision') ctx.stdout(`     ! ${say(t, 'install.name.collision', { tool: n.tool, name: n.collidesWith ? (n.name ?? n.tool) : n.tool, other: n.collidesWith ?? '?', agent: x.agent })}\n`);
      else ctx.stdout(`       ${n.name}  (${n.tool})\n`);
    }
  } else if (x.action !== 'same') ctx.stdout(`   ${say(t, 'install.namesUnknown', { server })}\n`);
  for (const d of x.diff) ctx.stdout(`   ${d.op === 'add' ? '+' : d.op === 'del' ? '-' : ' '} ${d.text}\n`);
}

function printPreview(ctx: CommandContext, t: Translator, p: InstallPreview): void {
  for (const x of p.targets) printTarget(ctx, t, p.server, x);
}

/** Why nothing was written for this agent: its refusal, else what it cannot express. */
function whySkipped(t: Translator, x: InstallTarget): string {
  if (x.refusal) return x.refusal.text ? say(t, x.refusal.text.key, x.refusal.text.params) : x.refusal.message;
  const blocking = x.losses.filter((l) => l.blocking).map((l) => say(t, `install.loss.${l.code}`, l.params));
  return blocking.length ? blocking.join('; ') : say(t, 'install.action.skip');
}

/**
 * Issue 35: the agents asked for that got nothing (not written, not already the same), and why.
 * A partial install exits non-zero and names them: a script's `install && …` must not go on.
 */
function skippedAgents(t: Translator, targets: readonly InstallTarget[], tried: ReadonlySet<string | null>): Array<{ profile: Profile; agent: string; reason: string }> {
  return targets.filter((x) => x.action !== 'same' && !tried.has(x.path)).map((x) => ({ profile: x.profile, agent: x.agent, reason: whySkipped(t, x) }));
}

const install: Command = {
  name: 'install',
  summary: 'Install one server into several agents at once, after showing per agent the diff, the tool names, what it cannot express and the bridge line',
  usage:
    'install NAME [--from PROFILE | --from-file server.json] [--agents a,b,…|all|detected | --agent A --agent B…] [--layer user|project] [--workspace DIR] [--replace] [--bridge auto|never|always] [--dry-run] [--json]\n       install [NAME] --from-registry REGISTRY-NAME[@VERSION] [--use package:N|remote:N] [--set KEY=value]… [--source NAME|URL] [--refresh] …   (secrets on stdin: echo -n "$TOKEN" | …)\n       install --undo ID | install --list   [--verbose]',
  takesArguments: true,
  options: {
    from: { type: 'string' },
    'from-file': { type: 'string' },
    'from-registry': { type: 'string' },
    set: { type: 'string', multiple: true },
    use: { type: 'string' },
    source: { type: 'string' },
    refresh: { type: 'boolean' },
    agents: { type: 'string' },
    agent: { type: 'string', multiple: true },
    layer: { type: 'string' },
    workspace: { type: 'string' },
    replace: { type: 'boolean' },
    bridge: { type: 'string' },
    'dry-run': { type: 'boolean' },
    undo: { type: 'string' },
    list: { type: 'boolean' },
    /** `--undo`, `--list`: says whether the running panel answered. */
    verbose: { type: 'boolean' },
  },
  async run(ctx) {
    const t = localeOf(ctx);
    const undoId = optString(ctx, 'undo');
    if (undoId) return runUndo(ctx, t, undoId);
    if (ctx.opts.list) {
      const { installs: list } = await withPanelClient(ctx, null, async (client) => answer(await client.call('install.list', {})));
      if (ctx.opts.json) return printJson(ctx, { installs: list });
      if (list.length === 0) return void ctx.stdout(`${t('install.records.none')}\n`);
      for (const r of list) ctx.stdout(`${r.id}  ${r.server}  ${new Date(r.installedAt).toISOString()}  ${r.files.map((f) => f.profile).join(', ')}\n`);
      return;
    }
    const workspace = workspaceOption(ctx);
    const layerRaw = optString(ctx, 'layer') ?? 'user';
    if (layerRaw !== 'user' && layerRaw !== 'project') throw new UsageError('--layer must be user or project');
    const bridge = optString(ctx, 'bridge') ?? 'auto';
    if (bridge !== 'auto' && bridge !== 'never' && bridge !== 'always') throw new UsageError('--bridge must be auto, never or always');
    const config = new ConfigService({ env: ctx.env, cwd: ctx.cwd });
    const source = await sourceOf(ctx, config, workspace);
    const { svc } = services(ctx, ctx.opts['dry-run'] ? undefined : await keychainFor(ctx, source), config);
    const targets = await targetsOf(ctx, config, source);
    const req = { source, targets, layer: layerRaw as LayerKind, workspace, replace: ctx.opts.replace === true, bridge: bridge as 'auto' };
    if (ctx.opts['dry-run']) {
      const preview = await svc.preview(req);
      if (ctx.opts.json) return printJson(ctx, { ok: true, dryRun: true, ...preview });
      printPreview(ctx, t, preview);
      ctx.stdout(`\n(--dry-run: nothing written)\n`);
      return;
    }
    const r = await svc.install(req).catch((err: unknown) => {
      throw err instanceof KeychainUnavailableError ? new UserError(err.message) : err;
    });
    // Written, or tried and failed (said below): the others were skipped.
    const skipped = skippedAgents(t, r.preview.targets, new Set([...r.written.map((w) => w.path), ...r.failed.map((f) => f.path)]));
    if (ctx.opts.json) printJson(ctx, { ok: r.failed.length === 0 && skipped.length === 0, ...r, skipped });
    else {
      printPreview(ctx, t, r.preview);
      ctx.stdout('\n');
      if (r.id) ctx.stdout(`${t('install.done', { server: source.server, n: r.written.length, id: r.id })}\n  mcp-panel install --undo ${r.id}\n`);
      else ctx.stdout(`${t('install.nothing')}\n`);
      for (const k of r.secretsKept) ctx.stdout(`kept ${k.variables.join(', ')} in the keychain for ${k.profile}'s entry (in no file)\n`);
      for (const f of r.failed) ctx.stdout(`failed ${f.profile}: ${f.code}: ${f.message}\n`);
      ctx.stdout(askHint(r.written.map((w) => w.profile), workspace, ctx.cwd));
    }
    if (r.failed.length > 0) throw new UserError(`${r.failed.length} agent file(s) not written: ${r.failed.map((f) => `${f.profile} (${f.code})`).join(', ')}${skipped.length ? `; ${skipped.map((s) => `${s.agent} skipped: ${s.reason}`).join('; ')}` : ''}`);
    if (skipped.length > 0) {
      const list = skipped.map((s) => `${s.agent} (${s.profile}): ${s.reason}`).join('; ');
      throw new UserError(t('install.skipped', { n: skipped.length, total: r.preview.targets.length, list }));
    }
  },
};

async function runUndo(ctx: CommandContext, t: Translator, id: string): Promise<void> {
  // install.undo (issue 36 item 3): the secrets an install kept for the entries it wrote go with them (REG-2), and a running panel reloads at once.
  const r = await withPanelClient(ctx, null, async (client) => answer(await client.call('install.undo', { id })));
  if (ctx.opts.json) printJson(ctx, { ok: r.failed.length === 0, ...r });
  else {
    for (const x of r.restored) ctx.stdout(`${x.profile}: ${x.how} ${x.path}\n`);
    for (const x of r.failed) ctx.stdout(`${x.profile}: not restored: ${x.message}\n`);
    ctx.stdout(`${t('install.undone', { id, n: r.restored.length })}\n`);
  }
  if (r.failed.length > 0) throw new UserError(`${r.failed.length} file(s) not restored`);
}

const uninstall: Command = {
  name: 'uninstall',
  summary: 'Undo an install: every file it changed back byte for byte (or the entry alone, when the file was edited since)',
  usage: 'uninstall ID [--workspace DIR] [--json] [--verbose]   (ids: mcp-panel install --list)',
  takesArguments: true,
  options: { workspace: { type: 'string' }, verbose: { type: 'boolean' } },
  async run(ctx) {
    const id = ctx.args[0];
    if (!id || ctx.args.length > 1) throw new UsageError('uninstall takes one install ID (mcp-panel install --list)');
    return runUndo(ctx, localeOf(ctx), id);
  },
};

/** The config engine, the workspace and the agents detected on this machine. */
async function detected(ctx: CommandContext): Promise<{ config: ConfigService; workspace: string; profiles: Profile[] }> {
  const config = new ConfigService({ env: ctx.env, cwd: ctx.cwd });
  const workspace = workspaceOption(ctx);
  const profiles = (await detectProfiles(config.home, ctx.env)).filter((d) => d.detected).map((d) => d.profile!);
  return { config, workspace, profiles };
}

/** Every detected agent and its servers as that agent reads them (no connection is made). */
const agents: Command = {
  name: 'agents',
  summary: "Every detected agent with its servers as that agent reads them (layer, transport, on/off, trusted, config errors); --ask [AGENT] asks the agent's own command line and compares, per entry",
  usage: 'agents [--ask [AGENT] [--timeout SECONDS]] [--workspace DIR] [--json]',
  takesArguments: true,
  options: { workspace: { type: 'string' }, ask: { type: 'boolean' }, timeout: { type: 'string' } },
  async run(ctx) {
    const { config, workspace, profiles } = await detected(ctx);
    if (ctx.opts.ask) return askAgents(ctx, localeOf(ctx), config, workspace, profiles);
    const out = [];
    for (const profile of profiles) {
      const view = await config.load(profile, workspace);
      out.push({
        profile,
        agent: profileFacts(profile).label,
        files: view.layers.map((l) => ({ layer: l.layer, path: l.path, state: l.state })),
        servers: view.servers.map((s) => ({ name: s.name, layer: s.layer, transport: s.transport, enabled: s.enabled, trusted: s.trusted, error: s.error })),
      });
    }
    if (ctx.opts.json) return printJson(ctx, { workspace, agents: out });
    for (const a of out) {
      ctx.stdout(`${a.agent} (${a.profile}): ${a.servers.length} server(s)\n`);
      for (const s of a.servers) ctx.stdout(`  ${s.name}  ${s.layer}  ${s.transport ?? '?'}${s.enabled ? '' : '  off'}${s.trusted ? '' : '  untrusted'}${s.error ? `  error: ${s.error}` : ''}\n`);
    }
  },
};

/** The "Servers across agents" view: one row per server identity, what differs between agents. */
const across: Command = {
  name: 'across',
  summary: 'One row per server (same command and package, or URL origin) with each detected agent\'s entry and what differs',
  usage: 'across [--workspace DIR] [--json] [--verbose]',
  options: { workspace: { type: 'string' }, verbose: { type: 'boolean' } },
  async run(ctx) {
    const t = localeOf(ctx);
    const view = await withPanelClient(ctx, null, async (client) => answer(await client.call('install.across', {})));
    if (ctx.opts.json) return printJson(ctx, view);
    if (view.rows.length === 0) return void ctx.stdout(`${t('across.none')}\n`);
    for (const r of view.rows) {
      const fields = r.differs.map((f) => t(`across.field.${f}` as MessageKey)).join(', ');
      ctx.stdout(`${r.name}  [${r.identity}]  ${r.differs.length ? t('across.differs', { fields }) : t('across.same')}\n`);
      for (const c of r.cells) ctx.stdout(`  ${profileFacts(c.profile).label.padEnd(15)} ${c.cell ? `${c.cell.name} (${c.cell.layer})${c.cell.enabled ? '' : ` ${t('across.off')}`}  ${c.cell.transport === 'stdio' ? [c.cell.command, ...c.cell.args].join(' ') : c.cell.url}${c.cell.envNames.length ? `  env: ${c.cell.envNames.join(', ')}` : ''}` : t('across.missing')}\n`);
    }
  },
};

export const installCommands: Command[] = [install, uninstall, agents, across];
