// Item 5 (SEC-7): two processes adding servers to one file at the same instant. Before the
// cross-process lock, 7 of 20 pairs both reported success while one server was missing.
// Real CLI processes (`server add`), spawned together; every reported success must be in the file.
// The CLI runs from the bundle `npm run build` made (MCP_PANEL_TEST_CLI=built, as in .ci/run), or
// is bundled here once with esbuild, so a process starts in ~0.2 s: starts close together make
// the writes really collide (tsx would take ~1.5 s, and spread them out).
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figure, stress } from '../../helpers/stress';
import { BUILT_CLI } from '../../helpers/run-cli';

let dir: string;
let home: string;
let cli: string;
const PAIRS = stress(20, 100); // 100 under `npm run test:stress`
// The bundle keeps CommonJS dependencies, which expect require and __filename.
const BANNER = [
  "import { createRequire as __createRequire } from 'node:module';",
  "import { fileURLToPath as __fileURLToPath } from 'node:url';",
  'const require = __createRequire(import.meta.url);',
  'const __filename = __fileURLToPath(import.meta.url);',
].join(' ');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cw-race-'));
  home = join(dir, 'home');
  await mkdir(join(home, '.kimi-code'), { recursive: true });
  if (process.env.MCP_PANEL_TEST_CLI === 'built') {
    cli = BUILT_CLI;
    return;
  }
  cli = join(dir, 'cli.mjs');
  await build({
    entryPoints: [resolve('electron/host/cli.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: cli,
    logLevel: 'silent',
    banner: { js: BANNER },
    external: ['keytar', 'electron'],
    mainFields: ['module', 'main'], // jsonc-parser's UMD build does not bundle
  });
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function add(name: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, reject) => {
    const args = ['server', 'add', name, '--profile', 'kimi', '--layer', 'user', '--entry', JSON.stringify({ command: 'npx', args: [name] }), '--json'];
    const child = spawn(process.execPath, [cli, ...args], { cwd: home, env: { PATH: process.env.PATH, HOME: home }, stdio: ['ignore', 'pipe', 'pipe'], timeout: 30_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

describe('concurrent writers (item 5)', () => {
  it(`${PAIRS} pairs of simultaneous server add: every reported success is in the file`, async () => {
    const file = join(home, '.kimi-code', 'mcp.json');
    const succeeded: string[] = [];
    const failures: string[] = [];
    for (let pair = 0; pair < PAIRS; pair++) {
      const names = [`p${pair}-a`, `p${pair}-b`];
      const runs = await Promise.all(names.map(add));
      runs.forEach((r, i) => {
        if (r.code === 0 && (JSON.parse(r.stdout) as { ok: boolean }).ok) succeeded.push(names[i]!);
        else failures.push(`${names[i]}: exit ${r.code}: ${r.stderr.trim()}`);
      });
      const servers = Object.keys((JSON.parse(await readFile(file, 'utf8')) as { mcpServers: Record<string, unknown> }).mcpServers);
      expect(succeeded.filter((n) => !servers.includes(n)), `reported success but missing from the file after pair ${pair}`).toEqual([]);
    }
    // With the lock each writer waits its turn, so none has to give up either.
    expect(failures).toEqual([]);
    expect(succeeded).toHaveLength(PAIRS * 2);
    // Locks released, no temp file left behind.
    expect(await readdir(join(home, '.kimi-code'))).toEqual(['mcp.json']);
    figure(`${PAIRS} pairs of simultaneous server add: ${succeeded.length} successes, all in the file; ${failures.length} gave up`);
  }, stress(240_000, 900_000)); // deadlines for 40 process starts at load 10, not measurements
});
