// tools/list through the SDK client, every page, as the shared ToolDef shape.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ToolDef } from '../../../shared/schemas/server';

export function toToolDef(t: Record<string, unknown>): ToolDef {
  const out: ToolDef = { name: String(t.name), inputSchema: (t.inputSchema as Record<string, unknown>) ?? { type: 'object' } };
  if (typeof t.title === 'string') out.title = t.title;
  if (typeof t.description === 'string') out.description = t.description;
  if (t.outputSchema && typeof t.outputSchema === 'object') out.outputSchema = t.outputSchema as Record<string, unknown>;
  if (t.annotations && typeof t.annotations === 'object') out.annotations = t.annotations as Record<string, unknown>;
  return out;
}

/** Follows nextCursor (bounded, so a server that pages forever cannot hold us, SEC-4). */
export async function listAllTools(client: Client, timeoutMs: number, maxPages = 1000): Promise<ToolDef[]> {
  const raw: ToolDef[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const res = await client.listTools(cursor ? { cursor } : undefined, { timeout: timeoutMs });
    for (const t of res.tools) raw.push(toToolDef(t as unknown as Record<string, unknown>));
    cursor = res.nextCursor;
    if (!cursor) break;
  }
  return raw;
}
