// vitest's global setup (vitest.config.ts) and Playwright's (playwright.config.ts): what every
// test process reads and no test should pay for again.
import { bundleFixtures } from './helpers/fixtures';

export default async function setup(): Promise<void> {
  await bundleFixtures();
}
