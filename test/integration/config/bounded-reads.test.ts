// Item 3 (SEC-7): every config read is bounded and regular-file-only. Before the fix a
// `mcp.json -> /dev/zero` grew `server add` without limit (11 GB RSS), and a FIFO hung it
// forever: here each run has a bounded timeout, so a regression fails instead of hanging.
import { execFileSync } from 'node:child_process';
import { lstat, mkdir, mkdtemp, readFile, readlink, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { importServers } from '../../../electron/services/config/import';
import { DEFAULT_MAX_BYTES } from '../../../electron/services/config/bounded-read';
import { TrustStore } from '../../../electron/services/config/trust-store';
import { ConfigWriter } from '../../../electron/services/config/writer';
import { runCli } from '../../helpers/run-cli';

let home: string;
let file: string;
const env = () => ({ PATH: process.env.PATH, HOME: home });
const cli = (args: string[]) => runCli(args, { env: env(), cwd: home, timeoutMs: 30_000 });
const add = () => cli(['server', 'add', 'b', '--profile', 'kimi', '--layer', 'user', '--entry', '{"command":"z"}']);
const mkfifo = (path: string) => execFileSync('mkfifo', [path]);

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'cw-bounded-'));
  file = join(home, '.kimi-code', 'mcp.json');
  await mkdir(join(home, '.kimi-code'));
});

afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

beforeEach(async () => {
  await rm(file, { force: true });
});

describe('bounded, regular-file-only reads (item 3, SEC-7)', () => {
  it('server add refuses mcp.json -> /dev/zero in one line, and leaves the link alone', async () => {
    await symlink('/dev/zero', file);
    const r = await add();
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^error: unreadable: .*mcp\.json is not a regular file/);
    expect((await lstat(file)).isSymbolicLink()).toBe(true);
    expect(await readlink(file)).toBe('/dev/zero');
  });

  it('server add on a FIFO answers instead of waiting for a writer', async () => {
    mkfifo(file);
    const r = await add();
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/unreadable: .*not a regular file/);
  });

  it('check on a FIFO answers too', async () => {
    mkfifo(file);
    const r = await cli(['check', file, '--dialect', 'kimi']);
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toMatch(/not a regular file/);
  });

  it('a regular file over the cap is refused, not read whole', async () => {
    await writeFile(file, '{}');
    await truncate(file, DEFAULT_MAX_BYTES + 1); // sparse: no real 8 MiB on disk
    const r = await add();
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`unreadable: .*${DEFAULT_MAX_BYTES + 1} bytes, over the ${DEFAULT_MAX_BYTES}-byte limit`));
  });

  it('the importer and the trust store read through the same bounded read', async () => {
    await mkdir(join(home, '.cursor'), { recursive: true });
    await symlink('/dev/zero', join(home, '.cursor', 'mcp.json'));
    await writeFile(file, '{"mcpServers": {}}\n');
    const writer = new ConfigWriter({ env: env() });
    const r = await importServers(writer, { from: 'cursor', target: { profile: 'kimi', layer: 'user' } }, { env: env(), workspace: null });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.sourceFiles[0]).toMatchObject({ state: 'invalid', error: expect.stringMatching(/not a regular file/) });
    expect(await readFile(file, 'utf8')).toBe('{"mcpServers": {}}\n');

    const data = join(home, 'panel-data');
    await mkdir(data);
    mkfifo(join(data, 'trust.json'));
    // Refused (SEC-8: the data folder's records are regular files of the user's), and promptly:
    // before, this open waited for a writer.
    await expect(new TrustStore(data).isTrusted(home)).rejects.toThrow(/trust\.json is not a regular file/);
  });
});
