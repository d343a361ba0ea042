// PROTO-1 and PROTO-4 end to end in Server details: over the real web host in the system
// Chromium, a real SDK v2 dual-era server over stdio. The Info tab shows the era and version it
// speaks; on 2026-07-28 there is no Ping and no log level, and the view says so in their place;
// choosing "Always legacy" saves the panel setting and the server reconnects in that era, where
// Ping and the log level are offered and work. PROTO-2: a second server lets its lists be kept
// (`ttlMs`): the Prompts tab says when its list came from the panel's cache, and Refresh asks the
// server again. Screenshots (en/zh, light/dark) in artifacts/protocol/; axe clean in each.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ROOT, startPanel, type PanelHome, type RunningPanel } from '../../helpers/panel-home';
import { expectNoSeriousViolations } from '../helpers/axe';
import { saveSettings } from '../helpers/settings';
import { fixture } from '../../helpers/fixtures';
import { shot } from '../helpers/shots';

test.describe.configure({ mode: 'serial' });

const OUT = join(ROOT, 'artifacts', 'protocol');
let home: PanelHome | undefined;
let panel: RunningPanel | undefined;

test.beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  const dir = mkdtempSync(join(tmpdir(), 'mcp-panel-protocol-'));
  const h = { profile: 'minimax' as const, dir, home: join(dir, 'home'), workspace: join(dir, 'workspace'), pidFile: join(dir, 'unused.pid'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
  mkdirSync(join(h.home, '.minimax'), { recursive: true });
  mkdirSync(h.workspace, { recursive: true });
  const v2 = fixture('test/fixtures/servers/v2.mjs');
  const servers = { dual: { command: process.execPath, args: [v2, 'stdio'] }, kept: { command: process.execPath, args: [v2, 'stdio', '--modern-only', '--ttl-ms', '600000'] } };
  writeFileSync(join(h.home, '.minimax', 'mcp.json'), JSON.stringify({ mcpServers: servers }, null, 2));
  home = h;
  panel = await startPanel(h);
});
test.afterAll(async () => {
  await panel?.stop();
  home?.cleanup();
});

type Settings = { theme: 'light' | 'dark'; language: 'en' | 'zh' };

async function openInfo(page: Page, settings: Settings = { theme: 'light', language: 'en' }, server = 'dual') {
  await saveSettings(panel!, settings);
  await page.goto(await panel!.freshUrl());
  await expect(page.locator(`tr[data-server="${server}"]`).getByTestId('state')).toHaveAttribute('class', /state-connected/);
  await page.locator('nav [data-section="detail"]').click();
  await page.getByTestId('detail-view').getByRole('combobox').first().selectOption({ label: server });
  await expect(page.getByTestId('protocol-section')).toBeVisible();
  await expect(page.getByTestId('era-choice')).toBeVisible();
}

for (const language of ['en', 'zh'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`modern: era shown, ping and log level said dropped (${language}, ${theme})`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 1000 });
      await openInfo(page, { theme, language });
      await expect(page.getByTestId('protocol-era')).toHaveAttribute('data-era', 'modern');
      await expect(page.getByTestId('protocol-era')).toContainText('2026-07-28');
      await expect(page.getByTestId('ping-modern')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Ping' })).toHaveCount(0);
      await expect(page.getByTestId('log-level-note')).toContainText('logging/setLevel');
      await expectNoSeriousViolations(page, `server details protocol (${language}, ${theme})`);
      await page.getByTestId('protocol-section').scrollIntoViewIfNeeded();
      await shot(page, join(OUT, `modern-${language}-${theme}.png`), true);
    });
  }
}

test('choosing "Always legacy" reconnects the server in that era: Ping and the log level are offered and work', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 1000 });
  await openInfo(page);
  await page.getByLabel('Era to use').selectOption('legacy');
  await expect(page.getByTestId('era-saved')).toBeVisible();
  await expect(page.getByTestId('protocol-era')).toHaveAttribute('data-era', 'legacy');
  await expect(page.getByTestId('protocol-era')).toContainText('2025-11-25');
  await page.getByRole('button', { name: 'Ping' }).click();
  await expect(page.getByTestId('ping-ms')).toContainText(/Round trip [\d.,]+ ms/);
  await page.getByLabel('Log level').selectOption('warning');
  await page.getByRole('button', { name: 'Set level' }).click();
  await expect(page.getByText(/sends log messages from “Warning” up/)).toBeVisible();
  await expectNoSeriousViolations(page, 'server details protocol, legacy');
  await shot(page, join(OUT, 'legacy-en-light.png'), true);
  // Back to automatic: the server speaks 2026-07-28 again.
  await page.getByLabel('Era to use').selectOption('auto');
  await expect(page.getByTestId('protocol-era')).toHaveAttribute('data-era', 'modern');
  await expect(page.getByTestId('ping-modern')).toBeVisible();
});

const TABS = { en: { prompts: 'Prompts', info: 'Info', refresh: 'Refresh' }, zh: { prompts: '提示词', info: '信息', refresh: '刷新' } };

for (const language of ['en', 'zh'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`a list kept by ttlMs says it came from the cache; Refresh asks the server (${language}, ${theme})`, async ({ page }) => {
      await openInfo(page, { theme, language }, 'kept');
      const w = TABS[language];
      await page.getByRole('tab', { name: w.prompts }).click();
      const note = page.getByTestId('list-freshness');
      // The note shows once the tab's list is in: nothing of it is still in flight.
      await expect(note).toBeVisible();
      // Refresh first: the server answers now, whatever an earlier test left in the cache. The
      // note already said "no" when the list was fresh, so wait for the list asked again, not
      // for the attribute: a tab opened while that answer is in flight would race with it.
      const prompts = () => page.waitForResponse((r) => r.url() === `${panel!.origin}/api/inspect.prompts`);
      let answered = prompts();
      await note.getByRole('button', { name: w.refresh }).click();
      await answered;
      await expect(note).toHaveAttribute('data-cached', 'no');
      answered = prompts();
      await page.getByRole('tab', { name: w.info }).click();
      await page.getByRole('tab', { name: w.prompts }).click();
      await answered;
      await expect(note).toHaveAttribute('data-cached', 'yes');
      await expect(note).toContainText(language === 'en' ? 'From the panel’s cache' : '来自面板的缓存');
      await expectNoSeriousViolations(page, `cached list (${language}, ${theme})`);
      await shot(page, join(OUT, `cached-${language}-${theme}.png`));
      await note.getByRole('button', { name: w.refresh }).click();
      await expect(note).toHaveAttribute('data-cached', 'no');
    });
  }
}
