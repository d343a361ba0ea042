// `npm run bench -- --short` (and `.ci/run`): every benchmark once, with a handful of iterations,
// so a change that breaks one fails CI; the figures of a short run are not worth quoting.
export const SHORT = process.argv.includes('--short') || process.env.MCP_PANEL_BENCH_SHORT === '1';

/** The full figure's setting, or the short run's. */
export const full = <T>(value: T, short: T): T => (SHORT ? short : value);
