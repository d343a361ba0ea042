// The editor's as-you-type checks are the host's rules, not a second copy that drifts: a
// token shape under an innocent name is flagged as the writer would refuse it, a reference
// is not, and the name rule is the writer's.
import { describe, expect, it } from 'vitest';
import { SECRET_MASK } from '../../../../shared/contract';
import { findInlineSecrets } from '../../../../shared/secrets/secret-rules';
import { looksSecret, validateName } from '../../../../renderer/src/features/editor/draft';

describe('editor draft rules', () => {
  it('flag exactly what the writer refuses', () => {
    const cases: Array<['env' | 'header', string, string]> = [
      ['env', 'FOO', 'ghp_abcdefghijklmnopqrstuvwxyz0123456789'],
      ['env', 'GITHUB_TOKEN', '${GITHUB_TOKEN}'],
      ['env', 'API_KEY', 'hunter2'],
      ['env', 'DEBUG', 'true'],
      ['header', 'Authorization', 'Bearer ${TOKEN}'],
      ['header', 'Authorization', 'Bearer abc.def'],
      ['header', 'X-Trace', 'on'],
    ];
    for (const [kind, key, value] of cases) {
      const writer = findInlineSecrets(kind === 'env' ? { env: { [key]: value } } : { headers: { [key]: value } }).length > 0;
      expect(looksSecret(kind, key, value), `${kind} ${key}`).toBe(writer);
    }
    expect(looksSecret('env', 'FOO', 'ghp_abcdefghijklmnopqrstuvwxyz0123456789')).toBe(true);
    expect(looksSecret('env', 'GITHUB_TOKEN', SECRET_MASK)).toBe(false);
  });

  it('refuse the names the writer refuses, and only those', () => {
    expect(validateName('__proto__', [])).toBe('reserved');
    expect(validateName('matrix', [])).toBeNull();
    expect(validateName('gh', ['gh'])).toBe('taken');
    expect(validateName('  ', [])).toBe('empty');
  });
});
