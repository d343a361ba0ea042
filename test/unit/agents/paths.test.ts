// AGENT-1: every profile's files on Linux, macOS and Windows, from an injected platform, home
// and environment (nothing on this machine decides), and CFG-12 detection markers.
import { describe, expect, it } from 'vitest';
import { resolveLayerPaths } from '../../../electron/services/config/profiles';
import { agentCandidates } from '../../../electron/services/config/detect';
import type { Profile } from '../../../shared/schemas/server';

const cases = {
  linux: { platform: 'linux', home: '/home/ana', workspace: '/home/ana/app', env: {} },
  darwin: { platform: 'darwin', home: '/Users/ana', workspace: '/Users/ana/app', env: {} },
  win32: { platform: 'win32', home: 'C:\\Users\\ana', workspace: 'C:\\Users\\ana\\app', env: { APPDATA: 'C:\\Users\\ana\\AppData\\Roaming' } },
} as const;

async function paths(profile: Profile, os: keyof typeof cases, env: NodeJS.ProcessEnv = {}) {
  const c = cases[os];
  const locs = await resolveLayerPaths(profile, { platform: c.platform, home: c.home, workspace: c.workspace, env: { ...c.env, ...env } });
  return locs.map((l) => [l.layer, l.path, ...(l.container ? [l.container.join('/')] : [])]);
}

describe('files per layer and OS', () => {
  it('Claude Code: ~/.claude.json (user, and the local scope under projects[<path>]), <repo>/.mcp.json', async () => {
    expect(await paths('claude-code', 'linux')).toEqual([
      ['user', '/home/ana/.claude.json'],
      ['project', '/home/ana/app/.mcp.json'],
      ['project-local', '/home/ana/.claude.json', 'projects//home/ana/app/mcpServers'],
    ]);
    expect(await paths('claude-code', 'win32')).toEqual([
      ['user', 'C:\\Users\\ana\\.claude.json'],
      ['project', 'C:\\Users\\ana\\app\\.mcp.json'],
      ['project-local', 'C:\\Users\\ana\\.claude.json', 'projects/C:\\Users\\ana\\app/mcpServers'],
    ]);
  });

  it('Goose: ~/.config/goose/config.yaml (XDG on Linux), %APPDATA%\\Block\\goose\\config on Windows', async () => {
    expect(await paths('goose', 'linux')).toEqual([['user', '/home/ana/.config/goose/config.yaml']]);
    expect(await paths('goose', 'linux', { XDG_CONFIG_HOME: '/cfg' })).toEqual([['user', '/cfg/goose/config.yaml']]);
    expect(await paths('goose', 'darwin')).toEqual([['user', '/Users/ana/.config/goose/config.yaml']]);
    expect(await paths('goose', 'win32')).toEqual([['user', 'C:\\Users\\ana\\AppData\\Roaming\\Block\\goose\\config\\config.yaml']]);
  });

  it('Claude Desktop: Application Support, %APPDATA%, ~/.config', async () => {
    expect(await paths('claude-desktop', 'darwin')).toEqual([['user', '/Users/ana/Library/Application Support/Claude/claude_desktop_config.json']]);
    expect(await paths('claude-desktop', 'win32')).toEqual([['user', 'C:\\Users\\ana\\AppData\\Roaming\\Claude\\claude_desktop_config.json']]);
    expect(await paths('claude-desktop', 'linux')).toEqual([['user', '/home/ana/.config/Claude/claude_desktop_config.json']]);
    expect(await paths('claude-desktop', 'linux', { XDG_CONFIG_HOME: '/cfg' })).toEqual([['user', '/cfg/Claude/claude_desktop_config.json']]);
  });

  it('VS Code: the user mcp.json per OS and .vscode/mcp.json', async () => {
    expect(await paths('vscode', 'darwin')).toEqual([
      ['user', '/Users/ana/Library/Application Support/Code/User/mcp.json'],
      ['project', '/Users/ana/app/.vscode/mcp.json'],
    ]);
    expect((await paths('vscode', 'win32'))[0]).toEqual(['user', 'C:\\Users\\ana\\AppData\\Roaming\\Code\\User\\mcp.json']);
    expect((await paths('vscode', 'linux'))[0]).toEqual(['user', '/home/ana/.config/Code/User/mcp.json']);
  });

  it('Cursor, Gemini CLI, Windsurf: home-relative on every OS', async () => {
    expect(await paths('cursor', 'win32')).toEqual([
      ['user', 'C:\\Users\\ana\\.cursor\\mcp.json'],
      ['project', 'C:\\Users\\ana\\app\\.cursor\\mcp.json'],
    ]);
    expect(await paths('gemini', 'darwin')).toEqual([
      ['user', '/Users/ana/.gemini/settings.json'],
      ['project', '/Users/ana/app/.gemini/settings.json'],
    ]);
    expect(await paths('windsurf', 'linux')).toEqual([['user', '/home/ana/.codeium/windsurf/mcp_config.json']]);
    expect(await paths('windsurf', 'win32')).toEqual([['user', 'C:\\Users\\ana\\.codeium\\windsurf\\mcp_config.json']]);
  });

  it('Codex: $CODEX_HOME/config.toml, else ~/.codex/config.toml; .codex/config.toml in the project', async () => {
    expect(await paths('codex', 'linux')).toEqual([
      ['user', '/home/ana/.codex/config.toml'],
      ['project', '/home/ana/app/.codex/config.toml'],
    ]);
    expect((await paths('codex', 'win32'))[0]).toEqual(['user', 'C:\\Users\\ana\\.codex\\config.toml']);
    expect((await paths('codex', 'darwin', { CODEX_HOME: '/opt/codex' }))[0]).toEqual(['user', '/opt/codex/config.toml']);
  });

  it('detection markers follow the same OS rules', () => {
    const win = agentCandidates('C:\\Users\\ana', { APPDATA: 'C:\\Users\\ana\\AppData\\Roaming' }, 'win32');
    expect(win.find((c) => c.agent === 'claude-desktop')?.marker).toBe('C:\\Users\\ana\\AppData\\Roaming\\Claude');
    expect(win.find((c) => c.agent === 'codex')?.configFiles).toEqual(['C:\\Users\\ana\\.codex\\config.toml']);
    const mac = agentCandidates('/Users/ana', {}, 'darwin');
    expect(mac.find((c) => c.agent === 'vscode')?.marker).toBe('/Users/ana/Library/Application Support/Code/User');
    expect(mac.map((c) => c.agent)).toContain('gemini');
  });
});
