// CTX-2 end to end: the real web host on a temp HOME whose Gemini CLI settings (JSONC, its own
// `tools.exclude` rule) list the echo fixture twice. The tools view's plan names the denied tool
// and the second copies, shows the diff of settings.json, writes it (comments kept), the tools
// view then offers only the kept tools, and undo puts the file back byte for byte.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startPanel, type RunningPanel } from '../../helpers/panel-home';
import { expectNoSeriousViolations } from '../helpers/axe';
import { ECHO } from '../helpers/views-home';
import { shot } from '../helpers/shots';

test.describe.configure({ mode: 'serial' });

const SHOTS = process.env.MCP_PANEL_SHOTS ?? join(tmpdir(), 'mcp-panel-shots');
let dir: string;
let settings: string;
let original: string;
let panel: RunningPanel;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-panel-plan-'));
  const home = join(dir, 'home');
  const workspace = join(dir, 'workspace');
  mkdirSync(join(home, '.gemini'), { recursive: true });
  mkdirSync(workspace, { recursive: true });
  const echo = JSON.stringify([ECHO, 'stdio']);
  settings = join(home, '.gemini', 'settings.json');
  original = `{\n  // mine\n  "tools": { "exclude": ["mcp_mail_fail"] },\n  "mcpServers": {\n    "mail": { "command": ${JSON.stringify(process.execPath)}, "args": ${echo} },\n    "mail-copy": { "command": ${JSON.stringify(process.execPath)}, "args": ${echo} }\n  }\n}\n`;
  writeFileSync(settings, original);
  writeFileSync(join(home, '.gemini', 'trustedFolders.json'), JSON.stringify({ [workspace]: 'TRUST_FOLDER' }));
  panel = await startPanel({ profile: 'gemini', dir, home, workspace, pidFile: join(dir, 'unused.pid'), cleanup: () => undefined });
});
test.afterAll(async () => {
  await panel?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('the plan names the dead weight with reasons, writes excludeTools into settings.json, and undo puts it back byte for byte', async ({ page }) => {
  await page.goto(await panel.freshUrl());
  await page.locator('nav button[data-section="tools"]').click();
  await expect(page.locator('[data-server="mail-copy"][data-tool="echo"]')).toBeVisible();
  await page.getByRole('button', { name: 'Plan…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Context plan for Gemini CLI' });
  await expect(dialog.getByTestId('plan-suggestion-denied')).toContainText("Gemini CLI's own rule mcp_mail_fail");
  await expect(dialog.getByTestId('plan-suggestion-duplicate')).toHaveCount(6);
  await expect(dialog.getByTestId('plan-totals')).toContainText('14 tools');
  await expect(dialog.getByTestId('plan-diff')).toContainText('excludeTools');
  await expectNoSeriousViolations(page, 'context plan');
  mkdirSync(SHOTS, { recursive: true });
  await shot(page, join(SHOTS, 'context-plan.png'), true);
  await dialog.getByRole('button', { name: 'Write the plan' }).click();
  await expect(dialog.getByTestId('plan-applied')).toContainText('mcp-panel plan --undo');
  const written = readFileSync(settings, 'utf8');
  expect(written).toContain('// mine');
  expect(written).toContain('"excludeTools"');
  // The panel reloads the file: the copy's tools leave the list, and the plan has nothing left to suggest.
  await expect(page.locator('[data-server="mail-copy"][data-tool="echo"]')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Undo' }).click();
  await expect(dialog.getByTestId('plan-undone')).toContainText('1 files put back byte for byte');
  expect(readFileSync(settings, 'utf8')).toBe(original);
});
