// Accessibility and layout as a test (issue 14 items 2 and 3, UI-9), over the real web host and
// real MCP servers (the views HOME): every view in light and dark, English and Chinese, has no
// serious or critical axe finding; the keyboard reaches every section and each view's header
// controls with a visible focus ring; no view scrolls sideways at 1280×800 or 1024×700, the
// heading sits at the same place in every view, and Chinese cells are never one character wide.
import { expect, test, type Page } from '@playwright/test';
import { formatViolations, seriousViolations } from '../helpers/axe';
import { SECTIONS, type Section } from '../../../renderer/src/stores/ui-slice';
import { useViewsPanel } from '../helpers/views-home';
import { keyHeader } from '../helpers/session-key';

const bed = useViewsPanel();

/** Theme and language through the host's own settings (app.setSettings), as the Settings view saves them. */
async function openPanel(page: Page, settings: { theme?: 'light' | 'dark'; language?: 'en' | 'zh' }): Promise<void> {
  await page.goto(await bed.panel.freshUrl());
  // The one-time link is traded for a cookie and the page moves to "/" by itself: wait for that.
  await expect(page).toHaveURL(`${bed.panel.origin}/`);
  const r = await page.request.post(`${bed.panel.origin}/api/app.setSettings`, { data: settings, headers: await keyHeader(page) });
  expect(r.ok(), await r.text()).toBe(true);
  await page.goto(`${bed.panel.origin}/`);
  await expect(page.locator('tr[data-server="echo_a"]').getByTestId('state')).toHaveAttribute('class', /state-connected/);
}

async function show(page: Page, section: Section): Promise<void> {
  await page.locator(`nav [data-section="${section}"]`).click();
  await expect(page.locator('main')).toHaveAttribute('data-section', section);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
}

for (const language of ['en', 'zh'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`axe: every view, ${theme}, ${language}`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await openPanel(page, { theme, language });
      await expect(page.locator('html')).toHaveAttribute('lang', language === 'zh' ? 'zh-CN' : 'en');
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
      for (const section of SECTIONS) {
        await show(page, section);
        const found = await seriousViolations(page);
        // Soft: one run reports every view's findings, not just the first view's.
        expect.soft(found.map((v) => v.id), `${section} (${theme}, ${language}):\n${formatViolations(found)}\n`).toEqual([]);
      }
    });
  }
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
  await page.setViewportSize({ width: 1280, height: 800 });
  await openPanel(page, { theme: 'light', language: 'en' });
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
    await show(page, section);
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

for (const [width, height] of [
  [1280, 800],
  [1024, 700],
] as const) {
  for (const language of ['en', 'zh'] as const) {
    test(`layout at ${width}×${height}, ${language}: no sideways scroll, headings aligned, no one-character lines`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await openPanel(page, { theme: 'light', language });
      const headingTops: Record<string, number> = {};
      for (const section of SECTIONS) {
        await show(page, section);
        const m = await page.evaluate(() => {
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
        expect.soft(m.doc[0], `${section}: page scrolls sideways (${m.doc[0]} > ${m.doc[1]}): ${m.out.join('; ')}`).toBeLessThanOrEqual(m.doc[1]!);
        expect.soft(m.main[0], `${section}: main scrolls sideways (${m.main[0]} > ${m.main[1]}): ${m.out.join('; ')}`).toBeLessThanOrEqual(m.main[1]!);
        expect.soft(m.narrow, `${section}: Chinese squeezed to one character per line`).toEqual([]);
        if (m.top !== null) headingTops[section] = m.top;
      }
      // PageHeader: every view's heading at one height (a view without one is reported above).
      expect.soft(new Set(Object.values(headingTops)).size, `heading tops differ: ${JSON.stringify(headingTops)}`).toBe(1);
    });
  }
}
