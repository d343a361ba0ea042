// Issue 36 item 3: the CLI reads a running panel's answers through the contract's client, so an
// answer of the wrong shape is refused with the method's name and what is wrong (not printed as
// if it were right, not a crash on the first field that is missing). The "panel" here is a socket
// server in the private data folder that answers every request with what the test gives it.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli';
import { makePanelHome, startPanel } from '../../helpers/panel-home';
import { lineReader } from '../../../electron/host/local-socket/protocol';
import { connectPanel, socketTransport } from '../../../electron/host/local-socket/connect';
import { contract } from '../../../shared/contract';
import { createClient, methodsFor, type ContractShape } from '../../../shared/rpc';

let dir: string;
let env: NodeJS.ProcessEnv;
let workspace: string;
let dataDir: string;
let server: Server | null = null;
const asked: string[] = [];

const APP_INFO = { name: 'MCP Panel', version: '0.0.0', host: 'web', platform: process.platform, nativeFolderPicker: false };

/** A panel socket whose answer to each method is `answer(method)` (the dispatcher's Result as it travels). */
function fakePanel(answer: (method: string) => unknown): Promise<Server> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  const path = join(dataDir, 'panel.sock');
  rmSync(path, { force: true });
  return new Promise((done) => {
    const s = createServer((socket) => {
      socket.on('error', () => socket.destroy()); // the CLI closes as soon as it has its error
      socket.on(
        'data',
        lineReader(
          1 << 20,
          (line) => {
            const req = JSON.parse(line) as { id: number; method: string };
            asked.push(req.method);
            socket.write(JSON.stringify({ id: req.id, result: answer(req.method) }) + '\n');
          },
          () => socket.destroy(),
        ),
      );
    });
    s.listen(path, () => {
      chmodSync(path, 0o600);
      done(s);
    });
  });
}

const status = () => runCli(['status', '--json', '--profile', 'minimax', '--workspace', workspace, '--verbose'], { env, cwd: workspace });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-panel-socket-client-'));
  const home = join(dir, 'home');
  workspace = join(dir, 'workspace');
  dataDir = join(dir, 'panel-data');
  mkdirSync(join(home, '.minimax'), { recursive: true });
  mkdirSync(workspace, { recursive: true });
  writeFileSync(join(home, '.minimax', 'mcp.json'), JSON.stringify({ mcpServers: {} }));
  env = { ...process.env, HOME: home, MCP_PANEL_DATA_DIR: dataDir };
});
afterEach(async () => {
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = null;
  asked.length = 0;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the CLI's socket client checks the panel's answers against the contract", () => {
  it('an answer of the wrong shape is refused with the method and the field, exit 1, nothing printed as the answer', async () => {
    // Every method answers an object holding none of the fields its output has.
    server = await fakePanel((method) => (method === 'app.info' ? { ok: true, value: APP_INFO } : { ok: true, value: { unexpected: 'not this' } }));
    const r = await status();
    expect(r.signal).toBeNull();
    expect(r.code, r.stderr).toBe(1);
    // The status round asks several methods at once: whichever is refused first is said, with its first wrong field.
    const said = /^error: ([a-z]+\.[a-zA-Z]+): ✖ Invalid .*\n {2}→ at \w+/m.exec(r.stderr);
    expect(said, r.stderr).not.toBeNull();
    expect(asked).toContain(said![1]);
    expect(r.stdout).toBe('');
  });

  it('an error code the method does not list is refused as such, with the panel\'s words kept', async () => {
    server = await fakePanel((method) => (method === 'app.info' ? { ok: true, value: APP_INFO } : { ok: false, error: { code: 'config', message: 'fix the file first' } }));
    const r = await status();
    expect(r.code, r.stderr).toBe(1);
    const said = /^error: ([a-z]+\.[a-zA-Z]+): error code "config" is not one this method lists: fix the file first$/m.exec(r.stderr);
    expect(said, r.stderr).not.toBeNull();
    expect(asked).toContain(said![1]);
  });

  it('a probe answered in the wrong shape is not trusted: the CLI answers from its own engine and says why', async () => {
    server = await fakePanel(() => ({ ok: true, value: { name: 42 } }));
    const r = await status();
    expect(r.code, r.stderr).toBe(0);
    expect(asked).toEqual(['app.info']);
    expect(r.stderr).toMatch(/the running panel did not answer: app\.info: /);
    expect(JSON.parse(r.stdout).source).not.toBe('panel');
  });
});

describe('a real panel, asked through the CLI\'s client', () => {
  // Every method of the contract, with an empty input, against a real `serve` over its socket: a
  // served method's answer passes the contract (its output, or an error code it lists); any
  // other is the socket's refusal, handed on as the transport's, never as the method's own error.
  it('answers every served method in the contract\'s shape and refuses the rest as the socket', async () => {
    const h = makePanelHome();
    const panel = await startPanel(h);
    const served = new Set(methodsFor(contract, 'socket'));
    const methods: ContractShape['methods'] = contract.methods;
    try {
      const socket = (await connectPanel({ dataDir: join(h.dir, 'panel-data'), selection: { profile: h.profile, workspace: h.workspace } }))!;
      // Loosely typed: the walk sends `{}` to every method (the host refuses what it cannot take).
      const client = createClient<ContractShape>(contract, socketTransport(socket));
      try {
        const answered: string[] = [];
        for (const name of Object.keys(methods)) {
          const r = await client.call(name, {});
          if (!served.has(name)) {
            expect(r.ok ? null : [r.error.code, r.error.message.includes('is not served to the command line')], name).toEqual(['transport', true]);
            continue;
          }
          if (r.ok) answered.push(name);
          else expect(Object.keys(methods[name]!.errors), `${name}: ${r.error.message}`).toContain(r.error.code);
        }
        expect(answered).toEqual(expect.arrayContaining(['app.info', 'servers.list', 'tools.list', 'auth.list']));
      } finally {
        socket.close();
      }
    } finally {
      await panel.stop();
      h.cleanup();
    }
  });
});
