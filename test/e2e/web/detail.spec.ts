// Issue 14 item 4 end to end: the server detail view over the real web host, driven in the
// system Chromium against server-everything (the registry's reference server) over stdio AND
// streamable HTTP: info, ping, resources and templates, prompts, a long call with progress and
// cancel, history with replay; axe at zero serious/critical in both schemes and languages; no
// sideways scroll at 1280×800 and 1024×700.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startPanel, type PanelHome, type RunningPanel } from '../../helpers/panel-home';
import { EVERYTHING, startEverythingHttp } from '../../helpers/everything';
import { expectNoSeriousViolations } from '../helpers/axe';
import { saveSettings } from '../helpers/settings';

test.describe.configure({ mode: 'serial' });

let http: Awaited<ReturnType<typeof startEverythingHttp>> | undefined;
let home: PanelHome | undefined;
let panel: RunningPanel | undefined;

test.beforeAll(async () => {
  http = await startEverythingHttp();
  const dir = mkdtempSync(join(tmpdir(), 'mcp-panel-detail-'));
  const h = { profile: 'minimax' as const, dir, home: join(dir, 'home'), workspace: join(dir, 'workspace'), pidFile: join(dir, 'unused.pid'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
  mkdirSync(join(h.home, '.minimax'), { recursive: true });
  mkdirSync(h.workspace, { recursive: true });
  const servers = { ev_stdio: { command: process.execPath, args: [EVERYTHING, 'stdio'] }, ev_http: { type: 'http', url: http.url } };
  writeFileSync(join(h.home, '.minimax', 'mcp.json'), JSON.stringify({ mcpServers: servers }, null, 2));
  home = h;
  panel = await startPanel(h);
});
test.afterAll(async () => {
  await panel?.stop();
  await http?.stop();
  home?.cleanup();
});

async function openDetail(page: Page, server: string, settings: { theme?: 'light' | 'dark'; language?: 'en' | 'zh' } = { theme: 'light', language: 'en' }) {
  await saveSettings(panel!, settings);
  await page.goto(await panel!.freshUrl());
  await expect(page.locator(`tr[data-server="${server}"]`).getByTestId('state')).toHaveAttribute('class', /state-connected/);
  await page.locator('nav [data-section="detail"]').click();
  await expect(page.locator('main')).toHaveAttribute('data-section', 'detail');
  await page.getByTestId('detail-view').getByRole('combobox').selectOption({ label: server });
}

for (const server of ['ev_stdio', 'ev_http']) {
  test(`${server}: info, ping, resources, templates and prompts`, async ({ page }) => {
    await openDetail(page, server);
    const info = page.getByTestId('detail-info');
    await expect(info).toContainText(/everything/i);
    await expect(info.getByTestId('protocol-version')).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
    await expect(info).toContainText('prompts');
    await expect(info.getByTestId('instructions')).not.toBeEmpty();
    await page.getByRole('button', { name: 'Ping' }).click();
    await expect(page.getByTestId('ping-ms')).toContainText(/Round trip [\d.,]+ ms/);

    await page.getByRole('tab', { name: 'Resources' }).click();
    const list = page.getByTestId('resource-list');
    await expect(list.locator('tbody tr').first()).toBeVisible();
    const first = list.locator('tbody tr').first();
    const uri = await first.getAttribute('data-uri');
    await first.getByRole('button', { name: /^Read / }).click();
    await expect(page.getByTestId('resource-contents')).toContainText(`Contents of ${uri}`);

    const blobForm = page.locator('form[data-template*="blob"]');
    await blobForm.getByLabel('resourceId').fill('3');
    await blobForm.getByRole('button', { name: 'Read' }).click();
    const blob = page.getByTestId('resource-contents');
    await expect(blob.getByTestId('blob-size')).toContainText(/Binary, \d+ bytes/);
    await expect(blob.getByRole('link', { name: 'Download' })).toHaveAttribute('href', /^data:[\w/.+-]+;base64,[A-Za-z0-9+/=]+$/);
    await expectNoSeriousViolations(page, `detail resources (${server})`);

    await page.getByRole('tab', { name: 'Prompts' }).click();
    await page.getByLabel('Prompt', { exact: true }).selectOption('args-prompt');
    await page.getByLabel(/^city/).fill('Hangzhou');
    await page.getByRole('button', { name: 'Get prompt' }).click();
    await expect(page.getByTestId('prompt-messages')).toContainText('Hangzhou');
    await expectNoSeriousViolations(page, `detail prompts (${server})`);
  });
}

test('a long call shows progress and Cancel, not only "Calling…"; history keeps it and Replay runs again', async ({ page }) => {
  await openDetail(page, 'ev_stdio');
  await page.getByRole('tab', { name: 'Tools' }).click();
  await page.getByLabel('Tool', { exact: true }).selectOption('trigger-long-running-operation');
  // The schema's defaults are in the form (duration 10, steps 5). A call far longer than the
  // checks below take however busy the machine: it is still running when Cancel is clicked.
  await expect(page.getByLabel(/^duration/)).toHaveValue('10');
  await page.getByLabel(/^duration/).fill('600');
  await page.getByLabel(/^steps/).fill('600');
  await page.getByRole('button', { name: 'Call tool' }).click();
  const running = page.getByTestId('call-running');
  await expect(running).toContainText(/Calling… \d+ of 600/);
  await expect(running.getByRole('progressbar')).toBeVisible();
  await expectNoSeriousViolations(page, 'detail tools, call running');
  await running.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('call-result')).toContainText('The call was cancelled.');
  const history = page.getByTestId('call-history');
  await expect(history.locator('tbody tr').first()).toHaveAttribute('data-status', 'cancelled');
  await expect(history).toContainText('{"duration":600,"steps":600}');

  // A short one through the JSON mode, to completion, then replayed.
  // The segmented control's radio is visually hidden: click its label, as a person does.
  await page.locator('label', { hasText: /^JSON$/ }).click();
  await expect(page.getByRole('radio', { name: 'JSON' })).toBeChecked();
  await page.getByLabel('Arguments (JSON object)').fill('{"duration": 1, "steps": 2}');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(history.locator('tbody tr').first()).toHaveAttribute('data-status', 'ok');
  await history.getByRole('button', { name: 'Replay trigger-long-running-operation with the same arguments' }).first().click();
  await expect(history.locator('tbody tr[data-status]')).toHaveCount(3);
  await expect(history.locator('tbody tr').first()).toHaveAttribute('data-status', 'ok');
  await expect(history.locator('tbody tr').first()).toContainText('{"duration":1,"steps":2}');
});

for (const language of ['en', 'zh'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`axe and layout: detail view, ${theme}, ${language}`, async ({ page }) => {
      await openDetail(page, 'ev_http', { theme, language });
      for (const size of [
        { width: 1280, height: 800 },
        { width: 1024, height: 700 },
      ]) {
        await page.setViewportSize(size);
        await page.getByRole('tab', { name: language === 'zh' ? '信息' : 'Info' }).click();
        await expect(page.getByTestId('detail-info')).toBeVisible();
        await expectNoSeriousViolations(page, `detail info (${theme}, ${language}, ${size.width})`);
        await page.getByRole('tab', { name: language === 'zh' ? '资源' : 'Resources' }).click();
        await expect(page.getByTestId('resource-list').locator('tbody tr').first()).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `sideways scroll at ${size.width}×${size.height}`).toBeLessThanOrEqual(0);
        await page.getByRole('tab', { name: language === 'zh' ? '工具' : 'Tools' }).click();
        await expectNoSeriousViolations(page, `detail tools (${theme}, ${language}, ${size.width})`);
      }
    });
  }
}
