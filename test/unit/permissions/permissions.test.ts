import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import picomatch from 'picomatch';
import { compileRule, parseToolName, ruleMatches } from '../../../shared/permissions/match';
import { compileGlob } from '../../../shared/permissions/glob';
import { flattenRules, parseRuleSet, strength, type RuleLists } from '../../../shared/permissions/rules';
import { simulate } from '../../../shared/permissions/simulate';
import type { PermNote } from '../../../shared/permissions/notes';
import { translateCode } from '../../../shared/i18n';

const lists = (l: Partial<RuleLists>): RuleLists => ({ allow: [], ask: [], deny: [], ...l });
/** A note as the CLI says it (the catalogue's English). */
const en = (n: PermNote | null): string => (n ? translateCode('en', 'perm.note', n) : '');

describe('rule files', () => {
  it('accepts {"permissions": {...}} and the bare inner object; rejects a non-array list', () => {
    expect(parseRuleSet({ permissions: { allow: ['mcp__a'] } })).toEqual({ ok: true, value: lists({ allow: ['mcp__a'] }) });
    expect(parseRuleSet({ deny: ['mcp__b'] })).toEqual({ ok: true, value: lists({ deny: ['mcp__b'] }) });
    const bad = parseRuleSet({ permissions: { allow: 'mcp__a' } });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toContain('allow');
  });
});

describe('minimax matching (PERM-2)', () => {
  it('mcp__<server> covers every tool of that server', () => {
    expect(ruleMatches('minimax', 'mcp__github', 'mcp__github__create_issue')).toBe(true);
    expect(ruleMatches('minimax', 'mcp__github', 'mcp__gitlab__create_issue')).toBe(false);
  });
  it('never prefix-matches', () => {
    expect(ruleMatches('minimax', 'mcp__git', 'mcp__github__create_issue')).toBe(false);
    expect(ruleMatches('minimax', 'mcp__github__create', 'mcp__github__create_issue')).toBe(false);
  });
  it('matches only names of exactly three segments: an extra __ makes it fail', () => {
    expect(ruleMatches('minimax', 'mcp__a', 'mcp__a__b__c')).toBe(false);
    expect(ruleMatches('minimax', 'mcp__a__b__c', 'mcp__a__b__c')).toBe(false);
    expect(ruleMatches('minimax', 'mcp__a__b', 'mcp__a__b')).toBe(true);
  });
  it('does not expand wildcards', () => {
    expect(ruleMatches('minimax', 'mcp__*', 'mcp__a__b')).toBe(false);
    expect(ruleMatches('minimax', 'mcp__a__*', 'mcp__a__b')).toBe(false);
  });
});

describe('kimi matching (PERM-3)', () => {
  it('the tool part is a picomatch glob', () => {
    expect(ruleMatches('kimi', 'mcp__github__*', 'mcp__github__create_issue')).toBe(true);
    expect(ruleMatches('kimi', 'mcp__github__*', 'mcp__gitlab__create_issue')).toBe(false);
    expect(ruleMatches('kimi', 'mcp__*', 'mcp__gitlab__create_issue')).toBe(true);
    expect(ruleMatches('kimi', 'mcp__git*__create_*', 'mcp__gitlab__create_issue')).toBe(true);
    expect(ruleMatches('kimi', 'mcp__github__create_issue', 'mcp__github__create_issue')).toBe(true);
    expect(ruleMatches('kimi', 'mcp__github', 'mcp__github__create_issue')).toBe(false);
  });
});

