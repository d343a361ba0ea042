// Discover in the page (issue 43 item 5, REG-1/REG-2/REG-4), end to end: the real web host on a
// temp HOME pointed at a registry on 127.0.0.1 (test/fixtures/registry: the registry's published
// examples, the reference servers, a deprecated, a deleted and a malformed entry, generated
// ones). Search "memory" as you type → the memory server's detail → Claude Code and Codex → both
// diffs → install → both files hold it → undo byte for byte; a deep link opens a detail; a
// remote's secret header goes to the real keychain (scripts/with-keyring.sh) and into no file;
// hidden characters are shown escaped; with the registry gone the kept catalogue still answers
// and says when it was refreshed; axe clean and no sideways scroll at 900 and 1400 px in both
// languages, screenshots in /work/notes/shots (or $SHOTS_DIR).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { filesHolding, homeHashes } from '../../helpers/home-hashes';
import { startPanel, type RunningPanel } from '../../helpers/panel-home';
import { startTestRegistry, TEAM_NOTES, type TestRegistry } from '../../fixtures/registry/server';
import { expectNoSeriousViolations } from '../helpers/axe';
import { keyHeader } from '../helpers/session-key';
import { saveSettings } from '../helpers/settings';
import { shot } from '../helpers/shots';

test.describe.configure({ mode: 'serial' });

const MEMORY = 'io.github.modelcontextprotocol/memory';
const SHOTS = process.env.SHOTS_DIR ?? '/work/notes/shots';
const TOKEN = `discover-tok-${process.pid}-${'z'.repeat(12)}`;
// A title holding a right-to-left override (U+202E): shown escaped, the entry flagged (REG-4).
const EVIL = { name: 'io.github.evil/link', title: 'Li\u202Enk', description: 'Looks harmless', version: '1.0.0', packages: [{ registryType: 'npm', identifier: '@evil/link', version: '1.0.0', transport: { type: 'stdio' } }] };

