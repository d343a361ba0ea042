// Shared pieces of the bridge tests: the built CLI (what agents run), an SDK client driving a
// bridge over real stdio, and the registry's reference server on a free port.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { BUILT_CLI, ROOT } from '../../helpers/run-cli';
import { EVERYTHING } from '../../helpers/fixtures';

let built = false;
/** The bundle agents start; rebuilt here only when a source is newer (as `npm start` does). */
export function ensureBuiltCli(): string {
  if (!built) execFileSync(process.execPath, [join(ROOT, 'scripts/build-node.mjs'), '--if-stale', '--quiet'], { cwd: ROOT, stdio: 'inherit' });
  built = true;
  return BUILT_CLI;
}

export interface BridgeClient {
  client: Client;
  transport: StdioClientTransport;
  stderr: () => string;
  pid: () => number | null;
  close: () => Promise<void>;
}

/** `mcp-panel bridge …` started the way an agent starts it, driven by an SDK client. */
export async function startBridge(args: string[], env: NodeJS.ProcessEnv, capabilities: ConstructorParameters<typeof Client>[1] = {}): Promise<BridgeClient> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [ensureBuiltCli(), 'bridge', ...args], env: env as Record<string, string>, stderr: 'pipe', cwd: ROOT });
  let err = '';
  transport.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const client = new Client({ name: 'bridge-test', version: '1.0.0' }, capabilities);
  // A bridge that dies while starting says why (its stderr), not only "Connection closed".
  await client.connect(transport).catch((e: unknown) => {
    throw new Error(`bridge ${args.join(' ')} did not start: ${e instanceof Error ? e.message : String(e)}; pid ${transport.pid ?? '?'}; stderr: ${err.slice(-2000) || '(none)'}`);
  });
  return { client, transport, stderr: () => err, pid: () => transport.pid, close: () => client.close().catch(() => undefined) };
}

export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

export interface Everything {
  url: string;
  child: ChildProcess;
  stop: () => void;
}

/** `@modelcontextprotocol/server-everything` over streamable HTTP (`/mcp`) or SSE (`/sse`). */
export async function startEverything(mode: 'streamableHttp' | 'sse'): Promise<Everything> {
  const port = await freePort();
  const child = spawn(process.execPath, [EVERYTHING, mode], { env: { ...process.env, PORT: String(port) }, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/${mode === 'sse' ? 'sse' : 'mcp'}`;
  // It prints nothing when it listens: poll until it answers (a deadline for the message only).
  const deadline = Date.now() + 60_000;
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${port}/`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill();
      throw new Error(`server-everything (${mode}) did not listen on ${port}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url, child, stop: () => child.kill() };
}
