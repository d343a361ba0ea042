// vitest's global setup (vitest.config.ts) and Playwright's (playwright.config.ts): what every
// test process reads and no test should pay for again. (The built CLI's code cache lives in each
// test's HOME: XDG_CACHE_HOME does not move it, electron/host/code-cache.ts; each gets a copy of
// one made here, test/helpers/code-cache-seed.ts.)
import { makeSeedCache } from './helpers/code-cache-seed';
import { bundleFixtures } from './helpers/fixtures';

export default async function setup(): Promise<() => void> {
  await bundleFixtures();
  return makeSeedCache();
}
