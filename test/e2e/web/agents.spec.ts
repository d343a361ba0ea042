// AGENT-3 in the page, end to end: the real web host on a temp HOME where all seven agents are
// present, a real stdio server (server-everything) in MiniMax Code's file. From the editor, the
// install preview for all seven agents (screenshots of it), confirm, every file written, undo
// byte for byte; and the "Servers across agents" view showing a difference between two agents.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { EVERYTHING } from '../../helpers/fixtures';
import { makePanelHome, ROOT, startPanel, type PanelHome, type RunningPanel } from '../../helpers/panel-home';
import { shot } from '../helpers/shots';

test.describe.configure({ mode: 'serial' });

const SEVEN = ['claude-code', 'claude-desktop', 'cursor', 'vscode', 'codex', 'gemini', 'windsurf'];
// `mcp__<name>__<tool>` passes Claude Code's 64 characters: the preview must flag it.
const NAME = 'reference-everything-server-for-the-agent-install-preview-x';
const OUT = join(ROOT, 'artifacts', 'views');

let h: PanelHome;
let panel: RunningPanel;

function write(path: string, text: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
}

/** sha256 of every agent file under HOME (the panel's own data lives elsewhere; not the CLI's code cache). */
function hashes(dir: string, root = dir, out: Record<string, string> = {}): Record<string, string> {
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (!statSync(p).isDirectory()) out[relative(root, p)] = createHash('sha256').update(readFileSync(p)).digest('hex');
    else if (relative(root, p) !== join('.cache', 'mcp-panel')) hashes(p, root, out);
  }
  return out;
}

test.beforeAll(async () => {
  h = makePanelHome({ [NAME]: { command: process.execPath, args: [EVERYTHING, 'stdio'] } });
  write(join(h.home, '.claude.json'), '{\n  "numStartups": 2,\n  "mcpServers": {}\n}\n');
  write(join(h.home, '.config', 'Claude', 'claude_desktop_config.json'), '{\n  "mcpServers": {}\n}\n');
  // Cursor has the same server (same command and package) with other args and an env variable.
  write(join(h.home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'streamableHttp'], env: { PORT: '0' } } } }, null, 2));
  write(join(h.home, '.config', 'Code', 'User', 'mcp.json'), '{\n  // mine\n  "servers": {}\n}\n');
  write(join(h.home, '.codex', 'config.toml'), '# Codex\nmodel = "gpt-5"\n');
  write(join(h.home, '.gemini', 'settings.json'), '{}\n');
  write(join(h.home, '.codeium', 'windsurf', 'mcp_config.json'), '{}\n');
  panel = await startPanel(h);
});

test.afterAll(async () => {
  await panel?.stop();
  h?.cleanup();
});

test('from the editor: the per-agent preview for all seven agents, install, undo byte for byte', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(await panel.freshUrl());
  const row = page.locator(`tr[data-server="${NAME}"]`);
  // Connected once, so the panel has the tool list the preview names.
  await expect(row.getByTestId('state')).toHaveText('connected');
  const before = hashes(h.home);
  await row.getByRole('button', { name: `More actions for ${NAME}` }).click();
  await page.getByRole('menuitem', { name: `Edit ${NAME}` }).click();
  await page.getByTestId('open-install').click();
  const panelBox = page.getByTestId('install-panel');
  for (const a of SEVEN) await expect(panelBox.getByTestId(`install-agent-${a}`)).toBeChecked();
  await panelBox.getByRole('button', { name: 'Preview' }).click();
  for (const a of SEVEN) await expect(page.getByTestId(`install-target-${a}`)).toHaveAttribute('data-action', 'add');
  await expect(page.getByTestId('install-names-claude-code')).toContainText(`mcp__${NAME}__echo: ${`mcp__${NAME}__echo`.length} characters`);
  await expect(page.getByTestId('install-names-claude-code')).toContainText('the model API rejects it');
  await expect(page.getByTestId('install-diff-codex')).toContainText(`+ [mcp_servers.${NAME}]`);
  expect(hashes(h.home)).toEqual(before);
  mkdirSync(OUT, { recursive: true });
  await page.getByTestId('install-target-claude-code').scrollIntoViewIfNeeded();
  await shot(page, join(OUT, 'install-preview-claude-code.png'));
  await page.getByTestId('install-target-codex').scrollIntoViewIfNeeded();
  await shot(page, join(OUT, 'install-preview-codex.png'));

  await page.getByTestId('install-confirm').click();
  await expect(page.getByTestId('install-done')).toContainText('into 7 file(s)');
  expect(readFileSync(join(h.home, '.codex', 'config.toml'), 'utf8')).toContain(`[mcp_servers.${NAME}]`);
  expect(readFileSync(join(h.home, '.config', 'Code', 'User', 'mcp.json'), 'utf8')).toContain('// mine');
  expect(JSON.parse(readFileSync(join(h.home, '.gemini', 'settings.json'), 'utf8')).mcpServers[NAME].args).toEqual([EVERYTHING, 'stdio']);
  await page.getByTestId('install-undo').click();
  await expect(page.getByTestId('install-undone')).toContainText('7 file(s) restored');
  expect(hashes(h.home)).toEqual(before);
});

test('Servers across agents: one row for the server MiniMax and Cursor both run, the difference highlighted, as rows or as columns', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(await panel.freshUrl());
  await page.getByRole('button', { name: 'Across agents' }).click();
  // Eight agents: one line per agent beside the sidebar at 1400 px, side by side at 1920 px
  // (AcrossTables.tsx); a server is one block (rows) or one row (columns), marked by its identity.
  for (const [width, layout] of [[1400, 'rows'], [1920, 'columns']] as const) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByTestId('across-table')).toHaveAttribute('data-layout', layout);
    const row = page.locator('[data-identity]', { hasText: NAME });
    await expect(row.getByTestId('across-differs')).toContainText('args');
    await expect(row.getByTestId('across-differs')).toContainText('env names');
    await expect(row.locator('[data-differs]')).toHaveCount(1);
    await expect(row.locator('[data-differs]')).toContainText('everything');
    await shot(page, join(OUT, `across-agents-${layout}.png`));
    // A server only MiniMax runs is not "the same" as anything: it says where it is, and offers the others.
    const lone = page.locator('[data-identity]', { has: page.getByTestId('across-only') }).first();
    await expect(lone.getByTestId('across-only')).toHaveText('only in MiniMax Code');
    await expect(lone.getByTestId('across-make-same')).toHaveText('Add to the other agents');
  }
  await page.locator('[data-identity]', { hasText: NAME }).getByTestId('across-make-same').click();
  await expect(page.getByTestId('install-panel')).toBeVisible();
  await page.getByTestId('install-panel').getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('install-target-cursor')).toBeVisible();
});

test('import is install from another agent: Cursor’s server into MiniMax Code through the same preview', async ({ page }) => {
  await page.goto(await panel.freshUrl());
  await page.getByRole('button', { name: 'Add / edit' }).click();
  await page.getByRole('button', { name: 'Import from another app' }).click();
  await page.getByTestId('import-from-agent').getByRole('combobox').selectOption({ label: 'Cursor: everything' });
  const box = page.getByTestId('import-from-agent').getByTestId('install-panel');
  await expect(box.getByTestId('install-agent-minimax')).toBeChecked();
  await box.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('install-target-minimax')).toHaveAttribute('data-action', 'add');
  await expect(page.getByTestId('install-diff-minimax')).toContainText('+     "everything": {');
});
