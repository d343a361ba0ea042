// UI-10 in browser mode: the page header lists each problem with its fix for every agent, as the
// tray does. The real web host on a temp HOME where MiniMax Code (selected), Claude Code and Codex
// list the same servers: the poisoned fixture that pulls its rug, a command that does not exist,
// and a project server in an untrusted workspace. Each fix is clicked and its effect seen.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { fixture } from '../../helpers/fixtures';
import type { RunningPanel } from '../../helpers/panel-home';
import { panelAfterRugPull } from '../helpers/rug-pull';
import { expectNoSeriousViolations } from '../helpers/axe';
import { ECHO } from '../helpers/views-home';
import { shot } from '../helpers/shots';

test.describe.configure({ mode: 'serial' });

const SHOTS = process.env.MCP_PANEL_SHOTS ?? join(tmpdir(), 'mcp-panel-shots');
let dir: string;
let panel: RunningPanel;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-panel-fixes-'));
  const home = join(dir, 'home');
  const workspace = join(dir, 'workspace');
  const drifted = join(dir, 'drifted');
  mkdirSync(join(home, '.minimax'), { recursive: true });
  mkdirSync(join(home, '.codex'), { recursive: true });
  mkdirSync(workspace, { recursive: true });
  const drift = { command: process.execPath, args: [fixture('test/fixtures/servers/poisoned.mjs'), 'stdio', '--drift', drifted] };
  writeFileSync(join(home, '.minimax', 'mcp.json'), JSON.stringify({ mcpServers: { drift, broken: { command: join(dir, 'no-such-server') } } }, null, 2));
  writeFileSync(join(home, '.claude.json'), JSON.stringify({ mcpServers: { drift: { type: 'stdio', ...drift } } }, null, 2));
  writeFileSync(join(home, '.codex', 'config.toml'), `[mcp_servers.drift]\ncommand = "${drift.command}"\nargs = ${JSON.stringify(drift.args)}\n`);
  writeFileSync(join(workspace, '.mcp.json'), JSON.stringify({ mcpServers: { proj: { command: process.execPath, args: [ECHO, 'stdio'] } } }));
  // First sight of drift's clean list through the real CLI; then its rug pull.
  // The CLI's first sight of drift's clean list is the approved one; then its rug pull.
  panel = await panelAfterRugPull({ dir, home, workspace, drifted, profile: 'minimax' });
});
test.afterAll(async () => {
  await panel?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('the header lists each problem with its fix and the agents it helps; each fix works from there', async ({ page }) => {
  await page.goto(await panel.freshUrl());
  const fixes = page.getByTestId('fixes');
  await expect(fixes).toHaveText('3 things to fix');
  // Checked closed: Mantine's open menu trips axe's aria-required-children on its own dropdown (tabindex on role=menu).
  await expectNoSeriousViolations(page, 'header with fixes');
  await fixes.click();
  const menu = page.getByTestId('fixes-menu');
  await expect(menu.locator('[data-fix="review"]')).toHaveText('Review the changed tools of drift (for MiniMax Code, Claude Code, Codex CLI)');
  await expect(menu.locator('[data-fix="doctor"]')).toContainText('Why broken does not start');
  await expect(menu.locator('[data-fix="trust"]')).toHaveText('Trust this workspace: it starts proj');
  mkdirSync(SHOTS, { recursive: true });
  await shot(page, join(SHOTS, 'header-fixes.png'));

  // Review: the changed list opens old → new; accepting it ends the problem for every agent.
  await menu.locator('[data-fix="review"]').click();
  const dialog = page.getByRole('dialog', { name: 'What changed in the tools of drift' });
  await expect(dialog.locator('[data-tool-change="add"]')).toBeVisible();
  await shot(page, join(SHOTS, 'approval-view.png'));
  await dialog.getByRole('button', { name: 'Accept this tool list' }).click();
  await expect(fixes).toHaveText('2 things to fix');

  // Doctor: the Servers view, where the failed row explains itself.
  await fixes.click();
  await menu.locator('[data-fix="doctor"]').click();
  await expect(page.locator('main')).toHaveAttribute('data-section', 'servers');
  await expect(page.locator('tr[data-explains="broken"]')).toBeVisible();

  // Trust: the workspace's server starts.
  await fixes.click();
  await menu.locator('[data-fix="trust"]').click();
  // The first row is MiniMax Code's own (Claude Code reads the same .mcp.json: its row is under the other agents).
  await expect(page.locator('tr[data-server="proj"] [data-testid="state"]').first()).toHaveAttribute('class', /state-connected/);
  await expect(fixes).toHaveText('1 thing to fix');
});
