// PROTO-3 end to end: tools called from the server detail view over the real web host, in the
// system Chromium, against real servers of both eras (SDK v1 legacy-only: server→client
// requests; SDK v2 modern-only: 2026-07-28 input_required rounds) that ask the person mid-call.
// The question opens a dialog: a form with the schema's default, a link the page opens in a new
// tab only after the person agrees, a sampling request the person answers; Send, Decline and
// Escape reach the server as accept, decline and cancel (the server says which it got).
// Screenshots in English and Chinese, light and dark, to artifacts/inputs/; axe clean in each.
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

const OUT = join(ROOT, 'artifacts', 'inputs');
const FIXTURES = fixture('test/fixtures/servers');
let home: PanelHome | undefined;
let panel: RunningPanel | undefined;

test.beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  const dir = mkdtempSync(join(tmpdir(), 'mcp-panel-inputs-'));
  // AGENT-6: Cursor's declaration is not known, so the panel declares its own full set (elicitation, sampling).
  const h = { profile: 'cursor' as const, dir, home: join(dir, 'home'), workspace: join(dir, 'workspace'), pidFile: join(dir, 'unused.pid'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
  mkdirSync(join(h.home, '.cursor'), { recursive: true });
  mkdirSync(h.workspace, { recursive: true });
  const servers = {
    legacy: { command: process.execPath, args: [join(FIXTURES, 'v1-full.mjs'), 'stdio'] },
    modern: { command: process.execPath, args: [join(FIXTURES, 'v2.mjs'), 'stdio', '--modern-only'] },
  };
  writeFileSync(join(h.home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: servers }, null, 2));
  home = h;
  panel = await startPanel(h);
});
test.afterAll(async () => {
  await panel?.stop();
  home?.cleanup();
});

type Settings = { theme: 'light' | 'dark'; language: 'en' | 'zh' };
const WORDS = {
  en: { tools: 'Tools', tool: 'Tool', call: 'Call tool' },
  zh: { tools: '工具', tool: '工具', call: '调用工具' },
};

/** The detail view of `server`, its Tools tab on `tool`, the call made: the server's question is what comes next. */
async function callFromPage(page: Page, server: string, tool: string, settings: Settings = { theme: 'light', language: 'en' }) {
  await saveSettings(panel!, settings);
  await page.goto(await panel!.freshUrl());
  await expect(page.locator(`tr[data-server="${server}"]`).getByTestId('state')).toHaveAttribute('class', /state-connected/);
  await page.locator('nav [data-section="detail"]').click();
  await page.getByTestId('detail-view').getByRole('combobox').first().selectOption({ label: server });
  const w = WORDS[settings.language];
  await page.getByRole('tab', { name: w.tools }).click();
  await page.getByRole('combobox', { name: w.tool, exact: true }).selectOption(tool);
  await page.getByRole('button', { name: w.call }).click();
}

const result = (page: Page) => page.getByTestId('call-result');

test('legacy server: an elicitation form with the schema default; Send carries the answer to the server', async ({ page }) => {
  await callFromPage(page, 'legacy', 'ask');
  const dialog = page.getByRole('dialog', { name: 'legacy asks for input' });
  await expect(dialog).toContainText('Who is asking?');
  const name = dialog.getByLabel(/^Name/);
  await expect(name).toHaveValue('Ada');
  await expect(name).toBeFocused();
  await name.fill('Grace');
  await shot(page, join(OUT, 'form-legacy-en-light.png'));
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();
  await expect(result(page)).toContainText('hello Grace');
});

test('modern server: Decline reaches the server as decline', async ({ page }) => {
  await callFromPage(page, 'modern', 'ask');
  await page.getByRole('dialog', { name: 'modern asks for input' }).getByRole('button', { name: 'Decline' }).click();
  await expect(result(page)).toContainText('declined');
});

test('modern server: a link opened by the page in a new tab only once the person agrees', async ({ page, context }) => {
  // The link's site is not on this machine's network: its answer is played here.
  await context.route('https://example.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>connect</title>ok' }));
  await callFromPage(page, 'modern', 'visit');
  const dialog = page.getByRole('dialog', { name: 'modern asks you to open a link' });
  await expect(dialog.getByTestId('input-url')).toHaveText('https://example.com/connect?session=fixture');
  await expect(dialog).toContainText('The link goes to example.com.');
  expect(context.pages()).toHaveLength(1);
  await shot(page, join(OUT, 'url-modern-en-light.png'));
  const tab = context.waitForEvent('page');
  await dialog.getByRole('button', { name: 'Open link' }).click();
  const opened = await tab;
  await expect.poll(() => opened.url()).toBe('https://example.com/connect?session=fixture');
  await opened.close();
  await expect(result(page)).toContainText('visit accept');
});

test('legacy server: sampling shown to the person, who types the reply', async ({ page }) => {
  await callFromPage(page, 'legacy', 'think');
  const dialog = page.getByRole('dialog', { name: 'legacy asks for a model reply' });
  await expect(dialog.getByTestId('sampling-messages')).toContainText('Name a colour.');
  await expect(dialog).toContainText('You are terse.');
  await expect(dialog.getByRole('button', { name: 'Answer' })).toBeDisabled();
  await dialog.getByLabel('Your reply').fill('blue');
  await shot(page, join(OUT, 'sampling-legacy-en-light.png'));
  await dialog.getByRole('button', { name: 'Answer' }).click();
  await expect(result(page)).toContainText('model said: blue');
});

for (const language of ['en', 'zh'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`the dialogs in ${language}, ${theme}: axe clean; Escape reaches the server as cancel`, async ({ page }) => {
      await callFromPage(page, 'modern', 'ask', { theme, language });
      const dialog = page.getByTestId('input-request');
      await expect(dialog.getByLabel(/^Name/)).toHaveValue('Ada');
      await expectNoSeriousViolations(page, `input form (${language}, ${theme})`);
      await shot(page, join(OUT, `form-modern-${language}-${theme}.png`));
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(result(page)).toContainText('cancelled');
      // The sampling dialog too: the longest of the three.
      await page.getByRole('combobox', { name: WORDS[language].tool, exact: true }).selectOption('think');
      await page.getByRole('button', { name: WORDS[language].call }).click();
      await expect(dialog.getByTestId('sampling-messages')).toContainText('Name a colour.');
      await expectNoSeriousViolations(page, `input sampling (${language}, ${theme})`);
      await shot(page, join(OUT, `sampling-modern-${language}-${theme}.png`));
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });
  }
}
