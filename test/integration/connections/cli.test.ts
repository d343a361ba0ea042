// The CLI face: tools / call / logs / tools accept against a real minimax config in
// a temp HOME, with real fixture processes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandContext } from '../../../electron/host/cli/command';
import { connectionCommands } from '../../../electron/host/cli/connection-commands';
import { fixture, tempDir } from './helpers';
import { runCli } from '../../helpers/run-cli';

let home: Awaited<ReturnType<typeof tempDir>>;
let env: NodeJS.ProcessEnv;

function writeConfig(servers: Record<string, unknown>): void {
  mkdirSync(join(home.path, '.minimax'), { recursive: true });
  writeFileSync(join(home.path, '.minimax', 'mcp.json'), JSON.stringify({ mcpServers: servers }));
}

async function run(name: string, args: string[], opts: CommandContext['opts'] = {}): Promise<{ code: number; out: string; err: string }> {
  const cmd = connectionCommands.find((c) => c.name === name)!;
  let out = '';
  let err = '';
  const code = await cmd.run({
    args,
    opts: { json: true, workspace: home.path, ...opts },
    env,
    cwd: home.path,
    stdout: (t) => (out += t),
    stderr: (t) => (err += t),
    interrupted: new Promise(() => {}),
  });
  return { code: code ?? 0, out, err };
}

beforeAll(async () => {
  home = await tempDir('cli-home-');
  env = { ...process.env, HOME: home.path, MCP_PANEL_DATA_DIR: join(home.path, 'panel') };
  writeConfig({
    echo: { command: process.execPath, args: [fixture('echo'), 'stdio'] },
    noisy: { command: process.execPath, args: [fixture('stderr-flood'), 'stdio'] },
    off: { command: process.execPath, args: [fixture('echo'), 'stdio'], enabled: false },
  });
});
afterAll(() => home.cleanup());

describe('connection CLI commands', () => {
  it('tools --json lists server, raw name, description and input schema', async () => {
    const { code, out } = await run('tools', []);
    expect(code).toBe(0);
    const doc = JSON.parse(out);
    expect(doc.tools).toContainEqual({ server: 'echo', name: 'echo', description: 'Echo the text back', inputSchema: expect.objectContaining({ type: 'object' }) });
    expect(doc.servers.map((s: { server: string; state: string }) => [s.server, s.state])).toEqual([
      ['echo', 'connected'],
      ['noisy', 'connected'],
      ['off', 'disabled'],
    ]);
    const one = JSON.parse((await run('tools', [], { server: 'noisy' })).out);
    expect(one.tools).toEqual([expect.objectContaining({ server: 'noisy', name: 'echo' })]);
  });

  it('call prints the converted result and exits 1 on isError', async () => {
    const ok = await run('call', ['echo', 'parts']);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.out).content.map((p: { type: string }) => p.type)).toEqual(['text', 'image', 'audio', 'resource', 'resource_link']);
    const bad = await run('call', ['echo', 'fail']);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.out)).toMatchObject({ isError: true });
    const off = await run('call', ['off', 'echo']);
    expect(JSON.parse(off.out)).toMatchObject({ error: { code: 'server-disabled' } });
    await expect(run('call', ['echo', 'echo'], { args: '[1]' })).rejects.toThrow(/JSON object/);
    await expect(run('call', ['nope', 'echo'])).rejects.toThrow(/no server "nope"/);
  });

  it('logs shows the stderr tail, and the JSON-RPC traffic with --traffic', async () => {
    const err = JSON.parse((await run('logs', ['noisy'])).out);
    expect(err.stderr.length).toBeGreaterThan(0);
    expect(err.stderr[0]).toMatch(/^flood \d+/);
    const traffic = JSON.parse((await run('logs', ['echo'], { traffic: true })).out);
    expect(traffic.traffic.map((t: { method?: string }) => t.method).filter(Boolean)).toEqual(['initialize', 'notifications/initialized', 'tools/list']);
  });

  it('tools accept records the current list as accepted; a later change is reported until accepted again', async () => {
    const first = JSON.parse((await run('tools accept', ['echo'])).out);
    expect(first.accepted).toMatch(/^[0-9a-f]{64}$/);
    writeConfig({ echo: { command: process.execPath, args: [fixture('many-tools'), 'stdio', '--count', '2'] } });
    const changed = JSON.parse((await run('tools', [])).out);
    expect(changed.servers[0].snapshotDiff).toMatchObject({ added: ['tool_0', 'tool_1'], removed: expect.arrayContaining(['echo', 'parts']) });
    const again = JSON.parse((await run('tools accept', ['echo'])).out);
    expect(again.accepted).not.toBe(first.accepted);
    expect(JSON.parse((await run('tools', [])).out).servers[0].snapshotDiff).toBeNull();
  });

  it('runs as a real command line with one JSON document on stdout', async () => {
    writeConfig({ echo: { command: process.execPath, args: [fixture('echo'), 'stdio'] } });
    const res = await runCli(['call', 'echo', 'echo', '--args', '{"text":"cli"}', '--json', '--workspace', home.path], { env, timeoutMs: 30_000 });
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toEqual({ isError: false, content: [{ type: 'text', text: 'cli' }] });
  });
});
