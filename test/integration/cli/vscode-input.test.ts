// Issue 42 item 3: a VS Code input is a prompt VS Code asks for when it starts the server. The
// panel cannot ask, so it says how to let it answer: keep the value in the keychain for that
// entry (the command in the reason), and then it starts the server with it. Real CLI, real
// keychain (scripts/with-keyring.sh), a real stdio server (echo.mjs, whose `env` tool answers a
// digest of a variable's value).
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli';
import { fixture } from '../../helpers/fixtures';

const ECHO = fixture('test/fixtures/servers/echo.mjs');
const SECRET = 'vsc-input-value-7d1e5b';
let dir = '';
let ws = '';
let env: NodeJS.ProcessEnv = {};
const cli = (args: string[], stdin?: string) => runCli(args, { env, cwd: ws, ...(stdin !== undefined ? { stdin } : {}) });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-panel-vscode-input-'));
  const home = join(dir, 'home');
  ws = join(dir, 'ws');
  env = { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), MCP_PANEL_DATA_DIR: join(dir, 'panel-data') };
  delete env.API_KEY;
  await mkdir(join(home, '.config', 'Code', 'User'), { recursive: true });
  await mkdir(ws, { recursive: true });
  const file = {
    inputs: [{ type: 'promptString', id: 'api-key', description: 'API key', password: true }],
    servers: { notes: { type: 'stdio', command: process.execPath, args: [ECHO, 'stdio'], env: { API_KEY: '${input:api-key}' } } },
  };
  await writeFile(join(home, '.config', 'Code', 'User', 'mcp.json'), JSON.stringify(file, null, 2));
});
afterAll(async () => {
  await cli(['secrets', 'delete', 'notes', '--profile', 'vscode', '--layer', 'user']);
  await rm(dir, { recursive: true, force: true });
});

describe('a VS Code input the panel can answer', () => {
  it('says which command keeps the value; once kept, the server starts with it', async () => {
    const before = await cli(['status', '--profile', 'vscode', '--workspace', ws, '--json']);
    expect(before.code, before.stderr).toBe(0);
    const row = (JSON.parse(before.stdout) as { servers: Array<{ name: string; state: string; error: string | null }> }).servers.find((s) => s.name === 'notes')!;
    expect(row.state).toBe('disabled');
    const command = 'mcp-panel secrets set notes API_KEY --profile vscode --layer user';
    expect(row.error).toContain(command);

    const set = await cli([...command.split(' ').slice(1)], SECRET);
    expect(set.code, set.stderr).toBe(0);
    const call = await cli(['call', 'notes', 'env', '--args', '{"name":"API_KEY"}', '--profile', 'vscode', '--workspace', ws, '--json']);
    expect(call.code, call.stderr).toBe(0);
    const got = JSON.parse(JSON.parse(call.stdout).content[0].text) as { sha256: string };
    expect(got.sha256).toBe(createHash('sha256').update(SECRET).digest('hex'));
  });
});
