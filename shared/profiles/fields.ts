// Reading an agent's entry fields for the connection spec: values of the wrong type count as
// absent (the entry's schema reports them), so mapping never throws.
import type { ConnectionSpec, ToolLimits } from '../schemas/server';

export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const posInt = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined);
export const strArr = (v: unknown): string[] | undefined => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined);

/** Global defaults an agent applies to every entry (kimi's `mcp` section and KIMI_MCP_*). */
export interface AgentDefaults {
  startupTimeoutMs?: number;
  toolTimeoutMs?: number;
}

/** What an agent's own fields add to the connection spec (CONN-2 timeouts, CONN-8 limits, AUTH-4 tokens). */
export type ConnectionExtras = Partial<Pick<ConnectionSpec, 'callTimeoutMs' | 'startupTimeoutMs' | 'bearerTokenEnv' | 'bearerToken' | 'literalVars'>> & { limits?: ToolLimits };
