// Issue 44 item 1, the logic of one process per distinct server (the process counts themselves
// are test/integration/cli/one-process.test.ts): what one connection declares for the agents
// that share it (AGENT-6), and a shared list an entry's own limits refuse.
import { describe, expect, it } from 'vitest';
import { planShare, unionOf } from '../../../electron/services/api/run-share';
import { answeringPoolPort } from '../../../electron/services/api/cached-pool';
import { type ConnectionSpecInput, ConnectionSpecSchema, type ToolDef } from '../../../shared/schemas/server';
import { fakePool } from '../../helpers/fake-pool';

const spec = (input: Partial<ConnectionSpecInput>) =>
  ConnectionSpecSchema.parse({ id: 'x', name: 'x', profile: 'minimax', layer: 'user', source: 'configured', transport: 'stdio', command: 'node', args: ['s.mjs'], ...input });

describe('unionOf', () => {
  it('merges what each declares, down to the capability settings', () => {
    expect(unionOf({ roots: { listChanged: false } }, { roots: { listChanged: true }, elicitation: { form: {} } })).toEqual({ roots: { listChanged: true }, elicitation: { form: {} } });
    expect(unionOf({ elicitation: { url: {} } }, { elicitation: { form: { applyDefaults: true } } })).toEqual({ elicitation: { url: {}, form: { applyDefaults: true } } });
    expect(unionOf({}, {})).toEqual({});
  });

  it('an agent nobody documents (null: the panel declares its full set) absorbs the rest', () => {
    expect(unionOf(null, { roots: {} })).toBeNull();
    expect(unionOf({ roots: {} }, null)).toBeNull();
  });
});

describe('planShare', () => {
  it('each distinct server declares the union of the agents that list it; another folder is another server', () => {
    const share = planShare([
      spec({ id: 'g', profile: 'gemini' }), // roots (listChanged)
      spec({ id: 'c', profile: 'codex' }), // elicitation form and URL
      spec({ id: 'k', profile: 'kimi', cwd: '/ws' }), // nothing, in the workspace
    ]);
    const both = { roots: { listChanged: true }, elicitation: { form: {}, url: {} } };
    expect(share.declares(spec({ id: 'g', profile: 'gemini' }))).toEqual(both);
    expect(share.declares(spec({ id: 'c', profile: 'codex' }))).toEqual(both);
    expect(share.declares(spec({ id: 'k', profile: 'kimi', cwd: '/ws' }))).toEqual({});
    // An entry the plan did not see declares what its own agent does.
    expect(share.declares(spec({ id: 'q', profile: 'qwen', args: ['other.mjs'] }))).toEqual({ roots: {} });
  });

  it('exact: each agent declares its own, and each declaration of a server is started once', () => {
    const share = planShare([spec({ id: 'g', profile: 'gemini' }), spec({ id: 'c', profile: 'codex' }), spec({ id: 'q', profile: 'qwen' }), spec({ id: 'o', profile: 'opencode' })], { exact: true });
    expect(share.declares(spec({ id: 'g', profile: 'gemini' }))).toEqual({ roots: { listChanged: true } });
    expect(share.declares(spec({ id: 'c', profile: 'codex' }))).toEqual({ elicitation: { form: {}, url: {} } });
    // Qwen Code and OpenCode both declare `roots: {}`: one start between them.
    expect(share.prefetch.map((s) => s.id)).toEqual(['g', 'c', 'q']);
  });

  it('an entry that fills a variable from the keychain is its own server (SEC-6)', () => {
    const a = spec({ id: 'a', profile: 'gemini', secretOwner: 'owner-a', env: { TOKEN: '${TOKEN}' } });
    const b = spec({ id: 'b', profile: 'codex', secretOwner: 'owner-b', env: { TOKEN: '${TOKEN}' } });
    const share = planShare([a, b]);
    expect(share.declares(a)).toEqual({ roots: { listChanged: true } });
    expect(share.declares(b)).toEqual({ elicitation: { form: {}, url: {} } });
  });
});

describe('a list seen live in this run, refused by an entry of its own limits', () => {
  const tools: ToolDef[] = Array.from({ length: 200 }, (_, i) => ({ name: `t${i}`, inputSchema: { type: 'object' } }));
  const plugin = spec({ id: 'p', layer: 'plugin', limits: { pluginCaps: true } });
  const state = { kind: 'connected' as const, code: 'connected' as const, reason: '', since: 1, toolCount: 200, connectMs: 5 };

  it('fails as its own connection would (too many tools), and starts nothing', async () => {
    const { pool } = fakePool();
    const port = answeringPoolPort(pool, async () => ({ at: 1, tools, diff: null, state }));
    await port.setServers([plugin]);
    expect(pool.given).toEqual([[]]);
    expect(port.info('p')?.state).toMatchObject({ kind: 'failed', code: 'too_many_tools' });
    expect(port.info('p')?.lastError).toContain('offers 200 tools');
  });

  it('a kept list (not seen live: it may be stale) goes live instead', async () => {
    const { pool } = fakePool();
    const port = answeringPoolPort(pool, async () => ({ at: 1, tools, diff: null }));
    await port.setServers([plugin]);
    expect(pool.given.map((g) => g.map((s) => s.id))).toEqual([['p']]);
  });
});
