import { describe, expect, it } from 'vitest';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { detectProfiles } from '../../../electron/services/config/detect';
import { useSandbox } from './helpers';

const sb = useSandbox();

describe('CFG-12 agent detection', () => {
  it('finds nothing in an empty home', async () => {
    const agents = await detectProfiles(sb.home, sb.env, 'linux');
    // AGENT-1: every profile, seeds first.
    expect(agents.map((a) => a.agent)).toEqual(['minimax', 'kimi', 'minara', 'claude-code', 'claude-desktop', 'cursor', 'vscode', 'codex', 'gemini', 'windsurf', 'goose', 'zed', 'opencode', 'cline', 'copilot', 'qwen', 'antigravity']);
    expect(agents.every((a) => !a.detected)).toBe(true);
  });

  it('detects agents by their data folders and files, following HOME and MINARA_DATA_DIR', async () => {
    await mkdir(join(sb.home, '.kimi-code'));
    await sb.write(join(sb.home, '.claude.json'), '{}');
    await sb.write(join(sb.home, '.cursor', 'mcp.json'), '{}');
    await sb.write(join(sb.home, '.config', 'Code', 'User', 'mcp.json'), '{"servers": {}}');
    const minara = join(sb.root, 'minara-data');
    await sb.write(join(minara, 'mcp.json'), '{}');
    const agents = await detectProfiles(sb.home, { ...sb.env, MINARA_DATA_DIR: minara }, 'linux');
    const by = Object.fromEntries(agents.map((a) => [a.agent, a]));
    expect(by.kimi).toMatchObject({ detected: true, profile: 'kimi', existing: [] });
    expect(by.minimax?.detected).toBe(false);
    expect(by.minara).toMatchObject({ detected: true, existing: [join(minara, 'mcp.json')] });
    // AGENT-1: Claude Code is a profile now, read and written natively.
    expect(by['claude-code']).toMatchObject({ detected: true, profile: 'claude-code' });
    expect(by.cursor?.existing).toEqual([join(sb.home, '.cursor', 'mcp.json')]);
    expect(by.vscode?.detected).toBe(true);
    expect(by['claude-desktop']?.detected).toBe(false);
  });

  it('Copilot CLI by its folder ($COPILOT_HOME, else ~/.copilot), Qwen Code by ~/.qwen, Antigravity by ~/.gemini/config', async () => {
    const copilotHome = join(sb.root, 'copilot-home');
    await sb.write(join(copilotHome, 'mcp-config.json'), '{"mcpServers": {}}');
    await mkdir(join(sb.home, '.qwen'));
    await sb.write(join(sb.home, '.gemini', 'config', 'mcp_config.json'), '{"mcpServers": {}}');
    const by = Object.fromEntries((await detectProfiles(sb.home, { ...sb.env, COPILOT_HOME: copilotHome }, 'linux')).map((a) => [a.agent, a]));
    expect(by.copilot).toMatchObject({ detected: true, existing: [join(copilotHome, 'mcp-config.json')] });
    expect(by.qwen).toMatchObject({ detected: true, existing: [] });
    expect(by.antigravity).toMatchObject({ detected: true, existing: [join(sb.home, '.gemini', 'config', 'mcp_config.json')] });
    // ~/.gemini alone is Gemini CLI's, not Antigravity's.
    expect(by.gemini?.detected).toBe(true);
    const plain = Object.fromEntries((await detectProfiles(sb.home, sb.env, 'linux')).map((a) => [a.agent, a]));
    expect(plain.copilot?.detected).toBe(false);
  });

  it('uses the platform folder for desktop apps', async () => {
    const mac = await detectProfiles(sb.home, sb.env, 'darwin');
    expect(mac.find((a) => a.agent === 'claude-desktop')?.configFiles[0]).toBe(join(sb.home, 'Library', 'Application Support', 'Claude', 'claude_desktop_config.json'));
    const xdg = await detectProfiles(sb.home, { ...sb.env, XDG_CONFIG_HOME: join(sb.root, 'xdg') }, 'linux');
    expect(xdg.find((a) => a.agent === 'vscode')?.configFiles[0]).toBe(join(sb.root, 'xdg', 'Code', 'User', 'mcp.json'));
  });
});
