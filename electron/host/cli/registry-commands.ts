// REG-1 on the command line: `registry search` over the cached catalogues (refreshed when old,
// the last good one when the registry cannot be reached, said beside the results), `registry
// show NAME[@VERSION]` with its status, namespace, repository, the ways to install it and the
// form each asks for, and its versions; `registry sources` and `registry add-source URL`.
// REG-4: what a registry says is shown, never obeyed: human output goes through the CLI's one
// escaping (output.ts: control and bidi characters shown as escapes), and a URL is shown only
// when it is http(s).
import { choicesOf, type FormField, type RegistryChoice } from '../../../shared/registry/form';
import { httpUrl, invisibleFields, registryFindings } from '../../../shared/registry/identifiers';
import { findingLine } from './findings';
import type { RegistryRecord } from '../../services/registry/client';
import { describeWay } from '../../services/registry/install-source';
import { panelDataDir } from '../../services/paths';
import { RegistryService, type RefreshPolicy, type SourceState } from '../../services/registry/service';
import { RegistrySourceError } from '../../services/registry/sources';
import { type Command, type CommandContext, optInt, optString, printJson, UsageError, UserError } from './command';

export function registryService(ctx: CommandContext): RegistryService {
  return new RegistryService({ dataDir: panelDataDir(ctx.env), env: ctx.env });
}

/** `--refresh` asks the registry now, `--offline` never; by default a catalogue older than six hours is refreshed. */
export function policyOf(ctx: CommandContext): RefreshPolicy {
  if (ctx.opts.refresh && ctx.opts.offline) throw new UsageError('--refresh and --offline cannot go together');
  return ctx.opts.refresh ? 'always' : ctx.opts.offline ? 'never' : 'auto';
}

/** `NAME` or `NAME@VERSION` (a registry name has no `@`: the schema's pattern). */
export function nameAndVersion(raw: string): { name: string; version?: string } {
  const at = raw.indexOf('@');
  return at < 0 ? { name: raw } : { name: raw.slice(0, at), version: raw.slice(at + 1) };
}

/** `--use package:1` or `remote:2` (1-based, as `registry show` numbers them). */
export function choiceOption(ctx: CommandContext): RegistryChoice | undefined {
  const raw = optString(ctx, 'use');
  if (raw === undefined) return undefined;
  const m = /^(package|remote):([1-9][0-9]*)$/.exec(raw);
  if (!m) throw new UsageError(`--use takes package:N or remote:N (as registry show numbers them), got "${raw}"`);
  return { kind: m[1] as RegistryChoice['kind'], index: Number(m[2]) - 1 };
}

const statusOf = (r: RegistryRecord) => r.meta.status ?? 'active';

/** REG-4: the texts that hold invisible or direction-changing characters, said (they are shown escaped), then each poisoning finding. */
function invisibleNote(s: RegistryRecord['server'], indent: string): string {
  const f = invisibleFields(s);
  const note = f.length ? `${indent}warning: ${f.join(', ')} hold invisible or direction-changing characters (shown escaped): text written to read otherwise than it says\n` : '';
  return note + (registryFindings(s).findings ?? []).map((x) => `${indent}! ${findingLine(x)}\n`).join('');
}

function printSources(ctx: CommandContext, sources: readonly SourceState[]): void {
  for (const s of sources) {
    const when = s.fetchedAt ? `read ${s.fetchedAt}` : 'never read';
    ctx.stdout(`${s.source.name}: ${s.entries} ${s.entries === 1 ? 'entry' : 'entries'}, ${when}${s.partial ? ', not every page yet' : ''}\n`);
    if (s.error) ctx.stdout(`  could not refresh: ${s.error.message}\n`);
  }
}

function wrap(ctx: CommandContext, fn: () => Promise<void>): Promise<void> {
  return fn().catch((err: unknown) => {
    if (err instanceof RegistrySourceError) throw new UserError(err.message);
    throw err;
  });
}

const refreshOptions = { source: { type: 'string' }, refresh: { type: 'boolean' }, offline: { type: 'boolean' } } as const;

const search: Command = {
  name: 'registry search',
  summary: 'Search the MCP Registry (and the registries added) for servers: from the cached catalogue, refreshed when old, usable offline',
  usage: 'registry search [WORDS…] [--source NAME|URL] [--refresh | --offline] [--limit N] [--json]',
  takesArguments: true,
  options: { ...refreshOptions, limit: { type: 'string' } },
  run: (ctx) =>
    wrap(ctx, async () => {
      const limit = optInt(ctx, 'limit') ?? 30;
      if (limit < 1) throw new UsageError('--limit must be at least 1');
      const r = await registryService(ctx).search(ctx.args.join(' '), { policy: policyOf(ctx), source: optString(ctx, 'source'), limit });
      if (ctx.opts.json) {
        return printJson(ctx, {
          results: r.results.map((x) => ({ source: x.source.name, name: x.record.server.name, title: x.record.server.title ?? null, description: x.record.server.description, version: x.record.server.version, status: statusOf(x.record), statusMessage: x.record.meta.statusMessage ?? null, invisible: invisibleFields(x.record.server), ...registryFindings(x.record.server) })),
          sources: r.sources,
        });
      }
      if (r.results.length === 0) ctx.stdout('no server found\n');
      for (const x of r.results) {
        const s = x.record.server;
        const status = statusOf(x.record) === 'deprecated' ? `  [deprecated${x.record.meta.statusMessage ? `: ${x.record.meta.statusMessage}` : ''}]` : '';
        ctx.stdout(`${s.name}  ${s.version}${status}\n    ${s.title ? `${s.title}: ` : ''}${s.description}\n${invisibleNote(s, '    ')}`);
      }
      ctx.stdout('\n');
      printSources(ctx, r.sources);
    }),
};

