// The real servers behind the agent's-eye tests: a real OAuth authorization server, a server that
// answers 401 without OAuth metadata (it wants a token), and a remote server that answers
// `initialize` SLOW_MS late; and the stdio echo fixture.
import { startOAuthFixture, type OAuthFixture } from '../../fixtures/oauth/auth-server';
import { startHttpFixture } from '../../helpers/panel-home';
import { fixture } from '../../helpers/fixtures';

export const ECHO = fixture('test/fixtures/servers/echo.mjs');
/** Far beyond the 2 s remote budget (CONN-3), far under Kimi's 30 s: a verdict compares the measured connect time. */
export const SLOW_MS = 3500;

/**
 * The environment of a run whose verdict on the slow server is the point: CONN-3's budgets as the
 * agents have them (the tests' panels run with them × 5, vitest.config.ts). Read only the slow
 * server's row from such a run: on a loaded machine a healthy server may miss 2 s there too.
 */
export const AGENT_BUDGETS = { MCP_PANEL_BUDGET_SCALE: '1' } as const;

export interface AgentServers {
  oauth: OAuthFixture;
  token: { url: string; stop(): Promise<void> };
  slow: { url: string; stop(): Promise<void> };
  /** Connects at once, answers its first tools/list SLOW_MS late (issue 34: still named before). */
  slowList: { url: string; stop(): Promise<void> };
  stop(): Promise<void>;
}

export async function startAgentServers(): Promise<AgentServers> {
  const [oauth, token, slow, slowList] = await Promise.all([
    startOAuthFixture(),
    startHttpFixture('auth'),
    startHttpFixture('slow', ['--answer-ms', String(SLOW_MS)]),
    startHttpFixture('slow', ['--list-ms', String(SLOW_MS)]),
  ]);
  return { oauth, token, slow, slowList, stop: async () => void (await Promise.all([oauth.close(), token.stop(), slow.stop(), slowList.stop()])) };
}
