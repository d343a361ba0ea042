// Every agent the panel knows (PROFILE_IDS) with its own user file beside MiniMax Code's, for the
// layout spec (issues 37 and 44: the views at fifteen agents). Each file is written in its
// agent's format and spelling (test/helpers/agent-files.ts); a few servers each, some shared:
// `everything` and `echo` run what MiniMax Code's do (one row of Across agents, one live state),
// a few agents spell them differently (an env name more, other args, switched off), a filesystem
// server with long path arguments, a remote every HTTP-capable agent lists, and one server only
// one agent has. The panel starts none of them (only the selected agent's).
import type { CanonicalEntry } from '../../../shared/install/canonical';
import { PROFILE_IDS } from '../../../shared/profiles/ids';
import type { Profile } from '../../../shared/schemas/server';
import { writeAgentFiles } from '../../helpers/agent-files';

/** A path argument long enough to need wrapping in any column (it may wrap only at a separator). */
export const LONG_PATH = '/home/someone/projects/an-unusually-long-project-folder-name/packages/server-side-rendering/fixtures';

export interface ManyAgents {
  /** The agents given files here (every profile but the selected one). */
  agents: Profile[];
  /** The server only one agent has, and that agent. */
  lone: { name: string; profile: Profile };
}

/**
 * Writes every agent's user file but `selected`'s. `everything` and `echo` are the selected
 * agent's own entries (so the rows join its servers).
 */
export async function writeManyAgents(home: string, workspace: string, selected: Profile, own: { everything: CanonicalEntry; echo: CanonicalEntry }): Promise<ManyAgents> {
  const agents = PROFILE_IDS.filter((p) => p !== selected);
  const lone = { name: 'desktop-only-notes', profile: 'claude-desktop' as Profile };
  const filesystem: CanonicalEntry = { transport: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', LONG_PATH], enabled: true };
  const docs: CanonicalEntry = { transport: 'http', url: 'https://docs.example.com/mcp', enabled: true };
  const pick = (p: Profile): Record<string, CanonicalEntry> => {
    const i = agents.indexOf(p);
    const servers: Record<string, CanonicalEntry> = { docs };
    // Everyone runs `everything`; Cursor with one more variable, Gemini over other args, Codex off.
    if (p === 'cursor') servers.everything = { ...own.everything, env: { EVERYTHING_API_KEY: '${EVERYTHING_API_KEY}' } };
    else if (p === 'gemini') servers.everything = { ...own.everything, args: [...(own.everything.args ?? []).slice(0, -1), 'streamableHttp'] };
    else if (p === 'codex') servers['everything-server'] = { ...own.everything, enabled: false };
    else servers.everything = own.everything;
    if (i % 2 === 0) servers.echo = own.echo;
    if (i % 3 === 0) servers.filesystem = filesystem;
    if (p === lone.profile) servers[lone.name] = { transport: 'stdio', command: 'uvx', args: ['desktop-notes-mcp', '--vault', LONG_PATH], enabled: true };
    return servers;
  };
  await writeAgentFiles({ env: { ...process.env, HOME: home }, home, workspace }, agents, (p) => pick(p), { layers: ['user'] });
  return { agents, lone };
}
