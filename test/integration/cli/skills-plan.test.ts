// SKILL-1/SKILL-2 on the command line, and the context plan's CLI (CTX-2), from another folder
// with a temp HOME: `skills SERVER` over a real SDK v2 skills server (digests, who loads them),
// `--read` verified, a rug pull shown until `--accept`; `plan --agent codex` writes the second copy
// of a server off, `plan --undo` puts the file back byte for byte.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanResult, PlanView, SkillsView } from '../../../shared/contract';
import { runCli } from '../../helpers/run-cli';
import { fixture } from '../../helpers/fixtures';

let home: string;
let ws: string;
let drift: string;
const CODEX = `# mine\n[mcp_servers.echo]\ncommand = "${process.execPath}"\nargs = ["${fixture('test/fixtures/servers/echo.mjs')}", "stdio"]\n\n[mcp_servers.copy]\ncommand = "${process.execPath}"\nargs = ["${fixture('test/fixtures/servers/echo.mjs')}", "stdio"]\n`;

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'skills-cli-'));
  ws = await mkdtemp(join(tmpdir(), 'skills-cli-ws-'));
  drift = join(home, 'drifted');
  const skills = { type: 'stdio', command: process.execPath, args: [fixture('test/fixtures/servers/v2.mjs'), 'stdio', '--skills-drift', drift] };
  await writeFile(join(home, '.claude.json'), JSON.stringify({ mcpServers: { skills } }));
  await mkdir(join(home, '.codex'), { recursive: true });
  await writeFile(join(home, '.codex', 'config.toml'), CODEX);
});
afterAll(async () => {
  await rm(home, { recursive: true, force: true });
  await rm(ws, { recursive: true, force: true });
});

async function cli<T>(args: string[]): Promise<T> {
  const r = await runCli([...args, '--json'], { cwd: ws, env: { ...process.env, HOME: home, MCP_PANEL_DATA_DIR: join(home, 'data') }, timeoutMs: 120_000 });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as T;
}

describe('skills on the command line (SKILL-1, SKILL-2)', () => {
  it('lists, reads verified, shows a rewritten SKILL.md until --accept', async () => {
    const v = await cli<SkillsView>(['skills', 'skills', '--profile', 'claude-code']);
    expect(v).toMatchObject({ supported: true, era: 'modern', loadedBy: ['claude-code'], changed: null });
    expect(v.skills.map((s) => s.name)).toEqual(['release', 'review']);
    const file = await cli<{ text: string; verified: boolean }>(['skills', 'skills', '--profile', 'claude-code', '--read', 'skill://release/SKILL.md']);
    expect(file).toMatchObject({ verified: true, text: expect.stringContaining('Bump the version') });
    await writeFile(drift, 'now');
    expect((await cli<SkillsView>(['skills', 'skills', '--profile', 'claude-code'])).changed).toEqual({ added: [], removed: [], changed: ['skill://review/SKILL.md'] });
    expect(await cli(['skills', 'skills', '--profile', 'claude-code', '--accept'])).toEqual({ accepted: 2 });
    expect((await cli<SkillsView>(['skills', 'skills', '--profile', 'claude-code'])).changed).toBeNull();
  });
});

describe('plan on the command line (CTX-2)', () => {
  it('plan --agent codex writes the copy\'s disabled_tools, --list names it, --undo puts the file back byte for byte', async () => {
    const dry = await cli<{ plan: PlanView; applied: PlanResult | null }>(['plan', '--agent', 'codex', '--dry-run']);
    expect(dry.applied).toBeNull();
    expect(dry.plan.suggestions.every((s) => s.kind === 'duplicate' && s.serverName === 'copy')).toBe(true);
    expect(await readFile(join(home, '.codex', 'config.toml'), 'utf8')).toBe(CODEX);
    const { applied } = await cli<{ applied: PlanResult }>(['plan', '--agent', 'codex']);
    expect(await readFile(join(home, '.codex', 'config.toml'), 'utf8')).toMatch(/\[mcp_servers\.copy\][\s\S]*disabled_tools = \[/);
    expect((await cli<{ plans: Array<{ id: string }> }>(['plan', '--list'])).plans.map((p) => p.id)).toEqual([applied.id]);
    await cli(['plan', '--undo', applied.id!]);
    expect(await readFile(join(home, '.codex', 'config.toml'), 'utf8')).toBe(CODEX);
  });
});
