// A contract check that fails today because of a known panel bug (AGENT-7): vitest's `it.fails`,
// over the panel's half only. The agent's half (what the agent's own CLI says) must hold, and the
// panel's half must fail on an assertion; anything else (the agent's half failing, a crash, a
// command the harness got wrong) makes the test *pass* its body, which `it.fails` reports as a
// failure. So the lane stays green while the bug is there, and goes red the moment the panel is
// fixed (or the harness breaks). MCP_PANEL_SHOW_PANEL_BUGS=1 prints each bug's failed assertion.
// To flip it once the bug is fixed:
//   it(name, async () => panel(await agent()))
import { it } from 'vitest';

const isAssertion = (err: unknown): boolean => err instanceof Error && err.name === 'AssertionError';

export function itPanelBug<T>(name: string, bug: string, agent: () => Promise<T>, panel: (fromAgent: T) => Promise<void>): void {
  it.fails(`${name} [panel bug: ${bug}]`, async () => {
    let fromAgent: T;
    try {
      fromAgent = await agent();
    } catch (err) {
      console.error(`${name}: the agent's half failed, so this is not the known panel bug:`, err);
      return;
    }
    try {
      await panel(fromAgent);
    } catch (err) {
      if (isAssertion(err)) {
        // The known bug, as expected; MCP_PANEL_SHOW_PANEL_BUGS=1 prints how it shows.
        if (process.env.MCP_PANEL_SHOW_PANEL_BUGS) console.error(`${name}: ${(err as Error).message}`);
        throw err;
      }
      console.error(`${name}: the panel's half failed without an assertion (harness?):`, err);
      return;
    }
    console.error(`${name}: the panel's half passed: the bug "${bug}" looks fixed; make this a plain it()`);
  });
}

/** A contract check whose panel bug is fixed: the agent's half, then the panel's, both must hold. */
export function itContract<T>(name: string, agent: () => Promise<T>, panel: (fromAgent: T) => Promise<void>): void {
  it(name, async () => panel(await agent()));
}
