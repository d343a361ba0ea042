import { describe, expect, it } from 'vitest';
import { translate } from '../../../shared/i18n';
import { en, zh } from '../../../shared/i18n/messages';
import { glossary } from '../../../shared/i18n/messages/glossary';

describe('message catalogues', () => {
  it('give every key in both languages, with the same placeholders', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(zh[key], key).toBeTruthy();
      expect(placeholders(zh[key]), key).toEqual(placeholders(en[key]));
    }
  });

  it('use the glossary word for every recurring term in Chinese', () => {
    const offenders: string[] = [];
    for (const [key, text] of Object.entries(zh)) {
      for (const term of glossary) for (const word of term.not) if (text.includes(word)) offenders.push(`${key}: "${word}" (use ${term.zh})`);
    }
    expect(offenders).toEqual([]);
  });

  it('fill placeholders and keep unknown ones visible', () => {
    expect(translate('en', 'servers.tools_other', { n: 3 })).toBe('3 tools');
    expect(translate('zh', 'servers.from', {})).toContain('{path}');
  });
});
