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

  it('Zed: ~/.config/zed (XDG, Flatpak on Linux), %APPDATA%\\Zed; .zed/settings.json in the project', async () => {
    expect(await paths('zed', 'linux')).toEqual([
      ['user', '/home/ana/.config/zed/settings.json'],
      ['project', '/home/ana/app/.zed/settings.json'],
    ]);
    expect((await paths('zed', 'linux', { XDG_CONFIG_HOME: '/cfg' }))[0]).toEqual(['user', '/cfg/zed/settings.json']);
    expect((await paths('zed', 'linux', { XDG_CONFIG_HOME: '/cfg', FLATPAK_XDG_CONFIG_HOME: '/fp' }))[0]).toEqual(['user', '/fp/zed/settings.json']);
    // macOS keeps ~/.config (not Application Support), whatever XDG says.
    expect((await paths('zed', 'darwin', { XDG_CONFIG_HOME: '/cfg' }))[0]).toEqual(['user', '/Users/ana/.config/zed/settings.json']);
    expect(await paths('zed', 'win32')).toEqual([
      ['user', 'C:\\Users\\ana\\AppData\\Roaming\\Zed\\settings.json'],
      ['project', 'C:\\Users\\ana\\app\\.zed\\settings.json'],
    ]);
  });

  it('OpenCode: ~/.config/opencode (XDG) on every OS; opencode.jsonc, as its own `mcp add` creates, unless only opencode.json exists; the project root', async () => {
    expect(await paths('opencode', 'linux')).toEqual([
      ['user', '/home/ana/.config/opencode/opencode.jsonc'],
      ['project', '/home/ana/app/opencode.jsonc'],
    ]);
    expect((await paths('opencode', 'darwin', { XDG_CONFIG_HOME: '/cfg' }))[0]).toEqual(['user', '/cfg/opencode/opencode.jsonc']);
    expect((await paths('opencode', 'win32'))[0]).toEqual(['user', 'C:\\Users\\ana\\.config\\opencode\\opencode.jsonc']);
    const locs = await resolveLayerPaths('opencode', { platform: 'linux', home: '/home/ana', workspace: null, env: {} });
    expect(locs[0]?.alternates).toEqual(['/home/ana/.config/opencode/opencode.json']);
  });

  it('Cline: ~/.cline/data/settings (CLINE_MCP_SETTINGS_PATH, CLINE_DATA_DIR, CLINE_DIR) on every OS; no project layer', async () => {
    expect(await paths('cline', 'linux')).toEqual([['user', '/home/ana/.cline/data/settings/cline_mcp_settings.json']]);
    expect(await paths('cline', 'win32')).toEqual([['user', 'C:\\Users\\ana\\.cline\\data\\settings\\cline_mcp_settings.json']]);
    expect(await paths('cline', 'darwin', { CLINE_DIR: '/opt/cline' })).toEqual([['user', '/opt/cline/data/settings/cline_mcp_settings.json']]);
    expect(await paths('cline', 'darwin', { CLINE_DATA_DIR: '/d', CLINE_DIR: '/opt/cline' })).toEqual([['user', '/d/settings/cline_mcp_settings.json']]);
    expect(await paths('cline', 'linux', { CLINE_MCP_SETTINGS_PATH: '/x/mcp.json', CLINE_DATA_DIR: '/d' })).toEqual([['user', '/x/mcp.json']]);
    // The VS Code extension's older globalStorage file is still scanned for secrets (read only while it is the only one).
    const mac = await resolveLayerPaths('cline', { platform: 'darwin', home: '/Users/ana', workspace: null, env: {} });
    expect(mac[0]?.alternates).toEqual(['/Users/ana/Library/Application Support/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json']);
    const win = await resolveLayerPaths('cline', { ...cases.win32, workspace: null, env: { ...cases.win32.env } });
    expect(win[0]?.alternates).toEqual(['C:\\Users\\ana\\AppData\\Roaming\\Code\\User\\globalStorage\\saoudrizwan.claude-dev\\settings\\cline_mcp_settings.json']);
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

  it('MiniMax Code (data-dir.ts): ~/.minimax, a fresh Linux install under XDG; MINIMAX_DATA_DIR / MAVIS_DATA_DIR move it', async () => {
    // Nothing exists under these homes: a fresh install.
    expect((await paths('minimax', 'linux'))[0]).toEqual(['user', '/home/ana/.local/share/minimax/mcp.json']);
    expect((await paths('minimax', 'linux', { XDG_DATA_HOME: '/data' }))[0]).toEqual(['user', '/data/minimax/mcp.json']);
    expect((await paths('minimax', 'darwin'))[0]).toEqual(['user', '/Users/ana/.minimax/mcp.json']);
    expect((await paths('minimax', 'win32'))[0]).toEqual(['user', 'C:\\Users\\ana\\.minimax\\mcp.json']);
    expect((await paths('minimax', 'linux', { MINIMAX_DATA_DIR: ' /mm ', MAVIS_DATA_DIR: '/mv' }))[0]).toEqual(['user', '/mm/mcp.json']);
    expect((await paths('minimax', 'darwin', { MAVIS_DATA_DIR: '/mv' }))[0]).toEqual(['user', '/mv/mcp.json']);
    expect((await paths('minimax', 'linux'))[1]).toEqual(['project', '/home/ana/app/.mcp.json']);
  });

  it('Kimi Code (2.1.0 resolveKimiHome): KIMI_CODE_HOME when not empty, else ~/.kimi-code', async () => {
    expect((await paths('kimi', 'linux'))[0]).toEqual(['user', '/home/ana/.kimi-code/mcp.json']);
    expect((await paths('kimi', 'linux', { KIMI_CODE_HOME: '/k' }))[0]).toEqual(['user', '/k/mcp.json']);
    expect((await paths('kimi', 'linux', { KIMI_CODE_HOME: '' }))[0]).toEqual(['user', '/home/ana/.kimi-code/mcp.json']);
  });

  it('detection markers follow the same OS rules', () => {
    const win = agentCandidates('C:\\Users\\ana', { APPDATA: 'C:\\Users\\ana\\AppData\\Roaming' }, 'win32');
    expect(win.find((c) => c.agent === 'claude-desktop')?.marker).toBe('C:\\Users\\ana\\AppData\\Roaming\\Claude');
    expect(win.find((c) => c.agent === 'codex')?.configFiles).toEqual(['C:\\Users\\ana\\.codex\\config.toml']);
    const mac = agentCandidates('/Users/ana', {}, 'darwin');
    expect(mac.find((c) => c.agent === 'vscode')?.marker).toBe('/Users/ana/Library/Application Support/Code/User');
    expect(mac.map((c) => c.agent)).toContain('gemini');
    expect(mac.find((c) => c.agent === 'zed')?.configFiles).toEqual(['/Users/ana/.config/zed/settings.json']);
    expect(win.find((c) => c.agent === 'cline')?.configFiles).toEqual([
      'C:\\Users\\ana\\.cline\\data\\settings\\cline_mcp_settings.json',
      'C:\\Users\\ana\\AppData\\Roaming\\Code\\User\\globalStorage\\saoudrizwan.claude-dev\\settings\\cline_mcp_settings.json',
    ]);
  });
});