let dir: string;
let home: string;
let reg: TestRegistry;
let panel: RunningPanel;
const claudeFile = () => join(home, '.claude.json');
const codexFile = () => join(home, '.codex', 'config.toml');

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-panel-discover-'));
  home = join(dir, 'home');
  const workspace = join(dir, 'workspace');
  for (const d of [join(home, '.minimax'), join(home, '.codex'), workspace]) mkdirSync(d, { recursive: true });
  writeFileSync(join(home, '.minimax', 'mcp.json'), '{\n  "mcpServers": {}\n}\n');
  writeFileSync(claudeFile(), '{\n  "numStartups": 3,\n  "mcpServers": {}\n}\n');
  writeFileSync(codexFile(), '# Codex\nmodel = "gpt-5"   # keep\n');
  reg = await startTestRegistry({ synthetic: 60, extra: [TEAM_NOTES, EVIL] });
  panel = await startPanel({ profile: 'minimax', dir, home, workspace, pidFile: join(dir, 'unused.pid'), cleanup: () => undefined }, [], { env: { MCP_PANEL_REGISTRY: reg.url } });
});
test.afterAll(async () => {
  await panel?.stop();
  await reg?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The panel in a language and width, on Discover, its catalogue read. */
async function openDiscover(page: Page, opts: { language?: 'en' | 'zh'; width?: number; hash?: string } = {}) {
  await saveSettings(panel, { language: opts.language ?? 'en' });
  await page.setViewportSize({ width: opts.width ?? 1400, height: 900 });
  await page.goto(await panel.freshUrl());
  await expect(page).toHaveURL(`${panel.origin}/`);
  if (opts.hash) {
    // Only the hash differs from the page open: a same-document move. Load it afresh, as a link opened in a new tab is.
    await page.goto(`${panel.origin}/${opts.hash}`);
    await page.reload();
  }
  await expect(page.locator('html')).toHaveAttribute('lang', opts.language === 'zh' ? 'zh-CN' : 'en');
  if (!opts.hash) await page.locator('nav [data-section="discover"]').click();
  await expect(page.locator('main')).toHaveAttribute('data-section', 'discover');
}

async function search(page: Page, query: string) {
  await page.getByTestId('discover-search').fill(query);
  await expect(page.getByTestId('discover-count')).toHaveAttribute('data-query', query);
}

/**
 * Ticks exactly these agents in the install panel, until they stay so: the panel ticks the
 * detected agents itself when its profiles.detect answers (InstallPanel.tsx), which can come
 * after a first pick and replace it.
 */
async function pickAgents(page: Page, agents: string[]) {
  const boxes = page.getByTestId('install-panel').locator('input[type="checkbox"]');
  await expect(async () => {
    for (const box of await boxes.all()) {
      const want = agents.includes((await box.getAttribute('value')) ?? '');
      if ((await box.isChecked()) !== want) await box.setChecked(want);
    }
    const picked = await boxes.evaluateAll((els) => els.filter((el) => (el as HTMLInputElement).checked).map((el) => (el as HTMLInputElement).value));
    expect(picked.sort()).toEqual([...agents].sort());
  }).toPass();
}

async function noSidewaysScroll(page: Page, label: string) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(over, `${label}: the page scrolls sideways`).toBeLessThanOrEqual(0);
}

const about = async (page: Page) => {
  const r = await page.request.post(`${panel.origin}/api/app.about`, { data: {}, headers: await keyHeader(page) });
  return ((await r.json()) as { value: { secrets: { profile: string; server: string; variable: string }[] } }).value.secrets;
};

test('search "memory" → the memory server → Claude Code and Codex → both diffs → install → undo byte for byte', async ({ page }) => {
  await openDiscover(page);
  await expect(page.getByTestId('discover-source')).toContainText(/\d+ entries, refreshed/);
  await search(page, 'memory');
  const row = page.locator(`[data-testid="discover-row"][data-name="${MEMORY}"]`);
  await expect(row).toContainText('Knowledge graph-based persistent memory system');
  await expect(row.getByTestId('discover-namespace')).toHaveText('Verified namespace: io.github.modelcontextprotocol');
  // The deleted one is not offered in the search.
  await expect(page.locator('[data-name="io.github.example/withdrawn-memory"]')).toHaveCount(0);
  await row.getByRole('link', { name: `Memory: details of ${MEMORY}` }).click();
  await expect(page).toHaveURL(`${panel.origin}/#/discover/${MEMORY}`);
  const detail = page.getByTestId('discover-detail');
  await expect(detail).toHaveAttribute('data-name', MEMORY);
  await expect(detail.getByTestId('discover-version')).toHaveValue('2026.8.31');
  await expect(detail.getByTestId('discover-version').locator('option')).toHaveText(['2026.8.31 · latest', '2025.9.25']);
  await expect(detail.getByTestId('discover-way-package-0')).toBeChecked();
  await expect(detail.getByTestId('discover-field-MEMORY_FILE_PATH')).toHaveValue('');

  const before = await homeHashes(home);
  const claudeBefore = readFileSync(claudeFile());
  const codexBefore = readFileSync(codexFile());
  await pickAgents(page, ['claude-code', 'codex']);
  await page.getByTestId('install-panel').getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('install-diff-claude-code')).toContainText('"memory": {');
  await expect(page.getByTestId('install-diff-claude-code')).toContainText('@modelcontextprotocol/server-memory@2026.8.31');
  await expect(page.getByTestId('install-diff-codex')).toContainText('+ [mcp_servers.memory]');
  await expect(page.locator('[data-testid^="install-target-"]')).toHaveCount(2);
  expect(await homeHashes(home)).toEqual(before);
  await page.getByTestId('install-target-codex').scrollIntoViewIfNeeded();
  await shot(page, join(SHOTS, 'discover-preview-1400-en.png'));

  await page.getByTestId('install-confirm').click();
  await expect(page.getByTestId('install-done')).toContainText('into 2 file(s)');
  const claude = JSON.parse(readFileSync(claudeFile(), 'utf8')) as { numStartups: number; mcpServers: Record<string, { command: string; args: string[] }> };
  expect(claude.numStartups).toBe(3);
  expect(claude.mcpServers.memory).toMatchObject({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory@2026.8.31'] });
  const codex = readFileSync(codexFile(), 'utf8');
  expect(codex).toContain('model = "gpt-5"   # keep');
  expect(codex).toContain('[mcp_servers.memory]');
  expect(codex).toContain('"@modelcontextprotocol/server-memory@2026.8.31"');
  // AGENT-8: each agent written to can be asked for its own word, its command shown first; asked
  // here (no agent installed in this HOME), the answer says what to do instead of running anything.
  await expect(page.getByText('Runs: claude mcp list')).toBeVisible();
  await page.getByRole('button', { name: 'Ask Codex CLI' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Codex CLI' })).toContainText(/not on PATH|does not trust/);

  await page.getByTestId('install-undo').click();
  await expect(page.getByTestId('install-undone')).toContainText('2 file(s) restored');
  expect(readFileSync(claudeFile()).equals(claudeBefore)).toBe(true);
  expect(readFileSync(codexFile()).equals(codexBefore)).toBe(true);
  expect(await homeHashes(home)).toEqual(before);
  // Back to the same query and rows.
  await page.getByTestId('discover-back').click();
  await expect(page).toHaveURL(`${panel.origin}/#/discover`);
  await expect(page.getByTestId('discover-search')).toHaveValue('memory');
  await expect(row).toBeVisible();
});

test('a deep link opens the detail; a deleted entry is shown deleted and offers no install', async ({ page }) => {
  await openDiscover(page, { hash: `#/discover/${MEMORY}` });
  await expect(page.getByTestId('discover-detail')).toHaveAttribute('data-name', MEMORY);
  await expect(page.locator('nav [data-section="discover"]')).toHaveAttribute('aria-current', 'page');
  // Another version: asked of the registry, and its package pinned in the preview.
  await page.getByTestId('discover-version').selectOption('2025.9.25');
  await expect(page.getByTestId('discover-way-package-0').locator('xpath=ancestor::div[contains(@class,"mantine-Radio-root")]')).toContainText('@modelcontextprotocol/server-memory@2025.9.25');
  await pickAgents(page, ['codex']);
  await page.getByTestId('install-panel').getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('install-diff-codex')).toContainText('"@modelcontextprotocol/server-memory@2025.9.25"');
  // A link followed in the open page (hashchange), with the name percent-encoded.
  await page.evaluate(() => (location.hash = '#/discover/io.github.example%2Fwithdrawn-memory'));
  const detail = page.getByTestId('discover-detail');
  await expect(detail).toHaveAttribute('data-status', 'deleted');
  await expect(detail.getByTestId('discover-status-note')).toHaveText('Deleted from the registry (Withdrawn by its publisher): it cannot be installed.');
  await expect(page.getByTestId('install-panel')).toHaveCount(0);
  await page.evaluate(() => (location.hash = '#/discover/io.github.example/never-was'));
  await expect(page.getByRole('alert')).toHaveText('No entry named io.github.example/never-was in the registries.');
});

test('a secret header: asked as a password, kept in the keychain for the entry and in no file; undo takes both', async ({ page }) => {
  const name = String(TEAM_NOTES.name);
  await openDiscover(page, { hash: `#/discover/${name}` });
  const detail = page.getByTestId('discover-detail');
  await expect(detail.getByTestId('discover-way-remote-0')).toBeChecked();
  const secret = detail.getByTestId('discover-field-api_token');
  await expect(secret).toHaveAttribute('type', 'password');
  const before = await homeHashes(home);
  await pickAgents(page, ['codex']);
  // Nothing filled: the host says what is missing, beside each field.
  await page.getByTestId('install-panel').getByRole('button', { name: 'Preview' }).click();
  await expect(detail.locator('[data-key="port"]').locator('xpath=ancestor::div[contains(@class,"mantine-InputWrapper-root")]')).toContainText('Required: fill this in.');
  await expect(page.getByTestId('install-error')).toHaveText('Some of what the entry needs is missing or wrong: see the fields marked above.');
  await shot(page, join(SHOTS, 'discover-form-problems-1400-en.png'), true);
  await detail.getByTestId('discover-field-port').fill('4100');
  await secret.fill(TOKEN);
  await page.getByTestId('install-panel').getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('install-diff-codex')).toContainText('bearer_token_env_var = "API_TOKEN"');
  await expect(page.getByTestId('install-panel')).not.toContainText(TOKEN);
  await page.getByTestId('install-confirm').click();
  await expect(page.getByTestId('install-secrets-codex')).toHaveText('Kept in the keychain for Codex CLI: API_TOKEN');
  expect(readFileSync(codexFile(), 'utf8')).toContain('[mcp_servers.team-notes]');
  expect(await filesHolding(dir, TOKEN)).toEqual([]);
  expect((await about(page)).filter((s) => s.server === 'team-notes').map((s) => [s.profile, s.variable])).toEqual([['codex', 'API_TOKEN']]);
  await page.getByTestId('install-undo').click();
  await expect(page.getByTestId('install-undone')).toBeVisible();
  expect(await homeHashes(home)).toEqual(before);
  expect((await about(page)).filter((s) => s.server === 'team-notes')).toEqual([]);
});

test('hidden characters shown escaped and flagged; offline, the kept catalogue answers and says when it was refreshed', async ({ page }) => {
  await openDiscover(page);
  await search(page, 'evil');
  const row = page.locator('[data-testid="discover-row"][data-name="io.github.evil/link"]');
  await expect(row.getByRole('link')).toHaveText('Li\\u202enk');
  await expect(row.getByTestId('discover-invisible')).toHaveText('Hidden characters in the title: shown escaped, as the text may read otherwise than it is.');
  // Deprecated: offered after the rest, with its badge and the publisher's message.
  await search(page, 'weather');
  const old = page.locator('[data-testid="discover-row"][data-name="io.github.example/old-weather"]');
  await expect(old.getByTestId('discover-status')).toHaveText('deprecated');
  await expect(old.getByTestId('discover-status-note')).toHaveText('Deprecated: Use io.github.example/weather-mcp instead');
  await expect(page.getByTestId('discover-row').last()).toHaveAttribute('data-name', 'io.github.example/old-weather');
  await shot(page, join(SHOTS, 'discover-deprecated-1400-en.png'), true);
  reg.mode = 'fail';
  try {
    await page.getByTestId('discover-refresh').click();
    await expect(page.getByTestId('discover-offline')).toContainText(/cannot be reached \(an HTTP error\); the catalogue refreshed .+ still answers\./);
    await search(page, 'memory');
    await expect(page.locator(`[data-testid="discover-row"][data-name="${MEMORY}"]`)).toBeVisible();
  } finally {
    reg.mode = 'ok';
  }
});

for (const language of ['en', 'zh'] as const) {
  test(`axe clean, no sideways scroll at 900 and 1400 px (${language}); screenshots`, async ({ page }) => {
    mkdirSync(SHOTS, { recursive: true });
    for (const width of [900, 1400]) {
      // Below 1000 px the sidebar starts folded away: the link opens the view as well.
      await openDiscover(page, { language, width, hash: '#/discover' });
      await search(page, 'memory');
      await noSidewaysScroll(page, `${language} ${width} list`);
      await expectNoSeriousViolations(page, `${language} ${width} list`);
      await shot(page, join(SHOTS, `discover-list-${width}-${language}.png`));
      await page.locator(`[data-testid="discover-row"][data-name="${MEMORY}"]`).getByRole('link').click();
      await expect(page.getByTestId('discover-detail')).toHaveAttribute('data-name', MEMORY);
      await pickAgents(page, ['claude-code', 'codex']);
      await page.getByTestId('install-panel').getByRole('button', { name: language === 'zh' ? '预览' : 'Preview' }).click();
      await expect(page.getByTestId('install-diff-codex')).toBeVisible();
      await noSidewaysScroll(page, `${language} ${width} detail`);
      await expectNoSeriousViolations(page, `${language} ${width} detail`);
      await shot(page, join(SHOTS, `discover-detail-${width}-${language}.png`), true);
    }
  });
}
