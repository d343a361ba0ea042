// BRIDGE-1: everything passes through the bridge untouched. The registry's reference server
// (`server-everything`, all protocol features) over streamable HTTP and SSE, the built
// `mcp-panel bridge --url` in between, an SDK client on the agent's side of stdio: tools,
// resources, prompts, a sampling and an elicitation request from the server answered by the
// client, progress notifications, and a cancellation that reaches the server.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CreateMessageRequestSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { listLiveBridges } from '../../../electron/services/bridge/live-list';
import type { LiveBridge } from '../../../shared/schemas/bridge';
import { startBridge, startEverything, type BridgeClient, type Everything } from './helpers';

const text = (r: unknown) => ((r as { content: Array<{ text?: string }> }).content ?? []).map((c) => c.text ?? '').join('\n');

describe.each(['streamableHttp', 'sse'] as const)('bridge passthrough over %s', (mode) => {
  let server: Everything;
  let b: BridgeClient;
  let dataDir: string;
  const sampled: string[] = [];
  beforeAll(async () => {
    server = await startEverything(mode);
    const home = mkdtempSync(join(tmpdir(), 'bridge-pass-'));
    dataDir = join(home, 'data');
    const env = { ...process.env, HOME: home, MCP_PANEL_DATA_DIR: dataDir, MCP_PANEL_KEYCHAIN_SERVICE: `mcp-panel-pass-${process.pid}` };
    b = await startBridge(['--url', server.url, ...(mode === 'sse' ? ['--sse'] : [])], env, { capabilities: { sampling: {}, elicitation: {} } });
    b.client.setRequestHandler(CreateMessageRequestSchema, async (req) => {
      sampled.push(JSON.stringify(req.params.messages));
      return { model: 'test-model', role: 'assistant', content: { type: 'text', text: 'sampled-answer-42' } };
    });
    b.client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: { color: 'red', name: 'Ada' } }));
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    server?.stop();
  });

  it('tools, resources and prompts', async () => {
    expect((await b.client.getServerVersion())?.name).toMatch(/everything/);
    const tools = (await b.client.listTools()).tools.map((t) => t.name);
    expect(tools).toEqual(expect.arrayContaining(['echo', 'get-sum', 'trigger-sampling-request', 'trigger-long-running-operation']));
    expect(text(await b.client.callTool({ name: 'echo', arguments: { message: 'through the bridge' } }))).toContain('through the bridge');
    expect(text(await b.client.callTool({ name: 'get-sum', arguments: { a: 2, b: 40 } }))).toContain('42');
    const resources = (await b.client.listResources()).resources;
    expect(resources.length).toBeGreaterThan(0);
    const read = await b.client.readResource({ uri: resources[0]!.uri });
    expect(read.contents[0]?.uri).toBe(resources[0]!.uri);
    const prompts = (await b.client.listPrompts()).prompts.map((p) => p.name);
    expect(prompts).toContain('simple-prompt');
    expect((await b.client.getPrompt({ name: 'simple-prompt' })).messages.length).toBeGreaterThan(0);
  });

  it('a sampling request from the server is answered by the client', async () => {
    const r = await b.client.callTool({ name: 'trigger-sampling-request', arguments: { prompt: 'say hi', maxTokens: 5 } });
    expect(sampled.at(-1)).toContain('say hi');
    expect(JSON.stringify(r)).toContain('sampled-answer-42');
  });

  it('an elicitation request from the server is answered by the client', async () => {
    const r = await b.client.callTool({ name: 'trigger-elicitation-request', arguments: {} });
    expect(JSON.stringify(r)).toMatch(/accept|Ada|red/);
  });

  it('progress notifications arrive, and a cancellation reaches the server', async () => {
    const progress: number[] = [];
    const r = await b.client.callTool({ name: 'trigger-long-running-operation', arguments: { duration: 1, steps: 3 } }, undefined, { onprogress: (p) => progress.push(p.progress) });
    // The reference server's last step may race its own result; the ones before it must arrive, in order.
    expect(progress.slice(0, 2)).toEqual([1, 2]);
    expect(text(r)).toMatch(/complet/i);

    const ac = new AbortController();
    const seen: number[] = [];
    const cancelled = b.client.callTool({ name: 'trigger-long-running-operation', arguments: { duration: 30, steps: 30 } }, undefined, {
      signal: ac.signal,
      onprogress: (p) => {
        seen.push(p.progress);
        ac.abort('enough');
      },
    });
    await expect(cancelled).rejects.toThrow(/enough|abort|cancel/i);
    expect(text(await b.client.callTool({ name: 'echo', arguments: { message: 'after cancel' } }))).toContain('after cancel');
  });

  it('the bridge is listed live while it runs (BRIDGE-4), and a dead record is dropped', async () => {
    writeFileSync(join(dataDir, 'bridges', '999999999.json'), JSON.stringify({ pid: 999999999 }));
    await b.client.callTool({ name: 'echo', arguments: { message: 'count me' } });
    // Records are written at most once a second, the last change too: wait for it to show.
    let live: LiveBridge[] = [];
    await vi.waitFor(
      async () => {
        live = await listLiveBridges(dataDir);
        expect(live[0]?.calls).toBeGreaterThan(5);
      },
      { timeout: 30_000, interval: 50 },
    );
    expect(live).toEqual([expect.objectContaining({ pid: b.pid(), agentPid: process.pid, server: new URL(server.url).host, profile: null, origin: new URL(server.url).origin })]);
    expect(existsSync(join(dataDir, 'bridges', '999999999.json'))).toBe(false);
    await b.close();
    await vi.waitFor(async () => expect(await listLiveBridges(dataDir)).toEqual([]), { timeout: 30_000, interval: 50 });
  });
});

// server-everything does not say whether a cancellation arrived; this server does.
describe('bridge passthrough: cancellation', () => {
  it('notifications/cancelled reaches the server and aborts the call there', async () => {
    let aborted: (reason: string) => void;
    const abortedAt = new Promise<string>((r) => (aborted = r));
    // Stateful (one session): a cancellation is a separate POST that must reach the same server.
    const mcp = new McpServer({ name: 'cancel-probe', version: '1.0.0' });
    mcp.registerTool('wait', { description: 'waits until cancelled' }, async (extra) => {
      await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: extra._meta?.progressToken ?? 0, progress: 1 } });
      await new Promise<void>((r) => extra.signal.addEventListener('abort', () => r()));
      aborted(String(extra.signal.reason ?? 'aborted'));
      return { content: [] };
    });
    const t = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
    await mcp.connect(t);
    const http = createHttpServer((req, res) => void t.handleRequest(req, res));
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    const home = mkdtempSync(join(tmpdir(), 'bridge-cancel-'));
    const b = await startBridge(['--url', `http://127.0.0.1:${(http.address() as { port: number }).port}/mcp`], { ...process.env, HOME: home, MCP_PANEL_DATA_DIR: join(home, 'data') });
    try {
      const ac = new AbortController();
      const call = b.client.callTool({ name: 'wait', arguments: {} }, undefined, { signal: ac.signal, onprogress: () => ac.abort('stop now') });
      await expect(call).rejects.toThrow(/stop now/);
      expect(await abortedAt).toMatch(/stop now|cancel|abort/i);
    } finally {
      await b.close();
      http.closeAllConnections();
      http.close();
    }
  });
});
