// CFG-8 / SEC-2: the one "is this a secret" rule (security issue items 4 and 11). The writer
// refuses, the scan reports and the page masks exactly what findInlineSecrets finds, so one
// table covers all three; `${VAR}` references must never be flagged.
import { describe, expect, it } from 'vitest';
import { entrySecretValues, findInlineSecrets, isEnvReferenceValue, maskEntrySecrets } from '../../../shared/secrets/secret-rules';
import { maskSecretsInText } from '../../../shared/secrets/secret-text';

const GHP = 'ghp_' + 'Zq8Lm2Nx4Vb6Tc1Rd3Se5Uf7Wg9Yh0Ji2Kk4';
const HEX40 = '0123456789abcdef0123456789abcdef01234567';
const M = '<MASK>';

// [what, entry, pointer, the secret piece that must be masked]
const flagged: Array<[string, Record<string, unknown>, string, string]> = [
  // item 4: the literal default of `${VAR:-default}`, in every dialect field
  ['env default', { env: { API_KEY: '${API_KEY:-dflt-secret-41}' } }, '/env/API_KEY', 'dflt-secret-41'],
  ['known token as env default', { env: { GH: `\${GH:-${GHP}}` } }, '/env/GH', GHP],
  ['header default after Bearer', { headers: { Authorization: 'Bearer ${X:-hdr-secret-42}' } }, '/headers/Authorization', 'hdr-secret-42'],
  ['query default', { url: 'https://h.example/mcp?api_key=${X:-q-secret-43}' }, '/url', 'q-secret-43'],
  ['--token=${X:-lit}', { args: ['--token=${T:-arg-secret-44}'] }, '/args/0', 'arg-secret-44'],
  ['--token ${X:-lit}', { args: ['--token', '${T:-arg-secret-45}'] }, '/args/1', 'arg-secret-45'],
  ['positional known-token default', { args: ['-y', 'srv', `\${GH:-${GHP}}`] }, '/args/2', GHP],
  // item 11
  ['mcp-remote --header "Authorization: Bearer …"', { command: 'npx', args: ['mcp-remote', 'https://h/mcp', '--header', 'Authorization: Bearer hdr-arg-46'] }, '/args/3', 'Bearer hdr-arg-46'],
  ['--header=X-Api-Key:…', { args: ['--header=X-Api-Key:key-arg-47'] }, '/args/0', 'key-arg-47'],
  ['postgresql://user:pass@ in args', { args: ['postgresql://app:pg-pass-48@db.example/app'] }, '/args/0', 'pg-pass-48'],
  ['DATABASE_URL with a password', { env: { DATABASE_URL: 'postgresql://app:pg-pass-49@db/app' } }, '/env/DATABASE_URL', 'pg-pass-49'],
  ['token as URL user name', { url: `https://${HEX40}@h.example/mcp` }, '/url', HEX40],
  ['known token as URL user name', { url: `https://${GHP}@h.example/mcp` }, '/url', GHP],
  [';token= matrix parameter', { url: 'https://h.example/mcp;token=matrix-50' }, '/url', 'matrix-50'],
  // as before
  ['literal authToken', { authToken: 'tok-51' }, '/authToken', 'tok-51'],
  ['literal Authorization', { headers: { Authorization: 'Bearer abcdef' } }, '/headers/Authorization', 'Bearer abcdef'],
  ['secret-named env', { env: { OPENAI_API_KEY: 'sk-proj-aaaaaaaaaaaaaaaaaaaa' } }, '/env/OPENAI_API_KEY', 'sk-proj-aaaaaaaaaaaaaaaaaaaa'],
  ['positional known token', { args: [GHP] }, '/args/0', GHP],
  ['password in URL', { url: 'https://user:pa55word@host/mcp' }, '/url', 'pa55word'],
  ['api_key in URL query', { url: 'https://host/mcp?api_key=abc123' }, '/url', 'abc123'],
  ['credential-named unknown field', { url: 'https://h/mcp', oauth: { clientSecret: 'cs-52' } }, '/oauth/clientSecret', 'cs-52'],
];

const clean: Array<[string, Record<string, unknown>]> = [
  ['${VAR} everywhere', { env: { API_KEY: '${API_KEY}', AUTH: 'Bearer ${TOKEN}' }, headers: { Authorization: 'Bearer ${T}', 'X-Api-Key': '${K}' }, args: ['--token', '${T}', '--token=${T}', '${GITHUB_TOKEN}'], url: 'https://${HOST}/mcp?api_key=${K}' }],
  ['empty defaults', { env: { API_KEY: '${API_KEY:-}' }, headers: { Authorization: 'Bearer ${T:-}' } }],
  ['harmless env default', { env: { API_KEY: '${API_KEY:-dev}', LOG: '${LOG:-info}' } }],
  ['URL user info from variables', { env: { DATABASE_URL: 'postgresql://${PGUSER}:${PGPASS}@db/app' }, args: ['postgresql://${U}:${P}@db/app'] }],
  ['mcp-remote with a referenced header', { command: 'npx', args: ['mcp-remote', 'https://h/mcp', '--header', 'Authorization:${AUTH_HEADER}'] }],
  ['plain user name and params', { url: 'https://me@h.example/mcp;v=2?region=eu', args: ['postgres://app@db/app'] }],
  ['flags and paths in secret-named env', { env: { USE_AUTH: 'true', KEY_FILE: '/home/me/key.pem' } }],
  ['env names for tokens', { authTokenEnv: 'SLACK_MCP_TOKEN', bearerTokenEnvVar: 'GH_TOKEN' }],
  ['ordinary args', { command: 'npx', args: ['-y', '@scope/server', '--header', 'X-Tenant: acme', '--port', '80'] }],
];

