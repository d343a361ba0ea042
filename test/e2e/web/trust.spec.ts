// CFG-10 through the page: an untrusted kimi workspace shows its project server but never
// starts it until the user trusts the workspace from the banner.
import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { makeKimiHome, startPanel, type PanelHome, type RunningPanel } from '../../helpers/panel-home';

let h: PanelHome;
let panel: RunningPanel;

test.beforeAll(async () => {
  h = makeKimiHome();
  panel = await startPanel(h);
});

test.afterAll(async () => {
  await panel?.stop();
  h?.cleanup();
});

test('trust banner starts the project server of an untrusted kimi workspace', async ({ page }) => {
  await page.goto(await panel.freshUrl());
  const project = page.locator('tr[data-server="project"]');
  await expect(page.locator('tr[data-server="personal"]').getByTestId('state')).toHaveText('connected');
  await expect(project.getByTestId('state')).toHaveText('disabled');
  await expect(project).toContainText('untrusted');
  await expect(page.getByRole('status')).toContainText('not trusted');
  // Nothing was started for the untrusted project layer.
  expect(existsSync(h.pidFile)).toBe(false);
  // Issue 22: the banner lists what trusting starts; the dialog grants it.
  await page.getByRole('button', { name: 'Review and trust…' }).click();
  await expect(page.getByTestId('trust-dialog').locator('[data-server="project"]')).toBeVisible();
  expect(existsSync(h.pidFile)).toBe(false);
  await page.getByTestId('trust-dialog').getByRole('button', { name: 'Trust and start them' }).click();
  await expect(project.getByTestId('state')).toHaveText('connected');
  await expect(project.getByTestId('tools')).toHaveText('3 tools');
  await expect(page.getByRole('status')).toHaveCount(0);
  expect(existsSync(h.pidFile)).toBe(true);
});
