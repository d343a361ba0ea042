import { describe, expect, it } from 'vitest';
import { translate } from '../../../shared/i18n';
import { en, zh } from '../../../shared/i18n/messages';
import { glossary } from '../../../shared/i18n/messages/glossary';
import { reasons } from '../../../shared/i18n/messages/reasons';
import { agent } from '../../../shared/i18n/messages/agent';
import { describeReason } from '../../../shared/i18n/reasons';
import { issueSentence } from '../../../shared/i18n/agent-view';

// Placeholders, references, tags, quoted and code text are names, not prose.
const prose = (text: string) => text.replace(/\$\{[^}]*\}+|\{\w+\}|<[^>]*>|"[^"]*"|`[^`]*`/g, ' ');

/** Keys whose English says a glossary term and whose Chinese lacks that term's word. */
function glossaryGaps(enCat: Record<string, string>, zhCat: Record<string, string>): string[] {
  const gaps: string[] = [];
  for (const term of glossary) {
    const word = new RegExp(`\\b${term.en}s?\\b`, 'i');
    for (const [key, text] of Object.entries(enCat)) {
      if (!word.test(prose(text))) continue;
      const other = 'otherSense' in term && term.otherSense.keys.some((k) => key.startsWith(k));
      const want = other ? term.otherSense.zh : term.zh;
      if (!zhCat[key]?.includes(want)) gaps.push(`${key}: "${term.en}" → ${want}`);
    }
  }
  return gaps;
}

describe('message catalogues', () => {
  it('give every key in both languages, with the same placeholders', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(zh[key], key).toBeTruthy();
      expect(placeholders(zh[key]), key).toEqual(placeholders(en[key]));
    }
  });

  it('never show the spec ids (CFG-8, DISC-3…) to the user, in either language', () => {
    const id = /\b(CFG|CONN|NAME|DISC|PERM|AUTH|SEC|UI|BRIDGE)-\d+\b/;
    const leaks = [...Object.entries(en), ...Object.entries(zh)].filter(([, text]) => id.test(text)).map(([key, text]) => `${key}: ${text}`);
    expect(leaks).toEqual([]);
  });

  it('use the glossary word for every recurring term in Chinese', () => {
    const offenders: string[] = [];
    for (const [key, text] of Object.entries(zh)) {
      for (const term of glossary) for (const word of term.not) if (text.includes(word)) offenders.push(`${key}: "${word}" (use ${term.zh})`);
    }
    expect(offenders).toEqual([]);
  });

  it('say a glossary term with its Chinese word wherever the English says it', () => {
    expect(glossaryGaps(en, zh)).toEqual([]);
  });

  it('the glossary check fails a Chinese text that drops the term, or uses the wrong sense', () => {
    expect(glossaryGaps({ 'x.a': 'the agent reads {server}' }, { 'x.a': '它会读取 {server}' })).toEqual(['x.a: "agent" → 智能体']);
    expect(glossaryGaps({ 'disc.a': '5 tokens', 'login.a': 'token kept' }, { 'disc.a': '5 个令牌', 'login.a': '已保存 token' })).toEqual(['disc.a: "token" → token', 'login.a: "token" → 令牌']);
  });

  // reasons.ts and agent-view.ts speak through their own catalogue (the CLI's `tools` loads no
  // other): no other catalogue may give one of their keys a different sentence.
  it('one-catalogue sentences are the merged tables\' sentences', () => {
    for (const c of [reasons, agent]) {
      for (const key of Object.keys(c.en) as (keyof typeof en & keyof typeof c.en)[]) {
        expect(en[key], key).toBe(c.en[key]);
        expect(zh[key], key).toBe(c.zh[key]);
      }
    }
    expect(describeReason('zh', { code: 'discovery_timeout', params: { ms: 2000 }, reason: 'x' })).toBe(`${translate('zh', 'reason.discovery_timeout', { ms: 2000 })}: x`);
    expect(issueSentence('en', { code: 'no_oauth', params: { agent: 'minimax' } })).toBe(translate('en', 'agent.issue.no_oauth', { agent: 'minimax' }));
  });

  it('fill placeholders and keep unknown ones visible', () => {
    expect(translate('en', 'servers.tools_other', { n: 3 })).toBe('3 tools');
    expect(translate('zh', 'servers.from', {})).toContain('{path}');
  });
});
