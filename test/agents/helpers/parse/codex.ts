// Codex's `codex mcp list --json` and `codex mcp get NAME --json` (checked on 0.171.0;
// codex-rs/cli/src/mcp_cmd.rs): { name, enabled, disabled_reason, transport: { type: "stdio",
// command, args, env, env_vars, cwd } | { type: "streamable_http", url, bearer_token_env_var, … } }.
// It lists without connecting and names no scope.
import { forVersion, type AgentServer } from './agent-server';

interface CodexEntry {
  name: string;
  enabled: boolean;
  disabled_reason: string | null;
  transport: { type: 'stdio'; command: string; args: string[] } | { type: 'streamable_http'; url: string };
}

function fromEntry(e: CodexEntry): AgentServer {
  const t = e.transport;
  return {
    name: e.name,
    ...(t.type === 'stdio' ? { transport: 'stdio' as const, command: t.command, args: t.args } : { transport: 'http' as const, url: t.url }),
    state: e.enabled ? 'enabled' : 'disabled',
    detail: e.enabled ? 'enabled' : `disabled${e.disabled_reason ? `: ${e.disabled_reason}` : ''}`,
  };
}

/** The JSON document in the output (Codex prints warnings around it on stderr). */
function json<T>(stdout: string): T {
  const start = stdout.search(/^[[{]/m);
  if (start < 0) throw new Error(`codex printed no JSON: ${stdout}`);
  return JSON.parse(stdout.slice(start)) as T;
}

const formats = {
  '0.171': {
    list: (stdout: string) => json<CodexEntry[]>(stdout).map(fromEntry),
    get: (stdout: string) => fromEntry(json<CodexEntry>(stdout)),
  },
};

export const parseCodexList = (stdout: string, version: string) => forVersion('codex', version, formats).list(stdout);
export const parseCodexGet = (stdout: string, version: string) => forVersion('codex', version, formats).get(stdout);
