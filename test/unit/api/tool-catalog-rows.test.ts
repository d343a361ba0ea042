// The catalogue's rows take each tool's standing under the selected agent from that agent's
// report: by position when every (server, tool) pair is listed once, by key when a server lists
// a tool twice (issue 44 made the first the common path; both must give the same rows).
import { describe, expect, it } from 'vitest';
import { nameCatalog } from '../../../electron/services/api/tool-catalog';
import { givenCatalogParts } from '../../../electron/services/naming/given-catalog';
import { ToolInputSchema } from '../../../shared/contract';

const rows = (server: string, tools: string[]) => tools.map((tool) => ToolInputSchema.parse({ server, tool, description: tool }));
const standing = (c: ReturnType<typeof nameCatalog>) => c.view.tools.map((t) => [t.serverName, t.tool, t.names.kimi, t.dropped, t.collidesWith?.name ?? null]);

describe('catalogue rows under the selected agent', () => {
  it('every pair listed once: each row has its own tool\'s standing', () => {
    // Kimi keeps the first of `mcp__a__t_x` (its `__` collapse: `t__x` → `t_x`) and drops the second.
    const c = nameCatalog('kimi', givenCatalogParts([...rows('a', ['t_x', 't__x', 'u']), ...rows('b', ['t'])]), undefined, ['kimi']);
    expect(standing(c)).toEqual([
      ['a', 't_x', 'mcp__a__t_x', false, null],
      ['a', 't__x', null, true, 'mcp__a__t_x'],
      ['a', 'u', 'mcp__a__u', false, null],
      ['b', 't', 'mcp__b__t', false, null],
    ]);
  });

  it('a tool a server lists twice: one row, and the rows after it are not shifted', () => {
    const c = nameCatalog('kimi', givenCatalogParts([...rows('a', ['t', 't', 'u']), ...rows('b', ['t'])]), undefined, ['kimi']);
    expect(standing(c)).toEqual([
      ['a', 't', 'mcp__a__t', true, 'mcp__a__t'],
      ['a', 'u', 'mcp__a__u', false, null],
      ['b', 't', 'mcp__b__t', false, null],
    ]);
  });
});
