import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fnv1a32Hex, KIMI_MAX_NAME, kimiAuthToolName, kimiQualifiedName } from '../../../shared/profiles/kimi/naming';
import { MINIMAX_MAX_NAME, minimaxBaseName, minimaxSuffixed } from '../../../shared/profiles/minimax/naming';
import { minaraQueryToolName, minaraToolName } from '../../../shared/profiles/minara/naming';
import { sanitizeApiPart as sanitizeMinimaxPart, VALID_NAME } from '../../../shared/naming/schemes';

describe('FNV-1a 32-bit', () => {
  it('matches the published test vectors', () => {
    expect(fnv1a32Hex('')).toBe('811c9dc5');
    expect(fnv1a32Hex('a')).toBe('e40c292c');
    expect(fnv1a32Hex('foobar')).toBe('bf9cf968');
    // Non-ASCII text hashes its UTF-8 bytes: 'é' is c3 a9.
    const manual = [0xc3, 0xa9].reduce((h, b) => Math.imul(h ^ b, 0x01000193), 0x811c9dc5) >>> 0;
    expect(fnv1a32Hex('é')).toBe(manual.toString(16).padStart(8, '0'));
  });
});

describe('minimax names (NAME-1)', () => {
  it('maps characters outside [a-zA-Z0-9_-] to _ without collapsing', () => {
    expect(minimaxBaseName('my.server', 'get user/name')).toBe('mcp__my_server__get_user_name');
    expect(minimaxBaseName('a__b', 'c')).toBe('mcp__a__b__c');
    expect(minimaxBaseName('中文', 'x')).toBe('mcp______x');
  });
  it('cuts the server part at 48 characters', () => {
    const server = 's'.repeat(60);
    const name = minimaxBaseName(server, 't');
    expect(name).toBe(`mcp__${'s'.repeat(48)}__t`);
    expect(minimaxBaseName('s'.repeat(48), 't')).toBe(`mcp__${'s'.repeat(48)}__t`);
  });
  it('keeps a name of exactly 80 and cuts one of 81', () => {
    const tool80 = 't'.repeat(80 - 'mcp__srv__'.length);
    expect(minimaxBaseName('srv', tool80)).toHaveLength(80);
    expect(minimaxBaseName('srv', tool80)).toBe(`mcp__srv__${tool80}`);
    expect(minimaxBaseName('srv', tool80 + 'X')).toBe(`mcp__srv__${tool80}`);
  });
  it('keeps suffixed names within 80', () => {
    const base = minimaxBaseName('srv', 't'.repeat(100));
    expect(minimaxSuffixed(base, 2)).toHaveLength(80);
    expect(minimaxSuffixed(base, 2).endsWith('_2')).toBe(true);
    expect(minimaxSuffixed(base, 10)).toHaveLength(80);
    expect(minimaxSuffixed('mcp__a__b', 3)).toBe('mcp__a__b_3');
  });
});

describe('kimi names (NAME-2)', () => {
  it('sanitises and collapses runs of _', () => {
    expect(kimiQualifiedName('my..server', 'get__user')).toBe('mcp__my_server__get_user');
    expect(kimiAuthToolName('git hub')).toBe('mcp__git_hub__authenticate');
  });
  it('keeps 64 characters and hashes 65: first 55 + _ + 8 hex of the full name', () => {
    const tool64 = 't'.repeat(64 - 'mcp__srv__'.length);
    expect(kimiQualifiedName('srv', tool64)).toBe(`mcp__srv__${tool64}`);
    const full = `mcp__srv__${tool64}u`;
    const name = kimiQualifiedName('srv', tool64 + 'u');
    expect(name).toHaveLength(64);
    expect(name).toBe(`${full.slice(0, 55)}_${fnv1a32Hex(full)}`);
    expect(name).toMatch(/_[0-9a-f]{8}$/);
  });
  it('hashes the full name, so two names sharing 55 characters differ', () => {
    const a = kimiQualifiedName('srv', 'x'.repeat(70) + 'a');
    const b = kimiQualifiedName('srv', 'x'.repeat(70) + 'b');
    expect(a.slice(0, 55)).toBe(b.slice(0, 55));
    expect(a).not.toBe(b);
  });
});

describe('minara names (NAME-3)', () => {
  it('is mcp_<id>_<tool>, and a subagent server is mcp_<id>_query', () => {
    expect(minaraToolName('etherscan', 'get_balance')).toBe('mcp_etherscan_get_balance');
    expect(minaraQueryToolName('etherscan')).toBe('mcp_etherscan_query');
  });
});

describe('property: every scheme gives valid, bounded, deterministic names', () => {
  const part = fc.string({ minLength: 1, maxLength: 120, unit: fc.constantFrom('a', 'Z', '9', '_', '-', '.', ' ', '/', '中', '文', '😀', '__') });
  it('minimax: valid chars, ≤ 80, server ≤ 48, deterministic', () => {
    fc.assert(
      fc.property(part, part, fc.integer({ min: 2, max: 999 }), (s, t, n) => {
        const name = minimaxBaseName(s, t);
        expect(name).toMatch(VALID_NAME);
        expect(name.length).toBeLessThanOrEqual(MINIMAX_MAX_NAME);
        expect(name.startsWith('mcp__')).toBe(true);
        // The server part is the sanitised server cut at 48, whatever follows it.
        const serverPart = sanitizeMinimaxPart(s).slice(0, 48);
        expect(name).toBe(`mcp__${serverPart}__${sanitizeMinimaxPart(t)}`.slice(0, 80));
        expect(minimaxBaseName(s, t)).toBe(name);
        const suffixed = minimaxSuffixed(name, n);
        expect(suffixed).toMatch(VALID_NAME);
        expect(suffixed.length).toBeLessThanOrEqual(MINIMAX_MAX_NAME);
      }),
    );
  });
  it('kimi: valid chars, ≤ 64, deterministic, no __ inside a part', () => {
    fc.assert(
      fc.property(part, part, (s, t) => {
        const name = kimiQualifiedName(s, t);
        expect(name).toMatch(VALID_NAME);
        expect(name.length).toBeLessThanOrEqual(KIMI_MAX_NAME);
        expect(kimiQualifiedName(s, t)).toBe(name);
      }),
    );
  });
  it('minara: valid chars, deterministic', () => {
    fc.assert(
      fc.property(part, part, (s, t) => {
        expect(minaraToolName(s, t)).toMatch(VALID_NAME);
        expect(minaraToolName(s, t)).toBe(minaraToolName(s, t));
      }),
    );
  });
});
