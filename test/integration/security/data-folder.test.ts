// Issue 35 (SEC-8), replayed on the real CLI: the data folder (MCP_PANEL_DATA_DIR or
// ~/.mcp-panel) was checked for owner and mode only before the socket was used, so trust.json
// and the other records in a folder another user owned, or one open to others, were read and
// honoured: another user's trust.json made a repository trusted, and its `.mcp.json` server ran
// as the victim. Now every record is read through one check: another user's folder or record,
// a folder reached through a link, a shared folder and a folder on the way that others can
// write are refused with the fix, and nothing in them is used; the user's own folder left open
// (a loose umask) is made 0700 and said. The tests run as root: "another user" is nobody (65534).
import { chmodSync, chownSync, existsSync, lchownSync, mkdirSync, mkdtempSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli';

const NOBODY = 65534;
const root = mkdtempSync(join(tmpdir(), 'mcp-panel-data-folder-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A home with a repository whose project server, once started, leaves a marker: proof it ran. */
function setup(name: string) {
  const dir = join(root, name);
  const home = join(dir, 'home');
  const ws = join(dir, 'repo');
  const marker = join(dir, 'ran-as-victim');
  mkdirSync(join(home, '.minimax'), { recursive: true });
  writeFileSync(join(home, '.minimax', 'mcp.json'), '{"mcpServers": {}}\n');
  mkdirSync(ws, { recursive: true });
  const payload = `require('fs').writeFileSync(${JSON.stringify(marker)}, 'ran')`;
  writeFileSync(join(ws, '.mcp.json'), JSON.stringify({ mcpServers: { pwn: { command: process.execPath, args: ['-e', payload] } } }));
  /** trust.json marking the repository trusted, as another user (or anyone) could write it. */
  const trustFile = (data: string) => {
    mkdirSync(data, { recursive: true });
    const file = join(data, 'trust.json');
    writeFileSync(file, JSON.stringify({ version: 1, workspaces: { [realpathSync(ws)]: { trustedAt: '2026-01-01T00:00:00.000Z' } } }));
    return file;
  };
  const status = (data: string, extra: string[] = []) =>
    runCli(['status', '--profile', 'minimax', '--workspace', ws, '--json', ...extra], { env: { ...process.env, HOME: home, MCP_PANEL_DATA_DIR: data }, cwd: ws, timeoutMs: 45_000 });
  return { dir, home, ws, marker, trustFile, status };
}

describe('a data folder that is not the user\'s alone is refused, never used (SEC-8)', () => {
  it('a shared MCP_PANEL_DATA_DIR another user made first, holding their trust.json: refused; the repository server does not run', async () => {
    const s = setup('foreign');
    const data = join(s.dir, 'shared-data');
    s.trustFile(data);
    chownSync(data, NOBODY, NOBODY);
    chownSync(join(data, 'trust.json'), NOBODY, NOBODY);
    const r = await s.status(data);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`error: ${data} belongs to user ${NOBODY}, not to you`);
    expect(existsSync(s.marker)).toBe(false);
    expect(statSync(data).uid).toBe(NOBODY); // refused, not taken over
  });

  it('the user\'s own folder left 0777: made 0700 (and said); a trust.json another user planted there is refused', async () => {
    const s = setup('open');
    const data = join(s.dir, 'data');
    const file = s.trustFile(data);
    chmodSync(data, 0o777);
    chownSync(file, NOBODY, NOBODY);
    const r = await s.status(data);
    expect(r.stderr).toContain(`${data} was mode 0777, open to other users; made it 0700`);
    expect(statSync(data).mode & 0o777).toBe(0o700);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`error: ${file} belongs to user ${NOBODY}, not to you`);
    expect(existsSync(s.marker)).toBe(false);
  });

  it('a data folder reached through a symbolic link: refused', async () => {
    const s = setup('linked');
    const real = join(s.dir, 'real-data');
    s.trustFile(real);
    chmodSync(real, 0o700);
    const link = join(s.dir, 'data-link');
    symlinkSync(real, link);
    let r = await s.status(link);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`error: ${link} is a symbolic link`);
    expect(existsSync(s.marker)).toBe(false);
    // A link further up is fine when it is the user's or root's (a home under a linked /home),
    // not when another user planted it.
    const up = join(s.dir, 'up-link');
    symlinkSync(s.dir, up);
    lchownSync(up, NOBODY, NOBODY);
    r = await s.status(join(up, 'real-data'));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`error: ${up}, on the way to ${join(up, 'real-data')}, is a link that belongs to user ${NOBODY}`);
    expect(existsSync(s.marker)).toBe(false);
  });

  it('a shared sticky folder (like /tmp) or a folder on the way that others can write: refused', async () => {
    const s = setup('shared');
    const sticky = join(s.dir, 'tmp-like');
    mkdirSync(sticky);
    chmodSync(sticky, 0o1777);
    let r = await s.status(sticky);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`error: ${sticky} is a shared folder (mode 01777`);
    expect(statSync(sticky).mode & 0o7777).toBe(0o1777); // never "repaired"

    const open = join(s.dir, 'open-parent');
    mkdirSync(open);
    chmodSync(open, 0o777);
    const data = join(open, 'data');
    s.trustFile(data);
    r = await s.status(data);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`error: ${open}, on the way to ${data}, is writable by everyone (mode 0777)`);
    expect(existsSync(s.marker)).toBe(false);
  });

  it('the user\'s own private folder and trust.json still work: the trusted repository server runs', async () => {
    const s = setup('own');
    const data = join(s.dir, 'data');
    s.trustFile(data);
    chmodSync(data, 0o700);
    const r = await s.status(data);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(s.marker)).toBe(true);
  });
});

describe('every record is read through the same check (SEC-8)', () => {
  // Each record another user planted in the user's own folder, and a command that reads it.
  const records: Array<[string, string, string[]]> = [
    ['trust.json', '{"version":1,"workspaces":{}}', ['status', '--profile', 'minimax', '--no-connect']],
    ['process-groups/1-1.json', '{}', ['status', '--profile', 'minimax', '--no-connect']],
    ['bridge-installs.json', '{"version":1,"installs":[]}', ['bridge', 'uninstall', 'srv', '--agent', 'minimax']],
    ['server-installs.json', '{"version":1,"installs":[]}', ['install', '--list']],
    ['tool-snapshots/index.json', '{"version":1,"servers":{}}', ['tools', '--profile', 'minimax']],
    ['bridges/1.json', '{}', ['status', '--profile', 'minimax', '--no-connect']],
  ];
  for (const [record, text, args] of records) {
    it(`${record} owned by another user: \`${args.join(' ')}\` refuses it`, async () => {
      const s = setup(`record-${record.replace(/\W+/g, '-')}`);
      const data = join(s.dir, 'data');
      const file = join(data, record);
      mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
      chmodSync(data, 0o700);
      writeFileSync(file, text);
      chownSync(file, NOBODY, NOBODY);
      // A configured server, so that `tools` looks for its cached list.
      writeFileSync(join(s.home, '.minimax', 'mcp.json'), JSON.stringify({ mcpServers: { srv: { command: process.execPath, args: ['-e', ''] } } }));
      const r = await runCli([...args, '--json'], { env: { ...process.env, HOME: s.home, MCP_PANEL_DATA_DIR: data }, cwd: s.ws, timeoutMs: 45_000 });
      expect(r.code, r.stdout + r.stderr).toBe(1);
      expect(r.stdout + r.stderr).toContain(`${file} belongs to user ${NOBODY}, not to you`);
    });
  }
});
