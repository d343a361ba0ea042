// Issue 21 F6: `mcp__*a*a*…*x` against a 32-character name took 23 s in the host's regex
// engine. Globs are now matched without backtracking: decided here by the work counter of the
// engine and by completing the 10,000-star pattern, never by a clock. Semantics stay
// picomatch's (kimi's matcher, PERM-3): every answer is checked against picomatch's regex.
import fc from 'fast-check';
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { compileGlob } from '../../../shared/permissions/glob';
import { compileLinear } from '../../../shared/permissions/linear-regex';
import { ruleMatches } from '../../../shared/permissions/match';

describe('globs in bounded time', () => {
  it('the pathological pattern from the review is decided, both ways, by both matchers', () => {
    const name = 'mcp__' + 'a'.repeat(27); // 32 characters, no x: a backtracking engine explores every split
    const stars = 'mcp__' + '*a'.repeat(10_000) + '*x';
    expect(compileGlob(stars)(name)).toBe(false);
    expect(compileGlob(stars)('mcp__' + 'a'.repeat(10_000) + 'x')).toBe(true);
    expect(ruleMatches('kimi', stars, name)).toBe(false);
    // A leading star takes picomatch's regex (dot-file rule) through the linear engine.
    const lead = '*a'.repeat(200) + '*x';
    expect(compileGlob(lead)(name)).toBe(false);
    expect(compileGlob(lead)('a'.repeat(300) + 'x')).toBe(true);
    expect(compileGlob(lead)('.' + 'a'.repeat(300) + 'x')).toBe(false); // picomatch: no leading dot
  });

  it("the engine's work grows with states × characters, not with the ways to split the name", () => {
    const work = (stars: number, length: number) => {
      const m = compileLinear(picomatch.makeRe('*a'.repeat(stars) + '*x').source);
      expect(m.test('a'.repeat(length))).toBe(false);
      return m.steps;
    };
    // Doubling the name at most doubles the work (a backtracking engine squares it or worse).
    const [w64, w128, w256] = [work(12, 64), work(12, 128), work(12, 256)];
    expect(w128).toBeLessThanOrEqual(2.2 * w64);
    expect(w256).toBeLessThanOrEqual(2.2 * w128);
    // And more stars cost proportionally more states, never a blow-up: 40 stars over 256 characters.
    expect(work(40, 256)).toBeLessThan(40 * 10 * 257);
  });

  it('answers as picomatch does for globs with classes, braces, extglobs and leading wildcards (property)', () => {
    const atom = fc.constantFrom('a', 'b', '_', '.', '-', '*', '?', '**', '[ab]', '[!a]', '[^b]', '[a-c]', '{a,b}', '{a,_}', '@(a|b)', '+(a)', '*(b)', '?(a)', '!(a)', '__', '/');
    const glob = fc.array(atom, { minLength: 1, maxLength: 6 }).map((xs) => xs.join(''));
    const name = fc.array(fc.constantFrom('a', 'b', '_', '.', '-', '/', 'c', '__'), { maxLength: 9 }).map((xs) => xs.join(''));
    fc.assert(
      fc.property(glob, name, (g, n) => {
        expect(compileGlob(g)(n)).toBe(picomatch.makeRe(g).test(n));
      }),
      { numRuns: 4000 },
    );
  });
});
