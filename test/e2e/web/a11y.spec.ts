// Accessibility, layout and screenshots of every view (issue 14 items 2 and 3, UI-9), over the
// real web host and real MCP servers (the views HOME): every view in light and dark, English and
// Chinese, with its real content on screen (a tool called and its image result shown, a server's
// details opened from its row), has no serious or critical axe finding, does not scroll sideways
// at 1280×800, keeps its heading where every other view has it, and never squeezes Chinese to
// one character per line; each is then screenshotted to artifacts/views/<section>-<scheme>-
// <locale>.png (git-ignored) for review, after checks that it rendered its own content in the
// chosen language and scheme. The keyboard reaches every section and each view's header
// controls with a visible focus ring. Narrower windows (900 px, both languages) are
// layout.spec.ts's. One test per cell of the matrix (test/e2e/helpers/view-matrix.ts), each
// walking every view in one page; the cells are independent, so they spread over the workers.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, formatViolations, seriousViolations } from '../helpers/axe';
import { ROOT } from '../../helpers/panel-home';
import { SECTIONS, type Section } from '../../../renderer/src/stores/ui-slice';
import { cellName, cells, inCell, openPanel, settled, showView } from '../helpers/view-matrix';
import { useViewsPanel } from '../helpers/views-home';
import { focused } from '../helpers/focus';
import { shot } from '../helpers/shots';

const OUT = join(ROOT, 'artifacts', 'views');

test.describe.configure({ mode: 'parallel' });
const bed = useViewsPanel();
test.beforeAll(() => mkdirSync(OUT, { recursive: true }));

