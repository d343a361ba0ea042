// GitHub Copilot CLI's `tools` array (CONN-8): `["*"]` lets every tool through and is what `copilot
// mcp add` writes (1.0.102), so the panel reads it as no limit and keeps it while nothing is held
// back; and its collision rule as the profile states it (NAME-1; unverified against a session,
// shared/profiles/copilot/README.md): both tools whose names meet are left out.
import { describe, expect, it } from 'vitest';
import { canonicalOf } from '../../../shared/install/canonical';
import { assignNames } from '../../../shared/naming/assign';
import { toolFilterPatch } from '../../../shared/schemas/dialects/tool-filter';

const offered = ['a', 'b', 'c'];
const on = (...n: string[]) => new Set(n);

describe('Copilot CLI tools array', () => {
  it('["*"] limits nothing; a list limits to it', () => {
    expect(canonicalOf('copilot', { type: 'local', command: 'x', tools: ['*'] })?.enabledTools).toBeUndefined();
    expect(canonicalOf('copilot', { type: 'local', command: 'x', tools: ['a'] })?.enabledTools).toEqual(['a']);
  });

  it('["*"] stays while every tool is on, and becomes the list of the enabled ones when one is held back', () => {
    expect(toolFilterPatch('copilot', { tools: ['*'] }, offered, on('a', 'b', 'c'))).toEqual({});
    expect(toolFilterPatch('copilot', { tools: ['*'] }, offered, on('a', 'c'))).toEqual({ tools: ['a', 'c'] });
  });
});

describe('Copilot CLI collisions (all-dropped)', () => {
  it('`a` + `b-c` and `a-b` + `c` meet on `a-b-c`: neither is offered; other tools keep their names', () => {
    const r = assignNames('copilot', [
      { serverId: 'a', serverName: 'a', tools: [{ name: 'b-c' }, { name: 'own' }] },
      { serverId: 'a-b', serverName: 'a-b', tools: [{ name: 'c' }] },
    ]);
    expect(r.tools.map((t) => [t.serverName, t.tool, t.name, t.dropped])).toEqual([
      ['a', 'b-c', null, true],
      ['a', 'own', 'a-own', false],
      ['a-b', 'c', null, true],
    ]);
    expect(r.collisions).toHaveLength(1);
  });
});
