// CLI face of the config writes (CFG-7, CFG-8), import (CFG-1) and the secret scan (CFG-8).
// Every write is a contract call (issue 36 item 3): the running panel's handlers when one shows
// this profile and workspace, else the same handlers in this process (panel-call.ts
// withPanelClient), so the CLI refuses exactly what the page refuses and a running panel shows the
// change at once.
import { LayerKindSchema, type LayerKind } from '../../../shared/schemas/server';
import { IMPORT_SOURCES, type ImportSource } from '../../services/config/import';
import { scanSecrets } from '../../services/config/secrets';
import type { WriteTarget } from '../../services/config/writer';
import { EditorSaveInputSchema, type ImportPlan, type Written } from '../../../shared/contract';
import type { RpcError } from '../../../shared/errors';
import type { Result } from '../../../shared/result';
import { fixSentence, issueSentence } from '../../../shared/i18n/agent-view';
import { type Command, type CommandContext, type OptionSpec, optString, printJson, requireString, UsageError, UserError, profileOption, workspaceOption } from './command';
import { withPanelClient } from './panel-call';

const targetOptions = {
  profile: { type: 'string' },
  layer: { type: 'string' },
  workspace: { type: 'string' },
  /** Says whether the running panel answered (and why not). */
  verbose: { type: 'boolean' },
} satisfies OptionSpec;

/** `--profile P --layer L [--workspace DIR]`: the layer file a command acts on. */
export function target(ctx: CommandContext): WriteTarget & { layer: LayerKind } {
  const profile = profileOption(ctx);
  const layer = LayerKindSchema.safeParse(requireString(ctx, 'layer'));
  if (!layer.success) throw new UsageError(`--layer must be one of ${LayerKindSchema.options.join(', ')}`);
  return { profile, layer: layer.data as LayerKind, workspace: workspaceOption(ctx) };
}

/**
 * A refusal as the CLI has always said it: the writer's own code (`data.reason`, e.g.
 * inline_secret), its words, its detail (toSharedError keeps all three); a refusal that is not
 * the writer's keeps the contract's code. One line on stderr (exit 1); with --json the error
 * document on stdout too.
 */
function refuse(ctx: CommandContext, e: Pick<RpcError, 'message' | 'data'> & { code: string }): never {
  const d = e.data;
  const detail = d?.detail ?? d?.conflict ?? d?.findings;
  const error = { code: d?.reason ?? e.code, message: e.message, ...(d?.text ? { text: d.text } : {}), ...(detail !== undefined ? { data: detail } : {}) };
  if (ctx.opts.json) printJson(ctx, { ok: false, error });
  throw new UserError(`${error.code}: ${error.message}`);
}

/** The value of a write, or its refusal said. */
function written<T>(ctx: CommandContext, r: Result<T, Pick<RpcError, 'message' | 'data'> & { code: string }>): T {
  if (!r.ok) refuse(ctx, r.error);
  return r.value;
}

