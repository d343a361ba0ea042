// AGENT-6: the tools shown for an agent are those a server offers a client declaring what that
// agent declares. server-everything offers `get-roots-list` only to clients declaring roots,
// `trigger-elicitation-request` only with elicitation, `trigger-url-elicitation` only with URL
// elicitation and `trigger-sampling-request` only with sampling. The panel used to declare all of
// them for every agent, so it listed tools that MiniMax Code (roots only, seed 000), Kimi Code
// (nothing, 2.1.0) and Claude Code (roots and elicitation, 2.1.328) never get.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../../shared/schemas/server';
import { EVERYTHING } from '../../helpers/fixtures';
import { runCli } from '../../helpers/run-cli';
import { sandbox, type Sandbox } from '../config/helpers';

let sb: Sandbox;
const entry = { command: process.execPath, args: [EVERYTHING, 'stdio'] };

beforeAll(async () => {
  sb = await sandbox();
  await sb.write(join(sb.home, '.minimax', 'mcp.json'), { mcpServers: { everything: entry } });
  await sb.write(join(sb.home, '.kimi-code', 'mcp.json'), { mcpServers: { everything: entry } });
  await sb.write(join(sb.home, '.claude.json'), { mcpServers: { everything: { type: 'stdio', ...entry } } });
  await sb.write(join(sb.home, '.cursor', 'mcp.json'), { mcpServers: { everything: entry } });
}, 30_000);
afterAll(async () => {
  await sb.dispose();
});

async function toolsFor(profile: Profile): Promise<string[]> {
  const r = await runCli(['tools', '--profile', profile, '--refresh', '--json'], { env: { ...sb.env, MCP_PANEL_DATA_DIR: join(sb.root, 'data') }, cwd: sb.ws });
  expect(r.code, r.stderr).toBe(0);
  return (JSON.parse(r.stdout) as { tools: Array<{ name: string }> }).tools.map((t) => t.name);
}

const GATED = ['get-roots-list', 'trigger-elicitation-request', 'trigger-url-elicitation', 'trigger-sampling-request'];
const gated = (tools: readonly string[]) => GATED.filter((t) => tools.includes(t));

describe('the tools an agent gets depend on what it declares (AGENT-6)', () => {
  it('MiniMax Code (roots only): the roots tool, no elicitation or sampling tools', async () => {
    const tools = await toolsFor('minimax');
    expect(tools).toContain('echo');
    expect(gated(tools)).toEqual(['get-roots-list']);
  });
  it('Kimi Code (declares nothing): none of the gated tools', async () => {
    expect(gated(await toolsFor('kimi'))).toEqual([]);
  });
  it('Claude Code (roots, form and URL elicitation): no sampling tool', async () => {
    expect(gated(await toolsFor('claude-code'))).toEqual(['get-roots-list', 'trigger-elicitation-request', 'trigger-url-elicitation']);
  });
  it("an agent whose declaration is not known (Cursor): the panel's own full set, every gated tool", async () => {
    expect(gated(await toolsFor('cursor'))).toEqual(GATED);
  });
});
