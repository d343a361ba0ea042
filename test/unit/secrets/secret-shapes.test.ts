// SEC-9 (issue 21 F5, issue 35): the one secret rule, as a table. Each shape that must count as
// a literal secret goes through every place that judges secrets: the rule the writer refuses by
// and the scan reports (findInlineSecrets), the page's entry masking (redactEntry), the install
// records' and the bridge's pieces (entrySecretValues), and the free-text masking of every
// output (the CLI's print boundary, the bridge, reasons: redactText). Each look-alike (`${VAR}`
// references, ports, packages, versions, ordinary words) goes through the same places and must
// come out untouched.
import { describe, expect, it } from 'vitest';
import { redactEntry } from '../../../electron/services/api/redact';
import { entrySecretValues, findInlineSecrets, maskEntrySecrets } from '../../../shared/secrets/secret-rules';
import { maskSecretsInText, redactText, SECRET_MASK } from '../../../shared/secrets/secret-text';
import { textSecrets } from '../../../shared/secrets/text-rules';
import { NEGATIVES, ORDINARY_TEXT, POSITIVES } from '../../integration/security/secret-shapes';

const MASK = SECRET_MASK;

/** The entry as free text: its command line and URL, as a reason or a log line would quote them. */
function asText(entry: Record<string, unknown>): string {
  const args = Array.isArray(entry.args) ? entry.args.map(String) : [];
  return [typeof entry.command === 'string' ? entry.command : '', ...args, typeof entry.url === 'string' ? `url ${entry.url}` : ''].join(' ');
}

/** Entries without env or headers: the page masks those two fields whole by design (redact.ts). */
const withoutPairs = (e: Record<string, unknown>) => !('env' in e) && !('headers' in e);

describe('the one secret rule: shapes that must match', () => {
  it.each(Object.entries(POSITIVES))('%s: the writer and the scan find it, the page, the records and every output mask it', (_name, { entry, secret, pointer, text }) => {
    const found = findInlineSecrets(entry);
    expect(found.map((f) => f.pointer)).toContain(pointer);
    expect(JSON.stringify(found)).not.toContain(secret);
    expect(entrySecretValues(entry).some((v) => v.includes(secret))).toBe(true);
    expect(JSON.stringify(maskEntrySecrets(entry, MASK))).not.toContain(secret);
    expect(JSON.stringify(redactEntry(entry))).not.toContain(secret);
    // Free text: by the rule alone where the shape says so, else as a known secret of the config.
    const line = `failed to start: ${asText(entry)}`;
    if (text) {
      expect(redactText(line)).not.toContain(secret);
      expect(textSecrets(line).some((v) => v.includes(secret))).toBe(true);
    }
    expect(redactText(line, entrySecretValues(entry))).not.toContain(secret);
  });
});

describe('the one secret rule: look-alikes and ordinary words that must not', () => {
  it.each(Object.entries(NEGATIVES))('%s: nothing found, nothing masked', (_name, entry) => {
    expect(findInlineSecrets(entry)).toEqual([]);
    expect(entrySecretValues(entry)).toEqual([]);
    expect(maskEntrySecrets(entry, MASK)).toEqual(entry);
    if (withoutPairs(entry)) expect(redactEntry(entry)).toEqual(entry);
    const line = asText(entry);
    expect(redactText(line)).toBe(line);
    for (const v of Object.values(entry)) if (typeof v === 'string') expect(redactText(v)).toBe(v);
  });

  it.each(ORDINARY_TEXT.map((t) => [t]))('%s: prose stays as written', (text) => {
    expect(textSecrets(text)).toEqual([]);
    expect(redactText(text)).toBe(text);
    expect(findInlineSecrets({ command: 'sh', args: ['-c', `echo "${text}"`], description: text })).toEqual([]);
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

describe('masking text is stable', () => {
  it('a masked text masks to itself, with and without known secrets', () => {
    for (const { entry } of Object.values(POSITIVES)) {
      const once = maskSecretsInText(asText(entry), MASK, entrySecretValues(entry));
      expect(maskSecretsInText(once, MASK, entrySecretValues(entry))).toBe(once);
    }
  });
});
