// CFG-3: one `${VAR}` rule for the loader (is the row runnable?) and the engine
// (what is sent), and one table of where each agent expands.
import { describe, expect, it } from 'vitest';
import { expandEntry } from '../../../electron/services/config/expand';
import { expansionFor } from '../../../shared/schemas/expansion';
import { expandVars, MissingVariableError, resolveEnv, resolveHeaders } from '../../../electron/services/connections/expand';
import { ConnectionSpecSchema, type ConnectionSpecInput } from '../../../shared/schemas/server';

const spec = (extra: Partial<ConnectionSpecInput>) =>
  ConnectionSpecSchema.parse({ id: 's', name: 's', profile: 'minimax', layer: 'project', source: 'configured', transport: 'http', url: 'https://x', ...extra });

describe('one ${VAR} rule', () => {
  it('loader and engine agree: "" is set (only `:-` treats it as unset), a default covers unset and empty', () => {
    const env = { EMPTY: '', SET: 'v' };
    for (const [text, expected] of [
      ['${SET}', 'v'],
      ['${EMPTY}', ''],
      ['x${EMPTY}y', 'xy'],
      ['${EMPTY:-d}', 'd'],
      ['${GONE:-d}', 'd'],
      ['${SET:-d}', 'v'],
    ] as const) {
      expect(expandEntry({ env: { K: text } }, env)).toMatchObject({ value: { env: { K: expected } }, missing: [] });
      expect(expandVars(text, env, 'env K')).toBe(expected);
    }
    for (const text of ['${GONE}']) {
      expect(expandEntry({ env: { K: text } }, env).missing).toHaveLength(1);
      expect(() => expandVars(text, env, 'env K')).toThrow(MissingVariableError);
    }
  });

  it('where each agent expands (CFG-3: minimax project files; minara headers; kimi nowhere)', () => {
    expect(expansionFor('minimax', 'project')).toBe('entry');
    for (const layer of ['user', 'session', 'plugin'] as const) expect(expansionFor('minimax', layer)).toBe('none');
    for (const layer of ['user', 'project', 'project-local', 'session', 'plugin'] as const) expect(expansionFor('kimi', layer)).toBe('none');
    for (const layer of ['user', 'project', 'env'] as const) expect(expansionFor('minara', layer)).toBe('headers');
  });

  it('a literal spec sends env and headers as written; the bearer token variable still resolves', () => {
    const literal = spec({ literalVars: true, headers: { 'X-T': '${GONE}' }, env: { K: '${GONE}' }, bearerTokenEnv: 'TOK' });
    expect(resolveHeaders(literal, { TOK: 't' })).toEqual({ 'X-T': '${GONE}', Authorization: 'Bearer t' });
    expect(resolveEnv(literal, {})).toEqual({ K: '${GONE}' });
    expect(() => resolveHeaders(literal, { TOK: '' })).toThrow(/TOK is not set/);
    expect(resolveEnv(spec({ env: { K: '${A:-d}' } }), { A: '' })).toEqual({ K: 'd' });
  });
});
