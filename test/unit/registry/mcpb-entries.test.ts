// REG-3: which entries of an MCPB bundle may be unpacked (mcpb/entries.ts): paths that stay in
// the bundle's folder, regular files and folders only, owner-only modes.
import { describe, expect, it } from 'vitest';
import { entryKindOf, entryPathProblem, fileModeOf } from '../../../electron/services/registry/mcpb/entries';

describe('MCPB entry paths', () => {
  it.each(['manifest.json', 'server/index.js', 'server/lib/', 'node_modules/@scope/pkg/index.js', 'a..b/c..d.txt', '.mcpbignore', 'server/.hidden/x'])('%s stays inside', (name) => expect(entryPathProblem(name)).toBeNull());

  it.each([
    ['../escape.txt', /".."/],
    ['server/../../escape', /".."/],
    ['a/b/../../../x', /".."/],
    ['..', /".."/],
    ['/etc/passwd', /absolute/],
    ['C:/Windows/x', /absolute/],
    ['c:evil', /absolute/],
    ['server\\..\\x', /backslash/],
    ['a//b', /empty or "\."/],
    ['./a', /empty or "\."/],
    ['a/./b', /empty or "\."/],
    ['', /no name/],
    ['/', /no name/],
    ['a\u0000b', /control/],
    ['a\nb', /control/],
    ['x'.repeat(1025), /1024/],
    [Array.from({ length: 65 }, () => 'd').join('/'), /nested/],
  ])('%j is refused', (name, why) => expect(entryPathProblem(name)).toMatch(why));
});

describe('MCPB entry kinds', () => {
  it('files and folders by mode or by the folder flag when no mode was recorded', () => {
    expect(entryKindOf(0o100644, false)).toBe('file');
    expect(entryKindOf(0o100755, false)).toBe('file');
    expect(entryKindOf(0o040755, true)).toBe('dir');
    expect(entryKindOf(0o644, false)).toBe('file'); // the MCPB tool records permissions only (pack.js: mode & 0o777)
    expect(entryKindOf(null, false)).toBe('file');
    expect(entryKindOf(null, true)).toBe('dir');
  });

  it('links, devices, pipes and sockets are refused', () => {
    expect(entryKindOf(0o120777, false)).toEqual({ refused: expect.stringMatching(/symbolic link/) });
    expect(entryKindOf(0o120777, true)).toEqual({ refused: expect.stringMatching(/symbolic link/) });
    for (const t of [0o020000, 0o060000, 0o010000, 0o140000]) expect(entryKindOf(t | 0o644, false)).toEqual({ refused: expect.stringMatching(/device, pipe or socket/) });
    expect(entryKindOf(0o100644, true)).toEqual({ refused: expect.stringMatching(/folder entry marked as a file/) });
  });

  it('modes are the owner\'s only: executable when the bundle says so', () => {
    expect(fileModeOf(0o100755)).toBe(0o700);
    expect(fileModeOf(0o100644)).toBe(0o600);
    expect(fileModeOf(0o100777)).toBe(0o700);
    expect(fileModeOf(0o100666)).toBe(0o600);
    expect(fileModeOf(null)).toBe(0o600);
  });
});
