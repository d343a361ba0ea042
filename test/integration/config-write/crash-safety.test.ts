// SEC-3: SIGKILL at random moments during atomic writes, ≥ 100 times: the file must always
// parse and be exactly the old or the new content, never truncated or mixed.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const FIXTURE = resolve('test/fixtures/config-write/crash-writer.mjs');
// The bundled CommonJS dependency (write-file-atomic) expects require and __filename.
const BANNER = [
  "import { createRequire } from 'node:module';",
  "import { fileURLToPath } from 'node:url';",
  'const require = createRequire(import.meta.url);',
  'const __filename = fileURLToPath(import.meta.url);',
].join(' ');
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

function runAndKill(args: string[], delayMs: number): Promise<void> {
  return new Promise((res, rej) => {
    const child = spawn(process.execPath, [FIXTURE, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += String(d)));
    child.stdout.once('data', () => setTimeout(() => child.kill('SIGKILL'), delayMs));
    child.on('exit', (code, signal) => (signal === 'SIGKILL' ? res() : rej(new Error(`writer exited ${code}: ${stderr}`))));
  });
}

describe('atomic write under SIGKILL (SEC-3)', () => {
  it('leaves the old or the new content after each of 104 kills', async () => {
    const a = content('a', 300);
    const b = content('b', 150);
    const aPath = join(dir, 'a.json');
    const bPath = join(dir, 'b.json');
    await writeFile(aPath, a);
    await writeFile(bPath, b);
    const seen = { a: 0, b: 0 };
    // Four lanes (own folder each) in parallel keep the 104 kills fast (each kill costs a node start-up).
    const lane = async (n: number): Promise<string> => {
      const folder = join(dir, `lane-${n}`);
      await mkdir(folder);
      const target = join(folder, 'mcp.json');
      await writeFile(target, a);
      for (let i = 0; i < 26; i++) {
        await runAndKill([bundle, target, aPath, bPath], Math.floor(Math.random() * 40));
        const text = await readFile(target, 'utf8');
        expect(text === a || text === b, `lane ${n} kill ${i}: neither old nor new (${text.length} bytes)`).toBe(true);
        expect(() => JSON.parse(text)).not.toThrow();
        if (text === a) seen.a++;
        else seen.b++;
      }
      return folder;
    };
    const folders = await Promise.all([0, 1, 2, 3].map(lane));
    expect(seen.a + seen.b).toBe(104);
    // Both contents were observed, and killed writers left temp files behind: the kills
    // really landed while writes were in flight (the target itself stayed whole).
    expect(seen.a).toBeGreaterThan(0);
    expect(seen.b).toBeGreaterThan(0);
    let leftovers = 0;
    for (const f of folders) leftovers += (await readdir(f)).filter((n) => n !== 'mcp.json').length;
    expect(leftovers).toBeGreaterThan(0);
  });
});
