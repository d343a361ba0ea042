// AGENT-9: a plugin's server belongs to its own agent: the catalogue names its tools for that
// agent only, and no other agent's collisions or offered tools count it.
import { describe, expect, it } from 'vitest';
import { nameCatalog } from '../../../electron/services/api/tool-catalog';
import { givenCatalogParts } from '../../../electron/services/naming/given-catalog';
import { ToolInputSchema } from '../../../shared/contract';

const rows = (server: string, tools: string[], source?: 'plugin-local') => tools.map((tool) => ToolInputSchema.parse({ server, tool, description: tool, ...(source ? { source } : {}) }));

describe('a plugin server in the named catalogue', () => {
  it("Claude Code's plugin tools carry Claude Code's names only; Cursor neither names them nor collides with them", () => {
    // Under Cursor's API-safe scheme `a.b` and `a_b` meet on one name: the plugin's server must
    // not make a collision for Cursor, which does not have it.
    const parts = givenCatalogParts([...rows('a.b', ['t'], 'plugin-local'), ...rows('a_b', ['t'])]);
    const c = nameCatalog('claude-code', parts, undefined, ['claude-code', 'cursor']);
    const plugin = c.view.tools.find((t) => t.serverName === 'a.b')!;
    expect(Object.keys(plugin.names)).toEqual(['claude-code']);
    expect(c.view.tools.find((t) => t.serverName === 'a_b')!.names.cursor).toEqual(expect.any(String));
    expect(c.view.collisions.filter((x) => x.profile === 'cursor')).toEqual([]);
    expect(c.offered.get('cursor')!.length).toBe(1);
  });

  it('without the plugin marker the same servers collide under Cursor (so the test above can fail)', () => {
    const parts = givenCatalogParts([...rows('a.b', ['t']), ...rows('a_b', ['t'])]);
    const c = nameCatalog('claude-code', parts, undefined, ['claude-code', 'cursor']);
    expect(c.view.tools.find((t) => t.serverName === 'a.b')!.names.cursor).toBeDefined();
    expect(c.view.collisions.filter((x) => x.profile === 'cursor').length).toBeGreaterThan(0);
  });
});
