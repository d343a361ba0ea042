// DISC-2: `mcp_invoke {tool_name, arguments}` resolution. Pure: maps the qualified name the
// model saw to the server and raw tool; the call itself goes through the connection pool.
import { z } from 'zod';
import type { NamingReport } from '../naming/assign';
import { err, ok, type Result } from '../result';

export const McpInvokeInputSchema = z.object({
  tool_name: z.string().min(1),
  arguments: z.record(z.string(), z.unknown()).default({}),
});

export interface InvokeTarget {
  name: string;
  serverId: string;
  serverName: string;
  /** The raw tool name the server knows. */
  tool: string;
}

export type InvokeResolution = Result<InvokeTarget & { arguments: Record<string, unknown> }, { code: 'INVALID_INPUT' | 'UNKNOWN_TOOL'; message: string }>;

/** Every named, non-synthetic tool of a naming report, by the name the agent shows. */
export function invokeCatalog(report: Pick<NamingReport, 'tools'>): Map<string, InvokeTarget> {
  const map = new Map<string, InvokeTarget>();
  for (const t of report.tools) {
    if (t.name && !t.synthetic && !map.has(t.name)) map.set(t.name, { name: t.name, serverId: t.serverId, serverName: t.serverName, tool: t.tool });
  }
  return map;
}

export function resolveInvoke(catalog: ReadonlyMap<string, InvokeTarget>, input: unknown): InvokeResolution {
  const parsed = McpInvokeInputSchema.safeParse(input);
  if (!parsed.success) {
    return err({ code: 'INVALID_INPUT', message: `mcp_invoke takes {tool_name: string, arguments: object}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'} ${i.message}`).join('; ')}` });
  }
  const target = catalog.get(parsed.data.tool_name);
  if (!target) return err({ code: 'UNKNOWN_TOOL', message: `no tool named "${parsed.data.tool_name}": call tool_search first and use a name it returned` });
  return ok({ ...target, arguments: parsed.data.arguments });
}
