// Item 14 (SEC-3): a writer SIGKILLed mid-write leaves its temp file. The panel names its temp
// files `<file>.mcp-panel-tmp-<pid>-<random>`, and the next write to that file removes the
// ones whose writer is dead and that are over a minute old; never a file of the user's.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempNameFor } from '../../../electron/services/config/writer';
import { runCli } from '../../helpers/run-cli';

let dir: string;
let home: string;
let bundle: string;

// The child writes through the real atomicWriteFile and stops just before the rename, the
// moment a kill leaves a complete temp file next to the untouched target.
const CHILD = `
const [mod, target] = process.argv.slice(2);
const { atomicWriteFile } = await import(mod);
setInterval(() => {}, 1000);
await atomicWriteFile(target, '{"mcpServers": {"never": {"command": "x"}}}\\n', {
  beforeCommit: () => new Promise(() => process.stdout.write('ready\\n')),
});
`;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cw-stale-'));
  home = join(dir, 'home');
  await mkdir(join(home, '.kimi-code'), { recursive: true });
  bundle = join(dir, 'atomic-write.mjs');
  await build({ entryPoints: [resolve('electron/services/config/writer/atomic-write.ts')], bundle: true, platform: 'node', format: 'esm', outfile: bundle, logLevel: 'silent' });
  await writeFile(join(dir, 'child.mjs'), CHILD);
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Starts a writer, kills it with SIGKILL once its temp file is complete; resolves with its pid. */
function killMidWrite(target: string): Promise<number> {
  return new Promise((done, reject) => {
    const child = spawn(process.execPath, [join(dir, 'child.mjs'), bundle, target], { stdio: ['ignore', 'pipe', 'pipe'], timeout: 30_000 });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.once('data', () => child.kill('SIGKILL'));
    child.on('exit', (code, signal) => (signal === 'SIGKILL' ? done(child.pid!) : reject(new Error(`writer exited ${code}: ${stderr}`))));
  });
}

describe('stale temp files (item 14)', () => {
  it('the next server add removes a killed writer’s old temp file and nothing else', async () => {
    const folder = join(home, '.kimi-code');
    const target = join(folder, 'mcp.json');
    const original = '{\n  "mcpServers": {}\n}\n';
    await writeFile(target, original);
    const deadPid = await killMidWrite(target);
    const leftover = (await readdir(folder)).filter((n) => n !== 'mcp.json');
    expect(leftover).toHaveLength(1);
    expect(leftover[0]).toMatch(new RegExp(`^mcp\\.json\\.mcp-panel-tmp-${deadPid}-[0-9a-f]{12}$`));
    expect(await readFile(target, 'utf8')).toBe(original); // SEC-3: the target is untouched

    const old = new Date(Date.now() - 5 * 60_000);
    await utimes(join(folder, leftover[0]!), old, old);
    // Decoys that must survive: the user's own files (one looks like write-file-atomic's names),
    // a temp file of a live writer (this test process), and a dead writer's fresh one.
    const keep = ['mcp.json.1', 'mcp.json.bak', 'mcp.json.3735928559', 'other.json.mcp-panel-tmp-1-aaaaaaaaaaaa'];
    for (const name of keep) await writeFile(join(folder, name), 'mine');
    const live = tempNameFor(target, process.pid);
    const fresh = tempNameFor(target, deadPid);
    for (const f of [live, fresh]) await writeFile(f, 'in flight');
    for (const f of [...keep.map((n) => join(folder, n)), live]) await utimes(f, old, old);

    const r = await runCli(['server', 'add', 'b', '--profile', 'kimi', '--layer', 'user', '--entry', '{"command":"z"}'], { env: { PATH: process.env.PATH, HOME: home }, cwd: home, timeoutMs: 30_000 });
    expect(r.code, r.stderr).toBe(0);
    const after = (await readdir(folder)).sort();
    expect(after).not.toContain(leftover[0]);
    expect(after).toEqual(['mcp.json', ...keep, live.slice(folder.length + 1), fresh.slice(folder.length + 1)].sort());
    expect(Object.keys(JSON.parse(await readFile(target, 'utf8')).mcpServers)).toEqual(['b']);
  }, 90_000);
});
