// Issue 21 F5: the one secret rule, widened. A table of shapes that must count as literal
// secrets, and of look-alikes (`${VAR}` references, ports, ordinary values) that must not; each
// row through the rule (findInlineSecrets), the entry masking (page, records) and the free-text
// masking (reasons, errors, logs).
import { describe, expect, it } from 'vitest';
import { findInlineSecrets, maskEntrySecrets } from '../../../shared/secrets/secret-rules';
import { maskSecretsInText } from '../../../shared/secrets/secret-text';
import { POSITIVES, NEGATIVES } from '../../integration/security/secret-shapes';

const MASK = '••••••';

describe('secret shapes (F5)', () => {
  it.each(Object.entries(POSITIVES))('%s is a literal secret: found, and masked in the entry and in text', (_name, { entry, secret, pointer }) => {
    const found = findInlineSecrets(entry);
    expect(found.map((f) => f.pointer)).toContain(pointer);
    expect(JSON.stringify(found)).not.toContain(secret);
    expect(JSON.stringify(maskEntrySecrets(entry, MASK))).not.toContain(secret);
    const text = `failed to start: ${JSON.stringify(entry)}`;
    if (pointer === '/url') expect(maskSecretsInText(String(entry.url), MASK)).not.toContain(secret);
    else expect(maskSecretsInText(text, MASK, [secret])).not.toContain(secret);
  });

  it.each(Object.entries(NEGATIVES))('%s is not a secret', (_name, entry) => {
    expect(findInlineSecrets(entry)).toEqual([]);
    expect(maskEntrySecrets(entry, MASK)).toEqual(entry);
  });
});

describe('secret shapes in OpenCode spelling (AGENT-2)', () => {
  it('`{env:NAME}` is a reference; a literal in `environment` or inside the `command` array is a secret', () => {
    expect(findInlineSecrets({ type: 'remote', url: 'https://x.example/mcp', headers: { Authorization: 'Bearer {env:X_TOKEN}' }, environment: { API_KEY: '{env:API_KEY}' } })).toEqual([]);
    const token = 'ghp_0123456789abcdefghijklmnopqrstuvwxyzAB';
    const found = findInlineSecrets({ type: 'local', command: ['npx', '-y', 'srv', '--token', token], environment: { GITHUB_TOKEN: token } });
    expect(found.map((f) => f.pointer).sort()).toEqual(['/command/4', '/environment/GITHUB_TOKEN']);
    expect(JSON.stringify(maskEntrySecrets({ environment: { GITHUB_TOKEN: token } }, MASK))).not.toContain(token);
  });
});
