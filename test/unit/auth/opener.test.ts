// SEC-1: the CLI's openers refuse non-http(s) links with the shared guard, before
// anything is spawned or printed; MCP_PANEL_BROWSER replaces the platform opener.
import type { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { PlatformOpener, PrintOpener, launchBrowser } from '../../../electron/services/auth/opener';

function fakeSpawn() {
  const calls: Array<[string, string[]]> = [];
  const fn = ((cmd: string, args: string[]) => {
    calls.push([cmd, args]);
    const child = Object.assign(new EventEmitter(), { unref() {} });
    queueMicrotask(() => child.emit('spawn'));
    return child;
  }) as unknown as typeof spawn;
  return { fn, calls };
}

describe('browser openers', () => {
  for (const bad of ['file:///etc/shadow', 'javascript:alert(1)', 'smb://x/share', 'https://user:pw@example.com/', 'not a url']) {
    it(`refuses ${bad} without spawning or printing`, async () => {
      const { fn, calls } = fakeSpawn();
      const printed: string[] = [];
      await expect(new PlatformOpener((l) => printed.push(l), { spawnFn: fn, env: {} }).open(bad)).rejects.toThrow(/only http\(s\) is allowed/);
      await expect(new PrintOpener((l) => printed.push(l)).open(bad)).rejects.toThrow(/only http\(s\) is allowed/);
      expect(calls).toEqual([]);
      expect(printed).toEqual([]);
    });
  }

  it('opens http(s) with the platform command, or with MCP_PANEL_BROWSER when set (no shell)', async () => {
    const { fn, calls } = fakeSpawn();
    await new PlatformOpener(() => {}, { spawnFn: fn, env: {}, platform: 'linux' }).open('https://as.example/authorize?x=1');
    await new PlatformOpener(() => {}, { spawnFn: fn, env: { MCP_PANEL_BROWSER: '/opt/my browser' }, platform: 'linux' }).open('http://127.0.0.1:1/a');
    expect(await launchBrowser('/tmp/x.html', { spawnFn: fn, env: {}, platform: 'darwin' })).toBe(true);
    expect(calls).toEqual([
      ['xdg-open', ['https://as.example/authorize?x=1']],
      ['/opt/my browser', ['http://127.0.0.1:1/a']],
      ['open', ['/tmp/x.html']],
    ]);
  });
});
