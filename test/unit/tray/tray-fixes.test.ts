// UI-10: which problems the tray offers a fix for, and whom each fix helps (shared/tray-fixes.ts).
import { describe, expect, it } from 'vitest';
import { trayFixes } from '../../../shared/tray-fixes';
import type { TrayAgentGroup, TrayServerInput } from '../../../shared/tray';
import type { AgentVerdict } from '../../../shared/schemas/agent-view';

const s = (name: string, over: Partial<TrayServerInput> = {}): TrayServerInput => ({ id: `id:${name}`, name, state: 'connected', toolCount: 1, identity: `who:${name}`, ...over });
const verdict = (code: 'no_oauth' | 'token_required', fixes: AgentVerdict['issues'][number]['fixes']): AgentVerdict => ({ profile: 'minimax', agent: 'MiniMax Code', status: 'unusable', issues: [{ code, params: {}, fixes }] });
const groups = (mine: TrayServerInput[], others: Array<[string, TrayServerInput[]]> = []): TrayAgentGroup[] => [{ agent: 'MiniMax Code', servers: mine }, ...others.map(([agent, servers]) => ({ agent, servers }))];

describe('tray fixes (UI-10)', () => {
  it('a server waiting for a login: one fix for every agent listing the same server (a switched-off copy does not count)', () => {
    const f = trayFixes({ groups: groups([s('docs', { state: 'needs-auth' })], [['Codex CLI', [s('docs', { id: 'x', foreign: { sharedWith: 'docs' } })]], ['Gemini CLI', [s('docs', { id: 'y', state: 'disabled' })]], ['Qwen Code', [s('other')]]]), untrusted: [] });
    expect(f).toEqual([{ kind: 'login', server: 'docs', agents: ['MiniMax Code', 'Codex CLI'], label: 'Log in to docs again (for MiniMax Code, Codex CLI)', action: { kind: 'login', id: 'id:docs' } }]);
  });

  it('a server that wants a token, not a login, gets no login fix; one the agent cannot use as written gets the bridge', () => {
    const token = s('api', { state: 'needs-auth', agent: verdict('token_required', [{ kind: 'keychain', params: {} }]) });
    const oauth = s('docs', { state: 'needs-auth', agent: verdict('no_oauth', [{ kind: 'bridge', params: {} }]) });
    expect(trayFixes({ groups: groups([token, oauth]), untrusted: [] }).map((f) => [f.kind, f.server])).toEqual([
      ['login', 'docs'],
      ['bridge', 'docs'],
    ]);
  });

  it('a changed tool list is reviewed, a launch failure opens the doctor (another failure does not), an untrusted workspace is trusted with what it starts', () => {
    const f = trayFixes(
      {
        groups: groups([s('drift', { toolsChanged: true }), s('broken', { state: 'failed', code: 'command_not_found' }), s('flaky', { state: 'failed', code: 'connect_failed' }), s('off', { state: 'disabled', toolsChanged: true })]),
        untrusted: ['proj', 'tools'],
      },
      'zh',
    );
    expect(f.map((x) => [x.kind, x.server])).toEqual([
      ['review', 'drift'],
      ['doctor', 'broken'],
      ['trust', null],
    ]);
    expect(f[2]).toMatchObject({ starts: ['proj', 'tools'], label: '信任此工作区：它会启动 proj, tools', action: { kind: 'trust' } });
  });
});
