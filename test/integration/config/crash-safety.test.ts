// SEC-3: SIGKILL at random moments during atomic writes, ≥ 100 times (1,000 under `npm run
// test:stress`): the file must always parse and be exactly the old or the new content, never
// truncated or mixed.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figure, stress } from '../../helpers/stress';

const FIXTURE = resolve('test/fixtures/config-write/crash-writer.mjs');
// The bundled CommonJS dependency (write-file-atomic) expects require and __filename.
const BANNER = [
  "import { createRequire } from 'node:module';",
  "import { fileURLToPath } from 'node:url';",
  'const require = createRequire(import.meta.url);',
  'const __filename = fileURLToPath(import.meta.url);',
].join(' ');
const LANES = 4;
const KILLS_PER_LANE = stress(26, 250);
const KILLS = LANES * KILLS_PER_LANE;
let dir: string;
let bundle: string;

/** Big enough that a write takes a while, so kills land mid-write. */
function content(tag: string, servers: number): string {
  const mcpServers: Record<string, unknown> = {};
  for (let i = 0; i < servers; i++) mcpServers[`${tag}-${i}`] = { command: 'npx', args: ['-y', `pkg-${tag}-${i}`, 'x'.repeat(200)] };
  return JSON.stringify({ mcpServers }, null, 2) + '\n';
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'crash-'));
  bundle = join(dir, 'atomic-write.mjs');
  // A bundled copy of the real module: node starts it in ~0.1 s (tsx would take ~0.7 s per kill).
  await build({ entryPoints: [resolve('electron/services/config/writer/atomic-write.ts')], bundle: true, platform: 'node', format: 'esm', outfile: bundle, logLevel: 'silent', banner: { js: BANNER } });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * Starts a writer and SIGKILLs it after `writes` completed writes plus `delayMs`: the kill lands
 * inside one of the writes that follow (the writer never pauses between them). Counting writes
 * rather than waiting a time keeps both outcomes (old and new content) possible however slow
 * the machine is.
 */
function runAndKill(args: string[], writes: number, delayMs: number): Promise<void> {
  return new Promise((res, rej) => {
    const child = spawn(process.execPath, [FIXTURE, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let lines = 0;
    let killing = false;
    child.stderr.on('data', (d) => (stderr += String(d)));
    child.stdout.on('data', (d: Buffer) => {
      lines += String(d).split('\n').length - 1; // `ready`, then one line per write
      if (!killing && lines > writes) {
        killing = true;
        setTimeout(() => child.kill('SIGKILL'), delayMs);
      }
    });
    child.on('exit', (code, signal) => (signal === 'SIGKILL' ? res() : rej(new Error(`writer exited ${code}: ${stderr}`))));
  });
}

describe('atomic write under SIGKILL (SEC-3)', () => {
  it(`leaves the old or the new content after each of ${KILLS} kills`, async () => {
    const a = content('a', 300);
    const b = content('b', 150);
    const aPath = join(dir, 'a.json');
    const bPath = join(dir, 'b.json');
    await writeFile(aPath, a);
    await writeFile(bPath, b);
    const seen = { a: 0, b: 0 };
    // Four lanes (own folder each) in parallel keep the kills fast (each kill costs a node start-up).
    const lane = async (n: number): Promise<string> => {
      const folder = join(dir, `lane-${n}`);
      await mkdir(folder);
      const target = join(folder, 'mcp.json');
      await writeFile(target, a);
      for (let i = 0; i < KILLS_PER_LANE; i++) {
        await runAndKill([bundle, target, aPath, bPath], Math.floor(Math.random() * 3), Math.floor(Math.random() * 20));
        const text = await readFile(target, 'utf8');
        expect(text === a || text === b, `lane ${n} kill ${i}: neither old nor new (${text.length} bytes)`).toBe(true);
        expect(() => JSON.parse(text)).not.toThrow();
        if (text === a) seen.a++;
        else seen.b++;
      }
      return folder;
    };
    const folders = await Promise.all(Array.from({ length: LANES }, (_, n) => lane(n)));
    expect(seen.a + seen.b).toBe(KILLS);
    // Both contents were observed, and killed writers left temp files behind: the kills
    // really landed while writes were in flight (the target itself stayed whole).
    expect(seen.a).toBeGreaterThan(0);
    expect(seen.b).toBeGreaterThan(0);
    let leftovers = 0;
    for (const f of folders) leftovers += (await readdir(f)).filter((n) => n !== 'mcp.json').length;
    expect(leftovers).toBeGreaterThan(0);
    figure(`${KILLS} kills: old content ${seen.a}, new content ${seen.b}, never anything else; ${leftovers} temp files left by killed writers`);
  }, stress(120_000, 900_000));
});
