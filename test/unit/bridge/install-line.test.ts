// BRIDGE-4: the command written into the line, and the exact-undo span.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bridgeLine, differingSpan, isBridgeEntry } from '../../../electron/services/bridge/install';
import { resolveBridgeCommand } from '../../../electron/services/bridge/install-command';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bridge-line-'));
  // An installed package: <prefix>/lib/node_modules/mcp-panel, its bin linked into <prefix>/bin.
  const pkg = join(dir, 'lib', 'node_modules', 'mcp-panel');
  await mkdir(join(pkg, 'out', 'cli'), { recursive: true });
  await writeFile(join(pkg, 'package.json'), '{"name":"mcp-panel"}');
  await writeFile(join(pkg, 'out', 'cli', 'mcp-panel.mjs'), '#!/usr/bin/env node\n');
  await mkdir(join(dir, 'bin'));
  await symlink(join(pkg, 'out', 'cli', 'mcp-panel.mjs'), join(dir, 'bin', 'mcp-panel'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the bridge command', () => {
  const script = () => join(dir, 'lib', 'node_modules', 'mcp-panel', 'out', 'cli', 'mcp-panel.mjs');

  it('run from the installed bin: the bin on PATH, absolute', () => {
    const env = { PATH: `/nonexistent:${join(dir, 'bin')}` };
    expect(resolveBridgeCommand({ script: join(dir, 'bin', 'mcp-panel'), execPath: '/usr/bin/node', electron: false, env })).toEqual({ command: join(dir, 'bin', 'mcp-panel'), prefix: [] });
  });

  it('run from a package not on PATH (a checkout): node and the built script, absolute', () => {
    expect(resolveBridgeCommand({ script: script(), execPath: '/opt/node/bin/node', electron: false, env: { PATH: '/nonexistent' } })).toEqual({ command: '/opt/node/bin/node', prefix: [script()] });
  });

  it('under Electron (not node) with nothing found: null', () => {
    expect(resolveBridgeCommand({ script: undefined, execPath: '/app/electron', electron: true, env: { PATH: '/nonexistent' } })).toBeNull();
  });

  it('the line: --profile always, --workspace for project files only', () => {
    const cmd = { command: '/usr/bin/node', prefix: ['/x/mcp-panel.mjs'] };
    expect(bridgeLine(cmd, 'kimi', 'docs', 'user', '/w')).toEqual({ command: '/usr/bin/node', args: ['/x/mcp-panel.mjs', 'bridge', 'docs', '--profile', 'kimi'] });
    expect(bridgeLine(cmd, 'kimi', 'docs', 'project', '/w').args.slice(-2)).toEqual(['--workspace', '/w']);
    expect(isBridgeEntry(bridgeLine(cmd, 'kimi', 'docs', 'user', null), 'kimi')).toBe(true);
    expect(isBridgeEntry(bridgeLine({ command: '/b/mcp-panel', prefix: [] }, 'kimi', 'docs', 'user', null), 'kimi')).toBe(true);
    // In the agent's own spelling: OpenCode's argv array.
    expect(isBridgeEntry({ type: 'local', command: ['/usr/bin/node', '/x/mcp-panel.mjs', 'bridge', 'docs'] }, 'opencode')).toBe(true);
    expect(isBridgeEntry({ command: 'npx', args: ['bridge'] }, 'kimi')).toBe(false);
  });
});

describe('differingSpan', () => {
  it('undoing the span gives the text before, exactly', () => {
    for (const [a, b] of [['{"a":1}', '{"a":2}'], ['abc', 'abXc'], ['', 'x'], ['same', 'same'], ['aaaa', 'aa']]) {
      const u = differingSpan(a!, b!);
      expect(b!.slice(0, u.offset) + u.text + b!.slice(u.offset + u.length)).toBe(a);
    }
  });
});
