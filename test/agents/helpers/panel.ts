// The panel's side of a contract check: what its CLI reads (`status --no-connect --json`: the
// servers as that agent reads them; `names`: the tool names it says the agent shows), the entries it is given in
// each agent's own dialect, and the bytes of the files it wrote (undo is byte for byte).
import { existsSync, readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { EVERYTHING, fixture } from '../../helpers/fixtures';
import type { AgentId } from './installed';
import type { Sandbox } from './sandbox';

export interface PanelServer {
  name: string;
  layer: string;
  transport: string | null;
  enabled: boolean;
  trusted: boolean;
  error: string | null;
}

interface StatusView {
  servers: PanelServer[];
}

/**
 * The agent's servers as the panel reads them: `status --profile P --no-connect --json` (the
 * effective entry of each name, on/off, trusted, its layer), without connecting and whether or
 * not the agent's marker makes it "detected".
 */
export async function panelServers(sb: Sandbox, profile: AgentId): Promise<PanelServer[]> {
  const view = await sb.panelJson<StatusView>(['status', '--profile', profile, '--workspace', sb.workspace, '--no-connect']);
  return view.servers.map((s) => ({ name: s.name, layer: s.layer, transport: s.transport, enabled: s.enabled, trusted: s.trusted, error: s.error }));
}

/** One server as the panel reads it: the effective entry of that name. */
export async function panelServer(sb: Sandbox, profile: AgentId, name: string): Promise<PanelServer> {
  const found = (await panelServers(sb, profile)).filter((s) => s.name === name);
  if (found.length === 0) throw new Error(`the panel reads no server "${name}" for ${profile}`);
  return found[0]!;
}

/** The panel says the agent starts it: on, and trusted (approved) where the agent asks for trust. */
export const panelRuns = (s: PanelServer): boolean => s.enabled && s.trusted;

interface NameRow {
  server: string;
  tool: string;
  name: string | null;
  dropped: boolean;
}

/** The tool names the panel says the agent shows (it connects to the servers itself). */
export async function panelNames(sb: Sandbox, profile: AgentId): Promise<string[]> {
  const rows = await sb.panelJson<NameRow[]>(['names', '--profile', profile, '--workspace', sb.workspace]);
  return rows.filter((r) => !r.dropped && r.name).map((r) => r.name!);
}

export type Target = { command: string; args: string[] } | { url: string };

/** A stdio fixture server (test/fixtures/servers/NAME.mjs) or server-everything, by absolute paths. */
export const stdioFixture = (name: string, args: string[] = []): { command: string; args: string[] } => ({
  command: process.execPath,
  args: [name === 'everything' ? EVERYTHING : fixture(`test/fixtures/servers/${name}.mjs`), 'stdio', ...args],
});

/**
 * The entry for `target` as the agent itself writes it (its own `mcp add`). Gemini CLI's entries
 * carry a 60 s `timeout`, as `geminiAdd` gives them (its list's health check waits 5 s otherwise).
 */
export function entryFor(profile: AgentId, target: Target): Record<string, unknown> {
  // Copilot: as the panel spells it (`copilot mcp add` writes `local`, which Claude Code refuses in
  // the `.mcp.json` both read); `qwen mcp add -t http`: `httpUrl`.
  if (profile === 'copilot') return { ...('url' in target ? { type: 'http', url: target.url } : { type: 'stdio', command: target.command, args: target.args }), tools: ['*'] };
  if (profile === 'qwen' && 'url' in target) return { httpUrl: target.url };
  if (profile === 'gemini') return { ...('url' in target ? { url: target.url, type: 'http' } : { command: target.command, args: target.args }), timeout: 60_000 };
  if ('url' in target) {
    if (profile === 'claude-code') return { type: 'http', url: target.url };
    if (profile === 'opencode') return { type: 'remote', url: target.url };
    return { url: target.url };
  }
  if (profile === 'opencode') return { type: 'local', command: [target.command, ...target.args] };
  return { command: target.command, args: target.args };
}

/** `server add NAME` through the panel's CLI, the entry in the agent's dialect. */
export async function panelAdd(sb: Sandbox, profile: AgentId, layer: string, name: string, target: Target): Promise<void> {
  await sb.panelJson(['server', 'add', name, '--profile', profile, '--layer', layer, '--workspace', sb.workspace, '--entry', JSON.stringify(entryFor(profile, target))]);
}

export type Snapshot = Map<string, Buffer | null>;

/** The bytes of each file (null: absent), to compare after an undo. */
export function snapshot(paths: string[]): Snapshot {
  return new Map(paths.map((p) => [p, existsSync(p) ? readFileSync(p) : null]));
}

/** Every file is back to the bytes (or the absence) it had. */
export function expectSameBytes(before: Snapshot): void {
  for (const [path, bytes] of before) {
    const now = existsSync(path) ? readFileSync(path) : null;
    expect({ path, text: now?.toString('utf8') ?? null }).toEqual({ path, text: bytes?.toString('utf8') ?? null });
    if (bytes && now) expect(Buffer.compare(now, bytes), path).toBe(0);
  }
}