function describeField(f: FormField): string {
  const bits = [f.required ? 'required' : 'optional'];
  if (f.secret) bits.push('secret (stdin or a hidden prompt; kept in the keychain)');
  if (f.format !== 'string') bits.push(f.format);
  if (f.default !== null) bits.push(`default ${f.default}`);
  if (f.choices) bits.push(`one of ${f.choices.join(', ')}`);
  if (f.repeated) bits.push('may be given more than once');
  return `${f.key}  (${f.group}; ${bits.join(', ')})${f.description ? `: ${f.description}` : ''}`;
}

const show: Command = {
  name: 'registry show',
  summary: 'One registry server: status, namespace, repository, the packages and remotes to install it by and what each asks for, its versions',
  usage: 'registry show NAME[@VERSION] [--source NAME|URL] [--refresh | --offline] [--json]',
  takesArguments: true,
  options: refreshOptions,
  run: (ctx) =>
    wrap(ctx, async () => {
      if (ctx.args.length !== 1) throw new UsageError('registry show takes one NAME or NAME@VERSION (registry search finds them)');
      const { name, version } = nameAndVersion(ctx.args[0]!);
      const svc = registryService(ctx);
      const r = await svc.show(name, { ...(version ? { version } : {}), source: optString(ctx, 'source'), policy: policyOf(ctx) });
      if (!r) throw new UserError(`no server ${name}${version ? `@${version}` : ''} in the registries (${'`mcp-panel registry search`'} finds names)`);
      const { record, source } = r.found;
      const s = record.server;
      // REG-3: a bundle's form is in its manifest: fetched and verified here (kept by digest for the install).
      const choices = await Promise.all(choicesOf(s).map((c) => describeWay(svc, r.found, c, ctx.env)));
      if (ctx.opts.json) return printJson(ctx, { source: source.name, registry: source.url, server: s, meta: record.meta, choices, versions: r.versions?.map((v) => ({ version: v.server.version, ...v.meta })) ?? null, versionsError: r.versionsError });
      ctx.stdout(`${s.name}${s.title ? `  (${s.title})` : ''}\n`);
      ctx.stdout(`  version ${s.version}, ${statusOf(record)}${record.meta.statusMessage ? `: ${record.meta.statusMessage}` : ''}\n`);
      ctx.stdout(`  namespace ${s.name.slice(0, s.name.indexOf('/'))}, from ${source.name} (${source.url})\n`);
      ctx.stdout(`  ${s.description}\n${invisibleNote(s, '  ')}`);
      for (const [label, url] of [['repository', s.repository?.url], ['website', s.websiteUrl]] as const) {
        if (url === undefined) continue;
        ctx.stdout(`  ${label} ${httpUrl(url) ?? '(not an http(s) URL: not shown)'}\n`);
      }
      ctx.stdout('  ways to install:\n');
      for (const c of choices) {
        ctx.stdout(`    --use ${c.choice.kind}:${c.choice.index + 1}  ${c.label}${c.runtime ? `  (needs ${c.runtime})` : ''}${c.problem ? `\n      not installable: ${c.problem}` : ''}\n`);
        for (const f of c.fields) ctx.stdout(`      ${describeField(f)}\n`);
      }
      if (r.versions) ctx.stdout(`  versions: ${r.versions.map((v) => `${v.server.version}${v.meta.isLatest ? ' (latest)' : ''}${v.meta.status && v.meta.status !== 'active' ? ` [${v.meta.status}]` : ''}`).join(', ')}\n`);
      else if (r.versionsError) ctx.stdout(`  versions: not read (${r.versionsError})\n`);
      if (statusOf(record) !== 'deleted') ctx.stdout(`\n  mcp-panel install --from-registry ${s.name}@${s.version} --agents …\n`);
    }),
};

const sources: Command = {
  name: 'registry sources',
  summary: 'The registries the panel reads: the official MCP Registry (or MCP_PANEL_REGISTRY) and the ones added, with their catalogues',
  usage: 'registry sources [--json]',
  run: (ctx) =>
    wrap(ctx, async () => {
      const cats = (await registryService(ctx).catalogues('never')).map(({ records: _r, ...s }) => s);
      if (ctx.opts.json) return printJson(ctx, { sources: cats });
      for (const c of cats) ctx.stdout(`${c.source.name}  ${c.source.url}${c.source.builtin ? '  (default)' : ''}\n`);
      ctx.stdout('\n');
      printSources(ctx, cats);
    }),
};

const addSource: Command = {
  name: 'registry add-source',
  summary: "Add a registry that speaks the MCP Registry's API (a company's subregistry, the GitHub MCP registry) by its URL",
  usage: 'registry add-source URL [--name NAME] [--json]',
  takesArguments: true,
  options: { name: { type: 'string' } },
  run: (ctx) =>
    wrap(ctx, async () => {
      if (ctx.args.length !== 1) throw new UsageError('registry add-source takes one URL');
      const r = await registryService(ctx).sources.add(ctx.args[0]!, optString(ctx, 'name'));
      if (ctx.opts.json) return printJson(ctx, r);
      ctx.stdout(r.added ? `added ${r.source.name} (${r.source.url}); registry search --source ${r.source.name} reads it\n` : `${r.source.url} is already there, as ${r.source.name}\n`);
    }),
};

export const registryCommands: Command[] = [search, show, sources, addSource];
