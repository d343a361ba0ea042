// CFG-8: what counts as an inline secret, and that findings never carry the value.
import { describe, expect, it } from 'vitest';
import { findInlineSecrets, isEnvReferenceValue } from '../../../shared/secrets/secret-rules';

describe('findInlineSecrets', () => {
  const flagged: Array<[string, Record<string, unknown>, string]> = [
    ['literal authToken', { authToken: 'tok' }, '/authToken'],
    ['literal Authorization', { headers: { Authorization: 'Bearer abcdef' } }, '/headers/Authorization'],
    ['literal X-Api-Key', { headers: { 'X-Api-Key': 'k-123456' } }, '/headers/X-Api-Key'],
    ['any *token* header', { headers: { 'X-Access-Token': 'v1v2v3' } }, '/headers/X-Access-Token'],
    ['known token shape in a harmless header', { headers: { 'X-Note': 'ghp_abcdefghijklmnopqrstuvwxyz0123' } }, '/headers/X-Note'],
    ['secret-named env', { env: { OPENAI_API_KEY: 'sk-proj-aaaaaaaaaaaaaaaaaaaa' } }, '/env/OPENAI_API_KEY'],
    ['token-shaped env value', { env: { FOO: 'xoxb-1234567890-abcdef' } }, '/env/FOO'],
    ['--token=value arg', { args: ['--token=abcdef123'] }, '/args/0'],
    ['--api-key value arg', { args: ['--api-key', 'abcdef123'] }, '/args/1'],
    ['password in URL', { url: 'https://user:pa55word@host/mcp' }, '/url'],
    ['api_key in URL query', { url: 'https://host/mcp?api_key=abc123' }, '/url'],
    ['token pasted into authTokenEnv', { authTokenEnv: 'ghp_abc-def.ghi' }, '/authTokenEnv'],
    ['header name with a slash', { headers: { 'a/key': 'xyzxyz' } }, '/headers/a~1key'],
  ];
  for (const [what, entry, pointer] of flagged) {
    it(`flags ${what}`, () => {
      const found = findInlineSecrets(entry);
      expect(found.map((f) => f.pointer)).toContain(pointer);
      const text = JSON.stringify(found);
      for (const v of Object.values(entry).flatMap((x) => (typeof x === 'string' ? [x] : Object.values(x as object)))) {
        if (typeof v === 'string' && v.length > 5 && !v.startsWith('--')) expect(text).not.toContain(v);
      }
    });
  }

  const clean: Array<[string, Record<string, unknown>]> = [
    ['Bearer ${VAR}', { headers: { Authorization: 'Bearer ${DOCS_TOKEN}' } }],
    ['${VAR:-default} env', { env: { API_KEY: '${API_KEY:-dev}' } }],
    ['plain headers', { headers: { 'X-Tenant': 'acme' } }],
    ['flags and paths in secret-named env', { env: { USE_AUTH: 'true', KEY_FILE: '/home/me/key.pem' } }],
    ['env names for tokens', { authTokenEnv: 'SLACK_MCP_TOKEN', bearerTokenEnvVar: 'GH_TOKEN' }],
    ['empty authToken', { authToken: '' }],
    ['ordinary args and url', { args: ['-y', '@scope/server'], url: 'https://host/mcp?region=eu' }],
  ];
  for (const [what, entry] of clean) {
    it(`accepts ${what}`, () => expect(findInlineSecrets(entry)).toEqual([]));
  }

  it('isEnvReferenceValue allows only references after a scheme word', () => {
    expect(isEnvReferenceValue('${A}')).toBe(true);
    expect(isEnvReferenceValue('Bearer ${A}')).toBe(true);
    expect(isEnvReferenceValue('sk-${A}')).toBe(false);
    expect(isEnvReferenceValue('plain')).toBe(false);
  });
});
