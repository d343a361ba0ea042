// Issue 35's info findings, replayed on the real CLI: server names with bidirectional or
// invisible characters were accepted; `check` of /dev/zero or a FIFO said "warning"; invalid
// UTF-8 in a name was shown decoded without a word; a dangling project-file link was refused
// with a message naming the link as its own target; `install` into several agents exited 0 when
// some were skipped, and recorded a replaced entry's literal secret for undo. (Bidi characters in
// what a server says: cli-output.test.ts.)
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli';
import { useSandbox } from '../config/helpers';

const sb = useSandbox('each');
const cli = (args: string[]) => runCli(args, { env: { ...process.env, ...sb.env }, cwd: sb.ws, timeoutMs: 60_000 });
const userFile = () => join(sb.home, '.minimax', 'mcp.json');
const ENTRY = JSON.stringify({ command: 'node', args: ['server.js'] });

describe('names that read otherwise than they are (SEC-9)', () => {
  it('server add and rename refuse bidi, zero-width, tag and control characters; the file is untouched', async () => {
    const before = JSON.stringify({ mcpServers: { good: { command: 'node' } } }, null, 2) + '\n';
    await sb.write(userFile(), before);
    for (const name of ['safe\u202Etxt.exe', 'zero\u200Bwidth', 'iso\u2066late\u2069', 'tag\u{E0041}', 'bell\u0007']) {
      const r = await cli(['server', 'add', name, '--profile', 'minimax', '--layer', 'user', '--entry', ENTRY]);
      expect(r.code, name).toBe(1);
      expect(r.stderr).toContain('holds invisible or direction-changing characters');
      expect(r.stderr).toMatch(/\\u(202e|200b|2066|\{e0041\}|0007)/);
    }
    const renamed = await cli(['server', 'rename', 'good', '--to', 'go\u200Dod', '--profile', 'minimax', '--layer', 'user']);
    expect(renamed.code).toBe(1);
    expect(await readFile(userFile(), 'utf8')).toBe(before);
  });

  it('one already in a file (written by hand) can still be removed', async () => {
    await sb.write(userFile(), { mcpServers: { 'evil\u202Ename': { command: 'node' } } });
    const r = await cli(['server', 'remove', 'evil\u202Ename', '--profile', 'minimax', '--layer', 'user']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(await readFile(userFile(), 'utf8'))).toEqual({ mcpServers: {} });
  });
});

describe('check of something that is not a regular file', () => {
  it('/dev/zero and a FIFO: exit 1, an error that says what it is', async () => {
    const fifo = join(sb.ws, 'fifo.json');
    execFileSync('mkfifo', [fifo]);
    for (const file of ['/dev/zero', fifo]) {
      const r = await cli(['check', file, '--dialect', 'minimax', '--json']);
      expect(r.code).toBe(1);
      const doc = JSON.parse(r.stdout) as { ok: boolean; problems: Array<{ severity: string; message: string }> };
      expect(doc.ok).toBe(false);
      expect(doc.problems).toEqual([expect.objectContaining({ severity: 'error', message: `${file} is not a regular file (a device, pipe or folder); replace it with a regular file` })]);
      const human = await cli(['check', file, '--dialect', 'minimax']);
      expect(human.code).toBe(1);
      expect(human.stdout).toContain(`error: (file): ${file} is not a regular file`);
    }
  });
});

describe('a name that is not valid UTF-8', () => {
  it('is shown with U+FFFD, and the file\'s problem says so (where, and that it is never rewritten)', async () => {
    await mkdir(join(sb.home, '.minimax'), { recursive: true });
    const bytes = Buffer.concat([Buffer.from('{"mcpServers": {"caf'), Buffer.from([0xe9]), Buffer.from('": {"command": "node"}}}\n')]);
    await writeFile(userFile(), bytes);
    const r = await cli(['status', '--profile', 'minimax', '--no-connect', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('"name": "caf\uFFFD"');
    expect(r.stdout).toContain('not valid UTF-8 (first bad byte at offset 20)');
    const checked = await cli(['check', userFile(), '--dialect', 'minimax']);
    expect(checked.stdout).toContain('not valid UTF-8 (first bad byte at offset 20)');
  });
});

describe('a dangling project-file link', () => {
  it('is refused with a message that names where it points, on read and on write', async () => {
    const target = join(dirname(sb.ws), 'gone', 'mcp.json');
    const link = join(sb.ws, '.kimi-code', 'mcp.json');
    await mkdir(dirname(link), { recursive: true });
    await symlink(target, link);
    const status = await cli(['status', '--profile', 'kimi', '--workspace', sb.ws, '--no-connect', '--json']);
    expect(status.stdout).toContain(`${link} is a link to ${target}, which does not exist`);
    const add = await cli(['server', 'add', 'x', '--profile', 'kimi', '--layer', 'project-local', '--workspace', sb.ws, '--entry', ENTRY]);
    expect(add.code).toBe(1);
    expect(add.stderr).toContain(`${link} is a link to ${target}, which does not exist`);
    expect(add.stderr).not.toContain(`leads to ${link}`);
  });
});

describe('install into several agents, some skipped', () => {
  it('exits 1 and names each skipped agent and why; the others are written', async () => {
    await sb.write(userFile(), { mcpServers: { docs: { command: 'node', args: ['docs.js'] } } });
    // Cursor already has another "docs"; Windsurf's holds a literal secret the record would keep.
    await sb.write(join(sb.home, '.cursor', 'mcp.json'), { mcpServers: { docs: { command: 'python', args: ['other.py'] } } });
    await sb.write(join(sb.home, '.codeium', 'windsurf', 'mcp_config.json'), { mcpServers: { docs: { command: 'node', args: ['docs.js'], env: { API_TOKEN: 'tok-literal-7301' } } } });
    await sb.write(join(sb.home, '.gemini', 'settings.json'), { mcpServers: {} });
    let r = await cli(['install', 'docs', '--from', 'minimax', '--agents', 'cursor,gemini,windsurf', '--json']);
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout) as { ok: boolean; written: Array<{ profile: string }>; skipped: Array<{ profile: string; reason: string }> };
    expect(doc.ok).toBe(false);
    expect(doc.written.map((w) => w.profile)).toEqual(['gemini']);
    expect(doc.skipped.map((s) => s.profile).sort()).toEqual(['cursor', 'windsurf']);
    expect(doc.skipped.find((s) => s.profile === 'cursor')!.reason).toContain('already has a different "docs"');
    expect(r.stderr).toMatch(/error: 2 of 3 agent\(s\) not installed: Cursor \(cursor\): .*already has a different "docs"/);

    // With --replace, Cursor's is replaced; Windsurf's literal secret never reaches the install record.
    r = await cli(['install', 'docs', '--from', 'minimax', '--agents', 'cursor,windsurf', '--replace']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Windsurf (windsurf): the "docs" here holds a literal secret (/env/API_TOKEN)');
    const record = await readFile(join(sb.home, '.mcp-panel', 'server-installs.json'), 'utf8');
    expect(record).not.toContain('tok-literal-7301');
    expect(record).toContain('other.py'); // Cursor's replaced entry, kept for undo
  });
});
