// PERM-4 for Gemini CLI in the browser, over the real web host and a real stdio server: the
// permissions view reads Gemini's own rules (the trust flag of its settings.json and a policy file
// in ~/.gemini/policies), decides by priority, names each file in its tab, says once how it reads
// them and what it cannot simulate, and offers no Save (the panel does not write these files).
// English and Chinese, with screenshots. UI-8: the tab's title sums up every detected agent.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ROOT } from '../../helpers/panel-home';
import { usePanelOn, ECHO } from '../helpers/views-home';
import { saveSettings } from '../helpers/settings';
import { shot } from '../helpers/shots';

test.describe.configure({ mode: 'serial' });
const OUT = join(ROOT, 'artifacts', 'views');

const bed = usePanelOn(() => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-panel-gemini-'));
  const home = join(dir, 'home');
  const workspace = join(dir, 'workspace');
  mkdirSync(join(home, '.gemini', 'policies'), { recursive: true });
  mkdirSync(workspace, { recursive: true });
  writeFileSync(join(home, '.gemini', 'settings.json'), JSON.stringify({ mcpServers: { echo: { command: process.execPath, args: [ECHO], trust: true } } }, null, 2));
  // Gemini CLI runs nothing in a folder it has not trusted, user-level servers included (AGENT-5).
  writeFileSync(join(home, '.gemini', 'trustedFolders.json'), JSON.stringify({ [workspace]: 'TRUST_FOLDER' }));
  // A second agent with the same server and one the panel does not run. Cursor's declaration is not
  // known and Gemini declares roots only (AGENT-6): a server may offer them other tools, so Cursor's
  // echo-too does not share Gemini's live state (test/integration/install/identity.test.ts shares between equals).
  mkdirSync(join(home, '.cursor'), { recursive: true });
  writeFileSync(join(home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { 'echo-too': { command: process.execPath, args: [ECHO] }, other: { command: 'other-server' } } }));
  writeFileSync(join(home, '.gemini', 'policies', 'mine.toml'), '# ask before echoing\n[[rule]]\nmcpName = "echo"\ntoolName = "echo"\ndecision = "ask_user"\npriority = 500\n');
  return { profile: 'gemini' as const, dir, home, workspace, pidFile: join(dir, 'unused.pid'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
});

async function landed(page: Page, url: string) {
  await page.goto(url);
  await page.waitForURL((u) => !u.searchParams.has('token'));
}

async function open(page: Page, language: 'en' | 'zh') {
  await saveSettings(bed.panel, { language });
  await landed(page, await bed.panel.freshUrl());
  await page.locator('nav button[data-section="permissions"]').click();
  await expect(page.locator('main')).toHaveAttribute('data-section', 'permissions');
}

for (const language of ['en', 'zh'] as const) {
  test(`Gemini's policy file outranks its trust flag; read-only, said once (${language})`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, language);
    const row = page.locator('tr[data-tool="mcp_echo_echo"]');
    await expect(row.getByTestId('decision')).toHaveText('ask');
    await expect(row).toContainText('mcp_echo_echo mcpName=echo priority=4.5');
    await expect(page.getByTestId('perm-profile-note')).toContainText(language === 'en' ? 'highest priority first' : '优先级高者先比');
    await expect(page.getByRole('tab', { name: /mine\.toml/ })).toBeVisible();
    await expect(page.getByRole('button', { name: language === 'en' ? 'Save' : '保存' })).toHaveCount(0);
    await shot(page, join(OUT, `permissions-gemini-${language}.png`), true);
  });
}

test('the tab title sums up every detected agent (UI-8, issue 24 item 4)', async ({ page }) => {
  await open(page, 'en');
  // Gemini's echo runs; Cursor's echo-too is the same server (counted once, issue 44) but not checked
  // for Cursor (AGENT-6: another declaration); Cursor's other is not checked.
  await expect(page).toHaveTitle(/— 2 agents · 2 servers · 1 connected · \d+ tools/);
  await open(page, 'zh');
  await expect(page).toHaveTitle(/2 个智能体 · 2 个服务器 · 1 个已连接/);
});

for (const language of ['en', 'zh'] as const) {
  test(`the servers view lists the other detected agents' servers (${language})`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, language);
    await page.locator('nav button[data-section="servers"]').click();
    const cursor = page.getByTestId('other-agents').locator('table[data-agent="Cursor"]');
    await expect(cursor.locator('tr[data-server="echo-too"]').getByTestId('state')).toHaveText(language === 'en' ? 'not checked' : '未检查');
    await expect(cursor.locator('tr[data-server="other"]').getByTestId('state')).toHaveText(language === 'en' ? 'not checked' : '未检查');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, join(OUT, `servers-other-agents-${language}.png`), true);
  });
}
