// `npm run bench -- --short` (and `.ci/run`): every benchmark once, with a handful of iterations,
// so a change that breaks one fails CI; the figures of a short run are not worth quoting.
export const SHORT = process.argv.includes('--short') || process.env.MCP_PANEL_BENCH_SHORT === '1';

/** The full figure's setting, or the short run's. */
export const full = <T>(value: T, short: T): T => (SHORT ? short : value);

/**
 * A benchmark's exit code for its targets: a missed target fails a full run (on a quiet machine
 * it means something); a short run says OVER and exits 0, because CI runs it beside the browser
 * and agent lanes on two cores, where a wall-clock miss says nothing about the change.
 */
export const targetsExit = (met: boolean): number => (met || SHORT ? 0 : 1);
