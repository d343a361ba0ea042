// Accessibility and layout as a test (issue 14 items 2 and 3, UI-9), over the real web host and
// real MCP servers (the views HOME): every view in light and dark, English and Chinese, has no
// serious or critical axe finding; the keyboard reaches every section and each view's header
// controls with a visible focus ring; no view scrolls sideways at 1280×800 or 1024×700, the
// heading sits at the same place in every view, and Chinese cells are never one character wide.
// One test per cell of the matrix (test/e2e/helpers/view-matrix.ts), each walking every view in
// one page; the cells are independent, so they spread over the Playwright workers.
import { expect, test, type Page } from '@playwright/test';
import { formatViolations, seriousViolations } from '../helpers/axe';
import { SECTIONS, type Section } from '../../../renderer/src/stores/ui-slice';
import { cellName, cells, inCell, openPanel, showView } from '../helpers/view-matrix';
import { useViewsPanel } from '../helpers/views-home';

test.describe.configure({ mode: 'parallel' });
const bed = useViewsPanel();

/** The page's sideways overflow, its heading position and any Chinese squeezed to one character per line. */
function measure(page: Page) {
  return page.evaluate(() => {
    const doc = document.scrollingElement!;
    const main = document.querySelector('main')!;
    const h = document.querySelector('main [data-testid="page-header"] h2');
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
    return { doc: [doc.scrollWidth, doc.clientWidth], main: [main.scrollWidth, main.clientWidth], top: h ? Math.round(h.getBoundingClientRect().top) : null, narrow, out };
  });
}

/** Layout of every view in one cell: no sideways scroll, no one-character Chinese lines, one heading height. */
async function layoutOf(page: Page, section: Section, label: string, headingTops: Record<string, number>): Promise<void> {
  const m = await measure(page);
  expect.soft(m.doc[0], `${label} ${section}: page scrolls sideways (${m.doc[0]} > ${m.doc[1]}): ${m.out.join('; ')}`).toBeLessThanOrEqual(m.doc[1]!);
  expect.soft(m.main[0], `${label} ${section}: main scrolls sideways (${m.main[0]} > ${m.main[1]}): ${m.out.join('; ')}`).toBeLessThanOrEqual(m.main[1]!);
  expect.soft(m.narrow, `${label} ${section}: Chinese squeezed to one character per line`).toEqual([]);
  if (m.top !== null) headingTops[section] = m.top;
}

// 1280×800: axe and layout in every theme and language (soft: one run reports every view's findings).
for (const cell of cells({ width: 1280, height: 800 })) {
  test(
    `axe and layout, every view: ${cellName(cell)}`,
    inCell(bed, cell, async ({ page, eachView }) => {
      const label = `(${cell.theme}, ${cell.language}, ${cell.width})`;
      const headingTops: Record<string, number> = {};
      await eachView(async (section) => {
        const found = await seriousViolations(page);
        expect.soft(found.map((v) => v.id), `${section} ${label}:\n${formatViolations(found)}\n`).toEqual([]);
        await layoutOf(page, section, label, headingTops);
      });
      // PageHeader: every view's heading at one height (a view without one is reported above).
      expect.soft(new Set(Object.values(headingTops)).size, `heading tops differ ${label}: ${JSON.stringify(headingTops)}`).toBe(1);
    }),
  );
}

// 1024×700: the layout again, narrower, in both languages.
for (const cell of cells({ width: 1024, height: 700 }, { themes: ['light'] })) {
  test(
    `layout, every view: ${cellName(cell)}`,
    inCell(bed, cell, async ({ page, eachView }) => {
      const label = `(${cell.language}, ${cell.width})`;
      const headingTops: Record<string, number> = {};
      await eachView((section) => layoutOf(page, section, label, headingTops));
      expect.soft(new Set(Object.values(headingTops)).size, `heading tops differ ${label}: ${JSON.stringify(headingTops)}`).toBe(1);
    }),
  );
}

/** The focused element and whether it shows a ring (outline or box-shadow) the eye can see. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const s = getComputedStyle(el);
    const ring = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || (s.boxShadow !== 'none' && s.boxShadow !== '');
    const section = el.closest('nav') ? el.getAttribute('data-section') : null;
    const headerControl = !!el.closest('[data-testid="page-header"]');
    return { section, ring, headerControl, name: `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"` };
  });
}

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
