// Issue 34 item 5 (the walkthrough): `collisions --profile minimax` printed warnings about 13
// agents that have no files on the machine. The names, collisions and warnings of the running
// servers are the detected agents' (and the selected one's), and one agent's collisions say that
// agent's warnings only.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../helpers/fixtures';
import { runCli } from '../../helpers/run-cli';
import { sandbox, type Sandbox } from '../config/helpers';

let sb: Sandbox;
const echo = (name: string) => ({ [name]: { command: process.execPath, args: [join(fixture('test/fixtures/servers'), 'echo.mjs'), 'stdio'] } });
const cli = (args: string[]) => runCli(args, { env: { ...sb.env, MCP_PANEL_DATA_DIR: join(sb.root, 'data') }, cwd: sb.ws });

beforeAll(async () => {
  sb = await sandbox();
  // Only MiniMax Code and Kimi Code on this machine; a server name every scheme rewrites.
  await sb.write(join(sb.home, '.minimax', 'mcp.json'), { mcpServers: echo('my.echo') });
  await sb.write(join(sb.home, '.kimi-code', 'mcp.json'), { mcpServers: {} });
}, 30_000);
afterAll(() => sb.dispose());

describe('collisions and warnings: the agents on this machine only', () => {
  it('one agent: only its own warnings', async () => {
    const r = await cli(['collisions', '--profile', 'minimax', '--refresh', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { warnings: string[] };
    expect(out.warnings.length).toBeGreaterThan(0);
    expect(out.warnings.every((w) => /minimax/i.test(w))).toBe(true);
  });

  it('every agent: the detected ones, not every agent the panel knows', async () => {
    const r = await cli(['collisions', '--refresh', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { profiles: Record<string, unknown>; tools: Array<{ names: Record<string, string | null>; warnings: string[] }> };
    expect(Object.keys(out.profiles).sort()).toEqual(['kimi', 'minimax']);
    expect(out.tools.flatMap((t) => t.warnings).some((w) => /claude|cursor|codex|gemini|cline|zed/i.test(w))).toBe(false);
  });
});
