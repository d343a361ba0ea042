// bench:hostile — issue 35 item 6 (SEC-4), re-measured: what a hostile server's content costs
// the page and the host. A real SDK server (test/fixtures/servers/hostile-content) over streamable
// HTTP serves a template with 20,000 variables and a text resource of --big-mb MB (default 300);
// the built web host (`mcp-panel serve`) connects to it, and the system Chromium opens the
// server's Resources tab and reads the big resource. Figures:
//   - the page: every long animation frame (PerformanceObserver 'long-animation-frame', ≥ 50 ms)
//     after the first render of the servers view, with its script share: target none over 100 ms;
//     Resources tab → list and template form painted; Read → the contents (or the refusal) painted;
//   - the host: its resident memory (VmRSS) before, and its peak (VmHWM) after the read, from
//     /proc; target: peak under HOST_BOUND_MB;
//   - what the page received for the read (bytes of the tools.read answer, from the page).
// Figures, not assertions: run it on a quiet machine. Run: npx tsx bench/hostile-content.ts
// [-- --big-mb 300 --vars 20000 --runs 3]
import { readFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type Page } from 'playwright-core';
import { startHttpFixture, startPanel, type PanelHome } from '../test/helpers/panel-home';
import { full } from './short';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const BIG_MB = arg('big-mb', full(300, 20));
const VARS = arg('vars', full(20_000, 2_000));
const RUNS = arg('runs', full(3, 1));
/** The host's own budget for one server answer (mcp/bounded-fetch.ts) plus the host itself. */
const HOST_BOUND_MB = 512;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function benchHome(url: string): PanelHome {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-panel-bench-hostile-'));
  const home = join(dir, 'home');
  const workspace = join(dir, 'workspace');
  mkdirSync(join(home, '.minimax'), { recursive: true });
  mkdirSync(workspace, { recursive: true });
  writeFileSync(join(home, '.minimax', 'mcp.json'), JSON.stringify({ mcpServers: { hostile: { type: 'http', url } } }, null, 2));
  return { profile: 'minimax', dir, home, workspace, pidFile: join(dir, 'x.pid'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** VmRSS and VmHWM (peak) of a process, in MB. */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** Starts recording long animation frames in the page (from now on). */
async function watchFrames(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __frames: Array<{ start: number; duration: number; script: number }> };
    w.__frames = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as Array<{ startTime: number; duration: number; scripts?: Array<{ duration: number }> }>) {
        w.__frames.push({ start: e.startTime, duration: e.duration, script: (e.scripts ?? []).reduce((s, x) => s + x.duration, 0) });
      }
    }).observe({ type: 'long-animation-frame', buffered: false });
  });
}

const frames = (page: Page) => page.evaluate(() => (window as unknown as { __frames: Array<{ start: number; duration: number; script: number }> }).__frames);
const settle = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

interface Run {
  tabMs: number;
  readMs: number;
  worstFrame: number;
  worstScript: number;
  /** The worst frame of each phase: opening the Resources tab, reading the big resource, scrolling. */
  worstTab: number;
  worstRead: number;
  worstScroll: number;
  longFrames: number;
  readBytes: number;
  outcome: string;
  hostBefore: number;
  hostPeak: number;
}