describe('simulator (PERM-4)', () => {
  const tools = ['mcp__github__create_issue', 'mcp__github__delete_repo', 'mcp__slack__post', 'mcp__db__query', 'mcp__a__b__c'];

  it('decides deny > ask > allow, names the deciding rule, and falls back to the default', () => {
    const sim = simulate({
      profile: 'minimax',
      rules: lists({ allow: ['mcp__github', 'mcp__slack__post'], ask: ['mcp__github__delete_repo'], deny: ['mcp__slack'] }),
      tools,
    });
    expect(sim.tools.map((t) => [t.name, t.decision, t.rule && `${t.rule.list}[${t.rule.index}]`])).toEqual([
      ['mcp__github__create_issue', 'allow', 'allow[0]'],
      ['mcp__github__delete_repo', 'ask', 'ask[0]'],
      ['mcp__slack__post', 'deny', 'deny[0]'],
      ['mcp__db__query', 'ask', null],
      ['mcp__a__b__c', 'ask', null],
    ]);
    expect(en(sim.tools[4]!.note)).toContain('extra __');
    const byRule = Object.fromEntries(sim.rules.map((r) => [`${r.list}[${r.index}]`, r]));
    expect(byRule['allow[0]']).toMatchObject({ matches: 2, neverMatches: false, shadowedBy: null });
    // allow mcp__slack__post matches one tool but deny mcp__slack decides it.
    expect(byRule['allow[1]']).toMatchObject({ matches: 1, shadowedBy: { list: 'deny', index: 0, rule: 'mcp__slack' } });
  });

  it('uses --default for undecided tools', () => {
    const sim = simulate({ profile: 'kimi', rules: lists({}), tools: ['mcp__x__y'], defaultDecision: 'deny' });
    expect(sim.tools[0]).toMatchObject({ decision: 'deny', rule: null });
  });

  it('earlier rules of the same list decide first; later identical rules are shadowed', () => {
    const sim = simulate({ profile: 'kimi', rules: lists({ allow: ['mcp__github__*', 'mcp__github__create_issue', 'mcp__nothing__*'] }), tools });
    expect(sim.tools[0]!.rule).toEqual({ list: 'allow', index: 0, rule: 'mcp__github__*' });
    expect(sim.rules[1]).toMatchObject({ matches: 1, shadowedBy: { list: 'allow', index: 0 } });
    expect(sim.rules[2]).toMatchObject({ matches: 0, neverMatches: true, shadowedBy: null });
  });

  it('flags statically shadowed rules even when no tool is given', () => {
    const sim = simulate({ profile: 'minimax', rules: lists({ allow: ['mcp__s__t'], deny: ['mcp__s'] }), tools: [] });
    expect(sim.rules.find((r) => r.list === 'allow')!.shadowedBy).toEqual({ list: 'deny', index: 0, rule: 'mcp__s' });
  });

  it('warns about rules that can never match under the profile\'s semantics', () => {
    const mm = simulate({ profile: 'minimax', rules: lists({ allow: ['mcp__git', 'mcp__*', 'mcp__a__b__c', 'Bash(ls)'] }), tools });
    expect(mm.rules.map((r) => r.unmatchable !== null)).toEqual([true, true, true, true]);
    expect(en(mm.rules[0]!.unmatchable)).toContain('never prefix-matches');
    // Each note once: the argument content of Bash(ls) is the only note besides the unmatchable ones.
    expect(mm.rules.flatMap((r) => r.notes.map((n) => n.code))).toEqual(['content-not-simulated']);
    const km = simulate({ profile: 'kimi', rules: lists({ allow: ['mcp__github', 'mcp__github__*'] }), tools });
    expect(en(km.rules[0]!.unmatchable)).toContain('mcp__github__*');
    expect(km.rules[1]!.unmatchable).toBeNull();
    expect(km.rules[1]!.matches).toBe(2);
    // The hint names the server as kimi does: `fs.work` is `fs_work`, so the suggestion can match.
    const hint = simulate({ profile: 'kimi', rules: lists({ allow: ['mcp__fs.work'] }), tools: ['mcp__fs_work__read'] }).rules[0]!.unmatchable;
    expect(en(hint)).toContain('write mcp__fs_work__* ');
    expect(simulate({ profile: 'kimi', rules: lists({ allow: ['mcp__fs_work__*'] }), tools: ['mcp__fs_work__read'] }).rules[0]!.matches).toBe(1);
  });

  it('the indexed simulator agrees with brute-force rule-by-rule matching (property)', () => {
    const seg = fc.constantFrom('a', 'b', 'ab', 'git', 'github', 'x-y', 'a_b');
    const toolName = fc.tuple(seg, seg, fc.boolean()).map(([s, t, extra]) => `mcp__${s}__${t}${extra ? '__z' : ''}`);
    const rule = fc.oneof(
      seg.map((s) => `mcp__${s}`),
      fc.tuple(seg, seg).map(([s, t]) => `mcp__${s}__${t}`),
      fc.tuple(seg, fc.constantFrom('*', 'a*', '*b', '{a,b}')).map(([s, g]) => `mcp__${s}__${g}`),
      fc.constantFrom('mcp__*', 'mcp__g*', '*', 'mcp__*__a', 'Read', 'mcp__*__ab_*', '*github*', '*__x-y', 'mcp__*__a_b', '*_b__a*'),
    );
    const ruleLists = fc.record({ allow: fc.array(rule, { maxLength: 6 }), ask: fc.array(rule, { maxLength: 6 }), deny: fc.array(rule, { maxLength: 6 }) });
    fc.assert(
      fc.property(fc.constantFrom('minimax', 'kimi') as fc.Arbitrary<'minimax' | 'kimi'>, ruleLists, fc.array(toolName, { maxLength: 12 }), (profile, rules, names) => {
        const sim = simulate({ profile, rules, tools: names });
        const flat = flattenRules(rules);
        names.forEach((name, i) => {
          const decider = flat.find((r) => ruleMatches(profile, r.rule, name)) ?? null;
          expect(sim.tools[i]!.rule).toEqual(decider);
        });
        flat.forEach((r, i) => expect(sim.rules[i]!.matches).toBe(names.filter((n) => ruleMatches(profile, r.rule, n)).length));
        expect(flat.every((r, i) => i === 0 || strength(flat[i - 1]!.list) <= strength(r.list))).toBe(true);
      }),
      { numRuns: 150 },
    );
  });
});

