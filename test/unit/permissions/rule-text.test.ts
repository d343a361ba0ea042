// Issue 14 item 6: the rules in an agent's file are edited losslessly (CFG-7), and the layers
// merge with the most local file's rules first (shared/permissions/layers.ts).
import { describe, expect, it } from 'vitest';
import { readRules, writeRules } from '../../../electron/services/permissions/rule-text';
import { mergeLayers, sourceOf } from '../../../shared/permissions/layers';
import { simulate } from '../../../shared/permissions/simulate';

const FILE = `{
  // the user's servers
  "mcpServers": { "gh": { "command": "gh-mcp" } },
  "permissions": {
    "deny": [
      "mcp__gh__delete_repo", // never
      "mcp__gh__admin"
    ],
    "allow": ["mcp__gh"]
  },
  "theme": "dark"
}
`;
const lists = (l: Partial<Record<'allow' | 'ask' | 'deny', string[]>>) => ({ allow: [], ask: [], deny: [], ...l });
const edit = (text: string | null, rules: ReturnType<typeof lists>): string => {
  const r = writeRules(text, rules);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('reading rules from a layer file', () => {
  it('reads the lists (absent ones empty), a file without permissions holds none, a broken file says why', () => {
    expect(readRules(FILE)).toEqual({ rules: lists({ deny: ['mcp__gh__delete_repo', 'mcp__gh__admin'], allow: ['mcp__gh'] }), problem: null });
    expect(readRules('{"mcpServers": {}}')).toEqual({ rules: lists({}), problem: null });
    expect(readRules(null).problem).toBeNull();
    expect(readRules('{"permissions": {"allow": [1]}}').problem?.code).toBe('shape');
    expect(readRules('{"a": 1,}').problem).toMatchObject({ code: 'parse', params: { line: 1 } });
  });
});

describe('writing rules back losslessly', () => {
  it('adding a rule touches only that list: comments, unrelated keys and order stay', () => {
    const out = edit(FILE, lists({ deny: ['mcp__gh__delete_repo', 'mcp__gh__admin'], allow: ['mcp__gh', 'mcp__slack'] }));
    expect(out).toBe(FILE.replace('"allow": ["mcp__gh"]', '"allow": ["mcp__gh", "mcp__slack"]'));
  });

  it('changing, deleting and reordering keep the comment of an untouched rule', () => {
    const changed = edit(FILE, lists({ deny: ['mcp__gh__delete_repo', 'mcp__gh__owner'], allow: ['mcp__gh'] }));
    expect(changed).toBe(FILE.replace('"mcp__gh__admin"', '"mcp__gh__owner"'));
    const deleted = edit(FILE, lists({ deny: ['mcp__gh__delete_repo'], allow: ['mcp__gh'] }));
    expect(deleted).toBe(FILE.replace('"mcp__gh__delete_repo", // never\n      "mcp__gh__admin"', '"mcp__gh__delete_repo" // never'));
    expect(readRules(deleted).rules.deny).toEqual(['mcp__gh__delete_repo']);
    const swapped = edit(FILE, lists({ deny: ['mcp__gh__admin', 'mcp__gh__delete_repo'], allow: ['mcp__gh'] }));
    expect(readRules(swapped).rules.deny).toEqual(['mcp__gh__admin', 'mcp__gh__delete_repo']);
    expect(swapped).toContain('// the user\'s servers');
    expect(swapped).toContain('"theme": "dark"');
  });

  it('an insert in the middle replaces the strings after it and appends one: comments stay in place', () => {
    const out = edit(FILE, lists({ deny: ['mcp__gh__delete_repo', 'mcp__gh__push', 'mcp__gh__admin'], allow: ['mcp__gh'] }));
    expect(out).toBe(FILE.replace('"mcp__gh__admin"\n', '"mcp__gh__push",\n      "mcp__gh__admin"\n'));
    const deleted = edit(FILE, lists({ allow: ['mcp__gh'] }));
    expect(deleted).toBe(FILE.replace(/"deny": \[[^\]]*\]/, '"deny": [\n    ]'));
  });

  it('adds a permissions key to a file without one, and creates a missing file', () => {
    const out = edit('{\n\t"mcpServers": {}\n}\n', lists({ ask: ['mcp__*'] }));
    expect(out.startsWith('{\n\t"mcpServers": {},\n\t"permissions": {')).toBe(true);
    expect(readRules(out).rules.ask).toEqual(['mcp__*']);
    expect(JSON.parse(edit(null, lists({ deny: ['mcp__x'] })))).toEqual({ permissions: { deny: ['mcp__x'] } });
  });

  it('refuses a file it cannot vouch for instead of rewriting it', () => {
    expect(writeRules('{"a": 1,}', lists({ allow: ['x'] }))).toMatchObject({ ok: false, error: { code: 'parse_error' } });
    expect(writeRules('{"permissions": []}', lists({ allow: ['x'] }))).toMatchObject({ ok: false, error: { code: 'parse_error' } });
    expect(writeRules('[1]', lists({ allow: ['x'] }))).toMatchObject({ ok: false, error: { code: 'parse_error' } });
  });
});

describe('layers', () => {
  it('the most local file comes first in each list, and every merged rule knows its file', () => {
    const merged = mergeLayers([
      { layer: 'user', path: '/u/mcp.json', rules: lists({ allow: ['mcp__a'], deny: ['mcp__b__x'] }) },
      { layer: 'project', path: '/p/.mcp.json', rules: lists({ allow: ['mcp__b'] }) },
    ]);
    expect(merged.rules).toEqual(lists({ allow: ['mcp__b', 'mcp__a'], deny: ['mcp__b__x'] }));
    expect(sourceOf(merged, 'allow', 1)).toEqual({ layer: 'user', path: '/u/mcp.json', position: 0 });
    const sim = simulate({ profile: 'minimax', rules: merged.rules, tools: ['mcp__b__y', 'mcp__b__x'] });
    expect(sim.tools.map((t) => [t.decision, t.rule && sourceOf(merged, t.rule.list, t.rule.index)?.layer])).toEqual([
      ['allow', 'project'],
      ['deny', 'user'],
    ]);
    expect(sourceOf(null, 'allow', 0)).toBeNull();
  });
});
