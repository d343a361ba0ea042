// CTX-1: the standing counts what each agent is actually offered, from the catalogue's own
// naming (api/tool-catalog.ts): a tool its collision rule drops is not counted for that agent,
// nor one Claude Code's own deny rule keeps from its model (`denyHides`), read from its real
// settings file in a temporary HOME; Qwen Code, which lists a denied tool, keeps it counted.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameCatalog } from '../../../electron/services/api/tool-catalog';
import { givenCatalogParts } from '../../../electron/services/naming/given-catalog';
import { catalogLimits } from '../../../electron/services/naming/catalog-limits';
import { agentRules } from '../../../electron/services/handlers/permissions';
import { ToolInputSchema } from '../../../shared/contract';
import type { Profile } from '../../../shared/schemas/server';

const rows = (server: string, names: string[]) => names.map((tool) => ToolInputSchema.parse({ server, tool, description: `${tool} of ${server}` }));

let home: string;
let ws: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'limits-rules-home-'));
  ws = await mkdtemp(join(tmpdir(), 'limits-rules-ws-'));
});
afterAll(async () => {
  await rm(home, { recursive: true, force: true });
  await rm(ws, { recursive: true, force: true });
});

/** The panel's own rules port over the agents' files in `home`, `profile` selected. */
const rulesIn = (profile: Profile) => agentRules({ selection: () => ({ profile, workspace: ws }) }, { env: { HOME: home, USERPROFILE: home } });

describe('CTX-1 over the named catalogue', () => {
  it('52 tools listed; Cursor keeps the first of each name it makes twice (26 offered, within its 40), Copilot CLI names all 52 apart', async () => {
    // `echo.a` and `echo_a` meet on one name under Cursor's API-safe scheme, not under Copilot CLI's.
    const shared = Array.from({ length: 25 }, (_, i) => `t${i}`);
    const parts = givenCatalogParts([...rows('echo.a', [...shared, 'only_a']), ...rows('echo_a', [...shared, 'only_b'])]);
    const c = nameCatalog('cursor', parts, undefined, ['cursor', 'copilot']);
    expect(c.view.tools).toHaveLength(52);
    const byAgent = Object.fromEntries((await catalogLimits(c, rulesIn('cursor'), {})).map((s) => [s.profile, s]));
    expect(byAgent.cursor).toMatchObject({ tools: 27, limits: [{ kind: 'cap', limit: 40, value: 27, over: 0 }] });
    expect(byAgent.copilot).toMatchObject({ tools: 52, limits: [{ kind: 'defer-count', limit: 30, over: 22, affected: 52 }] });
    expect(byAgent.copilot!.tokens).toBeGreaterThan(byAgent.cursor!.tokens);
  });

  it("Claude Code's ENABLE_TOOL_SEARCH and the context window come from the caller", async () => {
    const c = nameCatalog('claude-code', givenCatalogParts(rows('s', ['a', 'b'])), undefined, ['claude-code']);
    expect((await catalogLimits(c, rulesIn('claude-code'), {}))[0]!.limits).toMatchObject([{ kind: 'defer-all', affected: 2 }]);
    expect((await catalogLimits(c, rulesIn('claude-code'), { ENABLE_TOOL_SEARCH: 'auto' }, 1000))[0]!.limits).toMatchObject([{ kind: 'defer-share', limit: 100, window: 1000 }]);
  });

  it("a tool Claude Code's deny rule refuses is not counted for it (its model is not offered it); Qwen Code's same rule leaves it counted", async () => {
    const c = () => nameCatalog('claude-code', givenCatalogParts(rows('s', ['a', 'b', 'c'])), undefined, ['claude-code', 'qwen']);
    const before = Object.fromEntries((await catalogLimits(c(), rulesIn('claude-code'), {})).map((s) => [s.profile, s]));
    expect(before['claude-code']).toMatchObject({ tools: 3 });
    expect(before.qwen).toMatchObject({ tools: 3 });

    const deny = { permissions: { deny: ['mcp__s__b'] } };
    await mkdir(join(home, '.claude'), { recursive: true });
    await mkdir(join(home, '.qwen'), { recursive: true });
    await writeFile(join(home, '.claude', 'settings.json'), JSON.stringify(deny));
    await writeFile(join(home, '.qwen', 'settings.json'), JSON.stringify(deny));
    const cat = c();
    const b = cat.view.tools.find((t) => t.tool === 'b')!;
    // Both agents' own rules deny it (the panel's simulation, each agent's syntax and files)…
    for (const p of ['claude-code', 'qwen'] as const) {
      const sim = await rulesIn('claude-code').simulate(cat, { profile: p });
      expect(sim.tools.find((t) => t.name === 'mcp__s__b')).toMatchObject({ decision: 'deny' });
    }
    // …whichever agent is selected, only Claude Code stops counting it.
    for (const selected of ['claude-code', 'qwen'] as const) {
      const after = Object.fromEntries((await catalogLimits(cat, rulesIn(selected), {})).map((s) => [s.profile, s]));
      expect(after['claude-code']).toMatchObject({ tools: 2, tokens: before['claude-code']!.tokens - b.tokens, limits: [{ kind: 'defer-all', value: 2, affected: 2 }] });
      expect(after.qwen).toEqual(before.qwen);
    }
  });
});