/** The page's sideways overflow and any Chinese squeezed to one character per line. */
function measure(page: Page) {
  return page.evaluate(() => {
    const doc = document.scrollingElement!;
    const main = document.querySelector('main')!;
    // A CJK cell narrower than two characters breaks one character per line.
    const narrow = [...document.querySelectorAll<HTMLElement>('main td, main th, main li, main button, main label')]
      .filter((el) => /[\u4e00-\u9fff]{2}/.test(el.innerText) && el.offsetParent !== null)
      .filter((el) => el.getBoundingClientRect().width < 2 * parseFloat(getComputedStyle(el).fontSize))
      .map((el) => el.innerText.slice(0, 20));
    // What sticks out past the right edge, innermost first: where to look when this fails.
    const out = [...document.querySelectorAll<HTMLElement>('main *')]
      .filter((el) => el.getBoundingClientRect().right > doc.clientWidth + 1 && el.offsetParent !== null)
      .filter((el, _i, all) => !all.some((o) => o !== el && el.contains(o)))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''} "${el.innerText.slice(0, 30)}" right=${Math.round(el.getBoundingClientRect().right)}`);
    return { doc: [doc.scrollWidth, doc.clientWidth], main: [main.scrollWidth, main.clientWidth], narrow, out };
  });
}

/** Layout of a view: no sideways scroll, no one-character Chinese lines. */
async function layoutOf(page: Page, section: Section, label: string): Promise<void> {
  const m = await measure(page);
  expect.soft(m.doc[0], `${label} ${section}: page scrolls sideways (${m.doc[0]} > ${m.doc[1]}): ${m.out.join('; ')}`).toBeLessThanOrEqual(m.doc[1]!);
  expect.soft(m.main[0], `${label} ${section}: main scrolls sideways (${m.main[0]} > ${m.main[1]}): ${m.out.join('; ')}`).toBeLessThanOrEqual(m.main[1]!);
  expect.soft(m.narrow, `${label} ${section}: Chinese squeezed to one character per line`).toEqual([]);
}

/** Puts the view's real content on screen and waits for it: what axe, the layout and the shot see. */
async function stage(page: Page, section: Section, language: 'en' | 'zh'): Promise<void> {
  if (section === 'detail') {
    // The detail view shows a server: open it from that server's row, as a person would.
    await page.locator('nav [data-section="servers"]').click();
    await page.getByRole('button', { name: language === 'zh' ? 'echo_a 的更多操作' : 'More actions for echo_a' }).click();
    await page.getByRole('menuitem', { name: language === 'zh' ? '详情 echo_a' : 'Details echo_a' }).click();
    await expect(page.locator('main')).toHaveAttribute('data-section', 'detail');
  }
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
}

// 1280×800: axe, layout and a screenshot in every theme and language (soft: one run reports every view's findings).
for (const cell of cells({ width: 1280, height: 800 })) {
  test(
    `axe, layout and screenshots, every view: ${cellName(cell)}`,
    inCell(bed, cell, async ({ page, eachView }) => {
      const label = `(${cell.theme}, ${cell.language}, ${cell.width})`;
      const headingTops: Record<string, number> = {};
      await eachView(async (section) => {
        // Where the heading sits when the view opens (staging may scroll down to a result).
        const top = await page.locator('main [data-testid="page-header"] h2').evaluate((h) => Math.round(h.getBoundingClientRect().top));
        headingTops[section] = top;
        await stage(page, section, cell.language);
        const found = await seriousViolations(page);
        expect.soft(found.map((v) => v.id), `${section} ${label}:\n${formatViolations(found)}\n`).toEqual([]);
        await layoutOf(page, section, label);
        await expect(page.locator('nav [aria-current="page"]')).toHaveText(cell.language === 'zh' ? /[\u4e00-\u9fff]/ : /[A-Za-z]/);
        await shot(page, join(OUT, `${section}-${cell.theme}-${cell.language}.png`));
      });
      // PageHeader: every view's heading at one height (a view without one is reported above).
      expect.soft(new Set(Object.values(headingTops)).size, `heading tops differ ${label}: ${JSON.stringify(headingTops)}`).toBe(1);
    }),
  );
}

// The runner itself: a page with known faults is reported, rule by rule (so a clean matrix means
// clean views, not a runner that checks nothing).
test('the axe runner reports known serious faults', async ({ page }) => {
  await page.setContent(
    '<html lang="en"><head><title>faults</title></head><body><main><h1>t</h1><button></button><p style="color:#bbb;background:#fff">faint text</p><img src="data:,"></main></body></html>',
  );
  const found = await seriousViolations(page);
  expect(found.map((v) => v.id).sort()).toEqual(['button-name', 'color-contrast', 'image-alt']);
  expect(formatViolations(found)).toContain('[critical] button-name');
  expect((await axeViolations(page, ['image-alt'])).map((v) => v.id)).toEqual(['image-alt']);
});

test('keyboard: Tab reaches every section and each view’s header controls, focus always visible', async ({ page }) => {
  await openPanel(page, bed, { theme: 'light', language: 'en', width: 1280, height: 800 });
  // From the top of the page: skip link, pickers, then every navigation item.
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  const reached = new Set<string>();
  for (let i = 0; i < 30 && reached.size < SECTIONS.length; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    if (!f) continue;
    expect.soft(f.ring, `no visible focus on ${f.name}`).toBe(true);
    if (f.section) reached.add(f.section);
  }
  expect([...reached].sort()).toEqual([...SECTIONS].sort());

  for (const section of SECTIONS) {
    await showView(page, section);
    const controls = await page.locator('main [data-testid="page-header"]').locator('button:visible, input:visible, a[href]:visible, [tabindex="0"]:visible').count();
    expect.soft(await page.locator('main [data-testid="page-header"]').count(), `${section}: no PageHeader`).toBe(1);
    // Keyboard from the section's own nav item (Enter opens it, as a click does) into the view.
    await page.locator(`nav [data-section="${section}"]`).focus();
    await page.keyboard.press('Enter');
    let headerHits = 0;
    for (let i = 0; i < 40 && headerHits < controls; i++) {
      await page.keyboard.press('Tab');
      const f = await focused(page);
      if (!f) continue;
      expect.soft(f.ring, `${section}: no visible focus on ${f.name}`).toBe(true);
      if (f.headerControl) headerHits++;
    }
    expect.soft(headerHits, `${section}: Tab reached ${headerHits} of ${controls} header controls`).toBe(controls);
  }
});
