// PROTO-2 on the command line: a server's resources, resource templates and prompts, read the way
// the page reads them. A running panel answers (its connection, and the lists the server let it
// keep, `ttlMs`: the output says when a list came from that cache); else the server is connected
// for the run. `--refresh` drops what the panel keeps first (servers.refreshLists, the page's
// Refresh), so every list is asked of the server again.
import type { ListCachedSchema } from '../../../shared/contract';
import type { z } from 'zod';
import { type Command, type CommandContext, printJson, profileOption, UsageError } from './command';
import { serverIdOf, sourceLine, withPanel } from './panel-call';

type Cached = z.infer<typeof ListCachedSchema> | undefined;

function cacheLine(cached: Cached): string {
  if (!cached) return '';
  return ` (from the panel's cache: sent by the server at ${new Date(cached.at).toISOString()}, kept until ${new Date(cached.expiresAt).toISOString()}; --refresh asks again)`;
}

/** `--refresh` is the page's Refresh here, so the panel's answer stays wanted (withPanel would skip it). */
function withoutRefresh(ctx: CommandContext): CommandContext {
  const { refresh: _, ...opts } = ctx.opts;
  return { ...ctx, opts };
}

const lists: Command = {
  name: 'lists',
  summary: "A server's resources, templates and prompts: from the running panel (and its cached lists, said so), else connected here; --refresh asks the server again",
  usage: 'lists SERVER [--refresh] [--profile P] [--workspace DIR] [--json]',
  takesArguments: true,
  options: { profile: { type: 'string' }, workspace: { type: 'string' }, verbose: { type: 'boolean' }, refresh: { type: 'boolean' } },
  async run(ctx) {
    const [name] = ctx.args;
    if (!name || ctx.args.length > 1) throw new UsageError('lists takes exactly one SERVER');
    const profile = profileOption(ctx, 'minimax');
    const refresh = !!ctx.opts.refresh;
    const out = await withPanel(withoutRefresh(ctx), { profile, live: true, reads: true }, async (call, source) => {
      const id = await serverIdOf(call, name);
      if (refresh) await call('servers.refreshLists', { id });
      // A server without a capability answers `unsupported`: that list is empty, not an error.
      const soft = async <T>(p: Promise<T>): Promise<T | null> => p.catch(() => null);
      const [resources, templates, prompts] = [await soft(call('inspect.resources', { id })), await soft(call('inspect.templates', { id })), await soft(call('inspect.prompts', { id }))];
      // Without a panel the server was asked here and now (withPanel's "cache" is about tool lists).
      return { server: name, source: source === 'panel' ? ('panel' as const) : ('live' as const), resources, templates, prompts };
    });
    if (ctx.opts.json) {
      const part = <T extends { cached?: Cached }>(p: T | null, items: (p: T) => unknown[]) => (p ? { items: items(p), cached: p.cached ?? null } : null);
      printJson(ctx, {
        server: out.server,
        source: out.source,
        resources: part(out.resources, (p) => p.resources),
        templates: part(out.templates, (p) => p.templates),
        prompts: part(out.prompts, (p) => p.prompts),
      });
      return;
    }
    const section = (title: string, p: { cached?: Cached } | null, lines: string[]) => {
      ctx.stdout(`${title}${p ? cacheLine(p.cached) : ' (not offered)'}\n`);
      for (const l of lines) ctx.stdout(`  ${l}\n`);
    };
    section('resources', out.resources, out.resources?.resources.map((r) => `${r.uri}  ${r.title ?? r.name}`) ?? []);
    section('templates', out.templates, out.templates?.templates.map((t) => `${t.uriTemplate}  ${t.title ?? t.name}`) ?? []);
    section('prompts', out.prompts, out.prompts?.prompts.map((p) => `${p.name}${p.description ? ` — ${p.description}` : ''}`) ?? []);
    ctx.stdout(sourceLine(out.source));
  },
};

export const listCommands: Command[] = [lists];
