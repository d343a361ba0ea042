// bench:registry, the page's part (issue 43 "a frame in the page"): the Discover view in the
// system Chromium against the real web host, whose registry is the bench's own on 127.0.0.1. Each
// query is typed a key at a time at a quick typist's pace while a requestAnimationFrame loop in the
// page records the gap between frames; the search answers arrive and render meanwhile. Beside it,
// the same loop on the same page left idle: what the machine itself costs a frame. At 60 Hz a
// frame is 16.7 ms; a keystroke's work that fits in a frame leaves the gaps at the idle figure.
import { chromium, type Page } from 'playwright-core';
import { makePanelHome, startPanel } from '../test/helpers/panel-home';

const KEY_DELAY_MS = 60;

export interface FrameFigures {
  typing: number[];
  idle: number[];
  keystrokes: number;
}

/** The frame gaps recorded while `act` runs (the loop starts and stops around it). */
async function framesDuring(page: Page, act: () => Promise<void>): Promise<number[]> {
  // As text: tsx's name-keeping helper does not exist in the page.
  await page.evaluate(`(() => {
    window.__gaps = [];
    window.__on = true;
    let last = performance.now();
    const tick = (now) => {
      window.__gaps.push(now - last);
      last = now;
      if (window.__on) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  await act();
  return page.evaluate<number[]>(`(() => { window.__on = false; return window.__gaps.slice(1); })()`);
}

export async function pageFrames(registryUrl: string, queries: readonly string[], runs: number): Promise<FrameFigures> {
  const h = makePanelHome();
  const panel = await startPanel(h, [], { env: { MCP_PANEL_REGISTRY: registryUrl } });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  const out: FrameFigures = { typing: [], idle: [], keystrokes: 0 };
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(await panel.freshUrl());
    await page.locator('nav button[data-section="discover"]').click();
    const box = page.getByTestId('discover-search');
    const answered = (q: string) => page.locator(`[data-testid="discover-count"][data-query="${q}"]`).waitFor({ timeout: 120_000 });
    // The first search may refresh the catalogue from the registry: done before anything is timed.
    await box.fill('memory');
    await answered('memory');
    for (let r = 0; r < runs; r++) {
      for (const q of queries) {
        await box.fill('');
        out.typing.push(
          ...(await framesDuring(page, async () => {
            await box.pressSequentially(q, { delay: KEY_DELAY_MS });
            // Until the answer for the whole query is on screen (the view drops older ones).
            await answered(q);
          })),
        );
        out.keystrokes += q.length;
      }
      out.idle.push(...(await framesDuring(page, () => page.waitForTimeout(KEY_DELAY_MS * 20))));
    }
  } finally {
    await browser.close();
    await panel.stop();
    h.cleanup();
  }
  return out;
}