describe('secret rules (one module for writer, scan and page)', () => {
  for (const [what, entry, pointer, secret] of flagged) {
    it(`flags ${what}, masks only the secret, never reports the value`, () => {
      const found = findInlineSecrets(entry);
      expect(found.map((f) => f.pointer)).toContain(pointer);
      expect(JSON.stringify(found)).not.toContain(secret);
      expect(entrySecretValues(entry)).toContain(secret);
      const masked = JSON.stringify(maskEntrySecrets(entry, M));
      expect(masked).not.toContain(secret);
      expect(masked).toContain(M);
      // Masking is stable: the masked entry masks to itself (the boundary may pass it twice).
      expect(maskEntrySecrets(JSON.parse(masked) as Record<string, unknown>, M)).toEqual(JSON.parse(masked));
    });
  }
  for (const [what, entry] of clean) {
    it(`accepts ${what}`, () => {
      expect(findInlineSecrets(entry)).toEqual([]);
      expect(maskEntrySecrets(entry, M)).toEqual(entry);
    });
  }

  it('keeps the shape of what it masks: URL parts, flag names, header names, defaults', () => {
    expect(maskEntrySecrets({ url: 'https://u:pw-1@h/mcp?api_key=k-1&region=eu' }, M)).toEqual({ url: `https://u:${M}@h/mcp?api_key=${M}&region=eu` });
    expect(maskEntrySecrets({ args: ['--token=t-1', '--header', 'Authorization: Bearer b-1'] }, M)).toEqual({ args: [`--token=${M}`, '--header', `Authorization: ${M}`] });
    expect(maskEntrySecrets({ headers: { Authorization: 'Bearer ${X:-d-1}' } }, M)).toEqual({ headers: { Authorization: `Bearer \${X:-${M}}` } });
  });

  it('isEnvReferenceValue: references only, no literal default', () => {
    expect(isEnvReferenceValue('${A}')).toBe(true);
    expect(isEnvReferenceValue('Bearer ${A}')).toBe(true);
    expect(isEnvReferenceValue('${A:-}')).toBe(true);
    expect(isEnvReferenceValue('${A:-lit}')).toBe(false);
    expect(isEnvReferenceValue('sk-${A}')).toBe(false);
    expect(isEnvReferenceValue('plain')).toBe(false);
  });
});

describe('secrets in free text (reasons, errors, logs)', () => {
  it('masks URL credentials, token shapes, auth headers, secret flags and known values; keeps prose', () => {
    const text = `GET https://u:pw-77@h/x?api_key=q-77 failed; Authorization: Bearer sk-live-do-not-leak-1; ran srv --token t-77 GITHUB_TOKEN=${GHP} with my-known-77; Bearer token required`;
    const out = maskSecretsInText(text, M, ['my-known-77']);
    for (const s of ['pw-77', 'q-77', 'sk-live-do-not-leak-1', 't-77', GHP, 'my-known-77']) expect(out).not.toContain(s);
    expect(out).toContain('https://u:');
    expect(out).toContain('Bearer token required');
    expect(maskSecretsInText(out, M, ['my-known-77'])).toBe(out);
    expect(maskSecretsInText('run with --token ${T} at https://${HOST}/mcp', M)).toBe('run with --token ${T} at https://${HOST}/mcp');
  });

  // Text that no rule can match is returned without running the rules (the CLI's --json of
  // every tool schema): each rule alone must still be found, and both paths must agree.
  it('masks each rule alone, and the quick path agrees with the full one', () => {
    const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.sig_part-x';
    const alone: Array<[string, string]> = [
      ['see https://user:pw-9x@host.example/mcp', 'pw-9x'],
      ['key SK-'.toLowerCase() + 'abcdefghijklmnop1234', 'sk-abcdefghijklmnop1234'],
      ['sk_live_abcdefghij12', 'sk_live_abcdefghij12'],
      [GHP, GHP],
      ['github_pat_' + 'A1b2C3d4E5f6G7h8I9j0K', 'github_pat_A1b2C3d4E5f6G7h8I9j0K'],
      ['glpat-abcdefghij123456', 'glpat-abcdefghij123456'],
      ['xoxb-1234567890-abc', 'xoxb-1234567890-abc'],
      ['AKIA1234567890ABCDEF', 'AKIA1234567890ABCDEF'],
      ['AIza' + 'x'.repeat(32), 'AIza' + 'x'.repeat(32)],
      [`jwt ${JWT}`, JWT],
      ['Cookie: sid-4242', 'sid-4242'],
      ['X-Api-Key: k-4242', 'k-4242'],
      ['Proxy-Authorization: opaque4242', 'opaque4242'],
      ['bearer abc.def-4242', 'abc.def-4242'],
      ['BASIC dXNlcjp3YXNz1', 'dXNlcjp3YXNz1'],
      ['srv --PASSWORD hunter2x', 'hunter2x'],
      ['srv --apikey v-4242', 'v-4242'],
      ['DB_PASSWD=v4242', 'v4242'],
      ['my_credential=c4242', 'c4242'],
    ];
    for (const [text, secret] of alone) expect(maskSecretsInText(text, M), text).not.toContain(secret);
    // A known piece that never occurs forces the full path: the quick one must give the same text.
    const full = (t: string) => maskSecretsInText(t, M, ['\u0000\u0000\u0000\u0000']);
    const corpus = [
      ...alone.map(([t]) => t),
      'Echoes back the input string',
      'The number of tokens to sample (max 1000)',
      'Returns a resource link: uri, name, mimeType',
      'a: b; c = d',
      'Basic arithmetic; bearer of news',
      '{"type":"object","properties":{"message":{"type":"string"}}}',
      'zh: 查询 区块 高度',
      '',
    ];
    for (const t of corpus) expect(maskSecretsInText(t, M), t).toBe(full(t));
  });
});
