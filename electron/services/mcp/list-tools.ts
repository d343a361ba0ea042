// tools/list through the SDK client, every page, as the shared ToolDef shape.
import { CLIENT_CAPABILITIES_META_KEY, type Client } from '@modelcontextprotocol/client';
import type { DeclaredCapabilities } from '../../../shared/profiles/types';
import type { ToolDef } from '../../../shared/schemas/server';
import type { ToolDepthGuard } from './depth-guard';

export function toToolDef(t: Record<string, unknown>): ToolDef {
  const out: ToolDef = { name: String(t.name), inputSchema: (t.inputSchema as Record<string, unknown>) ?? { type: 'object' } };
  if (typeof t.title === 'string') out.title = t.title;
  if (typeof t.description === 'string') out.description = t.description;
  if (t.outputSchema && typeof t.outputSchema === 'object') out.outputSchema = t.outputSchema as Record<string, unknown>;
  if (t.annotations && typeof t.annotations === 'object') out.annotations = t.annotations as Record<string, unknown>;
  return out;
}

export interface ListedTools {
  tools: ToolDef[];
  /** Tools left out, each with why (SEC-4): the server keeps its other tools. */
  rejected: Array<{ name: string; reason: string }>;
}

/** One line for the server's last error: which tools were left out and why. */
export function describeRejected(rejected: ListedTools['rejected']): string | null {
  if (rejected.length === 0) return null;
  const names = rejected.slice(0, 5).map((r) => `"${r.name}"`).join(', ') + (rejected.length > 5 ? ` and ${rejected.length - 5} more` : '');
  return `${rejected.length === 1 ? 'tool' : 'tools'} ${names} left out: ${rejected[0]!.reason}`;
}

/** Bounded, so a server that pages forever cannot hold us (SEC-4). */
export const MAX_LIST_PAGES = 1000;

/**
 * Every page (the SDK's no-cursor list walks them, up to the client's listMaxPages). `fresh`
 * bypasses the SDK's ttlMs cache (PROTO-2): the snapshot and drift check (CONN-11) must see
 * what the server offers now, not a list it allowed us to keep. Tools whose schemas nest too
 * deep were taken out in the transport, before the SDK parsed the answer (depth-guard.ts).
 */
export async function listAllTools(client: Client, timeoutMs: number, fresh: boolean, depth: ToolDepthGuard, declaring?: DeclaredCapabilities): Promise<ListedTools> {
  // AGENT-6 on a 2026-07-28 connection: the request's own declaration (its `_meta` envelope key,
  // which a caller's `_meta` overrides) lists what a client declaring that is offered. Never cached.
  const params = declaring ? { _meta: { [CLIENT_CAPABILITIES_META_KEY]: declaring } } : undefined;
  const res = await client.listTools(params, { timeout: timeoutMs, ...(fresh || declaring ? { cacheMode: 'refresh' as const } : {}) });
  return { tools: (res.tools as unknown as Array<Record<string, unknown>>).map(toToolDef), rejected: [...depth.lastRejected()] };
}
