// Answers that say what to do (issue 22 item 4), through the built command the way a person
// types it: a login that cannot be one, `check` on errors, an empty keychain, an unknown command,
// a hung server with its own timeout, a dry run, a `${VAR}` host, and what a CLI run leaves behind.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpFixture } from '../../helpers/panel-home';
import { sandbox, type Sandbox } from '../config/helpers';
import { runCli } from '../../helpers/run-cli';
import { fixture } from '../../helpers/fixtures';

const FIXTURES = fixture('test/fixtures/servers');
let sb: Sandbox;
let token: { url: string; stop(): Promise<void> };

const cli = (args: string[], env: NodeJS.ProcessEnv = {}) => runCli(args, { env: { ...process.env, ...sb.env, MCP_PANEL_DATA_DIR: join(sb.root, 'data'), ...env }, cwd: sb.ws });

beforeAll(async () => {
  sb = await sandbox();
  token = await startHttpFixture('auth');
  await sb.write(join(sb.home, '.minimax', 'mcp.json'), {
    mcpServers: {
      vault: { url: token.url },
      notes: { url: 'https://${NOTES_HOST}/mcp' },
      // Starts, then never answers (not even initialize); its entry gives it 1.5 s.
      hung: { command: process.execPath, args: [join(FIXTURES, 'hang.mjs'), 'stdio', '--no-init'], timeout: 1500 },
    },
  });
  await sb.write(join(sb.home, '.kimi-code', 'mcp.json'), { mcpServers: { echo: { command: process.execPath, args: [join(FIXTURES, 'echo.mjs'), 'stdio'] } } });
}, 30_000);
afterAll(async () => {
  await token?.stop();
  await sb.dispose();
});

describe('answers that say what to do', () => {
  it('login to a server that answers 401 without OAuth metadata: "wants a token", not a login the browser failed', async () => {
    const r = await cli(['login', 'vault', '--profile', 'minimax', '--no-browser']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: login to vault failed: this server wants a token, not a login: it answered 401 and publishes no OAuth metadata/m);
    expect(r.stderr + r.stdout).not.toMatch(/browser to come back|Open this address/);
  });

  it('check exits 1 when the file has errors, and says so on stderr', async () => {
    const file = await sb.write('bad.json', { mcpServers: { x: { command: 5 }, y: {} } });
    const r = await cli(['check', file, '--dialect', 'minimax']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('problems found');
    expect(r.stderr).toBe(`error: ${file}: 2 errors (see "problems" above)\n`);
    const good = await sb.write('good.json', { mcpServers: { x: { command: 'node' } } });
    expect((await cli(['check', good, '--dialect', 'minimax'])).code).toBe(0);
  });

  it('secrets list with no secrets says so and exits 0 (no process.exit(true) crash)', async () => {
    const r = await cli(['secrets', 'list']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('no config secrets in the keychain\n');
  });

  it('an unknown command is said to be unknown, before the list, exit 2', async () => {
    const r = await cli(['frobnicate', '--json']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')[0]).toBe('error: unknown command "frobnicate"');
    expect(r.stderr).toContain('usage: mcp-panel <command>');
  });

  it('a command that reads no argument refuses one, exit 2, before it does anything', async () => {
    // An unread argument named something the person meant: `plan --agent kimi ./other` would plan
    // the folder it ran from. Refused before the command runs: nothing is written.
    const before = existsSync(join(sb.root, 'data', 'plans'));
    for (const args of [['status', 'other-folder', '--json'], ['plan', '--agent', 'kimi', 'other-folder', '--dry-run'], ['collisions', 'extra']]) {
      const r = await cli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.split('\n')[0]).toBe(`error: ${args[0]} takes no argument, and got "${args[0] === 'collisions' ? 'extra' : 'other-folder'}" (an option's value goes after its --name)`);
    }
    expect(existsSync(join(sb.root, 'data', 'plans'))).toBe(before);
    // A command that takes one still does.
    expect((await cli(['doctor', 'no-such-server', '--json'])).stderr).not.toContain('takes no argument');
  });

  it("a hung stdio server is given up at its own timeout (1500 ms), not the pool's 30 s", async () => {
    const r = await cli(['status', '--profile', 'minimax', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const hung = JSON.parse(r.stdout).servers.find((s: { name: string }) => s.name === 'hung');
    // The state says which limit ended the wait: decided by the entry's number, not by a race.
    expect(hung).toMatchObject({ state: 'failed', code: 'own_timeout', params: { ms: 1500 }, error: 'did not answer within its own 1500 ms timeout' });
  });

  it('a ${VAR} host keeps its case in the servers view', async () => {
    const r = await cli(['api', 'servers.list', '{}', '--profile', 'minimax']);
    expect(r.code, r.stderr).toBe(0);
    const notes = JSON.parse(r.stdout).value.servers.find((s: { name: string }) => s.name === 'notes');
    expect(notes.target).toBe('https://${NOTES_HOST}/mcp');
  });

  it('the engine behind the CLI names its front door as the CLI, not as a web page (issue 36 item 3)', async () => {
    const r = await cli(['api', 'app.info', '{}', '--profile', 'minimax']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).value.host).toBe('cli');
  });

  it('a dry run never says "Written to"', async () => {
    const before = await readFile(join(sb.home, '.kimi-code', 'mcp.json'), 'utf8');
    const r = await cli(['tools', 'disable', 'echo', 'fail', '--profile', 'kimi', '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toContain('Written to');
    expect(r.stdout).toContain(`Would write this to ${join(sb.home, '.kimi-code', 'mcp.json')} (nothing written: --dry-run):`);
    expect(await readFile(join(sb.home, '.kimi-code', 'mcp.json'), 'utf8')).toBe(before);
  });

  it('CLI runs leave the recent workspaces alone; a missing folder is refused and not remembered', async () => {
    expect((await cli(['names', '--profile', 'kimi', '--json'])).code).toBe(0);
    expect((await cli(['api', 'servers.list', '{}', '--profile', 'kimi'])).code).toBe(0);
    expect(existsSync(join(sb.root, 'data', 'recent-workspaces.json'))).toBe(false);
    const missing = join(sb.root, 'no-such-folder');
    const r = await cli(['api', 'profiles.select', JSON.stringify({ profile: 'kimi', workspace: missing })]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).error).toMatchObject({ code: 'not-found', message: `there is no folder ${missing}: check the path (it must be an existing folder on this machine)` });
  });
});
