// Issue 14 item 6 in the browser, over the real web host and real stdio servers: the rules come
// from the agent's own file, edits survive a reload as a draft marked "Unsaved", Save writes the
// file losslessly, a file changed on disk is a conflict (never a silent overwrite), and the view
// neither scrolls sideways nor stacks Chinese one character per line at 1280×800 and 1024×700.
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { useViewsPanel } from '../helpers/views-home';
import { saveSettings } from '../helpers/settings';

test.describe.configure({ mode: 'serial' });

const bed = useViewsPanel();

/** The page drops its one-time token from the address itself: navigate again only after that. */
async function landed(page: Page, url: string) {
  await page.goto(url);
  await page.waitForURL((u) => !u.searchParams.has('token'));
}

async function openPermissions(page: Page, language: 'en' | 'zh' = 'en') {
  await saveSettings(bed.panel, { language });
  await landed(page, await bed.panel.freshUrl());
  await expect(page.locator('tr[data-server="echo_a"]').getByTestId('state')).toHaveText(language === 'en' ? 'connected' : /./);
  await page.locator('nav button[data-section="permissions"]').click();
  await expect(page.locator('main')).toHaveAttribute('data-section', 'permissions');
}

/** The user file with a comment and a deny rule, as a person would write it. */
function writeRules(deny: string[]): string {
  const servers = JSON.parse(readFileSync(bed.home.userFile, 'utf8').replace(/^\s*\/\/.*$/gm, '')).mcpServers;
  const text = `{\n  // my servers and rules\n  "mcpServers": ${JSON.stringify(servers, null, 2).replace(/\n/g, '\n  ')},\n  "permissions": {\n    "deny": ${JSON.stringify(deny)}\n  }\n}\n`;
  writeFileSync(bed.home.userFile, text);
  return text;
}

const echo = (page: Page) => page.locator('tr[data-tool="mcp__echo_a__echo"]').getByTestId('decision');

test('the rules come from the user file, numbered from 1 with their file', async ({ page }) => {
  writeRules(['mcp__echo_a']);
  await openPermissions(page);
  await expect(page.getByLabel('Deny')).toHaveValue('mcp__echo_a');
  await expect(echo(page)).toHaveText('deny');
  const rule = page.locator('tr[data-rule="mcp__echo_a"]');
  await expect(rule).toContainText('deny #1');
  await expect(rule.getByTestId('rule-source')).toContainText('user');
  await expect(rule.locator(`[data-path="${bed.home.userFile}"]`)).toHaveCount(1);
});

test('an edit survives a reload as an unsaved draft; Save writes it losslessly', async ({ page }) => {
  const before = writeRules(['mcp__echo_a']);
  await openPermissions(page);
  await page.getByLabel('Deny').fill('');
  await page.getByLabel('Allow').fill('mcp__echo_a__echo');
  await expect(page.getByTestId('unsaved')).toBeVisible();
  await expect(echo(page)).toHaveText('allow');
  await page.reload();
  await page.locator('nav button[data-section="permissions"]').click();
  await expect(page.getByLabel('Allow')).toHaveValue('mcp__echo_a__echo');
  await expect(page.getByTestId('unsaved')).toBeVisible();
  await expect(page.getByTestId('draft-restored')).toBeVisible();
  expect(readFileSync(bed.home.userFile, 'utf8')).toBe(before);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved to' })).toBeVisible();
  await expect(page.getByTestId('unsaved')).toHaveCount(0);
  const after = readFileSync(bed.home.userFile, 'utf8');
  // Only the permission lists changed: the comment, the servers and the layout are as they were.
  expect(after).toBe(before.replace('"deny": ["mcp__echo_a"]', '"deny": [],\n    "allow": [\n      "mcp__echo_a__echo"\n    ]'));
});

test('a file changed on disk since it was read is a conflict; nothing is overwritten', async ({ page }) => {
  writeRules([]);
  await openPermissions(page);
  await page.getByLabel('Ask').fill('mcp__echo_a');
  await expect(page.getByTestId('unsaved')).toBeVisible();
  const theirs = writeRules(['mcp__someone_else']);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const conflict = page.getByTestId('save-conflict');
  await expect(conflict).toContainText('The file changed on disk since it was read');
  await expect(conflict).toContainText('mcp__someone_else');
  expect(readFileSync(bed.home.userFile, 'utf8')).toBe(theirs);
  await conflict.getByRole('button', { name: 'Reload from disk' }).click();
  await expect(page.getByLabel('Deny')).toHaveValue('mcp__someone_else');
  await expect(page.getByLabel('Ask')).toHaveValue('');
});

test('the tabs are keyboard operable; the read-only project file says so', async ({ page }) => {
  await openPermissions(page);
  const userTab = page.getByRole('tab', { name: /user file/ });
  await userTab.focus();
  await page.keyboard.press('ArrowRight');
  const projectTab = page.getByRole('tab', { name: /project file/ });
  await expect(projectTab).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(projectTab).toHaveAttribute('aria-selected', 'true');
  await expect(projectTab).toContainText('read-only');
  await expect(page.getByLabel('Deny')).toHaveAttribute('readonly', '');
});

for (const language of ['en', 'zh'] as const) {
  for (const [width, height] of [
    [1280, 800],
    [1024, 700],
  ] as const) {
    test(`no sideways scroll and no one-character Chinese lines, ${language} ${width}×${height}`, async ({ page }) => {
      writeRules(['mcp__echo_a', 'mcp__echo_a__echo__x', 'mcp__nothing']);
      await page.setViewportSize({ width, height });
      await openPermissions(page, language);
      await expect(page.getByTestId('rule-table')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      // Headers and badges are one line: a cell one character wide would be many lines tall.
      const tall = await page.locator('main th, main [role="tab"], main .mantine-Badge-root').evaluateAll((els) =>
        els.filter((e) => e.getBoundingClientRect().height > 48).map((e) => e.textContent),
      );
      expect(tall).toEqual([]);
    });
  }
}
