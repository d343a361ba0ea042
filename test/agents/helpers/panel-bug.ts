// A contract check (AGENT-7): the agent's half (what the agent's own CLI says) and then the
// panel's half, both must hold. While a known panel bug made the panel's half fail, the check was
// an `it.fails` over the panel's half alone (the agent's half still had to pass), so the lane
// stayed green and turned red the moment the bug was fixed; every such check is fixed now (see
// git history of this file for that wrapper, `itPanelBug`, should a new agent need it again).
import { it } from 'vitest';

export function itContract<T>(name: string, agent: () => Promise<T>, panel: (fromAgent: T) => Promise<void>): void {
  it(name, async () => panel(await agent()));
}
