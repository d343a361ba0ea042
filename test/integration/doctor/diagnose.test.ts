// Every way a stdio server fails to start, with a real command that really
// fails, through the real pool: its state carries the doctor's code and params (the fix) in
// place of `spawn … ENOENT`.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionPool, type DiscoveryResult } from '../../../electron/services/connections';
import { describeReason } from '../../../shared/i18n/reasons';
import { type ConnectionSpecInput, ConnectionSpecSchema } from '../../../shared/schemas/server';
import { type Scratch, scratch } from './helpers';
import { fixture } from '../../helpers/fixtures';

const ECHO = fixture('test/fixtures/servers/echo.mjs');
const spec = (id: string, over: Partial<ConnectionSpecInput>) => ConnectionSpecSchema.parse({ id, name: id, profile: 'kimi', layer: 'user', source: 'configured', transport: 'stdio', ...over });

let s: Scratch;
let pool: ConnectionPool;
let byId: Record<string, DiscoveryResult>;
const files: Record<string, string> = {};

beforeAll(async () => {
  s = await scratch();
  await mkdir(join(s.root, 'home'));
  files.notExec = await s.script('bin/not-exec', '#!/bin/sh\necho hi\n', 0o644);
  files.badInterp = await s.script('bin/bad-interp', '#!/nonexistent/interp\nprint("never")\n');
  files.envInterp = await s.script('bin/env-interp', '#!/usr/bin/env mcp-panel-no-such-interp\nprint("never")\n');
  files.exit3 = await s.script('bin/exit3', '#!/bin/sh\necho "loading config" >&2\necho "fatal: API_KEY missing" >&2\nexit 3\n');
  files.elsewhere = await s.script('login-bin/mcp-panel-elsewhere', `#!/bin/sh\nexec "${process.execPath}" "${ECHO}" stdio\n`);
  // An npx package in a local node_modules whose engines this Node does not meet.
  const project = join(s.root, 'project');
  await s.json('project/node_modules/fake-engine-pkg/package.json', { name: 'fake-engine-pkg', version: '1.0.0', engines: { node: '>=99' }, bin: { 'fake-engine-pkg': 'cli.js' } });
  await s.script('project/node_modules/fake-engine-pkg/cli.js', '#!/usr/bin/env node\nconsole.error("SyntaxError: Unexpected token");\nprocess.exit(1);\n');
  await s.script('project/node_modules/.bin/fake-engine-pkg', '#!/bin/sh\nexec node "$(dirname "$0")/../fake-engine-pkg/cli.js"\n');
  pool = new ConnectionPool({
    dataDir: join(s.root, 'data'),
    env: { ...process.env, HOME: join(s.root, 'home') },
    // The login shell's PATH, as compose.ts wires it from launch-env.
    loginPath: async () => join(s.root, 'login-bin'),
    backoffMs: [600_000],
  });
  pool.setServers([
    spec('not-found', { command: 'mcp-panel-no-such-command' }),
    spec('elsewhere', { command: 'mcp-panel-elsewhere' }),
    spec('not-exec', { command: files.notExec }),
    spec('bad-interp', { command: files.badInterp }),
    spec('env-interp', { command: files.envInterp }),
    spec('exit3', { command: files.exit3 }),
    spec('no-cwd', { command: process.execPath, args: [ECHO, 'stdio'], cwd: join(s.root, 'no-such-dir') }),
    spec('unset-var', { command: process.execPath, args: [ECHO, 'stdio'], env: { API_KEY: '${MCP_PANEL_DOCTOR_UNSET_VAR}' } }),
    spec('npx-engine', { command: 'npx', args: ['fake-engine-pkg'], cwd: project }),
    spec('fine', { command: process.execPath, args: [ECHO, 'stdio'] }),
  ]);
  const round = await pool.discover();
  byId = Object.fromEntries(round.servers.map((r) => [r.id, r]));
}, 60_000);
afterAll(async () => {
  await pool?.dispose();
  await s.dispose();
});

describe('the launch doctor in the pool (item 7)', () => {
  it('command not found: the PATH that was searched, and the raw ENOENT kept as the detail', () => {
    expect(byId['not-found']!.state).toMatchObject({ kind: 'failed', code: 'command_not_found', params: { command: 'mcp-panel-no-such-command', path: process.env.PATH }, reason: expect.stringMatching(/ENOENT/) });
  });

  it('command on the login shell PATH only: "use <that path>"', () => {
    const st = byId.elsewhere!.state;
    expect(st).toMatchObject({ code: 'command_elsewhere', params: { found: files.elsewhere } });
    expect(describeReason('en', st)).toContain(`use ${files.elsewhere}`);
  });

  it('found but not executable', () => {
    expect(byId['not-exec']!.state).toMatchObject({ code: 'not_executable', params: { file: files.notExec } });
  });

  it('a #! interpreter that is missing, by path and through env', () => {
    expect(byId['bad-interp']!.state).toMatchObject({ code: 'interpreter_missing', params: { file: files.badInterp, interpreter: '/nonexistent/interp' } });
    expect(byId['env-interp']!.state).toMatchObject({ code: 'interpreter_missing', params: { interpreter: '/usr/bin/env mcp-panel-no-such-interp' } });
  });

  it('exits at once: its exit code and last stderr lines', () => {
    const st = byId.exit3!.state;
    expect(st).toMatchObject({ code: 'exited_at_once', params: { exit: 3 } });
    expect(st.reason).toBe('loading config | fatal: API_KEY missing');
    expect(describeReason('zh', st)).toContain('退出码 3');
  });

  it('a working directory that does not exist (which Node reports as the command missing)', () => {
    expect(byId['no-cwd']!.state).toMatchObject({ code: 'cwd_missing', params: { cwd: join(s.root, 'no-such-dir') } });
  });

  it('a ${VAR} that is unset when it starts', () => {
    expect(byId['unset-var']!.state).toMatchObject({ code: 'variable_unset', params: { variable: 'MCP_PANEL_DOCTOR_UNSET_VAR' } });
  });

  it("an npx package whose engines this Node does not meet", () => {
    expect(byId['npx-engine']!.state).toMatchObject({ code: 'node_engine', params: { package: 'fake-engine-pkg', engines: '>=99', node: expect.stringMatching(/^v\d+\./) } });
    expect(byId['npx-engine']!.state.reason).toContain('SyntaxError');
  });

  it('leaves a server that starts alone', () => {
    expect(byId.fine!.state.kind).toBe('connected');
  });
});
