// Screenshots for a person to look at (artifacts/, test-results/; README "Development"): no test
// reads them back, so a run that throws its clone away (.ci/run sets MCP_PANEL_E2E_SHOTS=off)
// takes none. Each costs Chromium 0.1–0.3 CPU s (a full page more), and a run took ~130.
import type { Locator, Page } from '@playwright/test';

const ON = process.env.MCP_PANEL_E2E_SHOTS !== 'off';

/** `target.screenshot({ path, fullPage })`, or nothing with shots off (a locator is still waited for, as its screenshot does). */
export async function shot(target: Page | Locator, path: string, fullPage = false): Promise<void> {
  if (ON) await target.screenshot({ path, fullPage });
  else if ('waitFor' in target) await target.waitFor();
}
