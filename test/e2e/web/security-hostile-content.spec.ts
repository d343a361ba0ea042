// Issue 21 F7 in the real Chromium: a real SDK server (test/fixtures/servers/hostile-content)
// serving a 12 MB text resource and a template with 20,000 variables (another with 500). The
// page shows the text's first part with its size and a download, and forms of at most 64 fields.
// Issue 35: that first part (256 K characters) is laid out in blocks the browser skips until they
// scroll into view, not in one frame (figures: bench/hostile-content.ts).
import { expect, test, type Page } from '@playwright/test';
import { makePanelHome, startHttpFixture, startPanel, type PanelHome, type RunningPanel } from '../../helpers/panel-home';

let h: PanelHome;
let panel: RunningPanel;
const fixtures: Array<Awaited<ReturnType<typeof startHttpFixture>>> = [];

test.beforeAll(async () => {
  fixtures.push(await startHttpFixture('hostile-content', ['--big-mb', '12', '--vars', '20000', '--depth', '3']));
  fixtures.push(await startHttpFixture('hostile-content', ['--big-mb', '1', '--vars', '500', '--depth', '3']));
  h = makePanelHome({ hostile: { type: 'http', url: fixtures[0]!.url }, wide: { type: 'http', url: fixtures[1]!.url } });
  panel = await startPanel(h);
});

test.afterAll(async () => {
  await panel?.stop();
  for (const f of fixtures) await f.stop();
  h?.cleanup();
});

async function resources(page: Page, server: string) {
  await page.locator('nav [data-section="detail"]').click();
  await page.getByTestId('detail-view').getByRole('combobox').selectOption({ label: server });
  await page.getByRole('tab', { name: 'Resources' }).click();
}

test('a 12 MB text and a 20,000-variable template stay small on the page', async ({ page }) => {
  await page.goto(await panel.freshUrl());
  await expect(page.locator('tr[data-server="hostile"]').getByTestId('state')).toHaveText('connected');
  await resources(page, 'hostile');
  await page.getByTestId('resource-list').locator('tr[data-uri="demo://big"]').getByRole('button', { name: /^Read / }).click();
  const contents = page.getByTestId('resource-contents');
  await expect(contents.getByTestId('text-truncated')).toContainText(/first 262,144 of 12,582,912 characters.*10 MB/);
  await expect(contents.getByRole('button', { name: 'Download' })).toBeVisible();
  expect((await contents.locator('pre, code').first().textContent())!.length).toBeLessThanOrEqual(262_144);
  const blocks = contents.locator('pre span, code span');
  expect(await blocks.count()).toBe(32);
  expect(await blocks.first().evaluate((b) => [getComputedStyle(b).contentVisibility, b.textContent!.length])).toEqual(['auto', 8192]);
  const big = page.locator('form[data-template^="demo://many/"]');
  await expect(big.getByTestId('template-capped')).toHaveText('This template is too long to fill in here.');
  expect(await big.locator('input').count()).toBe(0);

  await resources(page, 'wide');
  const wide = page.locator('form[data-template^="demo://many/"]');
  await expect(wide.getByTestId('template-capped')).toHaveText('This template has 500 parameters; the first 64 can be filled in here.');
  expect(await wide.locator('input').count()).toBe(64);
});
