// A host started with a bare PATH (a desktop launcher's) reads the login
// shell's environment once, bounded, and starts stdio servers with it. The login shells here
// are scripts set as SHELL: one exports a richer PATH holding the server's command, one hangs.
import { pidAlive, until } from '../connections/helpers';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServices, type Services } from '../../../electron/services/compose';
import { mergeLaunchEnv, readLoginShellEnv, resolveLaunchEnvironment } from '../../../electron/services/launch-env';
import type { ServersView } from '../../../shared/contract';
import { type Scratch, scratch } from './helpers';
import { fixture } from '../../helpers/fixtures';

const ECHO = fixture('test/fixtures/servers/echo.mjs');
/** What a desktop session hands an app: no Homebrew, no nvm, no ~/.local/bin. */
const BARE_PATH = '/usr/bin:/bin';

let s: Scratch;
let richBin: string;
let loginShell: string;
let hangingShell: string;
let pidFile: string;

beforeAll(async () => {
  s = await scratch();
  richBin = join(s.root, 'opt', 'bin');
  // The server's command exists only in the folder the login shell adds to PATH.
  await s.script('opt/bin/rich-mcp-server', `#!/bin/sh\nexec "${process.execPath}" "${ECHO}" stdio\n`);
  // A login shell whose rc files print a banner, add a folder to PATH and export more; it runs
  // the command it is given (`-ilc CMD`) the way sh does.
  loginShell = await s.script(
    'shells/login',
    ['#!/bin/sh', 'echo "Welcome to your shell"', `PATH="${richBin}:$PATH"; export PATH`, 'export FROM_LOGIN_SHELL=yes', 'export HOME=/not/the/host/home', 'export PWD=/somewhere', 'eval "$2"', ''].join('\n'),
  );
  pidFile = join(s.root, 'hanging.pid');
  // One whose rc file waits for ever (a prompt, a dead network mount): longer than any test
  // here runs, so only the bound can end it.
  hangingShell = await s.script('shells/hang', `#!/bin/sh\necho $$ > "${pidFile}"\nsleep 600\n`);
  await s.json('home/.minimax/mcp.json', { mcpServers: { rich: { command: 'rich-mcp-server' } } });
});
afterAll(() => s.dispose());

describe('the login shell environment (item 6)', () => {
  it('reads the environment a login shell builds, past the banner its rc files print', async () => {
    const r = await readLoginShellEnv({ shell: loginShell, env: { PATH: BARE_PATH, HOME: '/h' }, timeoutMs: 30_000 }); // a margin, not a measurement
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.env.PATH!.split(':')[0]).toBe(richBin);
    expect(r.env.FROM_LOGIN_SHELL).toBe('yes');
    expect(Object.keys(r.env).some((k) => k.includes('Welcome'))).toBe(false);
  });

  it('cuts a shell that hangs off at the bound, kills it, and falls back to the process env with a note', async () => {
    const started = Date.now();
    const env = { PATH: BARE_PATH, HOME: '/h', SHELL: hangingShell };
    const launch = await resolveLaunchEnvironment({ env, loginShell: true, timeoutMs: 400 });
    // The shell never answers: the bound given (named in the note) is what ended the wait, and
    // it was waited in full (a lower bound: a busy machine can only make it longer).
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    expect(launch).toMatchObject({ source: 'process', note: { code: 'timeout', detail: 'no answer within 400 ms' }, shell: hangingShell });
    expect(launch.env).toBe(env);
    const pid = Number((await readFile(pidFile, 'utf8')).trim());
    await until(() => !pidAlive(pid), 30_000, `the hanging shell ${pid} killed`);
  });

  it('adds the shell PATH first and what the process lacks, never overriding the host or keeping session state', () => {
    const merged = mergeLaunchEnv({ PATH: '/usr/bin:/bin', HOME: '/host/home' }, { PATH: '/opt/homebrew/bin:/usr/bin', HOME: '/shell/home', NVM_DIR: '/n', PWD: '/x', SHLVL: '2', BASH_FUNC_f: '() { :; }' });
    expect(merged).toEqual({ PATH: '/opt/homebrew/bin:/usr/bin:/bin', HOME: '/host/home', NVM_DIR: '/n' });
  });
});

async function untilState(services: Services, name: string, done: (kind: string) => boolean): Promise<ServersView['servers'][number]> {
  let row: ServersView['servers'][number] | undefined;
  await until(
    async () => {
      const r = await services.dispatch('servers.list', {}, { host: 'electron' });
      row = r.ok ? (r.value as ServersView).servers.find((x) => x.name === name) : undefined;
      return !!row && done(row.state.kind);
    },
    30_000,
    `"${name}" to leave pending`,
  );
  return row!;
}

describe('a host started with a bare PATH (item 6)', () => {
  const start = (loginShellOpt: boolean | undefined, shell = loginShell) =>
    startServices({
      host: 'electron',
      env: { HOME: join(s.root, 'home'), PATH: BARE_PATH, SHELL: shell, MCP_PANEL_DATA_DIR: join(s.root, 'data') },
      cwd: s.root,
      version: '0.0.0',
      profile: 'minimax',
      workspace: s.root,
      pickFolder: null,
      ...(loginShellOpt === undefined ? {} : { loginShell: loginShellOpt }),
    });

  it('Electron (login shell on by default) starts a server whose command only the login shell PATH has', async () => {
    const services = await start(undefined);
    try {
      const row = await untilState(services, 'rich', (k) => k !== 'pending');
      expect(row.state.kind).toBe('connected');
      const doc = await services.dispatch('doctor.run', {}, { host: 'electron' });
      expect(doc.ok && doc.value).toMatchObject({ launchEnv: { source: 'login-shell', shell: loginShell, note: null }, servers: [{ name: 'rich', diagnosis: null }] });
    } finally {
      await services.dispose();
    }
  });

  it('without the option the same server fails, and the doctor says where the login shell finds it', async () => {
    const services = await start(false);
    try {
      const row = await untilState(services, 'rich', (k) => k !== 'pending');
      expect(row.state).toMatchObject({ kind: 'failed', code: 'command_elsewhere', params: { command: 'rich-mcp-server', path: BARE_PATH, found: join(richBin, 'rich-mcp-server') } });
    } finally {
      await services.dispose();
    }
  });

  it('a login shell that hangs costs the start the bound, not more, and the note is in the doctor', async () => {
    // The shell never answers, so the start can only have come back through the bound it was
    // given: the doctor's note names it (the default bound is longer).
    const services = await startServices({
      host: 'electron',
      env: { HOME: join(s.root, 'home'), PATH: BARE_PATH, SHELL: hangingShell, MCP_PANEL_DATA_DIR: join(s.root, 'data') },
      cwd: s.root,
      version: '0.0.0',
      profile: 'minimax',
      workspace: s.root,
      pickFolder: null,
      loginShell: { timeoutMs: 500 },
    });
    try {
      const doc = await services.dispatch('doctor.run', {}, { host: 'electron' });
      expect(doc.ok && doc.value).toMatchObject({ launchEnv: { source: 'process', note: { code: 'timeout', detail: 'no answer within 500 ms' }, path: BARE_PATH } });
    } finally {
      await services.dispose();
    }
  });
});
