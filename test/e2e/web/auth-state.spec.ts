// AUTH-1 / UI-8 through the page: a remote server answering 401 shows "needs login", and the
// tab's title and favicon say so.
import { expect, test } from '@playwright/test';
import { makePanelHome, startHttpFixture, startPanel, type PanelHome, type RunningPanel } from '../../helpers/panel-home';

let h: PanelHome;
let panel: RunningPanel;
let fixture: Awaited<ReturnType<typeof startHttpFixture>>;

test.beforeAll(async () => {
  fixture = await startHttpFixture('auth');
  h = makePanelHome({ secured: { type: 'http', url: fixture.url } });
  panel = await startPanel(h);
});

test.afterAll(async () => {
  await panel?.stop();
  await fixture?.stop();
  h?.cleanup();
});

test('a 401 from a remote server shows needs login, mirrored in title and favicon', async ({ page }) => {
  await page.goto(await panel.freshUrl());
  const secured = page.locator('tr[data-server="secured"]');
  await expect(secured.getByTestId('state')).toHaveText('needs login');
  await expect(secured).toContainText('http');
  await expect(page).toHaveTitle(/4 servers · 1 connected · 1 needs login · 1 failed · 3 tools/);
  // Failed outranks needs-auth in the aggregate.
  await expect(page.locator('link#favicon')).toHaveAttribute('data-state', 'failed');
});
