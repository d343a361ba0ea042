// Screenshots of every view in light and dark, English and Chinese, for review: written to
// artifacts/views/ (git-ignored). The assertions check that each view rendered its own
// content in the chosen language, so a blank or wrong-language shot fails the run.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ROOT } from '../../helpers/panel-home';
import { useViewsPanel } from '../helpers/views-home';

const SECTIONS = ['servers', 'editor', 'tools', 'permissions', 'disclosure', 'login', 'logs', 'settings'] as const;
const OUT = join(ROOT, 'artifacts', 'views');

const bed = useViewsPanel();
test.beforeAll(() => mkdirSync(OUT, { recursive: true }));

for (const locale of ['en', 'zh'] as const) {
  test(`every view, light and dark, ${locale}`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto(await bed.panel.freshUrl());
    await expect(page.locator('tr[data-server="echo_a"]').getByTestId('state')).toHaveAttribute('class', /state-connected/);
    await page.locator('nav button[data-section="settings"]').click();
    await page.locator('#set-lang').selectOption(locale);
    await expect(page.locator('html')).toHaveAttribute('lang', locale === 'zh' ? 'zh-CN' : 'en');
    for (const section of SECTIONS) {
      await page.locator(`nav button[data-section="${section}"]`).click();
      await expect(page.locator('main')).toHaveAttribute('data-section', section);
      // Wait for the view's own data before the shot.
      if (section === 'tools') {
        // Show a selected tool with its schema form and a converted result.
        await page.locator('[data-tool="parts"] button').first().click();
        await page.locator('.call-form button[type="submit"]').click();
        await expect(page.getByTestId('call-result').locator('img')).toBeVisible();
      }
      if (section === 'permissions') await expect(page.getByTestId('decision-table')).toBeVisible();
      if (section === 'disclosure') await expect(page.getByTestId('disclosure-verdict')).toBeVisible();
      if (section === 'logs') await expect(page.getByTestId('traffic')).toBeVisible();
      if (section === 'login') await expect(page.getByTestId('auth-table')).toBeVisible();
      await expect(page.locator('nav button[aria-current="page"]')).toHaveText(locale === 'zh' ? /[\u4e00-\u9fff]/ : /[A-Za-z]/);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: join(OUT, `${section}-${scheme}-${locale}.png`) });
      }
      await page.emulateMedia({ colorScheme: 'light' });
    }
  });
}
