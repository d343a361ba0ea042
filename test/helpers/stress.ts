// Stress tests run twice over: a short form on every CI run (the same checks, enough rounds to
// mean something) and the long form behind `npm run test:stress` (MCP_PANEL_STRESS=1), which
// prints its figures. Usage: `const KILLS = stress(104, 1_000);` then print with `figure()`.

/** True under `npm run test:stress`. */
export const STRESS = process.env.MCP_PANEL_STRESS === '1';

/** The CI value, or the long form's under `npm run test:stress`. */
export function stress<T>(short: T, long: T): T {
  return STRESS ? long : short;
}

/** Prints one figure of a stress run (always: a CI log shows the short form's too). */
export function figure(text: string): void {
  console.log(`[stress${STRESS ? '' : ', short form'}] ${text}`);
}
