// Bug "Workspace": run through npm from another folder, the CLI took the panel's
// own folder as the workspace and ignored the person's `.mcp.json`.
import { execFile, spawn } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { invocationDir } from '../../../electron/host/invocation-dir';
import { ROOT } from '../../helpers/run-cli';
import { exchangeLink } from '../../helpers/panel-home';
import { useSandbox } from './helpers';

const sb = useSandbox('each');

describe('the folder a command was run from', () => {
  it('`npm --prefix <panel> run cli -- status --workspace .` resolves . to the folder npm was run in', async () => {
    await sb.write(join(sb.ws, '.mcp.json'), { mcpServers: { app: { command: 'node' } } });
    // npm sets INIT_CWD and npm_lifecycle_event itself; drop any from the test runner's own npm.
    const env: NodeJS.ProcessEnv = { ...process.env, ...sb.env, INIT_CWD: undefined, npm_lifecycle_event: undefined };
    const { stdout } = await promisify(execFile)(
      'npm',
      ['run', '--silent', '--prefix', ROOT, 'cli', '--', 'status', '--profile', 'minimax', '--workspace', '.', '--no-connect', '--json'],
      { cwd: sb.ws, env, timeout: 60_000 },
    );
    const out = JSON.parse(stdout) as { workspace: string; layers: Array<{ layer: string; path: string }> };
    expect(out.workspace).toBe(sb.ws);
    expect(out.layers.find((l) => l.layer === 'project')?.path).toBe(join(sb.ws, '.mcp.json'));
  });

  it('`npm --prefix <panel> start` from a workspace folder opens that folder (not "No workspace")', async () => {
    await sb.write(join(sb.ws, '.mcp.json'), { mcpServers: { app: { command: 'node' } } });
    const env: NodeJS.ProcessEnv = { ...process.env, ...sb.env, MCP_PANEL_DATA_DIR: join(sb.root, 'data'), MCP_PANEL_NO_BROWSER: '1', INIT_CWD: undefined, npm_lifecycle_event: undefined };
    const child = spawn('npm', ['start', '--silent', '--prefix', ROOT], { cwd: sb.ws, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let out = '';
      let err = '';
      child.stderr.on('data', (c: Buffer) => (err += c.toString()));
      const link = await new Promise<string>((done, fail) => {
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          const m = /MCP Panel: (\S+)/.exec(out);
          if (m) done(m[1]!);
        });
        child.once('exit', (code) => fail(new Error(`npm start exited with ${code}: ${err}`)));
      });
      const { cookie, key } = await exchangeLink(link);
      const body = await new Promise<string>((done, fail) => {
        const req = request({ host: '127.0.0.1', port: new URL(link).port, method: 'POST', path: '/api/profiles.detect', headers: { 'Content-Type': 'application/json', Cookie: cookie ?? '', 'X-MCP-Panel-Key': key ?? '' } }, (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => done(text));
        });
        req.on('error', fail);
        req.end('{}');
      });
      expect(JSON.parse(body)).toMatchObject({ ok: true, value: { selection: { workspace: sb.ws } } });
    } finally {
      // npm, its shell and the panel are one process group: end them all.
      process.kill(-child.pid!, 'SIGTERM');
    }
  }, 180_000);

  it('INIT_CWD counts only when npm started this front door, not when inherited from an outer npm run', () => {
    expect(invocationDir({ INIT_CWD: '/home/me/app', npm_lifecycle_event: 'cli' }, '/panel')).toBe('/home/me/app');
    expect(invocationDir({ INIT_CWD: '/home/me/app', npm_lifecycle_event: 'start' }, '/panel')).toBe('/home/me/app');
    expect(invocationDir({ INIT_CWD: '/panel', npm_lifecycle_event: 'test' }, '/tmp/x')).toBe('/tmp/x');
    expect(invocationDir({}, '/tmp/x')).toBe('/tmp/x');
  });
});
