// Bug "Workspace": run through npm from another folder, the CLI took the panel's
// own folder as the workspace and ignored the person's `.mcp.json`.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { invocationDir } from '../../../electron/host/invocation-dir';
import { ROOT } from '../../helpers/run-cli';
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

  it('INIT_CWD counts only when npm started this front door, not when inherited from an outer npm run', () => {
    expect(invocationDir({ INIT_CWD: '/home/me/app', npm_lifecycle_event: 'cli' }, '/panel')).toBe('/home/me/app');
    expect(invocationDir({ INIT_CWD: '/home/me/app', npm_lifecycle_event: 'start' }, '/panel')).toBe('/home/me/app');
    expect(invocationDir({ INIT_CWD: '/panel', npm_lifecycle_event: 'test' }, '/tmp/x')).toBe('/tmp/x');
    expect(invocationDir({}, '/tmp/x')).toBe('/tmp/x');
  });
});
