// CTX-1: the standing counts what each agent is actually offered, from the catalogue's own
// naming (api/tool-catalog.ts): a tool its collision rule drops is not counted for that agent.
import { describe, expect, it } from 'vitest';
import { nameCatalog } from '../../../electron/services/api/tool-catalog';
import { givenCatalogParts } from '../../../electron/services/naming/given-catalog';
import { catalogLimits } from '../../../electron/services/naming/catalog-limits';
import { ToolInputSchema } from '../../../shared/contract';

const rows = (server: string, names: string[]) => names.map((tool) => ToolInputSchema.parse({ server, tool, description: `${tool} of ${server}` }));

describe('CTX-1 over the named catalogue', () => {
  it('52 tools listed; Cursor keeps the first of each name it makes twice (26 offered, within its 40), Copilot CLI names all 52 apart', () => {
    // `echo.a` and `echo_a` meet on one name under Cursor's API-safe scheme, not under Copilot CLI's.
    const shared = Array.from({ length: 25 }, (_, i) => `t${i}`);
    const parts = givenCatalogParts([...rows('echo.a', [...shared, 'only_a']), ...rows('echo_a', [...shared, 'only_b'])]);
    const c = nameCatalog('cursor', parts, undefined, ['cursor', 'copilot']);
    expect(c.view.tools).toHaveLength(52);
    const byAgent = Object.fromEntries(catalogLimits(c, {}).map((s) => [s.profile, s]));
    expect(byAgent.cursor).toMatchObject({ tools: 27, limits: [{ kind: 'cap', limit: 40, value: 27, over: 0 }] });
    expect(byAgent.copilot).toMatchObject({ tools: 52, limits: [{ kind: 'defer-count', limit: 30, over: 22, affected: 52 }] });
    expect(byAgent.copilot!.tokens).toBeGreaterThan(byAgent.cursor!.tokens);
  });

  it("Claude Code's ENABLE_TOOL_SEARCH and the context window come from the caller", () => {
    const c = nameCatalog('claude-code', givenCatalogParts(rows('s', ['a', 'b'])), undefined, ['claude-code']);
    expect(catalogLimits(c, {})[0]!.limits).toMatchObject([{ kind: 'defer-all', affected: 2 }]);
    expect(catalogLimits(c, { ENABLE_TOOL_SEARCH: 'auto' }, 1000)[0]!.limits).toMatchObject([{ kind: 'defer-share', limit: 100, window: 1000 }]);
  });
});
