// "Try launch": one start outside the pool with a short timeout, showing what
// the server printed, with real commands; and the CLI's `doctor` over the panel's dispatch.
import { pidAlive, until } from '../connections/helpers';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigService } from '../../../electron/services/config';
import { tryLaunch } from '../../../electron/services/doctor';
import { liveChildPids } from '../../../electron/services/connections';
import { ConnectionSpecSchema, type ConnectionSpecInput } from '../../../shared/schemas/server';
import { runCli } from '../../helpers/run-cli';
import { type Scratch, scratch } from './helpers';
import { fixture } from '../../helpers/fixtures';

const ECHO = fixture('test/fixtures/servers/echo.mjs');
const spec = (id: string, over: Partial<ConnectionSpecInput>) => ConnectionSpecSchema.parse({ id, name: id, profile: 'minimax', layer: 'user', source: 'configured', transport: 'stdio', ...over });

let s: Scratch;
let denv: { env: NodeJS.ProcessEnv };
const files: Record<string, string> = {};
const cliEnv = (): NodeJS.ProcessEnv => ({ HOME: join(s.root, 'home'), PATH: process.env.PATH, MCP_PANEL_DATA_DIR: join(s.root, 'data'), LANG: 'zh_CN.UTF-8' });

beforeAll(async () => {
  s = await scratch();
  denv = { env: { ...process.env, HOME: s.root } };
  files.exit3 = await s.script('bin/exit3', '#!/bin/sh\necho "some stdout"\necho "loading config" >&2\necho "fatal: API_KEY missing" >&2\nexit 3\n');
  files.pid = join(s.root, 'silent.pid');
  // Silent for longer than any test here runs: only the timeout can end it.
  files.silent = await s.script('bin/silent', `#!/bin/sh\nsleep 600 &\necho $! > "${files.pid}"\necho "waiting for nothing" >&2\nwait\n`);
  files.notExec = await s.script('bin/not-exec', '#!/bin/sh\necho hi\n', 0o644);
  await s.json('home/.minimax/mcp.json', {
    mcpServers: {
      fine: { command: process.execPath, args: [ECHO, 'stdio'] },
      exit3: { command: files.exit3 },
      'not-exec': { command: files.notExec },
      gone: { command: 'mcp-panel-no-such-command' },
    },
  });
  // MiniMax expands `${VAR}` in project files only (CFG-3): a trusted workspace's entry.
  await s.json('ws/.mcp.json', { mcpServers: { keyless: { command: process.execPath, args: [ECHO, 'stdio'], env: { API_KEY: '${MCP_PANEL_DOCTOR_UNSET_VAR}' } } } });
  await new ConfigService({ env: cliEnv(), cwd: join(s.root, 'ws') }).trust.trust(join(s.root, 'ws'));
});
afterAll(() => s.dispose());

describe('try launch (item 7)', () => {
  it('a server that starts answers initialize, and nothing is left running', async () => {
    const r = await tryLaunch(spec('fine', { command: process.execPath, args: [ECHO, 'stdio'] }), denv, { timeoutMs: 30_000 }); // a margin for a busy machine, not a measurement
    expect(r).toMatchObject({ started: true, answered: true, timedOut: false, diagnosis: null });
    expect(r.stdout.join('\n')).toContain('"result"');
    expect(liveChildPids()).toEqual([]);
  });

  it('one that exits at once: what it printed, its exit code, the diagnosis', async () => {
    const r = await tryLaunch(spec('exit3', { command: files.exit3 }), denv, { timeoutMs: 5_000 });
    expect(r).toMatchObject({ started: true, answered: false, timedOut: false, exit: { code: 3, signal: null } });
    expect(r.stdout).toEqual(['some stdout']);
    expect(r.stderr).toEqual(['loading config', 'fatal: API_KEY missing']);
    expect(r.diagnosis).toMatchObject({ code: 'exited_at_once', params: { exit: 3 } });
  });

  it('one that stays silent is cut off at the timeout, its whole group with it', async () => {
    const r = await tryLaunch(spec('silent', { command: files.silent }), denv, { timeoutMs: 400 });
    expect(r).toMatchObject({ started: true, answered: false, timedOut: true, stderr: ['waiting for nothing'], diagnosis: null });
    const helper = Number((await readFile(files.pid!, 'utf8')).trim());
    await until(() => !pidAlive(helper), 30_000, `the silent server's child ${helper} killed with its group`);
  });

  it('one that cannot be started at all: no process, the diagnosis', async () => {
    const r = await tryLaunch(spec('not-exec', { command: files.notExec }), denv, { timeoutMs: 2_000 });
    expect(r).toMatchObject({ started: false, exit: null, diagnosis: { code: 'not_executable', params: { file: files.notExec } } });
  });
});

describe('`mcp-panel doctor` (item 7)', () => {
  const cli = (args: string[]) => runCli(args, { env: cliEnv() });

  it('--json: a diagnosis per stdio server as code + params, an English text for scripts, exit 1', async () => {
    const r = await cli(['doctor', '--profile', 'minimax', '--workspace', join(s.root, 'ws'), '--json']);
    expect(r.code, r.stderr).toBe(1);
    const out = JSON.parse(r.stdout) as { launchEnv: { source: string }; servers: Array<{ name: string; diagnosis: { code: string; params: Record<string, unknown> } | null; text: string | null }> };
    expect(out.launchEnv.source).toBe('process'); // the CLI is started from a terminal: no login shell by default
    const by = Object.fromEntries(out.servers.map((x) => [x.name, x]));
    expect(by.fine!.diagnosis).toBeNull();
    expect(by.exit3!.diagnosis).toMatchObject({ code: 'exited_at_once', params: { exit: 3 } });
    expect(by['not-exec']!.diagnosis).toMatchObject({ code: 'not_executable' });
    expect(by.gone!.diagnosis).toMatchObject({ code: 'command_not_found', params: { command: 'mcp-panel-no-such-command' } });
    expect(by.gone!.text).toMatch(/^mcp-panel-no-such-command is not on the PATH/);
    // CFG-3 keeps it from starting at all; the doctor names the variable.
    expect(by.keyless!.diagnosis).toMatchObject({ code: 'variable_unset', params: { variable: 'MCP_PANEL_DOCTOR_UNSET_VAR' } });
  });

  it('one server, in the user language', async () => {
    const r = await cli(['doctor', 'exit3', '--profile', 'minimax', '--workspace', s.root]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('✗ exit3: 服务器在响应之前就退出了（退出码 3）: loading config | fatal: API_KEY missing');
    expect(r.stdout).not.toContain('fine');
  });

  it('--try: starts it once outside the pool and prints what it printed', async () => {
    const r = await cli(['doctor', 'exit3', '--try', '--timeout', '3000', '--profile', 'minimax', '--workspace', s.root, '--json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ server: 'exit3', started: true, exit: { code: 3 }, stdout: ['some stdout'], stderr: ['loading config', 'fatal: API_KEY missing'], diagnosis: { code: 'exited_at_once' } });
    const ok = await cli(['doctor', 'fine', '--try', '--profile', 'minimax', '--workspace', s.root]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toContain('已启动');
  });
});
