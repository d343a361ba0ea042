// Every view of the panel, checked the same way in each cell of a matrix (theme × language ×
// window size) over the views HOME: the runner of a11y.spec.ts and screenshots.spec.ts, and of
// any spec that walks all views (a layout spec at other widths adds its own cells).
//
//   const bed = useViewsPanel();
//   for (const cell of cells({ width: 1280, height: 800 }))
//     test(`axe: ${cellName(cell)}`, inCell(bed, cell, async ({ page, eachView }) => {
//       await eachView(async (section) => expect.soft(await seriousViolations(page)).toEqual([]));
//     }));
//
// One test per cell (a spec that calls test.describe.configure({ mode: 'parallel' }) spreads
// them over the Playwright workers); in it the panel is opened once in the cell's theme,
// language and size, and `eachView` shows every section in turn, handing it over once its data
// is in. "In" is a state, not a quiet period: no API call in flight and nothing aria-busy.
import { expect, type Page } from '@playwright/test';
import { SECTIONS, type Section } from '../../../renderer/src/stores/ui-slice';
import { saveSettings } from './settings';
import type { useViewsPanel } from './views-home';

export interface Cell {
  theme: 'light' | 'dark';
  language: 'en' | 'zh';
  width: number;
  height: number;
}

type Bed = ReturnType<typeof useViewsPanel>;

/** Every theme × language at one window size (or only those given). */
export function cells(size: { width: number; height: number }, only: { themes?: Cell['theme'][]; languages?: Cell['language'][] } = {}): Cell[] {
  const themes = only.themes ?? (['light', 'dark'] as const);
  const languages = only.languages ?? (['en', 'zh'] as const);
  return languages.flatMap((language) => themes.map((theme) => ({ theme, language, ...size })));
}

export const cellName = (c: Cell): string => `${c.theme}, ${c.language}, ${c.width}×${c.height}`;

/**
 * Counts the page's API calls (fetch) from the call until two frames after its answer was read:
 * the render it causes and the effects of that render (where a follow-up call starts) come first.
 */
function countApiCalls(): void {
  const w = window as unknown as { __apiInFlight: number };
  w.__apiInFlight = 0;
  const send = window.fetch.bind(window);
  const done = () => requestAnimationFrame(() => requestAnimationFrame(() => void w.__apiInFlight--));
  window.fetch = async (...args: Parameters<typeof fetch>) => {
    w.__apiInFlight++;
    let res: Response;
    try {
      res = await send(...args);
    } catch (err) {
      done();
      throw err;
    }
    for (const read of ['json', 'text'] as const) {
      const body = res[read].bind(res) as () => Promise<unknown>;
      (res as unknown as Record<string, () => Promise<unknown>>)[read] = () => body().finally(done);
    }
    return res;
  };
}

/** Waits until the page has no API call in flight and nothing in main is aria-busy (after two frames, so the last render's effects have started theirs). */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.waitForFunction(() => (window as unknown as { __apiInFlight: number }).__apiInFlight === 0 && !document.querySelector('main [aria-busy="true"]'));
}

/**
 * Opens the panel in a cell: theme and language through the host's own settings, saved before
 * the page loads (helpers/settings.ts), the window at the cell's size, and every server past
 * `pending` (no state change is still to come and reload a view mid-check).
 */
export async function openPanel(page: Page, bed: Bed, cell: Cell): Promise<void> {
  await saveSettings(bed.panel, { theme: cell.theme, language: cell.language });
  await page.addInitScript(countApiCalls);
  await page.setViewportSize({ width: cell.width, height: cell.height });
  await page.goto(await bed.panel.freshUrl());
  // The one-time link is traded for a cookie and the page moves to "/" by itself: wait for that.
  await expect(page).toHaveURL(`${bed.panel.origin}/`);
  await expect(page.locator('html')).toHaveAttribute('lang', cell.language === 'zh' ? 'zh-CN' : 'en');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', cell.theme);
  await expect(page.locator('tr[data-server="echo_a"]').getByTestId('state')).toHaveAttribute('class', /state-connected/);
  await expect(page.locator('tr[data-server] .state-pending')).toHaveCount(0);
  await settled(page);
}

/** Shows one section from the navigation and waits until its data is in. */
export async function showView(page: Page, section: Section): Promise<void> {
  await page.locator(`nav [data-section="${section}"]`).click();
  await expect(page.locator('main')).toHaveAttribute('data-section', section);
  await settled(page);
}

export interface MatrixContext {
  page: Page;
  cell: Cell;
  /** Shows every section in turn (SECTIONS order, or `sections`) and runs `fn` on each once its data is in. */
  eachView(fn: (section: Section) => Promise<void>, sections?: readonly Section[]): Promise<void>;
}

/** A test body for one cell: opens the panel in it, then runs `body` with `eachView`. */
export function inCell(bed: Bed, cell: Cell, body: (ctx: MatrixContext) => Promise<void>): ({ page }: { page: Page }) => Promise<void> {
  return async ({ page }) => {
    await openPanel(page, bed, cell);
    await body({
      page,
      cell,
      async eachView(fn, sections = SECTIONS) {
        for (const section of sections) {
          await showView(page, section);
          await fn(section);
        }
      },
    });
  };
}
