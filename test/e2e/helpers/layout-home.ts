// The HOME the layout spec runs on (issue 22 item 6): real content of every kind a row can
// show: server-everything over stdio (Detail and Logs with real traffic), the echo fixture,
// Chinese tool descriptions, a command that does not exist (failed, with the doctor's words),
// a remote behind a real OAuth server (needs-auth), a disabled entry, a long name, a server
// whose tool description changed since the accepted snapshot (CONN-11), an untrusted workspace
// with a project server (the trust dialog), and every other agent's user file (many-agents.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { canonicalJson, toolsSha } from '../../../electron/services/connections/snapshots';
import { type PanelHome, type RunningPanel } from '../../helpers/panel-home';
import { EVERYTHING } from '../../helpers/everything';
import { ECHO, usePanelOn, ZH } from './views-home';
import { fixture } from '../../helpers/fixtures';
import { writeManyAgents, type ManyAgents } from './many-agents';

const COUNTED = fixture('test/fixtures/servers/counted.mjs');

/** The description the user once accepted for counted/ping; the server now says "Answers pong". */
export const OLD_PING = 'Answers ping with pong, nothing else';

/**
 * An accepted snapshot for `drift` whose ping tool had another description: on its first
 * discovery the panel reports the change (as after a server update that rewrote its tools).
 */
function seedAcceptedSnapshot(dataDir: string, serverId: string): void {
  const old = [
    { name: 'ping', description: OLD_PING, inputSchema: { type: 'object', properties: {}, $schema: 'http://json-schema.org/draft-07/schema#' } },
    { name: 'say', description: 'Says the text', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], $schema: 'http://json-schema.org/draft-07/schema#' } },
  ];
  const sha = toolsSha(old);
  const root = join(dataDir, 'tool-snapshots');
  mkdirSync(join(root, 'objects'), { recursive: true, mode: 0o700 });
  writeFileSync(join(root, 'objects', `${sha}.json`), canonicalJson([...old].sort((a, b) => (a.name < b.name ? -1 : 1))));
  writeFileSync(join(root, 'index.json'), JSON.stringify({ version: 1, servers: { [serverId]: { latest: sha, accepted: sha, history: [{ sha, at: Date.now() - 86_400_000 }] } } }));
}

export async function makeLayoutHome(remoteUrl: string): Promise<PanelHome & ManyAgents> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-panel-layout-'));
  const home = join(dir, 'home');
  const workspace = join(dir, 'workspace');
  mkdirSync(join(home, '.minimax'), { recursive: true });
  mkdirSync(join(workspace, '.git'), { recursive: true });
  const everything = { command: process.execPath, args: [EVERYTHING, 'stdio'] };
  const echo = { command: process.execPath, args: [ECHO] };
  const servers: Record<string, unknown> = {
    everything,
    echo,
    zh: { command: process.execPath, args: [ZH] },
    drift: { command: process.execPath, args: [COUNTED, 'stdio'] },
    missing: { command: join(dir, 'no-such-binary'), args: ['--serve'] },
    secured: { type: 'http', url: remoteUrl },
    sleepy: { command: process.execPath, args: [ECHO], enabled: false },
    'a-server-with-a-rather-long-name-for-its-row': { command: process.execPath, args: [ECHO, '--with', 'a', 'long', 'command', 'line'] },
    // MiniMax expands ${VAR} only in project files: a problem the engine reports (CFG-3), in the reader's language.
    literal: { command: process.execPath, args: [ECHO], env: { TOKEN: '${LAYOUT_TOKEN}' } },
  };
  writeFileSync(join(home, '.minimax', 'mcp.json'), JSON.stringify({ mcpServers: servers }, null, 2));
  // kimi reads the same project file; under minimax it is the project layer.
  writeFileSync(join(workspace, '.mcp.json'), JSON.stringify({ mcpServers: { project: { command: process.execPath, args: [ECHO, '--project'] }, docs: { type: 'http', url: 'https://docs.example.com/mcp' } } }, null, 2));
  seedAcceptedSnapshot(join(dir, 'panel-data'), 'configured:minimax:drift');
  // Every other agent the panel knows, with servers of its own and some of MiniMax Code's (issues 37, 44).
  const many = await writeManyAgents(home, workspace, 'minimax', { everything: { transport: 'stdio', ...everything, enabled: true }, echo: { transport: 'stdio', ...echo, enabled: true } });
  return { ...many, profile: 'minimax', dir, home, workspace, pidFile: join(dir, 'unused.pid'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** One panel over the layout HOME for a spec file. */
export function useLayoutPanel(): { readonly home: PanelHome & ManyAgents; readonly panel: RunningPanel } {
  return usePanelOn(makeLayoutHome);
}
