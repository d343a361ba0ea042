// bench:ui's load-independent figure for a page load: the renderer main thread's CPU time (the
// trace's thread time, `tdur`) from the navigation to the rows painted, by kind. On two cores
// shared with other work a page load's wall time swings 2× between runs; the CPU it spends on
// its main thread does not, and on an idle machine it is most of the wall time (issue 40 item 3).
import { readFileSync } from 'node:fs';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { documentLoaderURL?: string } };
}

export interface MainThreadCpu {
  /** Every task on the page's main thread. */
  total: number;
  /** Module evaluation (the page's script run once). */
  evaluate: number;
  /** Script called by the page afterwards (React's render and commit, answers, effects). */
  script: number;
  style: number;
  layout: number;
  /** Paint, pre-paint, layerize and commit to the compositor. */
  paint: number;
}

/** The categories `browser.startTracing` needs for mainThreadCpu. */
export const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading', 'v8'];

/**
 * From the trace at `path`: the main thread of the last navigation whose URL contains `urlPart`,
 * from its start to `untilMs` after it (the page's performance.now() when its rows were painted).
 */
export function mainThreadCpu(path: string, urlPart: string, untilMs: number): MainThreadCpu {
  const events = (JSON.parse(readFileSync(path, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const nav = events.filter((e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL).includes(urlPart)).at(-1);
  if (!nav) throw new Error(`no navigation to ${urlPart} in ${path}`);
  const end = nav.ts + untilMs * 1000;
  const own = events.filter((e) => e.pid === nav.pid && e.tid === nav.tid && e.ph === 'X' && e.ts >= nav.ts && e.ts < end);
  const cpu = (names: string[]) => own.filter((e) => names.includes(e.name)).reduce((n, e) => n + (e.tdur ?? e.dur ?? 0), 0) / 1000;
  return {
    total: cpu(['RunTask', 'ThreadControllerImpl::RunTask']),
    evaluate: cpu(['v8.evaluateModule']),
    script: cpu(['FunctionCall']),
    style: cpu(['UpdateLayoutTree']),
    layout: cpu(['Layout']),
    paint: cpu(['Paint', 'PrePaint', 'Layerize', 'Commit']),
  };
}
