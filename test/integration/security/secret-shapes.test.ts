// Issue 21 F5: secret shapes the rule missed passed the writer, reached the page and were copied
// into bridge-installs.json. Each consumer of the one rule, once, on the real CLI and web host:
// the writer refuses them (and takes the `${VAR}` look-alikes), the scan reports them, the page
// never receives them, and `bridge install` refuses them (nothing recorded).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePanelHome, startPanel } from '../../helpers/panel-home';
import { runCli } from '../../helpers/run-cli';
import { NEGATIVES, POSITIVES } from './secret-shapes';

const SECRETS = Object.values(POSITIVES).map((p) => p.secret);
const entries = () => Object.fromEntries(Object.entries(POSITIVES).map(([name, p]) => [name, p.entry]));
let dir: string;
let env: NodeJS.ProcessEnv;
let userFile: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-panel-shapes-'));
  const home = join(dir, 'home');
  mkdirSync(join(home, '.minimax'), { recursive: true });
  userFile = join(home, '.minimax', 'mcp.json');
  env = { ...process.env, HOME: home, MCP_PANEL_DATA_DIR: join(dir, 'data') };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = (args: string[]) => runCli(args, { env, cwd: dir });

describe('widened secret shapes, consumer by consumer (F5)', () => {
  // One CLI run per shape (each run starts the CLI: on a loaded machine 30 runs pass any one test's limit).
  it.each(Object.entries(POSITIVES))('the writer refuses %s, and the file is untouched', async (name, p) => {
    writeFileSync(userFile, '{"mcpServers": {}}\n');
    const r = await cli(['server', 'add', name, '--profile', 'minimax', '--layer', 'user', '--entry', JSON.stringify(p.entry), '--json']);
    expect(r.code, name).toBe(1);
    expect(r.stdout + r.stderr, name).toMatch(/inline_secret|secret/);
    expect(r.stdout + r.stderr).not.toContain(p.secret);
    expect(readFileSync(userFile, 'utf8')).toBe('{"mcpServers": {}}\n');
  });

  it.each(Object.entries(NEGATIVES))('the writer writes the look-alike %s', async (name, entry) => {
    writeFileSync(userFile, '{"mcpServers": {}}\n');
    const r = await cli(['server', 'add', name, '--profile', 'minimax', '--layer', 'user', '--entry', JSON.stringify(entry), '--json']);
    expect(r.code, `${name}: ${r.stdout}${r.stderr}`).toBe(0);
  });

  it('the scan reports each positive where it sits, never its value', async () => {
    writeFileSync(userFile, JSON.stringify({ mcpServers: entries() }, null, 2), { mode: 0o600 });
    const r = await cli(['secrets', 'scan', '--json']);
    const pointers = (JSON.parse(r.stdout) as { findings: Array<{ pointer: string }> }).findings.map((f) => f.pointer);
    for (const [name, p] of Object.entries(POSITIVES)) expect(pointers, name).toContain(`/mcpServers/${name}${p.pointer}`);
    for (const s of SECRETS) expect(r.stdout + r.stderr).not.toContain(s);
  });

  it('bridge install refuses each positive: nothing reaches bridge-installs.json', async () => {
    writeFileSync(userFile, JSON.stringify({ mcpServers: entries() }, null, 2), { mode: 0o600 });
    for (const [name, p] of Object.entries(POSITIVES)) {
      const r = await cli(['bridge', 'install', name, '--agent', 'minimax', '--json']);
      expect(r.code, `${name}: ${r.stdout}`).toBe(1);
      // A stdio entry (`-p VALUE` in args) is refused before its secret is looked at: the bridge
      // serves remote servers only. Either way nothing is recorded.
      const code = 'command' in p.entry ? 'stdio_target' : 'inline_secret';
      expect(JSON.parse(r.stdout), name).toMatchObject({ ok: false, error: { code } });
    }
    const records = join(dir, 'data', 'bridge-installs.json');
    if (existsSync(records)) for (const s of SECRETS) expect(readFileSync(records, 'utf8')).not.toContain(s);
  });

  it('the page never receives one: servers.list and every event of the web host', async () => {
    const h = makePanelHome(entries());
    const panel = await startPanel(h);
    try {
      const auth = await panel.session();
      const list = await fetch(`${panel.origin}/api/servers.list`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: '{}' });
      const text = await list.text();
      expect(list.status).toBe(200);
      for (const name of Object.keys(POSITIVES)) expect(text).toContain(`"name":"${name}"`);
      for (const s of SECRETS) expect(text).not.toContain(s);
      const editor = await fetch(`${panel.origin}/api/editor.layers`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: '{}' });
      const editorText = await editor.text();
      for (const s of SECRETS) expect(editorText).not.toContain(s);
    } finally {
      await panel.stop();
      h.cleanup();
    }
  });
});
