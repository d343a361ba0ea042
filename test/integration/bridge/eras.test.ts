// PROTO-6: a legacy agent (an SDK v1 client, as MiniMax, Kimi and Minara are 2025-11-25 clients)
// spawns the built `mcp-panel bridge --url` in front of a modern-only server (SDK v2
// createMcpHandler with { legacy: 'reject' }, which refuses `initialize`): tools, resources,
// prompts, progress, a cancellation, list changes and an elicitation all reach across.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ElicitRequestSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { startFixture, type Running } from '../connections/helpers';
import { startBridge, type BridgeClient } from './helpers';
import { gatedCount } from '../../helpers/gated-count';

const text = (r: unknown) => ((r as { content: Array<{ text?: string }> }).content ?? []).map((c) => c.text ?? '').join('\n');

describe('a legacy agent through the bridge to a modern-only server', () => {
  let server: Running;
  let b: BridgeClient;
  const asked: string[] = [];
  beforeAll(async () => {
    server = await startFixture('v2', 'http', ['--modern-only']);
    const home = mkdtempSync(join(tmpdir(), 'bridge-eras-'));
    const env = { ...process.env, HOME: home, MCP_PANEL_DATA_DIR: join(home, 'data'), MCP_PANEL_KEYCHAIN_SERVICE: `mcp-panel-eras-${process.pid}` };
    b = await startBridge(['--url', server.url], env, { capabilities: { elicitation: {} } });
    b.client.setRequestHandler(ElicitRequestSchema, async (req) => {
      asked.push(req.params.message);
      return { action: 'accept', content: { name: 'Grace' } };
    });
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await server?.stop();
  });

  it("the agent's initialize is answered in its own era, from the server's discover", async () => {
    expect(b.client.getServerVersion()?.name).toBe('v2-fixture');
    expect(b.client.getServerCapabilities()?.tools).toBeTruthy();
  });

  it('tools, resources, a template and prompts', async () => {
    expect((await b.client.listTools()).tools.map((t) => t.name).sort()).toEqual(['ask', 'count', 'echo', 'grow', 'think', 'visit']);
    expect(text(await b.client.callTool({ name: 'echo', arguments: { text: 'across' } }))).toBe('across (modern)');
    expect((await b.client.listResources()).resources.map((r) => r.uri)).toEqual(['fixture://readme']);
    expect((await b.client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate)).toEqual(['fixture://items/{id}']);
    expect((await b.client.readResource({ uri: 'fixture://items/3' })).contents[0]).toMatchObject({ text: 'item 3' });
    expect((await b.client.getPrompt({ name: 'greet', arguments: { who: 'Ada' } })).messages[0]!.content).toMatchObject({ text: 'Say hello to Ada' });
  });

  it('progress comes back per call, and a cancellation reaches the server', async () => {
    const { result, steps } = await gatedCount(3, (args, onprogress) => b.client.callTool({ name: 'count', arguments: args }, undefined, { onprogress }));
    expect(text(result)).toBe('counted 3');
    expect(steps).toEqual([1, 2, 3]);
    const abort = new AbortController();
    await expect(b.client.callTool({ name: 'count', arguments: { n: 100_000, stepMs: 5 } }, undefined, { signal: abort.signal, onprogress: () => abort.abort() })).rejects.toThrow();
    // The bridge still serves after the cancelled call.
    expect(text(await b.client.callTool({ name: 'echo', arguments: { text: 'after' } }))).toBe('after (modern)');
  });

  it("the server's input_required is asked of the agent as an elicitation request", async () => {
    expect(text(await b.client.callTool({ name: 'ask', arguments: {} }))).toBe('hello Grace');
    expect(asked).toEqual(['Who is asking?']);
  });

  it('a list change on the server reaches the agent as notifications/tools/list_changed', async () => {
    const changed = new Promise<void>((resolve) => b.client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()));
    await b.client.callTool({ name: 'grow', arguments: {} });
    await changed;
    expect((await b.client.listTools()).tools.map((t) => t.name)).toContain('grown');
  });
});
