// UI-9: the host sends codes and parameters; with the Chinese UI every one of them reads in
// Chinese, and times are formatted for zh-CN (24-hour), not the runtime's default locale.
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { serverRow, serversView } from '../fake-bridge';
import { mountView, ok, settle } from '../mount';

let off: (() => void) | null = null;
afterEach(() => {
  off?.();
  cleanup();
});

// 23:27:54 local time: en says 11:27:54 PM, zh-CN says 23:27:54.
const late = new Date(2026, 0, 2, 23, 27, 54).getTime();
const rowOf = (name: string) => document.querySelector(`tr[data-server="${name}"]`) as HTMLElement;
/** A failed row explains itself in the row under it (issue 14 item 8): diagnosis, retry time, actions. */
const explanationOf = (name: string) => document.querySelector(`tr[data-explains="${name}"]`) as HTMLElement;

describe('Chinese UI (UI-9)', () => {
  it('servers view: a coded reason in Chinese, the raw detail after it, a zh-CN retry time', async () => {
    const down = serverRow({ name: 'down', state: { kind: 'failed', code: 'spawn_failed', reason: 'spawn nope ENOENT', since: late, retryAt: late }, toolCount: null, connectMs: null });
    const off1 = serverRow({ name: 'proj', trusted: false, state: { kind: 'disabled', code: 'untrusted', reason: '', since: 1 } });
    const m = await mountView('servers', { 'servers.list': ok(serversView([down, off1])) }, { locale: 'zh' });
    off = m.off;
    const reason = within(rowOf('down')).getByTestId('reason');
    expect(reason).toHaveTextContent('无法启动服务器：请检查其命令: spawn nope ENOENT');
    expect(within(explanationOf('down')).getByTestId('retry')).toHaveTextContent('将于 23:27:54 重试');
    expect(rowOf('down')).not.toHaveTextContent(/PM|could not/);
    expect(within(rowOf('proj')).getByTestId('reason')).toHaveTextContent('工作区未受信任');
  });

  it('servers view: a layer note from its code, in Chinese', async () => {
    const layers = [
      { layer: 'user' as const, path: '/home/u/.minara/mcp.json', state: 'void' as const, error: 'English that must not show', writable: true, note: { code: 'env-short-circuit' as const, params: {} as Record<string, string> } },
      { layer: 'env' as const, path: 'MCP_X_URL', state: 'void' as const, error: 'English that must not show', writable: false, note: { code: 'v1-ignored-env' as const, params: { name: 'MCP_X_URL' } } },
    ];
    const m = await mountView('servers', { 'servers.list': ok(serversView([serverRow({ name: 'alpha' })], { layers })) }, { locale: 'zh' });
    off = m.off;
    const notes = screen.getAllByTestId('problem').map((p) => p.textContent);
    expect(notes).toEqual(['/home/u/.minara/mcp.json 已设置 MCP_SERVERS，因此不读取此文件', 'MCP_X_URL MCP_X_URL 被忽略，因为 MCP_SERVERS 定义了服务器']);
  });

  it('servers view in English: the same codes read in English, 12-hour time', async () => {
    const down = serverRow({ name: 'down', state: { kind: 'failed', code: 'discovery_timeout', params: { ms: 2000 }, reason: '', since: late, retryAt: late }, toolCount: null, connectMs: null });
    const m = await mountView('servers', { 'servers.list': ok(serversView([down])) });
    off = m.off;
    expect(within(rowOf('down')).getByTestId('reason')).toHaveTextContent(/^did not answer within its 2000 ms discovery budget; tried again next round$/);
    expect(within(explanationOf('down')).getByTestId('retry')).toHaveTextContent(/retries at 11:27:54\sPM/);
  });

  it('logs view: traffic times and counts through Intl for zh-CN', async () => {
    const m = await mountView(
      'logs',
      { 'logs.get': ok({ stderr: ['x'], traffic: [{ at: late, dir: 'out', kind: 'request', method: 'tools/list', text: '{}' }], live: true, pid: 1 }) },
      { locale: 'zh' },
    );
    off = m.off;
    await act(async () => {
      m.store.getState().setSection('logs');
      await m.store.getState().showLogs('configured:minimax:alpha');
    });
    expect(screen.getByTestId('traffic')).toHaveTextContent('23:27:54');
    expect(screen.getByText('JSON-RPC 通信（1 条消息）')).toBeInTheDocument();
  });

  it('editor: a writer refusal reads in Chinese from its key and params; English without them', async () => {
    const m = await mountView('editor', { 'editor.layers': ok({ layers: [] }) }, { locale: 'zh' });
    off = m.off;
    act(() => m.store.getState().openEditor({ mode: 'add' }));
    await settle();
    const text = { key: 'write.duplicate_key', params: { path: '/home/u/.minimax-code/mcp.json', key: 'mcpServers', line: 3, column: 7 } };
    const error = { code: 'config' as const, message: 'English that must not show', data: { reason: 'duplicate_key', text } };
    act(() => m.store.setState({ refusal: { error, reason: 'duplicate_key', findings: [], conflict: null } }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('/home/u/.minimax-code/mcp.json: "mcpServers" 在顶层写了两次（第 3 行第 7 列）；智能体只使用最后一个');
    expect(banner).not.toHaveTextContent('English that must not show');
    // A refusal without a key (another host's error) keeps its message.
    act(() => m.store.setState({ refusal: { error: { code: 'internal', message: 'disk on fire' }, reason: null, findings: [], conflict: null } }));
    expect(await screen.findByRole('alert')).toHaveTextContent('disk on fire');
  });

  it('disclosure: the verdict and the profile note from their codes, in Chinese', async () => {
    const plan = {
      deferred: true,
      reason: 'over-threshold',
      why: { code: 'over-threshold', params: { tokens: 40000, pct: 0.15, window: 200000, threshold: 30000 } },
      explanation: 'English that must not show',
      model: 'minimax/MiniMax-M2',
      contextWindow: 200000,
      estTokens: 40000,
      totalTokens: 40000,
      thresholdTokens: 30000,
      contextShare: 0.2,
      perServer: [{ server: 'alpha', tools: 400, tokens: 40000, deferrable: true }],
      addedTools: ['tool_search', 'mcp_invoke'],
      options: { enabled: true, thresholdPct: 0.15, minDeferCount: 1, modelWhitelist: ['minimax/*'], origins: {} },
      profileNote: 'English note that must not show',
      profileNoteCode: 'minara',
    };
    const m = await mountView('disclosure', { 'disclosure.plan': ok(plan) }, { locale: 'zh' });
    off = m.off;
    await settle();
    expect(screen.getByTestId('disclosure-verdict')).toHaveTextContent('40,000 个 token > 0.15 × 200,000 = 30,000：已配置的工具移到 tool_search 之后');
    expect(screen.getByText(/minara：下面的阈值和白名单是 MiniMax Code 的选项，对它不适用/)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/must not show/);
  });
});
