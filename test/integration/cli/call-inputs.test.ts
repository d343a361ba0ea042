// PROTO-3 on the one-shot CLI, the way a person types it: `call` on a tool that asks for input
// mid-call, against a legacy (SDK v1: server→client requests) and a modern-only (SDK v2,
// 2026-07-28: input_required rounds) server. Without the flag the request is declined and the
// command says what was asked and how to give it (the fields as the page's form has them); the
// flags answer (`--input`, `--reply`, `--open-urls` through the http(s)-only opener); an `--input`
// that does not fit the form is not sent and the command says why (the page's check, settle.ts).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sandbox, type Sandbox } from '../config/helpers';
import { runCli } from '../../helpers/run-cli';
import { makeStandInBrowser, type StandInBrowser } from '../web/stand-in-browser';
import { fixture } from '../../helpers/fixtures';

const FIXTURES = fixture('test/fixtures/servers');
let sb: Sandbox;
let browser: StandInBrowser;

const cli = (args: string[]) =>
  runCli([...args, '--profile', 'minimax'], { env: { ...process.env, ...sb.env, MCP_PANEL_DATA_DIR: join(sb.root, 'data'), MCP_PANEL_BROWSER: browser.bin }, cwd: sb.ws });

beforeAll(async () => {
  sb = await sandbox();
  browser = makeStandInBrowser(sb.root);
  await sb.write(join(sb.home, '.minimax', 'mcp.json'), {
    mcpServers: {
      legacy: { command: process.execPath, args: [join(FIXTURES, 'v1-full.mjs'), 'stdio'] },
      modern: { command: process.execPath, args: [join(FIXTURES, 'v2.mjs'), 'stdio', '--modern-only'] },
    },
  });
}, 30_000);
afterAll(async () => {
  await sb.dispose();
});

describe.each(['legacy', 'modern'])('call on %s: what the tool asks', (server) => {
  it('without --input: declined, and the fields and the flag to give them are said', async () => {
    const r = await cli(['call', server, 'ask']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('declined\n');
    expect(r.stderr).toContain('the tool asked for input: Who is asking?\n  name (string, default "Ada", required) — Name\n');
    expect(r.stderr).toContain(`give it with --input '{"name":"Ada"}'`);
  });

  it('--input answers the form; one that does not fit is not sent, and why is said', async () => {
    const ok = await cli(['call', server, 'ask', '--input', '{"name":"Grace"}']);
    expect([ok.code, ok.stdout, ok.stderr]).toEqual([0, 'hello Grace\n', '']);
    const bad = await cli(['call', server, 'ask', '--input', '{"name":5}']);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe('declined\n');
    expect(bad.stderr).toContain('what you gave was not used: the answer does not fit the form: name (text)');
  });

  it('--reply answers sampling as the model; --open-urls opens the link through the opener', async () => {
    const think = await cli(['call', server, 'think', '--reply', 'blue']);
    expect([think.code, think.stdout]).toEqual([0, 'model said: blue\n']);
    rmSync(browser.record, { force: true });
    const visit = await cli(['call', server, 'visit', '--open-urls']);
    expect([visit.code, visit.stdout]).toEqual([0, 'visit accept\n']);
    // The opener starts the browser and does not wait for it: its record is waited for.
    await vi.waitFor(() => expect(browser.ran()).toBe(true), { timeout: 30_000, interval: 50 });
    expect(browser.read().argv).toEqual(['https://example.com/connect?session=fixture']);
  });
});
