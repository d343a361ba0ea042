// Hand-given inputs for the naming, permission and disclosure views (CLI files, stdin),
// validated with zod and turned into the plain inputs of shared/naming, shared/permissions
// and shared/disclosure. Errors come back as InputError with the file and the JSON path.
import { readBoundedFile } from '../config/read-file';
import { z } from 'zod';
import { ServerStateKindSchema, ToolSourceSchema, type ToolDef, type ToolSource } from '../../../shared/schemas/server';
import type { NamingReport, NamingServerInput } from '../../../shared/naming/assign';
import { parseRuleSet, type RuleLists } from '../../../shared/permissions/rules';
import type { DisclosureToolInput } from '../../../shared/disclosure/plan';

export class InputError extends Error {}

function issues(err: z.ZodError): string {
  return err.issues.map((i) => `${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`).join('; ');
}

export function parseJsonText(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new InputError(`${where} is not valid JSON: ${(err as Error).message}`);
  }
}

export async function readJsonFile(file: string): Promise<unknown> {
  // SEC-7: bounded and regular-file-only, like every other file the panel reads.
  const read = await readBoundedFile(file);
  if (read.state === 'missing') throw new InputError(`cannot read ${file}: no such file`);
  if (read.state === 'void') throw new InputError(read.error);
  return parseJsonText(read.bytes.toString('utf8'), file);
}

/** `names` input rows: `[{server, tool, source?}]` (+ state, subagent, deferred). */
export const NameRowSchema = z.object({
  server: z.string().min(1),
  tool: z.string().min(1),
  source: ToolSourceSchema.exclude(['session']).default('configured'),
  state: ServerStateKindSchema.optional(),
  subagent: z.boolean().optional(),
  deferred: z.boolean().optional(),
});
export type NameRow = z.infer<typeof NameRowSchema>;

export function parseNameRows(raw: unknown, where: string): NameRow[] {
  const r = z.array(NameRowSchema).safeParse(raw);
  if (!r.success) throw new InputError(`${where}: ${issues(r.error)}`);
  return r.data;
}

/**
 * Group rows by (source, server) into naming inputs. The identity is the source plus the
 * server string as given; `locate` puts the report's rows back in input order.
 */
export function rowsToServers(rows: readonly NameRow[]): { servers: NamingServerInput[]; locate: (report: NamingReport) => NamingReport['tools'] } {
  const groups = new Map<string, { server: NamingServerInput & { tools: { name: string }[] }; rows: number[] }>();
  rows.forEach((row, i) => {
    const key = JSON.stringify([row.source, row.server]);
    let g = groups.get(key);
    if (!g) {
      g = { server: { serverId: row.server, serverName: row.server, source: row.source, tools: [], state: row.state, subagent: row.subagent, deferred: row.deferred }, rows: [] };
      groups.set(key, g);
    }
    g.server.tools.push({ name: row.tool });
    g.server.state ??= row.state;
    g.server.subagent ||= row.subagent;
    g.server.deferred ||= row.deferred;
    g.rows.push(i);
  });
  const servers = [...groups.values()].map((g) => g.server);
  const position = new Array<number>(rows.length);
  let offset = 0;
  for (const g of groups.values()) {
    g.rows.forEach((rowIndex, k) => (position[rowIndex] = offset + k));
    offset += g.rows.length;
  }
  return {
    servers,
    // Report rows come server by server; synthetic rows (authenticate, query) follow them.
    locate: (report) => [...position.map((p) => report.tools[p]!), ...report.tools.slice(offset)],
  };
}

/** `simulate --tools`: a JSON array of qualified names (objects with `name` accepted too). */
export function parseToolNames(raw: unknown, where: string): string[] {
  const r = z.array(z.union([z.string(), z.object({ name: z.string() }).transform((o) => o.name)])).safeParse(raw);
  if (!r.success) throw new InputError(`${where}: ${issues(r.error)}`);
  return r.data;
}

export function parseRules(raw: unknown, where: string): RuleLists {
  const r = parseRuleSet(raw);
  if (!r.ok) throw new InputError(`${where}: ${r.error}; expected {"permissions": {"allow": [...], "ask": [...], "deny": [...]}}`);
  return r.value;
}

/** `disclosure` / `search --tools`: definitions with qualified names. */
export const QualifiedToolSchema = z
  .object({
    name: z.string().min(1),
    description: z.string().optional(),
    inputSchema: z.record(z.string(), z.unknown()).default({ type: 'object' }),
    server: z.string().optional(),
    source: ToolSourceSchema.optional(),
  })
  .passthrough();

export function parseQualifiedTools(raw: unknown, where: string): DisclosureToolInput[] {
  const r = z.array(QualifiedToolSchema).safeParse(raw);
  if (!r.success) throw new InputError(`${where}: ${issues(r.error)}`);
  return r.data.map(({ server, source, ...definition }) => ({
    name: definition.name,
    server: server ?? serverOf(definition.name),
    source: source ?? 'configured',
    definition,
  }));
}

/** The server segment of `mcp__<server>__<tool>` (or `mcp_<id>_…`), for per-server totals. */
export function serverOf(name: string): string {
  const m = /^mcp__(.+?)__/.exec(name) ?? /^mcp_([^_]+)_/.exec(name);
  return m ? m[1]! : '(unknown)';
}

/** Discovered servers + their minimax names → qualified definitions for disclosure/search. */
export function qualifiedDefinitions(report: NamingReport, servers: readonly (NamingServerInput & { tools: readonly ToolDef[] })[]): DisclosureToolInput[] {
  const defs = new Map<string, ToolDef>();
  const sources = new Map<string, ToolSource>();
  for (const s of servers) {
    for (const t of s.tools) defs.set(JSON.stringify([s.serverId, t.name]), t);
    sources.set(s.serverId, s.source ?? 'configured');
  }
  const out: DisclosureToolInput[] = [];
  for (const t of report.tools) {
    const def = defs.get(JSON.stringify([t.serverId, t.tool]));
    if (!t.name || !def) continue;
    out.push({ name: t.name, server: t.serverName, source: sources.get(t.serverId) ?? 'configured', definition: { ...def, name: t.name } });
  }
  return out;
}
