// SKILL-1/SKILL-2 end to end: the real web host on a temp HOME whose Claude Code file lists a real
// SDK v2 server serving two skills (test/fixtures/servers/v2.mjs --skills-drift FILE). Server
// details' Skills tab lists them with each file's digest and says Claude Code loads them over
// this 2026-07-28 connection; a SKILL.md is read verified; after the server rewrites it (FILE
// written, server reconnected) the tab shows the change and the poisoned text's finding, and
// Accept clears it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { fixture } from '../../helpers/fixtures';
import { startPanel, type RunningPanel } from '../../helpers/panel-home';
import { expectNoSeriousViolations } from '../helpers/axe';
import { shot } from '../helpers/shots';

test.describe.configure({ mode: 'serial' });

const SHOTS = process.env.MCP_PANEL_SHOTS ?? join(tmpdir(), 'mcp-panel-shots');
let dir: string;
let drift: string;
let panel: RunningPanel;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-panel-skills-'));
  const home = join(dir, 'home');
  const workspace = join(dir, 'workspace');
  drift = join(dir, 'drifted');
  mkdirSync(home, { recursive: true });
  mkdirSync(workspace, { recursive: true });
  const servers = { skills: { type: 'stdio', command: process.execPath, args: [fixture('test/fixtures/servers/v2.mjs'), 'stdio', '--skills-drift', drift] } };
  writeFileSync(join(home, '.claude.json'), JSON.stringify({ mcpServers: servers }, null, 2));
  panel = await startPanel({ profile: 'claude-code', dir, home, workspace, pidFile: join(dir, 'unused.pid'), cleanup: () => undefined });
});
test.afterAll(async () => {
  await panel?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('the Skills tab lists skills with digests, reads one verified, and shows a rewritten one until it is accepted', async ({ page }) => {
  await page.goto(await panel.freshUrl());
  await expect(page.locator('tr[data-server="skills"]').getByTestId('state')).toHaveAttribute('class', /state-connected/);
  await page.locator('nav [data-section="detail"]').click();
  await page.getByTestId('detail-view').getByRole('combobox').selectOption({ label: 'skills' });
  await page.getByRole('tab', { name: 'Skills' }).click();
  const tab = page.getByTestId('skills');
  await expect(tab.locator('[data-skill]')).toHaveCount(2);
  await expect(page.getByTestId('skills-loaded-by')).toContainText('Loaded into the model’s context over this connection by Claude Code');
  const review = tab.locator('[data-skill="review"]');
  await expect(review).toContainText('skill://review/references/CHECKLIST.md');
  await expect(review).toContainText('sha256:');
  await review.getByRole('button', { name: 'Read' }).click();
  await expect(review.getByTestId('skill-text')).toContainText('verified against its digest');
  await expect(review.getByTestId('skill-text')).toContainText('Read the diff and say what could break.');
  await expectNoSeriousViolations(page, 'skills tab');
  mkdirSync(SHOTS, { recursive: true });
  await shot(page, join(SHOTS, 'skills.png'), true);

  // The server rewrites its review skill; it reconnects from the Servers view.
  writeFileSync(drift, 'now');
  await page.locator('nav [data-section="servers"]').click();
  const row = page.locator('tr[data-server="skills"]');
  await row.getByRole('button', { name: 'Reconnect skills' }).click();
  await expect(page.getByText('skills: connected again, 6 tools')).toBeVisible();
  await page.locator('nav [data-section="detail"]').click();
  await page.getByRole('tab', { name: 'Skills' }).click();
  await expect(page.getByTestId('skills-changed')).toContainText('~skill://review/SKILL.md');
  await page.locator('[data-skill="review"]').getByRole('button', { name: 'Read' }).click();
  await expect(page.locator('[data-skill="review"]').getByTestId('skill-findings')).toBeVisible();
  await shot(page, join(SHOTS, 'skills-changed.png'), true);
  await page.getByRole('button', { name: 'Accept these skills' }).click();
  await expect(page.getByTestId('skills-changed')).toHaveCount(0);
});