async function once(): Promise<Run> {
  const fixture = await startHttpFixture('hostile-content', ['--big-mb', String(BIG_MB), '--vars', String(VARS), '--depth', '3']);
  const h = benchHome(fixture.url);
  const panel = await startPanel(h);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    let readBytes = 0;
    page.on('response', (r) => {
      if (r.url().endsWith('/api/inspect.read')) void r.body().then((b) => (readBytes = b.length), () => undefined);
    });
    await page.goto(await panel.freshUrl());
    await page.locator('tr[data-server="hostile"] [data-testid="state"]').filter({ hasText: 'connected' }).waitFor({ timeout: 120_000 });
    await settle(page);
    const hostBefore = memory(panel.child.pid!).rss;
    // After the first render: every frame from here on counts.
    await watchFrames(page);
    const mark = () => page.evaluate(() => performance.now());
    const marks = [await mark()];
    let t0 = performance.now();
    await page.locator('nav [data-section="detail"]').click();
    await page.getByTestId('detail-view').getByRole('combobox').selectOption({ label: 'hostile' });
    await page.getByRole('tab', { name: 'Resources' }).click();
    await page.getByTestId('resource-list').locator('tr[data-uri="demo://big"]').waitFor({ timeout: 120_000 });
    await page.locator('form[data-template^="demo://many/"]').waitFor({ timeout: 120_000 });
    await settle(page);
    const tabMs = performance.now() - t0;
    marks.push(await mark());
    t0 = performance.now();
    await page.getByTestId('resource-list').locator('tr[data-uri="demo://big"]').getByRole('button', { name: /^Read / }).click();
    const shown = page.getByTestId('resource-contents').or(page.getByRole('alert'));
    await shown.first().waitFor({ timeout: 600_000 });
    await settle(page);
    const readMs = performance.now() - t0;
    marks.push(await mark());
    const outcome = ((await shown.first().textContent()) ?? '').replace(/\s+/g, ' ').slice(0, 160);
    // Scroll the contents and the page once, then collect.
    await page.mouse.wheel(0, 2000);
    await settle(page);
    const f = await frames(page);
    const hostPeak = memory(panel.child.pid!).peak;
    const worstIn = (from: number, to: number) => f.filter((x) => x.start >= from && x.start < to).reduce((m, x) => Math.max(m, x.duration), 0);
    return {
      tabMs,
      readMs,
      worstTab: worstIn(marks[0]!, marks[1]!),
      worstRead: worstIn(marks[1]!, marks[2]!),
      worstScroll: worstIn(marks[2]!, Infinity),
      worstFrame: f.reduce((m, x) => Math.max(m, x.duration), 0),
      worstScript: f.reduce((m, x) => Math.max(m, x.script), 0),
      longFrames: f.filter((x) => x.duration > 100).length,
      readBytes,
      outcome,
      hostBefore,
      hostPeak,
    };
  } finally {
    await browser.close();
    await panel.stop();
    await fixture.stop();
    h.cleanup();
  }
}

async function main(): Promise<void> {
  // The built CLI, as installed (test helpers start it from source otherwise).
  process.env.MCP_PANEL_TEST_CLI ??= 'built';
  console.log(`bench:hostile — ${BIG_MB} MB text resource, ${VARS}-variable template, ${RUNS} runs; ${availableParallelism()} cores, load ${loadavg()[0]!.toFixed(2)}`);
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await once();
    runs.push(r);
    console.log(`  run ${i + 1}: tab ${r.tabMs.toFixed(0)} ms, read ${r.readMs.toFixed(0)} ms (${r.readBytes} bytes to the page), worst frame ${r.worstFrame.toFixed(0)} ms (tab ${r.worstTab.toFixed(0)}, read ${r.worstRead.toFixed(0)}, scroll ${r.worstScroll.toFixed(0)}; script ${r.worstScript.toFixed(0)} ms), frames > 100 ms: ${r.longFrames}, host ${r.hostBefore.toFixed(0)} → peak ${r.hostPeak.toFixed(0)} MB; shown: ${r.outcome}`);
  }
  const m = (k: keyof Run) => median(runs.map((r) => r[k] as number));
  console.log(`median: Resources tab ${m('tabMs').toFixed(0)} ms; read ${m('readMs').toFixed(0)} ms; worst frame ${m('worstFrame').toFixed(0)} ms (target ≤ 100); frames > 100 ms ${m('longFrames')}; host peak ${m('hostPeak').toFixed(0)} MB (bound ${HOST_BOUND_MB} MB)`);
}

await main();
