// The tray tooltip says why a stdio server did not start, with the fix.
import { describe, expect, it } from 'vitest';
import { trayModel, type TrayServerInput } from '../../../shared/tray';

const failed = (name: string, code: TrayServerInput['code'], params?: TrayServerInput['params']): TrayServerInput => ({ id: name, name, state: 'failed', toolCount: null, code, ...(params ? { params } : {}) });

describe('tray tooltip with launch diagnoses', () => {
  it('adds one line per diagnosed server under the summary, in the UI language', () => {
    const m = trayModel([{ id: 'ok', name: 'ok', state: 'connected', toolCount: 2 }, failed('gh', 'command_elsewhere', { command: 'npx', path: '/usr/bin:/bin', found: '/opt/homebrew/bin/npx' })]);
    expect(m.tooltip).toBe('2 servers · 1 connected · 1 failed · 2 tools\ngh: npx is not on the PATH the server starts with (/usr/bin:/bin); the login shell finds it: use /opt/homebrew/bin/npx');
    const zh = trayModel([failed('py', 'exited_at_once', { exit: 3 })], 'zh');
    expect(zh.tooltip.split('\n')[1]).toBe('py：服务器在响应之前就退出了（退出码 3）');
  });

  it('says nothing more for failures that are not launch diagnoses, and counts past three', () => {
    expect(trayModel([failed('h', 'http_error', { status: 500 })]).tooltip).toBe('1 server · 0 connected · 1 failed · 0 tools');
    const many = trayModel(['a', 'b', 'c', 'd', 'e'].map((n) => failed(n, 'cwd_missing', { cwd: `/nope/${n}` })));
    const lines = many.tooltip.split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[3]).toBe('c: its working directory /nope/c does not exist: create it, or fix the entry\'s cwd');
    expect(lines[4]).toBe('…and 2 more');
  });
});
