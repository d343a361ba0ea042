// A checkout updated after its last build serves a page that speaks an older contract than the
// host (seen: "Could not load servers: Invalid option … state.code" after a new reason code).
// The web host and `npm start` rebuild such a page; an installed copy (no sources) never does.
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { rendererStale } from '../../../electron/host/web/build';

let dir = '';
afterEach(() => rm(dir, { recursive: true, force: true }));

async function tree(files: Record<string, number>): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), 'renderer-stale-'));
  for (const [rel, seconds] of Object.entries(files)) {
    const path = join(dir, rel);
    await mkdir(join(path, '..'), { recursive: true });
    await writeFile(path, 'x');
    await utimes(path, seconds, seconds);
  }
  return dir;
}

describe('rendererStale', () => {
  it('is stale when there is no build, or a page source is newer than it', async () => {
    expect(rendererStale(await tree({ 'shared/a.ts': 100 }))).toBe(true);
    await rm(dir, { recursive: true, force: true });
    expect(rendererStale(await tree({ 'out/renderer/index.html': 200, 'shared/schemas/server.ts': 300, 'renderer/src/App.tsx': 100 }))).toBe(true);
  });

  it('is fresh when the build is newer than every source, or there are no sources (installed)', async () => {
    expect(rendererStale(await tree({ 'out/renderer/index.html': 500, 'shared/a.ts': 300, 'renderer/src/App.tsx': 400 }))).toBe(false);
    await rm(dir, { recursive: true, force: true });
    expect(rendererStale(await tree({ 'out/renderer/index.html': 100, 'out/cli/mcp-panel.mjs': 900 }))).toBe(false);
  });
});