describe('simulator index and shadows (PERM-4)', () => {
  // Longer segments and globs whose literal is ≥ 4 characters exercise the piece index, a
  // literal occurring twice in a name, and the static shadows of exact rules.
  const seg = fc.constantFrom('git', 'github', 'gitlab', 'create_issue', 'issue', 'x-y', 'a_b_c', 'list');
  const rule = fc.oneof(
    seg.map((s) => `mcp__${s}`),
    fc.tuple(seg, seg).map(([s, t]) => `mcp__${s}__${t}`),
    fc.tuple(seg, seg).map(([s, t]) => ` mcp__${s}__${t} `),
    fc.tuple(seg, seg).map(([s, t]) => `mcp__${s}__${t}(arg)`),
    fc.tuple(seg, fc.constantFrom('*', 'crea*', '*issue', '*_issue*', 'issue*issue')).map(([s, g]) => `mcp__${s}__${g}`),
    fc.tuple(seg, seg).map(([s, t]) => `*${s}*${t}*`),
    fc.constantFrom('mcp__*__create_*', '*issue*', '*__issue', 'mcp_git*', 'mcp_*_list', '*-y__*', 'mcp__*', '*'),
  );
  const name = fc.oneof(
    fc.tuple(seg, seg).map(([s, t]) => `mcp__${s}__${t}`),
    fc.tuple(seg, seg, seg).map(([s, t, u]) => `mcp__${s}__${t}__${u}`),
    fc.tuple(seg, seg).map(([s, t]) => `mcp_${s}_${t}`),
    fc.tuple(seg, seg).map(([s, t]) => `mcp__${s}__${t}_${t}`),
  );
  const ruleLists = fc.record({ allow: fc.array(rule, { maxLength: 8 }), ask: fc.array(rule, { maxLength: 8 }), deny: fc.array(rule, { maxLength: 8 }) });

  it('decisions, match counts and shadows agree with a rule-by-rule definition (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom('minimax', 'kimi', 'minara') as fc.Arbitrary<'minimax' | 'kimi' | 'minara'>, ruleLists, fc.array(name, { maxLength: 12 }), (profile, rules, names) => {
        const sim = simulate({ profile, rules, tools: names });
        const flat = flattenRules(rules);
        const matches = (r: { rule: string }, n: string): boolean => ruleMatches(profile, r.rule, n);
        const deciders = names.map((n) => flat.findIndex((r) => matches(r, n)));
        names.forEach((_, t) => expect(sim.tools[t]!.rule).toEqual(deciders[t]! >= 0 ? flat[deciders[t]!] : null));
        // minimax flags `mcp__git` as a hoped-for prefix of a server the tools have: unusable.
        const servers = new Set(names.map((n) => parseToolName(profile, n).server).filter((x): x is string => x !== null));
        const compiled = flat.map((r) => compileRule(profile, r, servers));
        flat.forEach((r, i) => {
          const hit = names.map((n, t) => (matches(r, n) ? t : -1)).filter((t) => t >= 0);
          expect(sim.rules[i]!.matches).toBe(hit.length);
          let shadow = -1;
          if (hit.length > 0) {
            // Never deciding: shadowed by whatever decided the first tool it matches.
            if (!deciders.includes(i)) shadow = deciders[hit[0]!]!;
          } else {
            // Matching nothing: the first earlier usable rule that is the same rule, or (an
            // exact rule) a rule without argument content that matches its name.
            const c = compiled[i]!;
            shadow = flat.findIndex((o, k) => {
              const other = compiled[k]!;
              if (k >= i || other.unmatchable) return false;
              if (o.rule.trim() === r.rule.trim()) return true;
              return c.exact !== null && other.exact === null && other.notes.length === 0 && matches(o, c.exact);
            });
          }
          expect(sim.rules[i]!.shadowedBy).toEqual(shadow >= 0 ? flat[shadow] : null);
        });
      }),
      { numRuns: 400 },
    );
  });
});

describe('compileGlob', () => {
  it('matches exactly what picomatch matches for literal/*/? globs (property)', () => {
    const ch = fc.constantFrom('a', 'b', '_', '-', '.', 'm', 'c', 'p');
    const glob = fc.array(fc.oneof(ch, fc.constantFrom('*', '?', '**', '__')), { minLength: 1, maxLength: 8 }).map((xs) => xs.join(''));
    const name = fc.array(fc.oneof(ch, fc.constant('__')), { minLength: 0, maxLength: 10 }).map((xs) => xs.join(''));
    fc.assert(
      fc.property(glob, name, (g, n) => {
        expect(compileGlob(g)(n)).toBe(picomatch.makeRe(g).test(n));
      }),
      { numRuns: 3000 },
    );
  });
});
