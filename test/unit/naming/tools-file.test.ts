// The one reader of hand-given tools files (names, collisions, simulate, disclosure, search).
import { describe, expect, it } from 'vitest';
import { CatalogInputSchema } from '../../../shared/contract';
import { catalogOf, splitQualified, toolsFile } from '../../../electron/services/naming/inputs';

describe('tools files', () => {
  it('a list of qualified names (or definitions) is kept as typed, and becomes rows of their servers', () => {
    const f = toolsFile(['mcp__github__create_issue', { name: 'mcp__x__y', description: 'd', source: 'plugin-official' }]);
    expect(f).toEqual({ kind: 'named', items: [{ name: 'mcp__github__create_issue' }, { name: 'mcp__x__y', description: 'd', source: 'plugin-official' }] });
    expect(catalogOf(f, 'f')).toEqual([
      { server: 'github', tool: 'create_issue' },
      { server: 'x', tool: 'y', description: 'd', source: 'plugin-official' },
    ]);
  });

  it('rows pass through for the contract to check; mixed lists are rows', () => {
    const f = toolsFile([{ server: 'a', tool: 'b' }, 'mcp__c__d']);
    expect(f.kind).toBe('rows');
    const catalog = catalogOf(f, 'f');
    expect(CatalogInputSchema.parse({ catalog }).catalog?.map((r) => [r.server, r.tool, r.source])).toEqual([
      ['a', 'b', 'configured'],
      ['c', 'd', 'configured'],
    ]);
    expect(CatalogInputSchema.safeParse({ catalog: catalogOf(toolsFile([{ server: 'a' }]), 'f') }).success).toBe(false);
    expect(CatalogInputSchema.safeParse({ catalog: catalogOf(toolsFile({ not: 'a list' }), 'f') }).success).toBe(false);
  });

  it('splits minimax/kimi and minara names; anything else is an error naming the file', () => {
    expect(splitQualified('mcp__git_hub__a__b')).toEqual({ server: 'git_hub', tool: 'a__b' });
    expect(splitQualified('mcp_fs_read_file')).toEqual({ server: 'fs', tool: 'read_file' });
    expect(splitQualified('read_file')).toBeNull();
    expect(() => catalogOf(toolsFile(['read_file']), 'tools.json')).toThrow(/tools.json: "read_file" is not a qualified tool name/);
  });
});
