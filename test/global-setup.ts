// vitest's global setup (vitest.config.ts) and Playwright's (playwright.config.ts): what every
// test process reads and no test should pay for again.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleFixtures } from './helpers/fixtures';

export default async function setup(): Promise<() => void> {
  await bundleFixtures();
  // One code cache of the built CLI (electron/host/code-cache.ts) for the whole run, instead of
  // a cold one in each test's temp HOME. Runs given only HOME and PATH keep theirs in that HOME.
  if (process.env.XDG_CACHE_HOME) return () => {};
  const cache = mkdtempSync(join(tmpdir(), 'mcp-panel-test-cache-'));
  process.env.XDG_CACHE_HOME = cache;
  return () => rmSync(cache, { recursive: true, force: true });
}
