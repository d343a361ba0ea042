// bench:ui — the panel in the system Chromium against the real web host (real services, a real
// stdio fixture server with 10,000 tools and one with 100 as the in-run baseline):
//   - first render of the 10,000-tool list (data cached: click → rows painted), target ≤ 150 ms
//     (and the first visit including the tools.list fetch, for information);
//   - the worst frame while scrolling it: script + style + layout per scroll step (flushSync'd
//     by the virtualiser), target ≤ 16 ms; the rAF-to-rAF interval is printed beside it;
//   - web-host cold start (process spawn → URL printed) and to first paint of the servers view.
// Medians over several runs. Run: npx tsx bench/ui.ts   (npm run bench:ui)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type Page } from 'playwright-core';
import { ROOT, startPanel, type PanelHome } from '../test/helpers/panel-home';

const MANY = join(ROOT, 'test/fixtures/servers/many-tools.mjs');
const RUNS = { render: 5, scroll: 3, cold: 3 };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

function home(): PanelHome {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-panel-bench-ui-'));
  const h = join(dir, 'home');
  const workspace = join(dir, 'workspace');
  mkdirSync(join(h, '.minimax-code'), { recursive: true });
  mkdirSync(workspace, { recursive: true });
  const servers = {
    many: { command: process.execPath, args: [MANY, 'stdio', '--count', '10000'] },
    few: { command: process.execPath, args: [MANY, 'stdio', '--count', '100'] },
  };
  writeFileSync(join(h, '.minimax-code', 'mcp.json'), JSON.stringify({ mcpServers: servers }, null, 2));
  return { profile: 'minimax', dir, home: h, workspace, pidFile: join(dir, 'x.pid'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Click a nav section and time until its rows exist and a frame has been painted. */
function timeSection(page: Page, section: string, selector: string): Promise<number> {
  return page.evaluate(
    async ([section, selector]) => {
      const t0 = performance.now();
      (document.querySelector(`nav button[data-section="${section}"]`) as HTMLButtonElement).click();
      while (!document.querySelector(selector)) await new Promise((r) => setTimeout(r, 1));
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return performance.now() - t0;
    },
    [section, selector] as const,
  );
}

async function firstRender(page: Page, server: string): Promise<number[]> {
  await page.locator('select[aria-label="Server"]').selectOption({ label: new RegExp(`^${server} `) as unknown as string }).catch(async () => {
    const opt = await page.locator('select[aria-label="Server"] option', { hasText: `${server} (` }).getAttribute('value');
    await page.locator('select[aria-label="Server"]').selectOption(opt ?? '');
  });
  const out: number[] = [];
  for (let i = 0; i < RUNS.render; i++) {
    await timeSection(page, 'servers', 'tr[data-server]');
    out.push(await timeSection(page, 'tools', '[data-tool]'));
  }
  return out;
}

async function scrollPass(page: Page, step: number): Promise<{ work: number[]; interval: number[] }> {
  return page.evaluate(async (step) => {
    const el = document.querySelector('.tool-scroller') as HTMLElement;
    el.scrollTop = 0;
    await new Promise((r) => requestAnimationFrame(r));
    const work: number[] = [];
    const interval: number[] = [];
    let last = performance.now();
    const max = el.scrollHeight - el.clientHeight;
    for (let y = step; y <= max && work.length < 240; y += step) {
      const t0 = performance.now();
      el.scrollTop = y;
      el.dispatchEvent(new Event('scroll')); // the virtualiser re-renders in flushSync
      void el.getBoundingClientRect().height; // force style + layout of the new rows
      void document.body.offsetHeight;
      work.push(performance.now() - t0);
      const now = await new Promise<number>((r) => requestAnimationFrame(r));
      interval.push(now - last);
      last = now;
    }
    return { work, interval: interval.slice(1) };
  }, step);
}

const STEPS = [{ px: 200, what: 'wheel-like, 200 px/frame' }, { px: 1200, what: 'fling, 1200 px/frame: every row replaced' }];

async function main() {
  console.log(`bench:ui on ${availableParallelism()} cores, load ${loadavg()[0]!.toFixed(2)}`);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  try {
    // Cold start: spawn the host, then load the page to the first painted servers row.
    const cold: { host: number; paint: number; fcp: number }[] = [];
    for (let i = 0; i < RUNS.cold; i++) {
      const h = home();
      const t0 = performance.now();
      const panel = await startPanel(h);
      const host = performance.now() - t0;
      const page = await browser.newPage();
      const t1 = performance.now();
      await page.goto(panel.url);
      await page.locator('tr[data-server]').first().waitFor();
      const paint = performance.now() - t1 + host;
      const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
      cold.push({ host, paint, fcp });
      await page.close();
      if (i < RUNS.cold - 1) {
        await panel.stop();
        h.cleanup();
        continue;
      }
      // The last host stays up for the list measurements.
      const page2 = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page2.goto(panel.url);
      await page2.locator('tr[data-server="many"] [data-testid="tools"]').filter({ hasText: '10000 tools' }).waitFor({ timeout: 120_000 });
      await page2.locator('tr[data-server="few"] [data-testid="tools"]').filter({ hasText: '100 tools' }).waitFor({ timeout: 120_000 });
      const fetchAndRender = await timeSection(page2, 'tools', '[data-tool]');
      await page2.locator('[data-tool]').first().waitFor();
      await page2.waitForFunction(() => document.querySelector('[aria-label="10100 tools"]') !== null, undefined, { timeout: 60_000 });
      const few = await firstRender(page2, 'few');
      const many = await firstRender(page2, 'many');
      const scroll = [];
      for (const step of STEPS) {
        const passes = [];
        for (let p = 0; p < RUNS.scroll; p++) {
          const trace = process.env.BENCH_UI_TRACE && p === 1 ? `${process.env.BENCH_UI_TRACE}-${step.px}.json` : null;
          if (trace) await browser.startTracing(page2, { path: trace, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink.user_timing'] });
          passes.push(await scrollPass(page2, step.px));
          if (trace) await browser.stopTracing();
        }
        const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * q)]!;
        if (process.env.BENCH_UI_DEBUG) for (const p of passes) console.log('top', p.work.map((w, i) => [i, +w.toFixed(1)]).sort((a, b) => b[1]! - a[1]!).slice(0, 6).join(' '));
        scroll.push({ ...step, worst: median(passes.map((p) => Math.max(...p.work))), p95: median(passes.map((p) => pct(p.work, 0.95))), mid: median(passes.map((p) => pct(p.work, 0.5))), interval: median(passes.map((p) => Math.max(...p.interval))) });
      }
      const rows = await page2.locator('[data-tool]').count();
      await page2.close();
      await panel.stop();
      h.cleanup();

      console.log('');
      console.log(`first render, 10,000 tools (cached data) : median ${fmt(median(many))}   (target ≤ 150 ms)  runs ${many.map((x) => x.toFixed(0)).join(', ')}`);
      console.log(`first render, 100 tools (baseline)       : median ${fmt(median(few))}   ratio ${(median(many) / median(few)).toFixed(2)}×`);
      console.log(`first visit incl. tools.list of 10,100   : ${fmt(fetchAndRender)}`);
      console.log(`rows in the DOM while showing 10,000     : ${rows}`);
      for (const r of scroll) {
        console.log(`scroll ${r.what}:`);
        console.log(`  worst frame (script+style+layout)      : median of ${RUNS.scroll} passes ${fmt(r.worst)}   (target ≤ 16 ms)  p95 ${fmt(r.p95)}  median ${fmt(r.mid)}`);
        console.log(`  worst rAF interval                     : ${fmt(r.interval)} (vsync floor ≈ 16.7 ms headless)`);
      }
    }
    console.log(`web-host cold start (spawn → URL)        : median ${fmt(median(cold.map((c) => c.host)))}  runs ${cold.map((c) => c.host.toFixed(0)).join(', ')}`);
    console.log(`cold start → first servers row painted   : median ${fmt(median(cold.map((c) => c.paint)))}`);
    console.log(`page load → first contentful paint       : median ${fmt(median(cold.map((c) => c.fcp)))}`);
  } finally {
    await browser.close();
  }
}

await main();
