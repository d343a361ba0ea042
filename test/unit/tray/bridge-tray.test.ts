// BRIDGE-4: live bridges in the tray (menu rows and a tooltip line), in both languages.
import { describe, expect, it } from 'vitest';
import { trayModel } from '../../../shared/tray';
import type { LiveBridge } from '../../../shared/schemas/bridge';

const b = (over: Partial<LiveBridge>): LiveBridge => ({ pid: 10, agentPid: 9, agentName: 'kimi', server: 'docs', profile: 'kimi', workspace: null, origin: 'https://d.example', since: 1, calls: 1, lastError: null, updatedAt: 1, ...over });

describe('tray: live bridges', () => {
  it('one disabled row per bridge after the servers, and a count in the tooltip', () => {
    const m = trayModel([{ id: 'a', name: 'a', state: 'connected', toolCount: 2 }], 'en', [b({}), b({ pid: 11, agentName: null, agentPid: 7, server: 'notes', calls: 3, lastError: 'upstream 503' })]);
    expect(m.menu.filter((i) => i.kind === 'bridge')).toEqual([
      { kind: 'bridge', pid: 10, label: 'kimi (pid 9) → docs · 1 call' },
      { kind: 'bridge', pid: 11, label: 'process (pid 7) → notes · 3 calls · upstream 503' },
    ]);
    expect(m.menu.map((i) => i.kind)).toEqual(['server', 'separator', 'bridge', 'bridge', 'separator', 'action', 'action']);
    expect(m.tooltip.split('\n')).toContain('2 agent processes on the bridge');
    expect(trayModel([], 'zh', [b({})]).tooltip).toContain('1 个智能体进程在使用桥接');
  });

  it('without bridges nothing changes', () => {
    const m = trayModel([{ id: 'a', name: 'a', state: 'connected', toolCount: 2 }]);
    expect(m.menu.some((i) => i.kind === 'bridge')).toBe(false);
    expect(m.tooltip).toBe('1 server · 1 connected · 2 tools');
  });
});