function parseEntry(ctx: CommandContext): Record<string, unknown> {
  const raw = optString(ctx, 'entry');
  if (raw === undefined) throw new UsageError('--entry JSON is required');
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (err) {
    throw new UserError(`--entry is not valid JSON: ${(err as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UserError('--entry must be a JSON object');
  // The contract's own door (CFG-5: depth), asked here so its refusal is one line in the writer's terms.
  const door = EditorSaveInputSchema.shape.entry.safeParse(value);
  if (!door.success) refuse(ctx, { code: 'invalid_entry', message: door.error.issues.map((i) => i.message).join('; ') });
  return door.data;
}

type Verb = 'add' | 'set' | 'remove' | 'enable' | 'disable' | 'rename';

function serverCommand(verb: Verb, summary: string): Command {
  const needsEntry = verb === 'add' || verb === 'set';
  const extra = needsEntry ? ' --entry JSON' : verb === 'rename' ? ' --to NEW' : '';
  return {
    name: `server ${verb}`,
    summary,
    usage: `server ${verb} NAME --profile minimax|kimi|minara --layer user|project|project-local [--workspace DIR]${extra} [--json] [--verbose]`,
    takesArguments: true,
    options: { ...targetOptions, ...(needsEntry ? { entry: { type: 'string' } } : {}), ...(verb === 'rename' ? { to: { type: 'string' } } : {}) },
    async run(ctx) {
      const name = ctx.args[0];
      if (!name || ctx.args.length > 1) throw new UsageError('exactly one server NAME is required');
      const { profile, layer } = target(ctx);
      const entry = needsEntry ? parseEntry(ctx) : null;
      const to = verb === 'rename' ? requireString(ctx, 'to') : null;
      const outcomes = await withPanelClient(ctx, profile, async (client): Promise<Written[]> => {
        if (verb === 'enable' || verb === 'disable') return written(ctx, await client.call('editor.setEnabled', { layer, name, enabled: verb === 'enable' })).written;
        if (entry) return [written(ctx, await client.call('editor.save', { layer, name, entry, originalName: verb === 'set' ? name : null }))];
        if (to !== null) return [written(ctx, await client.call('editor.rename', { layer, name, to }))];
        return [written(ctx, await client.call('editor.remove', { layer, name }))];
      });
      // AGENT-5: an agent's own switch may live in another file (Claude Code's ~/.claude.json).
      const changedOnes = outcomes.filter((o) => o.changed);
      const { path, created } = changedOnes[0] ?? outcomes[0]!;
      const changed = changedOnes.length > 0;
      if (ctx.opts.json) printJson(ctx, { ok: true, server: name, op: verb, path, changed, created });
      else ctx.stdout(changed ? `${verb}: ${name} in ${path}${created ? ' (created)' : ''}\n` : `${name}: nothing to change in ${path}\n`);
    },
  };
}

/** `--dry-run`: the plan, one line per server; `*` marks what an import without --only would write. */
function printPlan(ctx: CommandContext, plan: ImportPlan): void {
  for (const f of plan.sourceFiles) if (f.state !== 'missing') ctx.stdout(`source ${f.path}: ${f.state}${f.error ? ` (${f.error})` : ''}\n`);
  for (const s of plan.servers) {
    const verdict = s.skip ? `skip ${s.skip.code}: ${s.skip.reason}` : `${s.verdict}${s.notes.length ? ` (${s.notes.join('; ')})` : ''}`;
    const project = s.scope === 'project' ? ' [project server]' : '';
    ctx.stdout(`${s.selected ? '*' : ' '} ${s.name}${project} from ${s.from}: ${verdict}\n`);
    // What the target agent will misread in the entry as written, and the fix (agent-view/).
    if (s.agent?.status === 'unusable') {
      for (const i of s.agent.issues) ctx.stdout(`    ${s.agent.agent}: ${issueSentence('en', i)}\n${i.fixes.map((f) => `      fix: ${fixSentence('en', f)}\n`).join('')}`);
    }
  }
  if (plan.sharedWith?.length) ctx.stdout(`${plan.path} is also read by ${plan.sharedWith.map((o) => o.agent).join(', ')}: they start what is imported there too\n`);
  const picked = plan.servers.filter((s) => s.selected).length;
  ctx.stdout(`${plan.servers.length} server(s) in ${plan.source}; ${picked} would be imported into ${plan.path} (nothing written)\n`);
  if (plan.servers.some((s) => s.scope === 'project' && !s.selected && !s.skip)) {
    ctx.stdout(`project servers are not imported into the ${plan.layer} layer unless named with --only\n`);
  }
}

const importCommand: Command = {
  name: 'import',
  summary: 'Copy MCP servers from Claude Code, Claude Desktop, Cursor or VS Code into a profile layer',
  usage: `import --from ${IMPORT_SOURCES.join('|')} --profile P --layer L [--workspace DIR] [--replace] [--only NAME,…] [--dry-run] [--json] [--verbose]   (project servers go into the user layer only when named with --only)`,
  options: { ...targetOptions, from: { type: 'string' }, replace: { type: 'boolean' }, only: { type: 'string' }, 'dry-run': { type: 'boolean' } },
  async run(ctx) {
    const from = requireString(ctx, 'from');
    if (!(IMPORT_SOURCES as readonly string[]).includes(from)) throw new UsageError(`--from must be one of ${IMPORT_SOURCES.join(', ')}`);
    const { profile, layer } = target(ctx);
    const only = optString(ctx, 'only')?.split(',').map((s) => s.trim()).filter(Boolean);
    if (only?.length === 0) throw new UsageError('--only names no server: give NAME,… or leave it out');
    const source = from as ImportSource;
    const replace = ctx.opts.replace === true;
    if (ctx.opts['dry-run'] === true) {
      const plan = await withPanelClient(ctx, profile, async (client) => written(ctx, await client.call('editor.importPreview', { from: source, layer, replace })));
      // --only narrows the selection shown, as it would narrow the write.
      const value = only ? { ...plan, servers: plan.servers.map((s) => ({ ...s, selected: only.includes(s.name) && !s.skip })) } : plan;
      if (ctx.opts.json) printJson(ctx, { ok: true, dryRun: true, ...value });
      else printPlan(ctx, value);
      return;
    }
    const r = await withPanelClient(ctx, profile, async (client) => written(ctx, await client.call('editor.import', { from: source, layer, replace, only: only ?? 'default' })));
    if (ctx.opts.json) printJson(ctx, { ok: r.skipped.length === 0, ...r });
    else {
      for (const s of r.imported) ctx.stdout(`imported ${s.name}${s.notes.length ? ` (${s.notes.join('; ')})` : ''}\n`);
      for (const s of r.skipped) ctx.stdout(`skipped ${s.name}: ${s.reason}\n`);
      for (const s of r.notPicked) ctx.stdout(`not selected: ${s.name}${s.scope === 'project' ? ' (a project server: name it with --only to import it here)' : ''}\n`);
      ctx.stdout(`${r.imported.length} imported into ${r.path}, ${r.skipped.length} skipped\n`);
    }
    // A refused server is a refusal: exit 1 (the others were written, and are listed).
    if (r.skipped.some((s) => s.code !== 'exists')) {
      throw new UserError(`${r.skipped.length} server(s) not imported: ${r.skipped.map((s) => `${s.name} (${s.code})`).join(', ')}`);
    }
  },
};

const secretsScanCommand: Command = {
  name: 'secrets scan',
  summary: 'Find literal secrets, readable-by-others files and git-exposed project files in every known config (values never shown)',
  usage: 'secrets scan [--workspace DIR] [--json]   (exit 1 when an error-level finding exists)',
  options: { workspace: { type: 'string' } },
  async run(ctx) {
    const report = await scanSecrets({ env: ctx.env, workspace: workspaceOption(ctx) });
    if (ctx.opts.json) printJson(ctx, report);
    else {
      for (const f of report.findings) ctx.stdout(`${f.severity}: ${f.path}${f.pointer ? '#' + f.pointer : ''}: ${f.message}\n  fix: ${f.fix}\n`);
      ctx.stdout(`${report.files.length} file(s) scanned, ${report.findings.length} finding(s)\n`);
    }
    const errors = report.findings.filter((f) => f.severity === 'error').length;
    if (errors > 0) throw new UserError(`${errors} secret problem(s) found`);
  },
};

/** Commands of this area: server add|set|remove|enable|disable|rename, import, secrets scan. */
export const configWriteCommands: Command[] = [
  serverCommand('add', 'Add a server to a profile layer (refuses inline secrets and invalid entries)'),
  serverCommand('set', 'Replace a server entry, editing only what changed'),
  serverCommand('remove', 'Remove a server from a profile layer'),
  serverCommand('enable', "Turn a server on with the agent's own switch (the entry's flag, Claude Code's per-project list, Gemini's enablement file)"),
  serverCommand('disable', "Turn a server off with the agent's own switch"),
  serverCommand('rename', 'Rename a server, keeping its entry as written'),
  importCommand,
  secretsScanCommand,
];
