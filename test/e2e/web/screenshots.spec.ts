// Screenshots of every view in light and dark, English and Chinese, for review (issue 14):
// written to artifacts/views/<section>-<scheme>-<locale>.png (git-ignored). Theme and language
// are set through the host (app.setSettings), as the Settings view saves them. The assertions
// check that each view rendered its own content in the chosen language and scheme, so a blank,
// wrong-language or wrong-scheme shot fails the run.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ROOT } from '../../helpers/panel-home';
import { SECTIONS, type Section } from '../../../renderer/src/stores/ui-slice';
import { cellName, cells, openPanel, settled } from '../helpers/view-matrix';
import { useViewsPanel } from '../helpers/views-home';

const OUT = join(ROOT, 'artifacts', 'views');

test.describe.configure({ mode: 'parallel' });
const bed = useViewsPanel();
test.beforeAll(() => mkdirSync(OUT, { recursive: true }));

/** Waits for the view's own data, and puts something worth seeing on screen. */
async function ready(page: Page, section: Section): Promise<void> {
  if (section === 'tools') {
    // A selected tool with its schema form and a converted result.
    await page.locator('[data-tool="parts"] button').first().click();
    await page.locator('.call-form button[type="submit"]').click();
    await expect(page.getByTestId('call-result').locator('img')).toBeVisible();
  }
  if (section === 'permissions') await expect(page.getByTestId('decision-table')).toBeVisible();
  if (section === 'disclosure') await expect(page.getByTestId('disclosure-verdict')).toBeVisible();
  if (section === 'logs') await expect(page.getByTestId('traffic')).toBeVisible();
  if (section === 'login') await expect(page.getByTestId('auth-table')).toBeVisible();
  await settled(page);
  // Mantine's transitions finished, so the shot is not taken mid-fade.
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))));
}

for (const cell of cells({ width: 1280, height: 860 })) {
  const { theme: scheme, language: locale } = cell;
  test(`every view, ${cellName(cell)}`, async ({ page }) => {
    await openPanel(page, bed, cell);
    for (const section of SECTIONS) {
      // The detail view shows a server: open it from that server's row, as a person would.
      if (section === 'detail') {
        await page.locator('nav [data-section="servers"]').click();
        await page.getByRole('button', { name: locale === 'zh' ? 'echo_a 的更多操作' : 'More actions for echo_a' }).click();
        await page.getByRole('menuitem', { name: locale === 'zh' ? '详情 echo_a' : 'Details echo_a' }).click();
      } else {
        await page.locator(`nav [data-section="${section}"]`).click();
      }
      await expect(page.locator('main')).toHaveAttribute('data-section', section);
      await ready(page, section);
      await expect(page.locator('nav [aria-current="page"]')).toHaveText(locale === 'zh' ? /[\u4e00-\u9fff]/ : /[A-Za-z]/);
      await page.screenshot({ path: join(OUT, `${section}-${scheme}-${locale}.png`) });
    }
  });
}
